"""Poker hand evaluation: the best five-card hand of 5, 6 or 7 cards, three-card hands, the joker.

A hand's **value** is one ``int``: the higher value is the better hand and equal values tie
exactly (suits never break ties: 003 §3.3, 004 §5.20-5.21). Five-card values are
``category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5`` where ``k1..k5`` are the ranks
that decide ties, in order (the combination first, then the kickers). :data:`CATEGORIES` names the
categories; a Royal Flush is the Ace-high straight flush (:func:`is_royal`).

Three-card values (000 §12.7, 001 §9.5, 000 §12.53) are ``category << 12 | k1 << 8 | k2 << 4 | k3``
with the category order of :data:`THREE_CARD_ORDERS`.

The 53-card joker deck (000 §12.6): the joker completes the best hand it can (any card not in
the hand, or a fifth card of four of a kind: "Poker", five of a kind), and of two hands of equal
value the one made without the joker wins; :func:`joker_value` folds that into one ``int``.

Every function has a batch form over numpy arrays (``evaluate``: one hand per row), compiled with
numba; the single-hand helpers call the same code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import comb
from typing import Final, TypeVar

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.card import JOKER
from croupier.cards.poker_tables import HIGH, STRAIGHT, STRAIGHT3, TOP5
from croupier.errors import InvalidSelection

IntArray = npt.NDArray[np.int64]
Table = npt.NDArray[np.int32]
Table8 = npt.NDArray[np.int8]

HIGH_CARD: Final = 0
PAIR: Final = 1
TWO_PAIR: Final = 2
THREE_OF_A_KIND: Final = 3
STRAIGHT_CAT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
FOUR_OF_A_KIND: Final = 7
STRAIGHT_FLUSH: Final = 8
FIVE_OF_A_KIND: Final = 9  # joker deck only (000 §12.6 "Poker")

#: Five-card category names by category number; ``royal_flush`` is reported by :func:`hand_name`.
CATEGORIES: Final = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
    "four_of_a_kind", "straight_flush", "five_of_a_kind",
)
ROYAL: Final = "royal_flush"
CAT_SHIFT: Final = 20


# -- five-card hands out of 5, 6 or 7 cards ------------------------------------------------------


@jit
def _eval(cards: npt.NDArray[np.int64], n: int, top5: Table, high: Table,
          straight: Table8) -> int:
    m1 = 0
    m2 = 0
    m3 = 0
    m4 = 0
    suits = 0
    smask = 0
    for i in range(n):
        c = int(cards[i])
        bit = 1 << (c >> 2)
        smask |= bit << ((c & 3) * 16)
        # branch-free rank counting: m_k holds the ranks seen at least k times
        m4 |= m3 & bit
        m3 |= m2 & bit
        m2 |= m1 & bit
        m1 |= bit
        suits += 1 << ((c & 3) * 4)
    # a flush: at most one suit holds five of the (at most seven) cards, and then there is no
    # full house or four of a kind (those spread over too many suits to leave five in one).
    # A suit count (a nibble, at most 7) is 5 or more exactly when adding 3 sets its top bit.
    if (suits + 0x3333) & 0x8888:
        for s in range(4):
            if (suits >> (s * 4)) & 15 >= 5:
                fm = (smask >> (s * 16)) & 0x7FFF
                st = int(straight[fm])
                if st:
                    return int((8 << 20) | (st << 16))
                return int((5 << 20) | int(top5[fm]))
    # the highest rank of a mask is its first packed rank: top5[mask] >> 16
    if m4:
        q = int(top5[m4]) >> 16
        return int((7 << 20) | (q << 16) | ((int(top5[m1 & ~(1 << q)]) >> 16) << 12))
    if m3:
        t = int(top5[m3]) >> 16
        rest2 = m2 & ~(1 << t)
        if rest2:
            return int((6 << 20) | (t << 16) | ((int(top5[rest2]) >> 16) << 12))
    st = int(straight[m1])
    if st:
        return int((4 << 20) | (st << 16))
    if m3:
        t = int(top5[m3]) >> 16
        return int((3 << 20) | (t << 16) | ((int(top5[m1 & ~(1 << t)]) >> 12) << 8))
    if m2:
        p1 = int(top5[m2]) >> 16
        rest = m2 & ~(1 << p1)
        if rest:
            p2 = int(top5[rest]) >> 16
            kick = m1 & ~(1 << p1) & ~(1 << p2)
            return int((2 << 20) | (p1 << 16) | (p2 << 12) | ((int(top5[kick]) >> 16) << 8))
        return int((1 << 20) | (p1 << 16) | ((int(top5[m1 & ~(1 << p1)]) >> 8) << 4))
    return int(top5[m1])


@jit
def _eval_batch(hands: npt.NDArray[np.int64], top5: Table, high: Table,
                straight: Table8) -> IntArray:
    rows, n = hands.shape
    out = np.empty(rows, dtype=np.int64)
    for i in range(rows):
        out[i] = _eval(hands[i], n, top5, high, straight)
    return out


def evaluate(hands: npt.ArrayLike) -> IntArray:
    """Values of the best five-card hand of each row of ``hands`` (5, 6 or 7 card codes).

    ``uint8`` rows are the fastest (less memory to stream); any integer dtype is accepted.
    """
    arr = _as_card_array(hands)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise InvalidSelection(f"evaluate takes rows of 5 to 7 cards, got shape {arr.shape}")
    return _eval_batch(arr, TOP5, HIGH, STRAIGHT)


def _as_card_array(hands: npt.ArrayLike) -> npt.NDArray[np.int64]:
    arr = np.ascontiguousarray(hands)
    if arr.dtype not in (np.uint8, np.int8, np.int16, np.int32, np.int64):
        arr = np.ascontiguousarray(arr, dtype=np.int64)
    return arr  # small integer dtypes (uint8...) are accepted as they are


def _check_cards(cards: Sequence[int], sizes: tuple[int, ...], joker: bool = False) -> None:
    if len(cards) not in sizes:
        want = " or ".join(str(s) for s in sizes)
        raise InvalidSelection(f"a hand here has {want} cards, got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise InvalidSelection("a hand cannot hold the same card twice")
    for c in cards:
        ok = 8 <= c <= 59 or (joker and c == JOKER)
        if isinstance(c, bool) or not isinstance(c, int) or not ok:
            raise InvalidSelection(f"{c!r} is not a card code")


def hand_value(cards: Sequence[int]) -> int:
    """Value of the best five-card hand of 5, 6 or 7 distinct cards (no joker)."""
    _check_cards(cards, (5, 6, 7))
    return int(_eval(np.asarray(cards, dtype=np.int64), len(cards), TOP5, HIGH, STRAIGHT))


def category(value: int) -> int:
    return value >> CAT_SHIFT


def is_royal(value: int) -> bool:
    return value >> CAT_SHIFT == STRAIGHT_FLUSH and (value >> 16) & 15 == 14


def hand_name(value: int) -> str:
    """``royal_flush``, ``straight_flush``, ..., ``high_card`` for a five-card value."""
    return ROYAL if is_royal(value) else CATEGORIES[value >> CAT_SHIFT]


def ranks_of(value: int) -> tuple[int, ...]:
    """The deciding ranks ``k1..k5`` of a five-card value (zeros dropped)."""
    return tuple(r for r in ((value >> s) & 15 for s in (16, 12, 8, 4, 0)) if r)


# -- the joker (000 §12.6) ----------------------------------------------------------------------


@jit
def _eval_joker(cards: npt.NDArray[np.int64], n: int, top5: Table, high: Table,
                straight: Table8) -> int:
    """``2 * best value + natural``: equal hands are won by the one without the joker."""
    jpos = -1
    for i in range(n):
        if cards[i] == 60:
            jpos = i
    if jpos < 0:
        return 2 * _eval(cards, n, top5, high, straight) + 1
    buf = cards.copy()
    present = 0
    for i in range(n):
        if i != jpos:
            present |= 1 << cards[i]
    best = 0
    for sub in range(8, 60):
        if present >> sub & 1:
            continue
        buf[jpos] = sub
        v = _eval(buf, n, top5, high, straight)
        if v > best:
            best = v
    # the joker as the fifth card of four of a kind: "Poker", five of a kind
    counts = np.zeros(15, dtype=np.int64)
    for i in range(n):
        if i != jpos:
            counts[cards[i] >> 2] += 1
    for r in range(14, 1, -1):
        if counts[r] == 4:
            v = (9 << 20) | (r << 16)
            if v > best:
                best = v
            break
    return 2 * best


@jit
def _eval_joker_batch(hands: npt.NDArray[np.int64], top5: Table, high: Table,
                      straight: Table8) -> IntArray:
    rows, n = hands.shape
    out = np.empty(rows, dtype=np.int64)
    for i in range(rows):
        out[i] = _eval_joker(hands[i], n, top5, high, straight)
    return out


def evaluate_joker(hands: npt.ArrayLike) -> IntArray:
    """Joker-deck values (see :func:`joker_value`) of each row of 5 to 7 cards."""
    arr = np.ascontiguousarray(hands, dtype=np.int64)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise InvalidSelection(f"evaluate_joker takes rows of 5 to 7 cards, got shape {arr.shape}")
    return _eval_joker_batch(arr, TOP5, HIGH, STRAIGHT)


def joker_value(cards: Sequence[int]) -> int:
    """``2 * value + natural`` of a hand from the 53-card deck (000 §12.6).

    ``value`` is the best five-card value the joker can complete; ``natural`` is 1 when the hand
    has no joker, so of two hands of the same value the natural one is higher (the 12.6 tie rule,
    applied only when category and every deciding rank are equal: extract ASSUMPTION).
    """
    _check_cards(cards, (5, 6, 7), joker=True)
    return int(_eval_joker(np.asarray(cards, dtype=np.int64), len(cards), TOP5, HIGH, STRAIGHT))


# -- three-card hands (000 §12.7, 001 §9.5, 000 §12.53) -----------------------------------------

#: Category numbers (higher is better) per ranking order. ``poker``: straight flush > three of a
#: kind > straight > flush > pair > high card (000 §12.7 ASSUMPTION 5, 001 §9.5, 003 §5).
#: ``teen_patti``: traditional Teen Patti, trail (three of a kind) > pure sequence > sequence >
#: colour > pair > high card, with A-2-3 the second-highest sequence (an option; 000 §12.7
#: ASSUMPTION 6 plays Teen Patti by the Three Card Poker order).
THREE_CARD_CATEGORIES: Final = (
    "high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush",
)
THREE_CARD_ORDERS: Final = {
    "poker": {"high_card": 0, "pair": 1, "flush": 2, "straight": 3, "three_of_a_kind": 4,
              "straight_flush": 5},
    "teen_patti": {"high_card": 0, "pair": 1, "flush": 2, "straight": 3, "straight_flush": 4,
                   "three_of_a_kind": 5},
}
_THREE_CODE: Final = {"poker": 0, "teen_patti": 1}


@jit
def _eval3(a: int, b: int, c: int, order: int, high: Table, straight3: Table8,
           top5: Table) -> int:
    ra = a >> 2
    rb = b >> 2
    rc = c >> 2
    flush = (a & 3) == (b & 3) and (b & 3) == (c & 3)
    if ra == rb and rb == rc:
        cat = 4 if order == 0 else 5
        return int((cat << 12) | (ra << 8))
    if ra == rb or rb == rc or ra == rc:
        p = rb if (ra == rb or rb == rc) else ra
        k = rc if ra == rb else (ra if rb == rc else rb)
        return int((1 << 12) | (p << 8) | (k << 4))
    mask = (1 << ra) | (1 << rb) | (1 << rc)
    st = int(straight3[mask])
    if st and order == 1:
        # Teen Patti: A-K-Q is the top sequence (coded 15), A-2-3 the second (coded 14)
        if st == 14:
            st = 15
        elif st == 3:
            st = 14
    if st:
        if flush:
            cat = 5 if order == 0 else 4
            return int((cat << 12) | (st << 8))
        return int((3 << 12) | (st << 8))
    kick = top5[mask] >> 8
    if flush:
        return int((2 << 12) | kick)
    return int(kick)


@jit
def _eval3_batch(hands: npt.NDArray[np.int64], order: int, high: Table, straight3: Table8,
                 top5: Table) -> IntArray:
    rows = hands.shape[0]
    out = np.empty(rows, dtype=np.int64)
    for i in range(rows):
        out[i] = _eval3(hands[i, 0], hands[i, 1], hands[i, 2], order, high, straight3, top5)
    return out


def _order_code(order: str) -> int:
    try:
        return _THREE_CODE[order]
    except KeyError:
        raise InvalidSelection(
            f"unknown three-card order {order!r}; known: {', '.join(_THREE_CODE)}"
        ) from None


def evaluate3(hands: npt.ArrayLike, order: str = "poker") -> IntArray:
    """Three-card values of each row of 3 cards, in the given category order."""
    arr = np.ascontiguousarray(hands, dtype=np.int64)
    if arr.ndim != 2 or arr.shape[1] != 3:
        raise InvalidSelection(f"evaluate3 takes rows of 3 cards, got shape {arr.shape}")
    return _eval3_batch(arr, _order_code(order), HIGH, STRAIGHT3, TOP5)


def three_card_value(cards: Sequence[int], order: str = "poker") -> int:
    _check_cards(cards, (3,))
    a, b, c = cards
    return int(_eval3(a, b, c, _order_code(order), HIGH, STRAIGHT3, TOP5))


def three_card_name(value: int, order: str = "poker") -> str:
    """Category name of a three-card value (``mini_royal`` is for paytables to spot: A-K-Q)."""
    cat = value >> 12
    for name, num in THREE_CARD_ORDERS[order].items():
        if num == cat:
            return name
    raise InvalidSelection(f"{value} is not a three-card value")


def is_mini_royal(cards: Sequence[int]) -> bool:
    """A-K-Q of one suit (003 §5.2 Pair Plus "Mini Royal", 000 §12.53 3-card Royal Flush)."""
    return len({c & 3 for c in cards}) == 1 and sorted(c >> 2 for c in cards) == [12, 13, 14]


#: a sub-category a paytable may pay apart, and the category it belongs to by the rules' own
#: definitions: a royal flush (five cards) and a mini royal (A-K-Q suited, three cards) are
#: straight flushes (issue 13: Triple Edge Poker's Pair Plus has no mini royal row, and paid
#: nothing for a suited A-K-Q)
PARENT_CATEGORY: Final[dict[str, str]] = {ROYAL: "straight_flush", "mini_royal": "straight_flush"}

_Row = TypeVar("_Row")


def paytable_row(table: Mapping[str, _Row], hand: str,
                 parents: Mapping[str, str] = PARENT_CATEGORY) -> _Row | None:
    """The row of ``table`` that pays ``hand``: its own, else its category's (``parents``,
    :data:`PARENT_CATEGORY` for poker hands), else None (the hand loses the bet)."""
    name: str | None = hand
    while name is not None:
        row = table.get(name)
        if row is not None:
            return row
        name = parents.get(name)
    return None


# -- enumeration helpers -------------------------------------------------------------------------


@jit
def _combinations(n: int, k: int, total: int) -> npt.NDArray[np.int64]:
    out = np.empty((total, k), dtype=np.int64)
    idx = np.arange(k)
    row = 0
    while True:
        for j in range(k):
            out[row, j] = idx[j]
        row += 1
        i = k - 1
        while i >= 0 and idx[i] == n - k + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1
    return out


def combinations(cards: Sequence[int] | npt.NDArray[np.int64], k: int) -> npt.NDArray[np.int64]:
    """Every ``k``-subset of ``cards`` as rows (lexicographic order of positions)."""
    src = np.asarray(cards, dtype=np.int64)
    n = len(src)
    if not 0 < k <= n:
        raise InvalidSelection(f"cannot choose {k} of {n} cards")
    return src[_combinations(n, k, comb(n, k))]


@jit
def _histogram_best(n: int, k: int, top5: Table, high: Table,
                    straight: Table8) -> IntArray:
    """Counts per category (10 = royal flush) of the best five of every ``k`` of ``n`` cards."""
    counts = np.zeros(11, dtype=np.int64)
    idx = np.arange(k)
    buf = np.empty(k, dtype=np.int64)
    while True:
        for j in range(k):
            buf[j] = idx[j] + 8
        v = _eval(buf, k, top5, high, straight)
        cat = v >> 20
        if cat == 8 and (v >> 16) & 15 == 14:
            cat = 10
        counts[cat] += 1
        i = k - 1
        while i >= 0 and idx[i] == n - k + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1
    return counts


def category_counts(k: int) -> dict[str, int]:
    """How many ``k``-card hands of one 52-card deck make each best five-card category.

    Exhaustive (every one of C(52, k) hands through the evaluator); ``royal_flush`` is counted
    apart from ``straight_flush``. k = 7 takes a few seconds: use it in benchmarks.
    """
    if not 5 <= k <= 7:
        raise InvalidSelection(f"category_counts takes 5 to 7 cards, got {k}")
    counts = _histogram_best(52, k, TOP5, HIGH, STRAIGHT)
    names = list(CATEGORIES[:9]) + [ROYAL]
    return {names[i] if i < 9 else ROYAL: int(counts[i if i < 9 else 10]) for i in range(10)}
