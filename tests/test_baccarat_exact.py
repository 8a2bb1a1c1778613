"""Exact baccarat figures, checked against an independent enumeration and closed forms.

The independent enumeration below walks point values only, with the tableau as 004 §3.7 prints it
(Player's third card -> the Banker totals that draw), and its own paytable arithmetic. Published
house edges (8 decks: Banker 1.06%, Player 1.24%, Tie 14.36%) are a cross-check only.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest

from croupier.games.baccarat.engine import ENGINE
from croupier.games.baccarat.exact import class_table, exact, key_of, unit_stake
from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import load_variant
from croupier.rng import seeded

TABLEAU_004 = {2: 4, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 2, 9: 3, 0: 3, 1: 3}


def independent(decks: int) -> dict[tuple[int, int, int, int], Fraction]:
    """P(player total, banker total, player cards, banker cards) by a walk over points."""
    m = [16 * decks] + [4 * decks] * 9  # cards per point value: 10/J/Q/K score 0
    n = 52 * decks
    out: dict[tuple[int, int, int, int], int] = defaultdict(int)

    def rest(k: int) -> int:  # weight of the unused cards up to six
        w = 1
        for i in range(k, 6):
            w *= n - i
        return w

    for a in range(10):
        wa = m[a]
        m[a] -= 1
        for b in range(10):
            wb = wa * m[b]
            if not wb:
                continue
            m[b] -= 1
            for c in range(10):
                wc = wb * m[c]
                if not wc:
                    continue
                m[c] -= 1
                for d in range(10):
                    w = wc * m[d]
                    if not w:
                        continue
                    m[d] -= 1
                    p, q = (a + c) % 10, (b + d) % 10
                    if p >= 8 or q >= 8:
                        out[(p, q, 2, 2)] += w * rest(4)
                    elif p <= 5:
                        for x in range(10):
                            wx = w * m[x]
                            if not wx:
                                continue
                            if q <= TABLEAU_004[x]:
                                m[x] -= 1
                                for y in range(10):
                                    out[((p + x) % 10, (q + y) % 10, 3, 3)] += wx * m[y]
                                m[x] += 1
                            else:
                                out[((p + x) % 10, q, 3, 2)] += wx * rest(5)
                    elif q <= 5:
                        for y in range(10):
                            out[(p, (q + y) % 10, 2, 3)] += w * m[y] * rest(5)
                    else:
                        out[(p, q, 2, 2)] += w * rest(4)
                    m[d] += 1
                m[c] += 1
            m[b] += 1
        m[a] += 1
    total = rest(0)
    return {k: Fraction(w, total) for k, w in out.items()}


@pytest.fixture(scope="module")
def eight() -> dict[tuple[int, int, int, int], Fraction]:
    return independent(8)


def rtps(variant: str) -> dict[str, Fraction]:
    return {r.bet: r.rtp for r in exact(load_variant("baccarat", variant))}


def test_004_3_main_bets_match_an_independent_enumeration(eight) -> None:
    pw = sum(p for (a, b, _, _), p in eight.items() if a > b)
    bw = sum(p for (a, b, _, _), p in eight.items() if b > a)
    tie = sum(p for (a, b, _, _), p in eight.items() if a == b)
    assert pw + bw + tie == 1
    got = rtps("live_004")
    assert got["player"] == 2 * pw + tie
    assert got["banker"] == Fraction(195, 100) * bw + tie
    assert got["tie"] == 9 * tie
    # cross-check against the published 8-deck house edges
    assert abs(float(1 - got["banker"]) - 0.010579) < 1e-6
    assert abs(float(1 - got["player"]) - 0.012351) < 1e-6
    assert abs(float(1 - got["tie"]) - 0.143596) < 1e-6


def test_002_no_commission_banker_matches_the_independent_enumeration(eight) -> None:
    b6 = sum(p for (a, b, _, _), p in eight.items() if b > a and b == 6)
    bw = sum(p for (a, b, _, _), p in eight.items() if b > a)
    tie = sum(p for (a, b, _, _), p in eight.items() if a == b)
    assert rtps("tdc_no_commission_002")["banker"] == 2 * (bw - b6) + Fraction(3, 2) * b6 + tie


def test_004_3_11_big_and_small_match_the_independent_enumeration(eight) -> None:
    four = sum(p for (_, _, x, y), p in eight.items() if x + y == 4)
    got = rtps("live_004")
    assert got["small"] == Fraction(5, 2) * four
    assert got["big"] == Fraction(154, 100) * (1 - four)


def test_001_9_2_six_decks_match_the_independent_enumeration() -> None:
    six = independent(6)
    pw = sum(p for (a, b, _, _), p in six.items() if a > b)
    tie = sum(p for (a, b, _, _), p in six.items() if a == b)
    assert rtps("mini_001")["player"] == 2 * pw + tie
    assert rtps("mini_001")["tie"] == 9 * tie


def test_000_12_13_bonus_matches_the_independent_enumeration(eight) -> None:
    pays = {9: 31, 8: 11, 7: 7, 6: 5, 5: 3, 4: 2}
    rtp = Fraction(0)
    for (a, b, x, _), p in eight.items():
        natural = x == 2 and a >= 8
        if natural and a >= b:
            rtp += 2 * p  # natural win 1:1; natural tie 1:1 as written
        elif not natural and a - b in pays:
            rtp += pays[a - b] * p
    assert rtps("punto_banco_000")["player_bonus"] == rtp


def pair_probabilities(decks: int, same: str) -> tuple[Fraction, Fraction]:
    """P(the Player pairs) and P(both hands pair), by rank ('rank') or by card ('card')."""
    kinds, each = (13, 4 * decks) if same == "rank" else (52, decks)
    n = 52 * decks
    d4 = n * (n - 1) * (n - 2) * (n - 3)
    one = Fraction(kinds * each * (each - 1), n * (n - 1))
    both = 0
    for r in range(kinds):
        for s in range(kinds):
            e = int(r == s)
            both += each * (each - e) * (each - 1 - e) * (each - 1 - 2 * e)
    return one, Fraction(both, d4)


def test_004_3_11_pair_bets_match_closed_forms() -> None:
    one, both = pair_probabilities(8, "rank")
    got = rtps("live_004")
    assert got["player_pair"] == 12 * one == got["banker_pair"]
    assert got["either_pair"] == 6 * (2 * one - both)
    s_one, s_both = pair_probabilities(8, "card")
    assert got["perfect_pair"] == 26 * (2 * s_one - s_both)
    assert rtps("punto_banco_000")["perfect_pair"] == 26 * (2 * s_one - 2 * s_both) + 201 * s_both
    one6, _ = pair_probabilities(6, "rank")
    assert rtps("pro_001")["player_pair"] == 12 * one6


def test_class_weights_sum_to_one() -> None:
    table = class_table(load_variant("baccarat", "live_004"))
    assert sum(table.weights) == table.denominator


@pytest.mark.parametrize("variant", ["live_004", "punto_banco_000", "tdc_no_commission_002"])
def test_a_settlement_class_settles_every_coup_in_it_alike(variant: str) -> None:
    """Random coups settle exactly as the representative of their class (the walk's premise)."""
    v = load_variant("baccarat", variant)
    table = class_table(v)
    where = {k: i for i, k in enumerate(table.keys)}
    src = seeded(11)
    bets = [BetRequest(c, unit_stake(v)) for c in v.bet_codes]
    for _ in range(300):
        state = ENGINE.start(v, bets, "XXX")
        while not ENGINE.is_finished(state):
            state = ENGINE.apply(state, DrawAction("card", src.randbelow(state.shoe.size)))
        j = where[key_of(state.player, state.banker)]
        got = tuple(Fraction(b.returned, b.stake) for b in ENGINE.settle(state).bets)
        assert got == tuple(table.returns[i][j] for i in range(len(table.bets)))
