"""Sic Bo, Super and Mega Sic Bo (000 §12.25): rules, bad input, exact RTP cross-checked by closed
forms, simulation and the differential test of the vectorised simulator, Hypothesis invariants."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import InvalidSelection, StakeBelowMinimum, UnknownBetCode, VariantError
from croupier.games.base import BetRequest, DrawAction, replay
from croupier.games.dice.rolled.engine import DiceEngine, draws_for
from croupier.games.dice.rolled.exact import all_positions, unit_stake
from croupier.games.dice.rolled.parse import parse_variant
from croupier.games.dice.rolled.simulate import (
    StrikeSampler,
    decode_rolls,
    ordered_returns,
    per_word,
    roll_words,
)
from croupier.games.dice.sicbo import GAME, RULES
from croupier.games.registry import load_variant, parse_unchecked, read_data

ENGINE = GAME.engine
assert isinstance(ENGINE, DiceEngine)
CLASSIC = parse_unchecked("sicbo", "classic")
ALL_BETS = [BetRequest(c, 100, t) for c, t in all_positions(ENGINE, CLASSIC)]


def roll(variant, bets, dice, struck=(), cur="EUR"):
    state = ENGINE.start(variant, bets, cur)
    for d in draws_for(ENGINE, variant, dice, struck):
        state = ENGINE.apply(state, d)
    return state, ENGINE.settle(state)


def returned(code, target, dice, variant=CLASSIC, stake=100):
    return roll(variant, [BetRequest(code, stake, target)], dice)[1].bets[0].returned


# -- the rules of 000 §12.25 -------------------------------------------------------------------

def test_000_12_25_small_loses_on_triple():
    assert returned("small", (), (2, 2, 2)) == 0
    assert returned("small", (), (1, 2, 3)) == 200


def test_000_12_25_big_loses_on_triple():
    assert returned("big", (), (5, 5, 5)) == 0
    assert returned("big", (), (6, 5, 1)) == 200
    assert returned("big", (), (3, 3, 4)) == 0  # 10 is Small


def test_000_12_25_specific_triple_pays_180_to_1():
    assert returned("triple", (4,), (4, 4, 4)) == 18100
    assert returned("triple", (4,), (4, 4, 3)) == 0


def test_000_12_25_any_triple_pays_30_to_1():
    assert returned("any_triple", (), (6, 6, 6)) == 3100
    assert returned("any_triple", (), (6, 6, 5)) == 0


def test_000_12_25_specific_pair_pays_10_to_1_and_once_on_a_triple():
    assert returned("pair", (3,), (3, 1, 3)) == 1100
    assert returned("pair", (3,), (3, 3, 3)) == 1100  # ambiguity (1), ASSUMPTION


def test_000_12_25_total_example_10_wins_with_3_2_5_or_1_3_6():
    assert returned("total", (10,), (3, 2, 5)) == 700
    assert returned("total", (10,), (1, 3, 6)) == 700
    assert returned("total", (9,), (3, 3, 3)) == 700  # ambiguity (2): a triple makes a total


def test_000_12_25_total_paytable():
    pays = {4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 17,
            16: 30, 17: 60}
    for dice in product(range(1, 7), repeat=3):
        t = sum(dice)
        if t in pays:
            assert returned("total", (t,), dice) == 100 * (pays[t] + 1)


def test_000_12_25_combination_example_1_2_wins_with_1_5_2():
    assert returned("combination", (1, 2), (1, 5, 2)) == 600
    assert returned("combination", (2, 1), (1, 5, 2)) == 600
    assert returned("combination", (1, 2), (1, 5, 5)) == 0


def test_000_12_25_single_number_pays_1_2_3_to_1():
    assert returned("single", (5,), (5, 1, 2)) == 200
    assert returned("single", (5,), (5, 5, 2)) == 300
    assert returned("single", (5,), (5, 5, 5)) == 400
    assert returned("single", (5,), (1, 2, 3)) == 0


def test_000_12_25_readings_are_options():
    data = read_data("sicbo", "classic")
    data["options"] = {"pair_wins_on_triple": False, "total_wins_on_triple": False}
    v = parse_variant(RULES, data, "strict")
    assert returned("pair", (3,), (3, 3, 3), v) == 0
    assert returned("total", (9,), (3, 3, 3), v) == 0
    assert returned("total", (9,), (3, 2, 4), v) == 700


# -- bad input: a precise error, nothing settled -----------------------------------------------

@pytest.mark.parametrize("total", [3, 18])
def test_000_12_25_total_3_or_18_is_refused(total):
    with pytest.raises(InvalidSelection, match="3 and 18 are excluded"):
        ENGINE.start(CLASSIC, [BetRequest("small", 100), BetRequest("total", 100, (total,))], "EUR")


def test_000_12_25_combination_of_one_number_twice_is_refused():
    with pytest.raises(InvalidSelection, match="two different numbers"):
        ENGINE.start(CLASSIC, [BetRequest("combination", 100, (4, 4))], "EUR")


@pytest.mark.parametrize(("code", "target", "match"), [
    ("triple", (7,), "1 to 6"), ("pair", (0,), "1 to 6"), ("single", (), "names 1 number"),
    ("small", (1,), "takes no target"), ("total", (19,), "4 to 17"), ("combination", (1,), "names 2"),
    ("single", ("a",), "whole number"),
])
def test_000_12_25_bad_targets_are_refused(code, target, match):
    with pytest.raises(InvalidSelection, match=match):
        ENGINE.start(CLASSIC, [BetRequest(code, 100, target)], "EUR")


def test_000_12_25_unknown_bet_and_low_stake_are_refused():
    with pytest.raises(UnknownBetCode):
        ENGINE.start(CLASSIC, [BetRequest("field", 100)], "EUR")
    with pytest.raises(StakeBelowMinimum):
        ENGINE.start(CLASSIC, [BetRequest("small", 1)], "EUR")


def test_000_12_25_bad_strike_data_is_refused():
    data = read_data("sicbo", "super")
    data["strikes"] = dict(data["strikes"], mode="double")
    with pytest.raises(VariantError, match="mode"):
        parse_variant(RULES, data, "bad")
    data = read_data("sicbo", "super")
    data["strikes"] = dict(data["strikes"], codes=["small", "nope"])
    with pytest.raises(VariantError, match="nope"):
        parse_variant(RULES, data, "bad")


# -- exact RTP, checked by a closed form -------------------------------------------------------

def win_chances(code, target):
    """Closed form: the chance of each payout key of a position with three fair dice."""
    p = Fraction(1, 6)
    q = 1 - p
    if code in ("small", "big"):
        return {code: Fraction(108 - 1 - 2, 216)}  # half the rolls total 3-10; less 1,1,1 and 2 triples
    if code == "triple":
        return {code: Fraction(1, 216)}
    if code == "any_triple":
        return {code: Fraction(6, 216)}
    if code == "pair":
        return {code: 3 * p * p * q + p**3}
    if code == "combination":
        return {code: Fraction(6 * 4 + 6, 216)}  # a, b and a third other face; or a,a,b / a,b,b
    if code == "single":
        return {f"single_{k}": comb(3, k) * p**k * q ** (3 - k) for k in (1, 2, 3)}
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if 1 <= target[0] - a - b <= 6)
    return {f"total_{target[0]}": Fraction(ways, 216)}


def closed_form_rtp(variant, pos):
    st = variant.strikes
    struck = Fraction(0)
    if st is not None and pos in ENGINE.eligible(variant):
        struck = st.expected_count / len(ENGINE.eligible(variant))
    out = Fraction(0)
    for key, p in win_chances(*pos).items():
        base = variant.payouts[key]
        r = base.total * (1 - struck)
        if struck:
            t = st.table_for(pos)
            mean = sum((Fraction(w, t.total_weight) * x for w, x in zip(t.weights, t.values, strict=True)),
                       Fraction(0))
            r += struck * (mean if st.mode == "replace" else 1 + base.net * mean)
        out += p * r
    return out


@pytest.mark.parametrize("name", ["classic", "super", "mega"])
def test_000_12_25_exact_rtp_equals_closed_form(name):
    from croupier.games.dice.rolled.exact import distributions

    v = parse_unchecked("sicbo", name)
    d = distributions(ENGINE, v)
    for pos in all_positions(ENGINE, v):
        assert d[pos].mean == closed_form_rtp(v, pos), pos


def test_000_12_25_classic_figures_match_the_extract():
    rtps = {r.bet: r for r in GAME.exact(CLASSIC)}
    assert rtps["small"].rtp == Fraction(35, 36)
    assert rtps["triple"].rtp == Fraction(181, 216)
    assert rtps["pair"].rtp == Fraction(22, 27)
    assert rtps["single"].rtp == Fraction(199, 216)


@pytest.mark.parametrize("name", ["super", "mega"])
def test_000_12_25_multiplier_variants_stay_in_the_published_range(name):
    v = load_variant("sicbo", name)  # passes admission control
    for r in GAME.exact(v):
        assert Fraction(95, 100) <= r.rtp <= r.rtp_max <= Fraction(975, 1000), r.bet


# -- simulation --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["classic", "super", "mega"])
def test_000_12_25_simulation_agrees_within_99_percent(name):
    v = parse_unchecked("sicbo", name)
    exact = {r.bet: r.rtp for r in GAME.exact(v)}
    sims = GAME.simulate(v, 400_000, 11, None)
    assert {s.bet for s in sims} == set(v.codes)
    outside = [s.bet for s in sims if not s.ci99[0] <= exact[s.bet] <= s.ci99[1]]
    assert len(outside) <= 1, outside  # 8 intervals at 99%: one miss is chance


def test_000_12_25_vectorised_rolls_decode_as_the_engine_reads_dice():
    rng = np.random.Generator(np.random.PCG64(5))
    d = decode_rolls(roll_words(rng, 50, 216), 216)
    assert len(d) == 50 * per_word(216) and d.min() >= 0 and d.max() < 216
    positions, plain, _ = ordered_returns(ENGINE, CLASSIC)
    unit = unit_stake(CLASSIC)
    bets = [BetRequest(c, unit, t) for c, t in positions]
    for x in d[:60].tolist():
        dice = (x // 36 + 1, x // 6 % 6 + 1, x % 6 + 1)
        s = roll(CLASSIC, bets, dice, cur="XXX")[1]
        assert [b.returned / b.stake for b in s.bets] == plain[:, x].tolist()


@pytest.mark.parametrize("name", ["super", "mega"])
def test_000_12_25_differential_strike_rows_match_the_engine(name):
    v = parse_unchecked("sicbo", name)
    sampler = StrikeSampler(ENGINE, v)
    rng = np.random.Generator(np.random.PCG64(9))
    k, e, m = sampler.rows(rng.random((150, 1 + 2 * sampler.kmax)))
    positions, plain, struck = ordered_returns(ENGINE, v)
    unit = unit_stake(v)
    bets = [BetRequest(c, unit, t) for c, t in positions]
    index = {p: i for i, p in enumerate(positions)}
    dice_rng = np.random.Generator(np.random.PCG64(10))
    for r in range(150):
        picks = [(sampler.eligible[e[r, j]], int(m[r, j])) for j in range(k[r])]
        x = int(dice_rng.integers(216))
        dice = (x // 36 + 1, x // 6 % 6 + 1, x % 6 + 1)
        s = roll(v, bets, dice, picks, cur="XXX")[1]
        hit = dict(picks)
        for pos, b in zip(positions, s.bets, strict=True):
            i = hit.get(pos)
            want = plain[index[pos], x] if i is None else struck[index[pos], x, i]
            assert b.returned / b.stake == want


# -- invariants --------------------------------------------------------------------------------

dice3 = st.tuples(*(st.integers(1, 6) for _ in range(3)))


@given(dice3, st.sampled_from(["classic", "super", "mega"]), st.data())
def test_000_12_25_every_outcome_settles_every_bet_and_chips_are_conserved(dice, name, data):
    v = parse_unchecked("sicbo", name)
    struck = []
    if v.strikes is not None:
        el = list(ENGINE.eligible(v))
        n = data.draw(st.sampled_from(v.strikes.counts))
        for p in data.draw(st.permutations(el))[:n]:
            struck.append((p, data.draw(st.integers(0, len(v.strikes.table_for(p).values) - 1))))
    stakes = data.draw(st.lists(st.integers(10, 100_000), min_size=len(ALL_BETS), max_size=len(ALL_BETS)))
    bets = [BetRequest(b.code, s, b.target) for b, s in zip(ALL_BETS, stakes, strict=True)]
    state, s = roll(v, bets, dice, struck)
    assert [b.bet_id for b in s.bets] == list(range(len(bets)))
    assert s.total_stake == sum(stakes)
    hit = dict(struck)
    for b, req in zip(s.bets, bets, strict=True):
        ratio = ENGINE.position_return(v, (req.code, RULES.check_target(req.code, req.target)), dice,
                                       hit.get((req.code, RULES.check_target(req.code, req.target)), -1))
        assert b.returned == (b.stake * ratio.numerator) // ratio.denominator
        assert (b.outcome == "lose") == (b.returned == 0)
    # the house's side of the round and the players' side add up to the stakes
    assert s.total_stake - s.total_returned + sum(b.returned for b in s.bets) == sum(stakes)
    assert replay(ENGINE, v, state.events) == s


def test_000_12_25_a_finished_round_takes_no_more_dice():
    from croupier.errors import RoundFinished

    state, _ = roll(CLASSIC, [BetRequest("small", 100)], (1, 2, 3))
    with pytest.raises(RoundFinished):
        ENGINE.apply(state, DrawAction("die", 0))


@pytest.mark.parametrize(("change", "match"), [
    ({"count": [25, 26, 27, 28, 29]}, "no round where each may be left alone"),
    ({"count": [1, 1]}, "listed twice"),
    ({"count_weights": [1, 2]}, "5 integer weights"),
    ({"tables": {"triple": {"values": [2], "weights": [1]}}}, "no table for"),
    ({"tables": {"small": {"values": [2], "weights": [1]}}}, "not a struck bet"),
    ({"colour": "red"}, "unknown field"),
])
def test_000_12_25_strike_step_data_is_validated(change, match):
    data = read_data("sicbo", "super")
    data["strikes"] = dict(data["strikes"], **change)
    with pytest.raises(VariantError, match=match):
        parse_variant(RULES, data, "bad")


def test_000_12_25_a_variant_missing_part_of_a_bet_is_refused():
    data = read_data("sicbo", "classic")
    data["payouts"] = {k: v for k, v in data["payouts"].items() if k != "total_9"}
    with pytest.raises(VariantError, match="total_9"):
        parse_variant(RULES, data, "bad")


def test_000_12_25_the_dice_view_names_the_struck_positions():
    v = parse_unchecked("sicbo", "super")
    pos = ("total", (10,))
    state, _ = roll(v, [BetRequest("total", 100, (10,))], (3, 3, 4), [(pos, 0), (("pair", (2,)), 1)])
    result = next(e.data for e in state.events if e.type == "result")
    assert result["strikes"] == {"total_10": "x2 win", "pair_2": "x3 win"}
    view = GAME.display(v, result)
    assert view["kind"] == "dice" and view["dice"] == [3, 3, 4] and view["total"] == 10
    assert view["multipliers"] == {"total_10": "x2 win", "pair_2": "x3 win"}
    assert "total_10 (x2 win)" in view["headline"]
