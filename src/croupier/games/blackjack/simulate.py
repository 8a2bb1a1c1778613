"""Fast Monte Carlo of blackjack: one box playing the basic strategy chart, every side bet of the
variant placed, the shoe reshuffled when the cut card is reached (or every round).

The round logic (:func:`play_round`) is numba-compiled and deals from an explicit shoe order in
the engine's order (player, dealer up, player, dealer hole, then the player's cards, then the
dealer's), so a differential test replays identical shoes through :class:`.engine.BlackjackEngine`
with the same chart and compares every round's result.

Randomness: batch ``k`` of a run with seed ``s`` seeds a xoshiro256** generator with four words
of ``numpy.random.default_rng([s, k])``; a card is chosen among the cards left by Lemire's exact
bounded draw (no modulo bias) just before it is dealt (lazy Fisher-Yates), so only the cards used
are shuffled.
Side bets are settled by lookup tables built from the rule functions of :mod:`.rules` and the
variant's paytables (no second copy of a paytable).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from numba import njit

from croupier.cards import deck
from croupier.games.blackjack.analysis import Chart, main_bet
from croupier.games.blackjack.exact import CARDS
from croupier.games.blackjack.rules import (
    classify_21_3,
    classify_bonus,
    classify_lucky_lucky,
    classify_pair,
    classify_suitem_up,
)
from croupier.games.blackjack.variant import BlackjackVariant
from croupier.games.registry import ProgressFn, SimBet

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
U64 = npt.NDArray[np.uint64]
I8 = npt.NDArray[np.int8]

CODES = {"S": 0, "H": 1, "Dh": 2, "Ds": 3, "P": 4, "Rh": 5, "Rs": 6, "Rp": 7}
BATCH = 100_000
Z99 = 2.5758293035489004

# flags indexes
F_HOLE, F_H17, F_TAKES_ALL, F_MAX_HANDS, F_RSA, F_HSA, F_DAS, F_D21, F_SURR, F_BUSTIT, F_RANK = range(11)
SIDE_TWO, SIDE_THREE, SIDE_BUST, SIDE_BONUS = range(4)

FnT = TypeVar("FnT", bound=Callable[..., Any])


def kernel(inline: bool = True) -> Callable[[FnT], FnT]:
    """``numba.njit`` for the fast path: cached, inlined into the loop, and without the NRT
    (``_nrt=False``): no reference counting of the arrays handed from helper to helper, which
    cost more than the game itself; the loop allocates nothing (see :func:`scratch`)."""
    opts: dict[str, Any] = {"cache": True, "_nrt": False}
    if inline:
        opts["inline"] = "always"
    return cast(Callable[[FnT], FnT], njit(**opts))


@dataclass(frozen=True)
class Tables:
    hard: I64
    soft: I64
    pair: I64
    peek: I64
    surr: I64
    dbl: I64
    split: I64
    flags: I64
    bj_net: float
    side_kind: I64
    side_two: I8
    side_three: I8
    side_bust: F64
    side_pay: F64


def chart_tables(chart: Chart) -> tuple[I64, I64, I64]:
    hard = np.full((32, 11), -1, dtype=np.int64)
    soft = np.full((32, 11), -1, dtype=np.int64)
    pair = np.full((11, 11), -1, dtype=np.int64)
    for (t, u), c in chart.hard.items():
        hard[t, u] = CODES[c]
    for (t, u), c in chart.soft.items():
        soft[t, u] = CODES[c]
    for (pv, u), c in chart.pair.items():
        pair[pv, u] = CODES[c]
    return hard, soft, pair


@cache
def tables(variant: BlackjackVariant) -> Tables:
    mb = main_bet(variant)
    if mb.chart is None:  # pragma: no cover - main_bet builds it
        raise RuntimeError("no chart")
    hard, soft, pair = chart_tables(mb.chart)
    peek = np.array([0] + [int(variant.peeks(u)) for u in range(1, 11)], dtype=np.int64)
    surr = np.array([0] + [int(u in variant.surrender_against) for u in range(1, 11)], dtype=np.int64)
    dbl = np.array([int(variant.can_double_total(t)) for t in range(32)], dtype=np.int64)
    split = np.array([0] + [int(u in variant.splittable) for u in range(1, 11)], dtype=np.int64)
    flags = np.array([
        int(variant.hole_card), int(variant.hits_soft_17),
        int(variant.dealer_blackjack_takes == "all"), variant.max_hands, int(variant.resplit_aces),
        int(variant.hit_split_aces), int(variant.double_after_split), int(variant.double_on_21),
        {"none": 0, "late": 1, "early": 2}[variant.surrender], int("bust_it" in variant.side_bets),
        int(variant.split_by == "rank"),
    ], dtype=np.int64)
    # side bets: the row each 2- or 3-card combination (cards numbered code - 8, 0..51) wins as a
    # small int8 table (0 = none) and the return of each row: tables that stay in cache
    n = len(variant.side_bets)
    kinds = np.zeros(n, dtype=np.int64)
    two = np.zeros((max(n, 1), 52, 52), dtype=np.int8)
    three = np.zeros((max(n, 1), 52, 52, 52), dtype=np.int8) if any(
        c in ("21_3", "lucky_lucky", "bonus") for c in variant.side_bets) else np.zeros((1, 1, 1, 1), dtype=np.int8)
    bust = np.zeros((max(n, 1), 32))
    width = 1 + max((len(b.pays) for b in variant.side_bets.values()), default=0)
    pay = np.zeros((max(n, 1), width))
    for k, (code, bet) in enumerate(variant.side_bets.items()):
        rows = list(bet.pays)
        for i, row_name in enumerate(rows):
            pay[k, i + 1] = float(bet.pays[row_name].total)

        def ix(row: str | None, _rows: list[str] = rows) -> int:
            return _rows.index(row) + 1 if row is not None and row in _rows else 0
        if code in ("ideal_pair", "perfect_pairs", "suitem_up"):
            kinds[k] = SIDE_TWO
            f = classify_pair if code != "suitem_up" else classify_suitem_up
            for a in CARDS:
                for b in CARDS:
                    two[k, a - 8, b - 8] = ix(f(a, b))
        elif code in ("21_3", "lucky_lucky"):
            kinds[k] = SIDE_THREE
            g = classify_21_3 if code == "21_3" else classify_lucky_lucky
            for a in CARDS:
                for b in CARDS:
                    for c in CARDS:
                        three[k, a - 8, b - 8, c - 8] = ix(g(a, b, c))
        elif code == "bust_it":
            kinds[k] = SIDE_BUST
            for cards in range(3, 32):
                row = "8_plus" if cards >= 8 else ("3_4" if cards <= 4 else str(cards))
                bust[k, cards] = pay[k, ix(row)]
        elif code == "bonus":
            kinds[k] = SIDE_BONUS
            for a in CARDS:
                for b in CARDS:
                    two[k, a - 8, b - 8] = ix(classify_bonus((a, b)))
                    for c in CARDS:
                        three[k, a - 8, b - 8, c - 8] = ix(classify_bonus((a, b, c)))
    return Tables(hard, soft, pair, peek, surr, dbl, split, flags, float(variant.blackjack_pays.net),
                  kinds, two, three, bust, pay)


@kernel()
def _val(c: int) -> int:  # pragma: no cover - numba
    r = c >> 2
    if r == 14:
        return 1
    if r >= 10:
        return 10
    return r


@kernel()
def _resolve(code: int, can_double: bool, can_surr: bool, can_split: bool) -> int:  # pragma: no cover
    """0 stand, 1 hit, 2 double, 3 split, 4 surrender (same meaning as analysis.resolve)."""
    if code >= 5:
        if can_surr:
            return 4
        code = 1 if code == 5 else (0 if code == 6 else 4)
    if code == 2 or code == 3:
        if can_double:
            return 2
        return 1 if code == 2 else 0
    if code == 4:
        return 3 if can_split else 1
    return code


@kernel()
def _code(hard: I64, soft: I64, total: int, is_soft: bool, up: int) -> int:  # pragma: no cover
    if is_soft:
        c = soft[total, up]
    else:
        c = hard[total, up]
    if c < 0:
        return 1 if total < 12 else 0
    return int(c)


@kernel()
def play_round(shoe: I64, pos: int, sh: I64, st: U64, hard: I64, soft: I64, pair: I64, peek: I64,
               surr: I64, dbl: I64, split: I64, flags: I64, bj_net: float, out: I64,
               cards: I64, hinfo: I64, dealer: I64) -> tuple[float, int]:  # pragma: no cover
    """Play one round of one box from ``shoe[pos:]``; returns (net per unit, new position).

    Cards past ``sh[0]`` are shuffled in before they are dealt (lazy Fisher-Yates: the dealt
    prefix is a uniform random sequence); ``st`` is the generator's state. ``out`` receives [first card, second card, up card, dealer
    cards, dealer bust, third card]; ``cards``, ``hinfo`` and ``dealer`` are scratch arrays.
    """
    hole = flags[F_HOLE] == 1
    p1 = _take(shoe, pos, sh, st)
    upc = _take(shoe, pos + 1, sh, st)
    p2 = _take(shoe, pos + 2, sh, st)
    pos += 3
    dealer[0] = upc
    nd = 1
    if hole:
        dealer[1] = _take(shoe, pos, sh, st)
        nd = 2
        pos += 1
    u = _val(upc)
    v1 = _val(p1)
    v2 = _val(p2)
    out[0] = p1
    out[1] = p2
    out[2] = upc
    out[5] = -1
    player_nat = (v1 == 1 and v2 == 10) or (v1 == 10 and v2 == 1)
    surr_mode = flags[F_SURR]
    can_surr_up = surr_mode > 0 and surr[u] == 1
    # hands: cards, count, bet multiplier, flags
    maxh = flags[F_MAX_HANDS]
    for k in range(maxh):
        hinfo[0, k] = 0
        hinfo[1, k] = 1
        hinfo[2, k] = 0
        hinfo[3, k] = 0
        hinfo[4, k] = 0
    cards[0, 0] = p1
    cards[0, 1] = p2
    hinfo[0, 0] = 2
    nh = 1
    early_surrendered = False
    dealer_nat_peeked = False
    if hole and peek[u] == 1:
        dv = _val(dealer[1])
        # early surrender before the peek (004 §2.9.2)
        if surr_mode == 2 and can_surr_up and not player_nat:
            t, s = _total_row(cards, 0, 2)
            pv = v1 if v1 == v2 else 0
            code = -1
            if pv > 0 and split[pv] == 1 and maxh > 1 and (pair[pv, u] == 4 or pair[pv, u] == 7):
                code = pair[pv, u]
            if code < 0:
                code = _code(hard, soft, t, s, u)
            if code >= 5:
                hinfo[4, 0] = 1
                early_surrendered = True
        if (u == 1 and dv == 10) or (u == 10 and dv == 1):
            dealer_nat_peeked = True
    done_players = player_nat or early_surrendered or dealer_nat_peeked
    decided = False
    third = -1
    if not done_players:
        h = 0
        while h < nh:
            if hinfo[0, h] == 1:
                c = _take(shoe, pos, sh, st)
                pos += 1
                if third < 0:
                    third = c
                cards[h, 1] = c
                hinfo[0, h] = 2
            while True:
                t, s = _total_row(cards, h, hinfo[0, h])
                if t >= 21:
                    break
                if hinfo[3, h] == 1 and flags[F_HSA] == 0:
                    break
                two = hinfo[0, h] == 2
                can_d = two and dbl[t] == 1 and (hinfo[2, h] == 0 or flags[F_DAS] == 1)
                if t == 21 and flags[F_D21] == 0:
                    can_d = False
                a = _val(cards[h, 0])
                b = _val(cards[h, 1])
                same = a == b
                if flags[F_RANK] == 1:
                    same = (cards[h, 0] >> 2) == (cards[h, 1] >> 2)
                can_p = (two and same and split[a] == 1 and nh < maxh
                         and (hinfo[3, h] == 0 or flags[F_RSA] == 1))
                can_r = (two and nh == 1 and hinfo[2, h] == 0 and not decided and can_surr_up
                         and not (surr_mode == 2 and hole and peek[u] == 1))
                code = -1
                if two and same and can_p and (pair[a, u] == 4 or pair[a, u] == 7):
                    code = pair[a, u]
                if code < 0:
                    code = _code(hard, soft, t, s, u)
                act = _resolve(code, can_d, can_r, can_p)
                decided = True
                if act == 0:
                    break
                if act == 4:
                    hinfo[4, h] = 1
                    break
                if act == 3:
                    # the new hand takes the second card; this hand gets a new second card
                    for k in range(nh - 1, h, -1):
                        cards[k + 1, 0] = cards[k, 0]
                        cards[k + 1, 1] = cards[k, 1]
                        hinfo[0, k + 1] = hinfo[0, k]
                        hinfo[2, k + 1] = hinfo[2, k]
                        hinfo[3, k + 1] = hinfo[3, k]
                    cards[h + 1, 0] = cards[h, 1]
                    hinfo[0, h + 1] = 1
                    hinfo[2, h + 1] = 1
                    hinfo[2, h] = 1
                    hinfo[3, h] = 1 if a == 1 else 0
                    hinfo[3, h + 1] = hinfo[3, h]
                    nh += 1
                    c = _take(shoe, pos, sh, st)
                    pos += 1
                    if third < 0:
                        third = c
                    cards[h, 1] = c
                    hinfo[0, h] = 2
                    continue
                c = _take(shoe, pos, sh, st)
                pos += 1
                if third < 0:
                    third = c
                cards[h, hinfo[0, h]] = c
                hinfo[0, h] += 1
                if act == 2:
                    hinfo[1, h] = 2
                    break
            h += 1
    out[5] = third
    # the dealer
    live = False
    natural_check = False
    for h in range(nh):
        t, s = _total_row(cards, h, hinfo[0, h])
        if hinfo[4, h] == 1:
            if not early_surrendered and surr_mode == 1:
                natural_check = True
            continue
        if t > 21:
            continue
        if player_nat:
            natural_check = True
            continue
        live = True
    if dealer_nat_peeked:
        live = False
        natural_check = False
    if flags[F_BUSTIT] == 1 and not dealer_nat_peeked:
        live = True
    if nd == 1 and (live or (natural_check and (u == 1 or u == 10))):
        dealer[1] = _take(shoe, pos, sh, st)
        pos += 1
        nd = 2
    if nd == 2:
        dnat = (_val(dealer[0]) == 1 and _val(dealer[1]) == 10) or (
            _val(dealer[0]) == 10 and _val(dealer[1]) == 1)
        if not dnat and live:
            while True:
                t, s = _total_of(dealer, nd)
                if t < 17 or (t == 17 and s and flags[F_H17] == 1):
                    dealer[nd] = _take(shoe, pos, sh, st)
                    pos += 1
                    nd += 1
                else:
                    break
    dt, ds = _total_of(dealer, nd)
    dealer_bj = nd == 2 and dt == 21
    out[3] = nd
    out[4] = 1 if dt > 21 else 0
    # settlement per unit of the original bet
    obo = dealer_bj and flags[F_TAKES_ALL] == 0 and not (hole and peek[u] == 1)
    net = 0.0
    for h in range(nh):
        m = float(hinfo[1, h])
        if hinfo[4, h] == 1:
            if early_surrendered or surr_mode == 2 or not dealer_bj:
                net -= 0.5 * m
            else:
                net -= m
            continue
        t, s = _total_row(cards, h, hinfo[0, h])
        if player_nat and nh == 1:
            if not dealer_bj:
                net += bj_net
            continue
        if dealer_bj:
            if obo:
                if h == 0:
                    net -= 1.0
            else:
                net -= m
            continue
        if t > 21:
            net -= m
        elif dt > 21 or t > dt:
            net += m
        elif t < dt:
            net -= m
    return net, pos


MASK32 = 0xFFFFFFFF


@kernel()
def _rotl(x: np.uint64, k: int) -> np.uint64:  # pragma: no cover - numba
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@kernel()
def _next32(st: U64) -> int:  # pragma: no cover - numba
    """xoshiro256** step on the state ``st`` (seeded per batch from numpy's Generator)."""
    s0, s1, s2, s3 = st[0], st[1], st[2], st[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    st[0], st[1], st[2], st[3] = s0, s1, s2, s3
    return int(result >> np.uint64(32))


@kernel()
def _below(st: U64, n: int) -> int:  # pragma: no cover - numba
    """Uniform in [0, n) by Lemire's exact multiply-and-reject on 32-bit draws."""
    m = _next32(st) * n
    low = m & MASK32
    if low < n:
        t = (4294967296 - n) % n
        while low < t:
            m = _next32(st) * n
            low = m & MASK32
    return int(m >> 32)


@kernel()
def _take(shoe: I64, pos: int, sh: I64, st: U64) -> int:  # pragma: no cover - numba
    """The card at ``pos``. Past ``sh[0]`` (the cards already placed) one Fisher-Yates step first
    swaps a uniformly chosen card of ``shoe[pos:]`` into ``pos``: a lazy shuffle, card by card, so
    only the cards dealt are shuffled and the dealt sequence is a uniform random draw."""
    if pos >= sh[0]:
        j = pos + _below(st, shoe.shape[0] - pos)
        c = shoe[j]
        shoe[j] = shoe[pos]
        shoe[pos] = c
        sh[0] = pos + 1
        return int(c)
    return int(shoe[pos])


@kernel()
def _total_row(cards: I64, h: int, n: int) -> tuple[int, bool]:  # pragma: no cover - numba
    hard = 0
    ace = False
    for i in range(n):
        v = _val(cards[h, i])
        hard += v
        if v == 1:
            ace = True
    if ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@kernel()
def _total_of(cards: I64, n: int) -> tuple[int, bool]:  # pragma: no cover - numba
    hard = 0
    ace = False
    for i in range(n):
        v = _val(cards[i])
        hard += v
        if v == 1:
            ace = True
    if ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@kernel(inline=False)
def _run(st: U64, rounds: int, shoe: I64, sh: I64, pos: int, cut: int, every: bool, fixed: bool,
         hard: I64, soft: I64, pair: I64, peek: I64, surr: I64, dbl: I64, split: I64,
         flags: I64, bj_net: float, side_kind: I64, side_two: I8, side_three: I8,
         side_bust: F64, side_pay: F64, sums: F64, out: I64, cards: I64, hinfo: I64,
         dealer: I64) -> tuple[int, int]:  # pragma: no cover - numba
    """Play ``rounds`` rounds; returns (rounds played, position).

    ``sums`` = [main sum, main sum of squares, then (sum, sum of squares) per side bet];
    ``out``, ``cards``, ``hinfo`` and ``dealer`` are scratch arrays (see :func:`scratch`): no
    allocation and no reference counting in the loop (``_nrt=False``)."""
    n = shoe.shape[0]
    nside = side_kind.shape[0]
    played = 0
    while played < rounds:
        if not fixed and (every or pos >= cut or pos > n - 60):
            pos = 0
            sh[0] = 0  # reshuffle: the next cards are drawn at random as they are dealt
        net, pos = play_round(shoe, pos, sh, st, hard, soft, pair, peek, surr, dbl, split,
                              flags, bj_net, out, cards, hinfo, dealer)
        played += 1
        sums[0] += net
        sums[1] += net * net
        for k in range(nside):
            kind = side_kind[k]
            r = 0.0
            a = out[0] - 8
            b = out[1] - 8
            if kind == 0:
                r = side_pay[k, side_two[k, a, b]]
            elif kind == 1:
                r = side_pay[k, side_three[k, a, b, out[2] - 8]]
            elif kind == 2:
                if out[4] == 1:
                    r = side_bust[k, out[3]]
            else:
                if out[5] >= 0:
                    r = side_pay[k, side_three[k, a, b, out[5] - 8]]
                else:
                    r = side_pay[k, side_two[k, a, b]]
            sums[2 + 2 * k] += r
            sums[3 + 2 * k] += r * r
    return played, pos


def scratch() -> tuple[I64, I64, I64, I64]:
    """The fast path's work arrays: out, cards of up to 8 hands, hand info, dealer cards."""
    return (np.zeros(6, dtype=np.int64), np.zeros((8, 24), dtype=np.int64),
            np.zeros((5, 8), dtype=np.int64), np.zeros(24, dtype=np.int64))


def simulate(variant: BlackjackVariant, rounds: int, seed: int,
             progress: ProgressFn | None = None) -> list[SimBet]:
    """Play ``rounds`` rounds of basic strategy on one box with every side bet placed.

    Batch ``k`` of ``BATCH`` rounds draws its random words from
    ``numpy.random.default_rng([seed, k])``."""
    tb = tables(variant)
    shoe = np.array(deck(variant.decks), dtype=np.int64)
    n = len(shoe)
    cut = int(n * variant.penetration)
    sums = np.zeros(2 + 2 * len(variant.side_bets))
    sh = np.zeros(2, dtype=np.int64)
    pos = n  # forces a shuffle first
    done = 0
    k = 0
    while done < rounds:
        target = min(BATCH, rounds - done)
        st = np.random.default_rng([seed, k]).bit_generator.random_raw(4).astype(np.uint64)
        st[0] |= np.uint64(1)  # xoshiro's state must not be all zero
        played, pos = _run(st, target, shoe, sh, pos, cut, variant.shuffle_every_round, False,
                           tb.hard, tb.soft, tb.pair, tb.peek, tb.surr, tb.dbl, tb.split,
                           tb.flags, tb.bj_net, tb.side_kind, tb.side_two, tb.side_three,
                           tb.side_bust, tb.side_pay, sums, *scratch())
        done += target
        k += 1
        if progress is not None:
            progress(done, rounds)
    out = [_sim("main", rounds, 1.0 + sums[0] / rounds, sums[1] / rounds - (sums[0] / rounds) ** 2)]
    if variant.bet_behind:
        out.append(_sim("bet_behind", rounds, out[0].rtp, sums[1] / rounds - (sums[0] / rounds) ** 2))
    for i, code in enumerate(variant.side_bets):
        m = sums[2 + 2 * i] / rounds
        out.append(_sim(code, rounds, m, sums[3 + 2 * i] / rounds - m * m))
    return out


def _sim(bet: str, rounds: int, rtp: float, var: float) -> SimBet:
    half = Z99 * math.sqrt(max(var, 0.0) / rounds)
    return SimBet(bet, rounds, float(rtp), (float(rtp - half), float(rtp + half)))


def round_on_shoe(variant: BlackjackVariant, shoe: I64, pos: int) -> tuple[float, int, I64, F64]:
    """One round of the fast path's own loop (:func:`_run`) on an explicit shoe order, no
    shuffling: (net per unit of the main bet, next position, [first, second, up card, dealer
    cards, dealer bust, third card], the return per unit of each side bet). For the
    differential test against the engine."""
    tb = tables(variant)
    shoe = np.ascontiguousarray(shoe, dtype=np.int64)
    sh = np.array([len(shoe), 0], dtype=np.int64)  # every card is already in place
    st = np.ones(4, dtype=np.uint64)
    sums = np.zeros(2 + 2 * len(variant.side_bets))
    work = scratch()
    _, new = _run(st, 1, shoe, sh, pos, len(shoe) + 1, False, True, tb.hard, tb.soft, tb.pair,
                  tb.peek, tb.surr, tb.dbl, tb.split, tb.flags, tb.bj_net, tb.side_kind,
                  tb.side_two, tb.side_three, tb.side_bust, tb.side_pay, sums, *work)
    return float(sums[0]), int(new), work[0].copy(), sums[2::2].copy()
