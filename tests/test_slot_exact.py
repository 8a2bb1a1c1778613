"""Exact slot maths: the reel-by-reel sums, the full cycle and a brute force through the engine
agree; free spins by the retrigger recursion; the gamble; the shipped slots' RTP (001 §3.3)."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import VariantError
from croupier.games.admission import floor_for
from croupier.games.base import BetRequest, DrawAction
from croupier.games.slots.cycle import cycles, round_moments
from croupier.games.slots.engine import ENGINE
from croupier.games.slots.exact import exact, gamble_rtps, slot_rtp, spin_return
from croupier.games.slots.gamble import move_distribution
from croupier.games.slots.variant import parse_variant
from tests.slot_helpers import slot, small_slot


def _engine_spin_returns(v, free):  # type: ignore[no-untyped-def]
    """Every stop combination of a strip set, paid by the engine: (return per total bet, scatters)."""
    strips = v.strips(free)
    units = len(v.lines) if v.mode == "lines" else v.bet_multiplier
    out = []
    for stops in itertools.product(*(range(len(s)) for s in strips)):
        state = ENGINE.start(v, [BetRequest("spin", units, ())], "XXX")
        if free:  # play the spin as a free spin: the engine's own free-spin path
            state = state._replace(in_free=True, free_left=1)
        for s in stops:
            state = ENGINE.apply(state, DrawAction("reel", s))
        spin_ev = [e.data for e in state.events if e.type == "spin"][-1]
        out.append((Fraction(spin_ev["win"], units * (v.free_spins.multiplier if free and v.free_spins else 1)),
                    spin_ev["scatters"]))
    return out


@pytest.mark.parametrize("mode", ["lines", "ways"])
def test_reel_by_reel_sums_equal_a_brute_force_full_cycle_through_the_engine(mode: str) -> None:
    v = small_slot(mode)
    for free in (False, True):
        brute = _engine_spin_returns(v, free)
        n = len(brute)
        lines, scatter, dist = spin_return(v, v.strips(free))
        assert lines + scatter == sum(r for r, _ in brute) / n
        for k, p in dist.items():
            assert p == Fraction(sum(1 for _, kk in brute if kk == k), n)


@pytest.mark.parametrize("mode", ["lines", "ways"])
def test_full_cycle_equals_the_brute_force_distribution(mode: str) -> None:
    v = small_slot(mode)
    base, free = cycles(v)
    brute = _engine_spin_returns(v, False)
    hist: dict[Fraction, int] = {}
    for r, _ in brute:
        hist[r] = hist.get(r, 0) + 1
    assert {Fraction(w, base.units): c for w, c in base.hist.items()} == hist
    assert base.combinations == prod(len(s) for s in v.reels)


def test_001_6_4_3_free_spins_solve_the_retrigger_recursion() -> None:
    """E[series] = n0 E[X] / (1 - E[A]); checked against summing the series spin by spin
    (E[spins after t generations] = n0 E[A]^t) far enough that the tail is below 2^-60."""
    v = small_slot("lines")
    r = slot_rtp(v)
    fs = v.free_spins
    assert fs is not None
    brute_free = _engine_spin_returns(v, True)
    n = len(brute_free)
    ex = fs.multiplier * sum((x for x, _ in brute_free), Fraction(0)) / n
    ea = sum((Fraction(fs.retriggers[k]) for _, k in brute_free), Fraction(0)) / n
    assert (r.free_spin_return, r.retrigger_mean) == (ex, ea)
    partial, spins = Fraction(0), r.expected_awarded
    while spins * ex > Fraction(1, 2**60):
        partial += spins * ex
        spins *= ea
    assert abs(float(r.free_spins - partial)) < 1e-15
    assert r.free_spins > partial  # the closed form is the limit of the partial sums


def test_endless_retriggers_are_refused() -> None:
    v = small_slot("lines")
    data = {
        "title": "t", "source": "t", "theme": "t", "rows": 2,
        "symbols": {"S": {"name": "S", "role": "scatter"}, "A": {"name": "A", "role": "theme"}},
        "reels": ["S S A", "S S A", "S S A"], "lines": [[0, 0, 0]], "paytable": {"A": [0, 0, 5]},
        "free_spins": {"awards": [0, 0, 0, 5], "retriggers": [0, 0, 0, 5], "multiplier": 1},
        "bet": {"steps": {"EUR": [1]}},
    }
    assert v is not None
    with pytest.raises(VariantError, match="never end"):
        slot_rtp(parse_variant(data, "endless"))


@pytest.mark.parametrize("name", ["classic_fruit", "amber_caravan", "aurora_fjord"])
def test_001_3_3_each_slot_returns_94_to_97_percent_by_two_exact_methods(name: str) -> None:
    v = slot(name)
    r = slot_rtp(v)
    assert floor_for("slot") <= r.total <= Fraction(97, 100)
    assert round_moments(v).rtp == r.total  # the full cycle and the recursion's moments agree


def test_001_6_7_gamble_moves_are_fair_and_equal_ranks_decide_the_higher_card() -> None:
    # closed forms: a fair colour (1/2 x 2), suit (1/4 x 4); higher card from the 51 other cards:
    # P(higher) = P(lower) = (1 - 3/51) / 2, P(equal rank) = 3/51
    p_eq = Fraction(3, 51)
    p_hi = (1 - p_eq) / 2
    assert sum(f * p for f, p in move_distribution("colour", "red", "push").items()) == 1
    assert sum(f * p for f, p in move_distribution("suit", "spades", "push").items()) == 1
    assert sum(f * p for f, p in move_distribution("higher", "higher", "push").items()) == 2 * p_hi + p_eq
    assert sum(f * p for f, p in move_distribution("higher", "higher", "lose").items()) == 2 * p_hi
    rows = {m: rtp for m, rtp, _ in gamble_rtps(slot("amber_caravan"))}
    assert rows == {"colour": 1, "suit": 1, "higher": 1}


def test_exact_rows_are_the_spin_and_one_per_gamble_mode() -> None:
    rows = exact(slot("amber_caravan"))
    assert [r.bet for r in rows] == ["spin", "gamble_colour", "gamble_suit", "gamble_higher"]
    assert rows[0].rtp == slot_rtp(slot("amber_caravan")).total
    assert rows[0].variance == round_moments(slot("amber_caravan")).variance


@st.composite
def small_slots(draw: st.DrawFn) -> object:
    """Random 3-reel slots: strips of Wild, Scatter and three symbols, lines or ways."""
    codes = ["W", "S", "A", "B", "C"]
    mode = draw(st.sampled_from(["lines", "ways"]))
    strips = [" ".join(draw(st.lists(st.sampled_from(codes), min_size=3, max_size=7)))
              for _ in range(3)]
    pays = {c: draw(st.lists(st.integers(0, 50), min_size=3, max_size=3)) for c in "ABC"}
    data: dict[str, object] = {
        "title": "t", "source": "t", "theme": "t", "rows": draw(st.integers(1, 3)), "mode": mode,
        "symbols": {"W": {"name": "W", "role": "wild"}, "S": {"name": "S", "role": "scatter"},
                    "A": {"name": "A", "role": "theme"}, "B": {"name": "B", "role": "card"},
                    "C": {"name": "C", "role": "card"}},
        "reels": strips, "paytable": {**pays, "A": [*pays["A"][:2], pays["A"][2] + 1]},
        "scatter": {"pays": draw(st.lists(st.integers(0, 9), min_size=0, max_size=4))},
        "bet": {"steps": {"EUR": [1]}},
    }
    if mode == "lines":
        data["lines"] = [[0, 0, 0]] + ([[0, 1, 0]] if data["rows"] != 1 else [])  # type: ignore[operator]
        data["paytable"]["W"] = draw(st.lists(st.integers(0, 60), min_size=3, max_size=3))  # type: ignore[index]
    else:
        data["bet_multiplier"] = draw(st.integers(1, 5))
    return parse_variant(data, "random")


@settings(max_examples=40, deadline=None)
@given(v=small_slots())
def test_property_reel_by_reel_and_full_cycle_agree_on_any_slot(v: object) -> None:
    lines, scatter, dist = spin_return(v, v.reels)  # type: ignore[attr-defined]
    base, _ = cycles(v)  # type: ignore[arg-type]
    assert lines + scatter == base.moment(1)
    assert {k: p for k, p in dist.items() if p} == {k: base.p(k) for k in base.kstats}
