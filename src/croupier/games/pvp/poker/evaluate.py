"""Showdown values of player-vs-player poker hands, on the project's evaluator (cards/poker.py).

One ``int`` per hand, higher is better, equal values split (000 §12.12.3 "equal combinations split
the pot equally"). Four rankings:

* ``best5`` - Texas Hold'em and 5 Card Stud: the best five of the player's cards and the board.
* ``omaha`` - Omaha and 5 Card Omaha: **exactly two** hole cards and **three** board cards
  (000 §12.12.3 Omaha), the best over every such choice.
* ``short_deck`` - the 36-card deck (6 to A): A-6-7-8-9 is the lowest straight (the Ace plays low)
  and a **Flush beats a Full House** (000 §12.12.3 Short Deck ranking); the category numbers of
  the two are swapped so one ``int`` still orders the hands.

Who starts a 5 Card Stud betting round (000 §12.9 step 4.2: the highest open card, later the
highest open combination) is the hand engine's core's rule: :func:`.core.open_value`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker import _eval
from croupier.cards.poker_tables import HIGH, STRAIGHT, TOP5
from croupier.errors import InvalidSelection

RANKINGS: Final = ("best5", "omaha", "short_deck")

FLUSH_CAT: Final = 5
FULL_HOUSE_CAT: Final = 6


def _short_straights() -> npt.NDArray[np.int8]:
    """The straight table with A-6-7-8-9 as a straight to the 9 (000 §12.12.3 Short Deck)."""
    table = STRAIGHT.copy()
    masks = np.arange(len(table), dtype=np.int64)
    wheel = (1 << 14) | (1 << 6) | (1 << 7) | (1 << 8) | (1 << 9)
    table[((masks & wheel) == wheel) & (table < 9)] = 9
    return table


SHORT_STRAIGHT: Final = _short_straights()


@jit
def _swap_flush_full(v: int) -> int:
    cat = v >> 20
    if cat == 5:
        return (6 << 20) | (v & 0xFFFFF)
    if cat == 6:
        return (5 << 20) | (v & 0xFFFFF)
    return v


@jit
def _best5(cards: npt.NDArray[np.int64], n: int, short: bool, top5: npt.NDArray[np.int32],
           high: npt.NDArray[np.int32], straight: npt.NDArray[np.int8]) -> int:
    v = _eval(cards, n, top5, high, straight)
    if short:
        return _swap_flush_full(v)
    return v


@jit
def _omaha(hole: npt.NDArray[np.int64], board: npt.NDArray[np.int64], short: bool,
           top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
           straight: npt.NDArray[np.int8]) -> int:
    nh = hole.shape[0]
    nb = board.shape[0]
    buf = np.empty(5, dtype=np.int64)
    best = -1
    for a in range(nh):
        for b in range(a + 1, nh):
            buf[0] = hole[a]
            buf[1] = hole[b]
            for c in range(nb):
                for d in range(c + 1, nb):
                    for e in range(d + 1, nb):
                        buf[2] = board[c]
                        buf[3] = board[d]
                        buf[4] = board[e]
                        v = _eval(buf, 5, top5, high, straight)
                        if short:
                            v = _swap_flush_full(v)
                        if v > best:
                            best = v
    return best


def hand_value(ranking: str, hole: Sequence[int], board: Sequence[int]) -> int:
    """The showdown value of ``hole`` with ``board`` under ``ranking`` (see the module docs).

    The caller (the engine) deals the cards, so they are known distinct and valid; the counts are
    still checked because a wrong count is exactly the misdeal of 000 §12.12.3.
    """
    if ranking == "omaha":
        if len(hole) < 2 or len(board) < 3:
            raise InvalidSelection(f"an Omaha hand needs 2+ hole and 3+ board cards, got {len(hole)} and {len(board)}")
        return int(_omaha(np.asarray(hole, dtype=np.int64), np.asarray(board, dtype=np.int64),
                          False, TOP5, HIGH, STRAIGHT))
    cards = np.asarray((*hole, *board), dtype=np.int64)
    if not 5 <= len(cards) <= 7:
        raise InvalidSelection(f"a {ranking} hand has 5 to 7 cards, got {len(cards)}")
    if ranking == "best5":
        return int(_eval(cards, len(cards), TOP5, HIGH, STRAIGHT))
    if ranking == "short_deck":
        return int(_best5(cards, len(cards), True, TOP5, HIGH, SHORT_STRAIGHT))
    raise InvalidSelection(f"unknown ranking {ranking!r}; known: {', '.join(RANKINGS)}")


#: a ranking as the number the compiled code reads (fast.py's variant vector uses the same)
CODES: Final = {"best5": 0, "omaha": 1, "short_deck": 2}


@jit
def value_row(code: int, row: npt.NDArray[np.int64], nhole: int, ncards: int,
              top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
              straight: npt.NDArray[np.int8], short_straight: npt.NDArray[np.int8]) -> int:
    """The value of one hand, ``row`` = its ``nhole`` hole cards then the board (``ncards`` in
    all), under ranking ``code`` (:data:`CODES`): the one dispatch of the compiled showdowns
    (the engine's :func:`hand_values` and the fast path's)."""
    if code == 1:
        return int(_omaha(row[:nhole], row[nhole:ncards], False, top5, high, straight))
    if code == 2:
        return int(_best5(row, ncards, True, top5, high, short_straight))
    return int(_eval(row, ncards, top5, high, straight))


@jit
def _values(code: int, rows: npt.NDArray[np.int64], ncards: npt.NDArray[np.int64],
            nhole: npt.NDArray[np.int64],
            top5: npt.NDArray[np.int32], high: npt.NDArray[np.int32],
            straight: npt.NDArray[np.int8], short_straight: npt.NDArray[np.int8],
            out: npt.NDArray[np.int64]) -> None:
    for p in range(rows.shape[0]):
        out[p] = value_row(code, rows[p], nhole[p], ncards[p], top5, high, straight, short_straight)


@jit
def _values_flat(code: int, flat: npt.NDArray[np.int64], nhole: int, out: npt.NDArray[np.int64]) -> None:
    """:func:`_values` for hands of ``nhole`` hole cards each: ``flat`` holds every hand's hole
    cards, hand after hand, then the board once; the tables are the module's (compiled in as
    constants), so a call unboxes one array instead of five (the engine's showdown)."""
    players = out.shape[0]
    nb = flat.shape[0] - players * nhole
    ncards = nhole + nb
    row = np.empty(ncards, dtype=np.int64)
    for k in range(nb):
        row[nhole + k] = flat[players * nhole + k]
    for p in range(players):
        for k in range(nhole):
            row[k] = flat[p * nhole + k]
        out[p] = value_row(code, row, nhole, ncards, TOP5, HIGH, STRAIGHT, SHORT_STRAIGHT)


def hand_values(ranking: str, holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[int]:
    """:func:`hand_value` of each hand of ``holes`` with the same ``board``, in one compiled call
    (the engine's showdown: one call per board instead of one per player). Same values, same
    checks (a wrong card count is an :class:`InvalidSelection`)."""
    code = CODES.get(ranking)
    if code is None:
        raise InvalidSelection(f"unknown ranking {ranking!r}; known: {', '.join(RANKINGS)}")
    if not holes:
        return []
    nb = len(board)
    holes_n = [len(h) for h in holes]
    lens = [k + nb for k in holes_n]
    for k in (holes_n if code == 1 else lens):
        if code == 1 and (k < 2 or nb < 3):
            raise InvalidSelection(f"an Omaha hand needs 2+ hole and 3+ board cards, got {k} and {nb}")
        if code != 1 and not 5 <= k <= 7:
            raise InvalidSelection(f"a {ranking} hand has 5 to 7 cards, got {k}")
    vals = np.empty(len(holes), dtype=np.int64)  # filled in place: a returned array costs more
    nh = holes_n[0]
    if holes_n.count(nh) == len(holes_n):  # the showdown's case: one hole-card count
        _values_flat(code, np.array([c for h in holes for c in h] + list(board), dtype=np.int64), nh, vals)
        return vals.tolist()
    width = max(lens)  # rows: hole then board, padded to one width
    rows = np.array([(*h, *board, *(0,) * (width - k)) for h, k in zip(holes, lens, strict=True)],
                    dtype=np.int64)
    _values(code, rows, np.array(lens, dtype=np.int64), np.array(holes_n, dtype=np.int64),
            TOP5, HIGH, STRAIGHT, SHORT_STRAIGHT, vals)
    return vals.tolist()


def category_name(ranking: str, value: int) -> str:
    """``flush``, ``full_house``... of a value (Short Deck's swapped categories named back)."""
    from croupier.cards.poker import CATEGORIES, is_royal

    cat = value >> 20
    if ranking == "short_deck" and cat in (FLUSH_CAT, FULL_HOUSE_CAT):
        cat = FLUSH_CAT + FULL_HOUSE_CAT - cat
    if cat == 8 and is_royal(value):
        return "royal_flush"
    return CATEGORIES[cat]
