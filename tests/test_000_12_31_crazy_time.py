"""Crazy Time (000 §12.31): every segment count and bet, the Top Slot, the four bonus games with
their rules (Cash Hunt picks, Pachinko DOUBLE and the 10,000x rule, Coin Flip, the bonus wheel's
flappers with DOUBLE / TRIPLE and the 20,000x rule), the exact RTP of every bet by two methods
(closed form and the engine walked over every draw), independence of the pick, the simulation,
replay, and bad input (a pick outside the board, by a bet not in the bonus, a second pick)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    IllegalAction,
    InvalidSelection,
    RoundFinished,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import BetRequest, Decision, DrawAction, play, replay
from croupier.games.registry import load_variant, read_data
from croupier.games.shows.crazy_time import ENGINE, parse_variant
from croupier.games.shows.crazy_time.exact import bet_distribution, exact
from croupier.games.shows.crazy_time.variant import DOUBLE, CrazyTimeVariant
from croupier.games.shows.exact_walk import bet_distribution as walked
from croupier.games.shows.exact_walk import close_at_once
from croupier.games.shows.showcore import AlreadyPicked, NoPickWindow, NotInBonus, PickOutsideBoard
from croupier.games.shows.showdata import Weighted
from croupier.rng import seeded
from tests.shows_helpers import assert_simulation_inside

V: CrazyTimeVariant = load_variant("crazy_time", "standard")

#: 000 §12.31 main wheel table: segment, count
ROWS = [("1", 21), ("2", 13), ("5", 7), ("10", 4), ("cash_hunt", 2), ("pachinko", 2),
        ("coin_flip", 4), ("crazy_time", 1)]


def start_of(w: Weighted[Any], value: Any) -> int:
    """The first draw index of ``value`` in a weighted table."""
    i = 0
    for v, wt in zip(w.values, w.weights, strict=True):
        if v == value:
            return i
        i += wt
    raise KeyError(value)


def seg(code: str, v: CrazyTimeVariant = V) -> int:
    return v.segments.index(code)


def spin(bets: list[BetRequest], segment: str, ts: tuple[str, int] | None = None,
         v: CrazyTimeVariant = V) -> Any:
    state = ENGINE.start(v, bets, "EUR")
    if ts is None:
        state = ENGINE.apply(state, DrawAction("top_slot_spot", start_of(v.top_slot_spots, "miss")))
    else:
        state = ENGINE.apply(state, DrawAction("top_slot_spot", start_of(v.top_slot_spots, ts[0])))
        state = ENGINE.apply(state, DrawAction("top_slot_multiplier", start_of(v.top_slot_multipliers, ts[1])))
    return ENGINE.apply(state, DrawAction("wheel", seg(segment, v)))


def feed(state: Any, kind: str, values: list[int]) -> Any:
    for x in values:
        state = ENGINE.apply(state, DrawAction(kind, x))
    return state


# -- the wheel and the bets -------------------------------------------------------------------


@pytest.mark.parametrize(("code", "count"), ROWS)
def test_000_12_31_main_wheel_segment_counts(code: str, count: int) -> None:
    assert V.count(code) == count
    assert V.segments.count(code) == count


def test_000_12_31_main_wheel_has_54_equal_segments_and_eight_bets() -> None:
    assert len(V.segments) == 54
    assert V.bet_codes == tuple(c for c, _ in ROWS)


@pytest.mark.parametrize("n", ["1", "2", "5", "10"])
def test_000_12_31_number_pays_its_odds_with_the_stake(n: str) -> None:
    s = spin([BetRequest(n, 1000)], n)
    assert ENGINE.settle(s).bets[0].returned == 1000 + int(n) * 1000  # 5: 5,000 win + stake


@pytest.mark.parametrize("n", ["1", "2", "5", "10"])
def test_000_12_31_top_slot_multiplies_a_number_payout(n: str) -> None:
    s = spin([BetRequest(n, 100)], n, ts=(n, 7))
    assert ENGINE.settle(s).bets[0].returned == 100 + int(n) * 7 * 100


def test_000_12_31_top_slot_on_another_spot_does_not_apply() -> None:
    s = spin([BetRequest("2", 100)], "2", ts=("5", 50))
    assert ENGINE.settle(s).bets[0].returned == 300


def test_000_12_31_a_bet_on_another_segment_loses_and_an_unplayed_bonus_is_skipped() -> None:
    s = spin([BetRequest("1", 100)], "cash_hunt")
    assert ENGINE.is_finished(s) and ENGINE.settle(s).bets[0].returned == 0


# -- Cash Hunt --------------------------------------------------------------------------------


def test_000_12_31_cash_hunt_wall_has_108_multipliers() -> None:
    assert len(V.wall) == 108


def test_000_12_31_cash_hunt_pick_wins_bet_times_that_cell_times_top_slot() -> None:
    s = spin([BetRequest("cash_hunt", 100), BetRequest("1", 100)], "cash_hunt", ts=("cash_hunt", 2))
    assert ENGINE.next_draw(s) is None
    s = ENGINE.apply(s, Decision("pick", {"bet": 0, "cell": 17}))
    s = ENGINE.apply(s, DrawAction("cash_hunt_cell", 107))       # the picked cell first: the largest value
    s = feed(s, "cash_hunt_cell", [0] * 107)
    out = ENGINE.settle(s)
    assert out.bets[0].returned == 100 + 100 * 2 * max(V.wall)
    assert s.events[-2].data["cash_hunt"]["wall"][17] == 2 * max(V.wall)
    assert sorted(s.events[-2].data["cash_hunt"]["wall"]) == sorted(2 * x for x in V.wall)


def test_000_12_31_cash_hunt_no_decision_is_a_random_spot() -> None:
    s = spin([BetRequest("cash_hunt", 100)], "cash_hunt")
    s = ENGINE.apply(s, ENGINE.default_decision(s))
    assert ENGINE.next_draw(s).kind == "cash_hunt_auto_pick"
    s = ENGINE.apply(s, DrawAction("cash_hunt_auto_pick", 55))
    assert s.stage.window.choices == ((0, 55),)


def test_000_12_31_cash_hunt_bad_picks_are_refused_and_nothing_changes() -> None:
    s = spin([BetRequest("cash_hunt", 100), BetRequest("2", 100), BetRequest("cash_hunt", 50)],
             "cash_hunt")
    with pytest.raises(PickOutsideBoard, match="cells 0 to 107"):
        ENGINE.apply(s, Decision("pick", {"bet": 0, "cell": 108}))
    with pytest.raises(PickOutsideBoard):
        ENGINE.apply(s, Decision("pick", {"bet": 0, "cell": "7"}))
    with pytest.raises(NotInBonus, match="not a cash_hunt bet"):
        ENGINE.apply(s, Decision("pick", {"bet": 1, "cell": 3}))
    with pytest.raises(InvalidSelection):
        ENGINE.apply(s, Decision("pick", {"cell": 3}))
    s2 = ENGINE.apply(s, Decision("pick", {"bet": 0, "cell": 3}))
    with pytest.raises(AlreadyPicked, match="already picked"):
        ENGINE.apply(s2, Decision("pick", {"bet": 0, "cell": 4}))
    assert s2.stage.window.choices == ((0, 3),)
    done = ENGINE.apply(s2, Decision("pick", {"bet": 2, "cell": 3}))  # two bets may aim at one cell
    with pytest.raises(NoPickWindow):
        ENGINE.apply(done, Decision("pick", {"bet": 2, "cell": 5}))


def test_000_12_31_a_pick_with_no_bonus_is_refused() -> None:
    s = spin([BetRequest("cash_hunt", 100)], "1")
    with pytest.raises(RoundFinished):
        ENGINE.apply(s, Decision("pick", {"bet": 0, "cell": 1}))
    s = ENGINE.start(V, [BetRequest("cash_hunt", 100)], "EUR")
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, Decision("pick", {"bet": 0, "cell": 1}))


def test_000_12_31_cash_hunt_rtp_is_the_same_for_every_pick() -> None:
    want = bet_distribution(V, "cash_hunt")
    for cell in (0, 1, 53, 106, 107):
        def rule(state: Any, legal: list[Decision], cell: int = cell) -> Decision:
            return Decision("pick", {"bet": 0, "cell": cell})
        assert walked(ENGINE, V, "cash_hunt", rule) == want


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 10**6), min_size=107, max_size=107), st.integers(0, 107))
def test_000_12_31_cash_hunt_return_is_fixed_once_the_picked_cell_is_revealed(rest: list[int], cell: int) -> None:
    s = spin([BetRequest("cash_hunt", 10)], "cash_hunt")
    s = ENGINE.apply(s, Decision("pick", {"bet": 0, "cell": cell}))
    s = ENGINE.apply(s, DrawAction("cash_hunt_cell", 40))
    assert ENGINE.determined(s)
    for r in rest:
        s = ENGINE.apply(s, DrawAction("cash_hunt_cell", r % ENGINE.next_draw(s).n))
    assert ENGINE.settle(s).bets[0].returned == 10 + 10 * sorted(V.wall)[40]


# -- Pachinko ---------------------------------------------------------------------------------


def test_000_12_31_pachinko_has_16_slots_and_drops_from_zones_4_to_12() -> None:
    assert all(len(b.slots) == 16 for b in V.pachinko_layouts)
    assert V.pachinko_zones == tuple(range(4, 13))


def drop(s: Any, zone: int, rights: int) -> Any:
    s = ENGINE.apply(s, DrawAction("pachinko_zone", V.pachinko_zones.index(zone)))
    return feed(s, "pachinko_peg", [1] * rights + [0] * (V.pachinko_pegs - rights))


def test_000_12_31_pachinko_double_doubles_and_drops_again() -> None:
    s = spin([BetRequest("pachinko", 100)], "pachinko", ts=("pachinko", 3))
    s = ENGINE.apply(s, DrawAction("pachinko_board", 0))
    slots = V.pachinko_layouts[0].slots
    assert slots[0] == DOUBLE
    s = drop(s, 4, 0)                      # slot 0: DOUBLE
    assert not ENGINE.is_finished(s) and s.stage.factor == 2
    s = drop(s, 4, 1)                      # slot 1
    assert ENGINE.settle(s).bets[0].returned == 100 + 100 * slots[1] * 3 * 2


def test_000_12_31_pachinko_10000x_rule_double_becomes_10000() -> None:
    s = spin([BetRequest("pachinko", 10)], "pachinko", ts=("pachinko", 50))
    s = ENGINE.apply(s, DrawAction("pachinko_board", 0))
    lowest = min(c for c in V.pachinko_layouts[0].slots if isinstance(c, int))
    doubles = 0
    while lowest * 50 * 2**doubles < 10000:
        s = drop(s, 4, 0)
        doubles += 1
    assert s.stage.factor == 2**doubles and not ENGINE.is_finished(s)
    s = drop(s, 4, 0)                      # DOUBLE once every multiplier is at 10,000x
    assert ENGINE.settle(s).bets[0].returned == 10 + 10 * 10000


def test_000_12_31_pachinko_multipliers_are_capped_at_10000() -> None:
    s = spin([BetRequest("pachinko", 10)], "pachinko", ts=("pachinko", 50))
    s = ENGINE.apply(s, DrawAction("pachinko_board", 0))
    s = drop(s, 4, 0)
    s = drop(s, 4, 0)
    s = drop(s, 4, 0)                      # factor 8: 50 * 50 * 8 > 10,000
    s = drop(s, 4, 1)
    assert ENGINE.settle(s).bets[0].returned == 10 + 10 * 10000


# -- Coin Flip --------------------------------------------------------------------------------


def test_000_12_31_coin_flip_pays_the_side_facing_up_times_top_slot() -> None:
    s = spin([BetRequest("coin_flip", 100)], "coin_flip", ts=("coin_flip", 2))
    s = ENGINE.apply(s, DrawAction("coin_red", start_of(V.coin_red, 3)))
    s = ENGINE.apply(s, DrawAction("coin_blue", start_of(V.coin_blue, 20)))
    up_blue = ENGINE.apply(s, DrawAction("coin_flip", 1))
    up_red = ENGINE.apply(s, DrawAction("coin_flip", 0))
    assert ENGINE.settle(up_blue).bets[0].returned == 100 + 100 * 40
    assert ENGINE.settle(up_red).bets[0].returned == 100 + 100 * 6


# -- the Crazy Time bonus ---------------------------------------------------------------------


def test_000_12_31_crazy_time_wheel_has_64_segments_and_three_flappers() -> None:
    assert len(V.bonus_wheel) == 64 and len(V.flapper_offsets) == 3


def test_000_12_31_crazy_time_each_flapper_pays_its_segment() -> None:
    bets = [BetRequest("crazy_time", 100), BetRequest("crazy_time", 100), BetRequest("crazy_time", 100)]
    s = spin(bets, "crazy_time")
    for i, f in enumerate(("green", "blue", "yellow")):
        s = ENGINE.apply(s, Decision("flapper", {"bet": i, "flapper": f}))
    s = ENGINE.apply(s, DrawAction("crazy_time_wheel", 0))
    got = [b.returned for b in ENGINE.settle(s).bets]
    want = [100 + 100 * V.bonus_wheel[o] for o in V.flapper_offsets]
    assert got == want


def test_000_12_31_crazy_time_double_spins_again_for_that_flapper_only() -> None:
    d = V.bonus_wheel.index(DOUBLE)
    bets = [BetRequest("crazy_time", 100), BetRequest("crazy_time", 100)]
    s = spin(bets, "crazy_time")
    s = ENGINE.apply(s, Decision("flapper", {"bet": 0, "flapper": "green"}))
    s = ENGINE.apply(s, Decision("flapper", {"bet": 1, "flapper": "blue"}))
    s = ENGINE.apply(s, DrawAction("crazy_time_wheel", d))     # green on DOUBLE, blue on a value
    assert not ENGINE.is_finished(s) and s.stage.factors[0] == 2
    s = ENGINE.apply(s, DrawAction("crazy_time_wheel", 0))
    out = ENGINE.settle(s).bets
    assert out[0].returned == 100 + 100 * 2 * V.bonus_wheel[0]
    assert out[1].returned == 100 + 100 * V.bonus_wheel[(d + V.flapper_offsets[1]) % 64]


def test_000_12_31_crazy_time_triple_and_the_20000x_rule() -> None:
    t = V.bonus_wheel.index("TRIPLE")
    s = spin([BetRequest("crazy_time", 10)], "crazy_time", ts=("crazy_time", 50))
    s = ENGINE.apply(s, Decision("flapper", {"bet": 0, "flapper": "green"}))
    lowest = min(c for c in V.bonus_wheel if isinstance(c, int))
    f = 1
    while lowest * 50 * f < 20000:
        s = ENGINE.apply(s, DrawAction("crazy_time_wheel", t))
        f *= 3
        assert s.stage.factors[0] == f
    s = ENGINE.apply(s, DrawAction("crazy_time_wheel", t))       # TRIPLE now pays 20,000x
    assert ENGINE.settle(s).bets[0].returned == 10 + 10 * 20000


def test_000_12_31_crazy_time_bad_flapper_and_timeout() -> None:
    s = spin([BetRequest("crazy_time", 100), BetRequest("10", 100)], "crazy_time")
    with pytest.raises(PickOutsideBoard, match="green, blue, yellow"):
        ENGINE.apply(s, Decision("flapper", {"bet": 0, "flapper": "red"}))
    with pytest.raises(NotInBonus):
        ENGINE.apply(s, Decision("flapper", {"bet": 1, "flapper": "green"}))
    with pytest.raises(IllegalAction):
        ENGINE.apply(s, Decision("pick", {"bet": 0, "cell": 1}))
    s = ENGINE.apply(s, ENGINE.default_decision(s))
    assert ENGINE.next_draw(s).kind == "crazy_time_auto_flapper"


@pytest.mark.parametrize("flapper", ["green", "blue", "yellow"])
def test_000_12_31_crazy_time_rtp_is_the_same_for_every_flapper(flapper: str) -> None:
    def rule(state: Any, legal: list[Decision]) -> Decision:
        return Decision("flapper", {"bet": 0, "flapper": flapper})
    assert walked(ENGINE, V, "crazy_time", rule) == bet_distribution(V, "crazy_time")


# -- exact RTP, two methods -------------------------------------------------------------------


@pytest.mark.parametrize("code", [c for c, _ in ROWS])
def test_000_12_31_exact_rtp_closed_form_equals_the_engine_walked(code: str) -> None:
    assert walked(ENGINE, V, code, close_at_once) == bet_distribution(V, code)


def test_000_12_31_walker_memo_agrees_with_the_plain_tree_on_a_small_top_slot() -> None:
    small = replace(V, top_slot_spots=Weighted(("coin_flip", "1", "miss"), (1, 1, 1)),
                    top_slot_multipliers=Weighted((2, 5), (1, 1)),
                    coin_red=Weighted((2, 3), (1, 1)), coin_blue=Weighted((5, 10), (2, 1)))
    for code in ("1", "coin_flip"):
        plain = walked(ENGINE, small, code, close_at_once, memo=False)
        assert plain == walked(ENGINE, small, code, close_at_once) == bet_distribution(small, code)


def test_000_12_31_every_bet_returns_94_to_97_percent() -> None:
    for r in exact(V):
        assert Fraction(94, 100) <= r.rtp <= Fraction(97, 100), (r.bet, float(r.rtp))


def test_000_12_31_simulation_agrees_with_the_exact_rtp() -> None:
    assert_simulation_inside("crazy_time", V, rounds=400_000, seed=11)


# -- rounds, replay, invariants ---------------------------------------------------------------


def pick_first(state: Any, legal: list[Decision]) -> Decision:
    return legal[0]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_000_12_31_every_round_settles_every_bet_and_replays(seed: int, decide: bool) -> None:
    bets = [BetRequest(c, 100) for c, _ in ROWS] + [BetRequest("cash_hunt", 300), BetRequest("crazy_time", 200)]
    state, out = play(ENGINE, V, bets, "EUR", seeded(seed), pick_first if decide else close_at_once)
    assert len(out.bets) == len(bets)
    assert all(b.returned >= 0 for b in out.bets)
    assert sum(b.returned > 0 for b in out.bets) >= 1
    assert replay(ENGINE, V, state.events) == out


def test_000_12_31_bad_bets_are_refused() -> None:
    with pytest.raises(UnknownBetCode):
        ENGINE.start(V, [BetRequest("20", 100)], "EUR")
    with pytest.raises(InvalidSelection):
        ENGINE.start(V, [BetRequest("1", 100, (3,))], "EUR")
    with pytest.raises(IllegalAction):
        ENGINE.apply(ENGINE.start(V, [BetRequest("1", 100)], "EUR"), DrawAction("wheel", 3))


def test_000_12_31_variant_validation() -> None:
    data = read_data("crazy_time", "standard")
    bad = dict(data, wheel={**data["wheel"], "1": 22})
    with pytest.raises(VariantError, match="54 segments"):
        parse_variant(bad, "bad")
    bad = dict(data, cash_hunt={"wall": [[5, 107]]})
    with pytest.raises(VariantError, match="108"):
        parse_variant(bad, "bad")


def test_000_12_31_a_crazy_time_shared_table_is_accepted_now_its_decision_window_exists() -> None:
    from croupier.platform.config import TableConfig

    # issue 18 part 4: the bonus decision window runs at a shared table (test_000_12_31_show_table.py)
    assert TableConfig("ct-eur", "Crazy Time", "crazy_time", "standard", "EUR").game == "crazy_time"
