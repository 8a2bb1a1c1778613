"""Dice Duel (000 §12.40): the 28 outcomes, odds derived from exact chances with a margin and
rounded down, each bet's exact RTP checked by a closed form, bad input, simulation."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import InvalidSelection, VariantError
from croupier.games.base import BetRequest, replay
from croupier.games.dice.dice_duel import GAME, RULES
from croupier.games.dice.dice_duel.rules import OUTCOMES
from croupier.games.dice.rolled.engine import draws_for
from croupier.games.dice.rolled.parse import parse_variant
from croupier.games.registry import load_variant, read_data

ENGINE = GAME.engine
V = load_variant("dice_duel", "dice_duel")

#: closed form: how many of the 36 (red, blue) rolls win each outcome (target-free codes)
HITS = {"red": 15, "draw": 6, "blue": 15, "red_number": 6, "blue_number": 6, "combination": 1,
        "red_odd": 18, "red_even": 18, "blue_odd": 18, "blue_even": 18, "sum_odd": 18,
        "sum_even": 18, "red_under": 18, "red_over": 18, "blue_under": 18, "blue_over": 18,
        "under_4_5": 6, "over_4_5": 30, "under_5_5": 10, "over_5_5": 26, "under_6_5": 15,
        "over_6_5": 21, "under_7_5": 21, "over_7_5": 15, "under_8_5": 26, "over_8_5": 10,
        "under_9_5": 30, "over_9_5": 6}


def roll(bets, red, blue):
    state = ENGINE.start(V, bets, "EUR")
    for d in draws_for(ENGINE, V, (red, blue)):
        state = ENGINE.apply(state, d)
    return state, ENGINE.settle(state)


def test_000_12_40_all_28_outcomes_are_bets():
    assert len(OUTCOMES) == 28 and V.codes == tuple(OUTCOMES)


def test_000_12_40_odds_are_derived_with_the_margin_rounded_down():
    for code, hits in HITS.items():
        fair = Fraction(95, 100) / Fraction(hits, 36)
        odds = V.payouts[code].total
        assert odds <= fair < odds + Fraction(1, 100), code
        assert (odds * 100).denominator == 1


def test_000_12_40_exact_rtp_equals_chance_times_odds():
    for r in GAME.exact(V):
        assert r.rtp == r.rtp_max == Fraction(HITS[r.bet], 36) * V.payouts[r.bet].total
        assert r.rtp <= Fraction(95, 100)


def test_000_12_40_red_and_blue_lose_on_a_draw():
    _, s = roll([BetRequest("red", 100), BetRequest("blue", 100), BetRequest("draw", 100)], 4, 4)
    assert [b.returned for b in s.bets] == [0, 0, 570]


def test_000_12_40_combination_is_the_ordered_pair():
    _, s = roll([BetRequest("combination", 100, (2, 5)), BetRequest("combination", 100, (5, 2))], 2, 5)
    assert [b.returned for b in s.bets] == [3420, 0]


def test_000_12_40_total_lines():
    _, s = roll([BetRequest("under_6_5", 100), BetRequest("over_6_5", 100)], 3, 4)
    assert s.bets[0].returned == 0 and s.bets[1].returned > 100


@pytest.mark.parametrize(("code", "target"), [("red_number", (7,)), ("combination", (1,)),
                                              ("red", (1,)), ("blue_number", ("x",))])
def test_000_12_40_bad_targets_are_refused(code, target):
    with pytest.raises(InvalidSelection):
        ENGINE.start(V, [BetRequest(code, 100, target)], "EUR")


def test_000_12_40_margin_is_variant_data():
    data = read_data("dice_duel", "dice_duel")
    v = parse_variant(RULES, dict(data, margin="0.10"), "m10")
    assert v.payouts["draw"].total == Fraction(54, 10)
    with pytest.raises(VariantError, match="margin"):
        parse_variant(RULES, dict(data, margin="0.7"), "bad")
    with pytest.raises(VariantError, match="derived"):
        parse_variant(RULES, dict(data, payouts={"red": "1:1"}), "bad")


def test_000_12_40_simulation_agrees():
    exact = {r.bet: r.rtp for r in GAME.exact(V)}
    sims = GAME.simulate(V, 300_000, 3, None)
    outside = [s.bet for s in sims if not s.ci99[0] <= exact[s.bet] <= s.ci99[1]]
    assert len(outside) <= 2, outside  # 28 intervals at 99%


@given(st.integers(1, 6), st.integers(1, 6))
def test_000_12_40_every_roll_settles_every_bet(red, blue):
    bets = [BetRequest(c, 1000, t) for c in V.codes for t in RULES.targets(c)]
    state, s = roll(bets, red, blue)
    assert len(s.bets) == len(bets) and s.total_stake == 1000 * len(bets)
    for b in s.bets:
        assert b.returned in (0, (1000 * V.payouts[b.code].total).__floor__())
    assert replay(ENGINE, V, state.events) == s
