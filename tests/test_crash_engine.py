"""The crash engine, rule by rule (000 §12.20 Crash, §12.26 Rocketon / Cash Show), AUTOBET's
worked example, and precise errors on bad input with nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    CroupierError,
    IllegalAction,
    InvalidSelection,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.crash.autobet import Autobet
from croupier.games.crash.engine import CRASH_ENGINE, ROCKETON_ENGINE, CrashEngine, CrashState
from croupier.games.registry import game, load_variant

from .crash_helpers import draw_for, shipped

CRASH = shipped("crash")
ROCKET = shipped("rocketon")


def run(engine: CrashEngine, variant: Any, bets: list[BetRequest], crash: int,
        *decisions: tuple[str, int, str]) -> CrashState:
    state = engine.start(variant, bets, "EUR")
    for name, bet, at in decisions:
        state = engine.apply(state, Decision(name, {"bet": bet, "at": at}))
    state = engine.apply(state, DrawAction("crash", draw_for(variant, crash)))
    assert state.crash == crash
    assert replay(engine, variant, state.events) == engine.settle(state)
    return state


def returned(state: CrashState) -> list[int]:
    return [b.returned for b in CRASH_ENGINE.settle(state).bets]


def test_draw_for_gives_each_crash_point() -> None:
    for k in (100, 101, 152, 200, 2123, CRASH.max_multiplier):
        state = CRASH_ENGINE.apply(CRASH_ENGINE.start(CRASH, [BetRequest("bet", 100)], "EUR"),
                                   DrawAction("crash", draw_for(CRASH, k)))
        assert state.crash == k


def test_000_12_20_3_cash_out_before_the_crash_wins_stake_times_the_multiplier() -> None:
    state = run(CRASH_ENGINE, CRASH, [BetRequest("bet", 1000)], 2123, ("cash_out", 0, "21.22"))
    assert returned(state) == [21220]


def test_000_12_20_4_no_cash_out_before_the_crash_loses() -> None:
    state = run(CRASH_ENGINE, CRASH, [BetRequest("bet", 1000), BetRequest("bet", 500, ("3.00",))], 299)
    assert returned(state) == [0, 0]
    assert [b.outcome for b in CRASH_ENGINE.settle(state).bets] == ["lose", "lose"]


def test_000_12_20_manual_cash_out_at_the_crash_point_is_after_the_crash() -> None:
    """A multiplier read before the crash time is below the crash point (docs/crash.md)."""
    state = run(CRASH_ENGINE, CRASH, [BetRequest("bet", 1000)], 152, ("cash_out", 0, "1.52"))
    assert returned(state) == [0]


def test_000_12_20_auto_cash_out_pays_exactly_the_target() -> None:
    """"target 2 -> paid at 2", whatever the crash point above it."""
    state = run(CRASH_ENGINE, CRASH, [BetRequest("bet", 1000, ("2",))], 5000)
    assert returned(state) == [2000]


def test_000_12_20_ambiguity_2_auto_cash_out_pays_when_the_crash_equals_the_target() -> None:
    assert returned(run(CRASH_ENGINE, CRASH, [BetRequest("bet", 1000, ("2.00",))], 200)) == [2000]
    assert returned(run(CRASH_ENGINE, CRASH, [BetRequest("bet", 1000, ("2.00",))], 199)) == [0]


def test_000_12_20_manual_cash_out_before_the_auto_target_takes_the_manual_odds() -> None:
    state = run(CRASH_ENGINE, CRASH, [BetRequest("bet", 1000, ("5.00",))], 800, ("cash_out", 0, "1.75"))
    assert returned(state) == [1750]


def test_000_12_20_auto_cash_out_cannot_be_changed_after_the_round_starts() -> None:
    state = CRASH_ENGINE.start(CRASH, [BetRequest("bet", 1000, ("2.00",))], "EUR")
    with pytest.raises(IllegalAction, match="cannot be changed after the round starts"):
        CRASH_ENGINE.apply(state, Decision("set_auto", {"bet": 0, "target": "3.00"}))


def test_000_12_20_an_instant_crash_at_1_00_pays_nobody() -> None:
    state = run(CRASH_ENGINE, CRASH, [BetRequest("bet", 1000, ("1.01",)), BetRequest("bet", 10)], 100,
                ("cash_out", 1, "1.00"))
    assert returned(state) == [0, 0]


def test_000_12_20_the_crash_point_is_capped_at_the_maximum_multiplier() -> None:
    state = run(CRASH_ENGINE, CRASH, [BetRequest("bet", 10, ("10000.00",))], CRASH.max_multiplier)
    assert returned(state) == [100000]
    with pytest.raises(InvalidSelection, match="above the maximum"):
        CRASH_ENGINE.start(CRASH, [BetRequest("bet", 10, ("10000.01",))], "EUR")


def test_000_12_26_3_exit_wins_stake_times_current_odds() -> None:
    state = run(ROCKETON_ENGINE, ROCKET, [BetRequest("bet", 1000)], 300, ("cash_out", 0, "2.99"))
    assert returned(state) == [2990]


def test_000_12_26_4_half_cash_out_pays_half_and_the_other_half_rides_to_the_exit() -> None:
    state = run(ROCKETON_ENGINE, ROCKET, [BetRequest("bet", 1000)], 500,
                ("half_cash_out", 0, "1.50"), ("cash_out", 0, "4.00"))
    assert returned(state) == [500 * 150 // 100 + 500 * 400 // 100]


def test_000_12_26_5_the_remaining_half_is_lost_if_the_explosion_comes_first() -> None:
    state = run(ROCKETON_ENGINE, ROCKET, [BetRequest("bet", 1000)], 180, ("half_cash_out", 0, "1.50"))
    assert returned(state) == [750]
    assert CRASH_ENGINE.settle(state).bets[0].outcome == "partial"


def test_000_12_26_ambiguity_2_autoexit_takes_the_remaining_half_at_the_same_target() -> None:
    state = run(ROCKETON_ENGINE, ROCKET, [BetRequest("bet", 1000, ("3.00",))], 450, ("half_cash_out", 0, "2.00"))
    assert returned(state) == [500 * 2 + 500 * 3]


def test_000_12_26_ambiguity_3_an_odd_stake_halves_down_and_the_odd_unit_rides() -> None:
    state = run(ROCKETON_ENGINE, ROCKET, [BetRequest("bet", 1001, ("3.00",))], 450, ("half_cash_out", 0, "1.99"))
    # 500 out at 1.99 (995.00 -> 995), 501 ride to 3.00 (1503)
    assert returned(state) == [500 * 199 // 100 + 501 * 3]
    state = run(ROCKETON_ENGINE, ROCKET, [BetRequest("bet", 15)], 450, ("half_cash_out", 0, "1.33"))
    assert returned(state) == [7 * 133 // 100]  # 9.31 -> 9: returns round down to the minor unit


def test_000_12_26_cash_show_is_declared_identical_to_rocketon() -> None:
    a, b = load_variant("rocketon", "standard"), load_variant("rocketon", "cash_show")
    assert (a.rtp, a.max_multiplier, a.half_cash_out, a.targets) == (b.rtp, b.max_multiplier, b.half_cash_out, b.targets)
    assert b.title == "Cash Show"


# -- bad input: precise errors, nothing changed ---------------------------------------------

def _refused(engine: CrashEngine, state: CrashState, decision: Decision, match: str) -> None:
    before = state
    with pytest.raises(IllegalAction, match=match):
        engine.apply(state, decision)
    assert state == before


def test_000_12_20_a_cash_out_twice_is_refused() -> None:
    state = CRASH_ENGINE.start(CRASH, [BetRequest("bet", 1000)], "EUR")
    state = CRASH_ENGINE.apply(state, Decision("cash_out", {"bet": 0, "at": "1.20"}))
    _refused(CRASH_ENGINE, state, Decision("cash_out", {"bet": 0, "at": "1.30"}), "already cashed out at x1.20")


def test_000_12_26_a_half_cash_out_twice_is_refused_once_per_round() -> None:
    state = ROCKETON_ENGINE.start(ROCKET, [BetRequest("bet", 1000)], "EUR")
    state = ROCKETON_ENGINE.apply(state, Decision("half_cash_out", {"bet": 0, "at": "1.20"}))
    _refused(ROCKETON_ENGINE, state, Decision("half_cash_out", {"bet": 0, "at": "1.40"}), "once per round")


def test_000_12_20_crash_has_no_half_cash_out() -> None:
    state = CRASH_ENGINE.start(CRASH, [BetRequest("bet", 1000)], "EUR")
    _refused(CRASH_ENGINE, state, Decision("half_cash_out", {"bet": 0, "at": "1.20"}), "no 50% cash-out")


def test_a_half_cash_out_of_one_minor_unit_is_refused() -> None:
    rocket = shipped("rocketon")
    state = ROCKETON_ENGINE.start(rocket, [BetRequest("bet", 1)], "AMD")
    _refused(ROCKETON_ENGINE, state, Decision("half_cash_out", {"bet": 0, "at": "1.20"}), "cannot be halved")


@pytest.mark.parametrize("target,match", [("1.00", "below the minimum 1.01"), ("0.50", "below the minimum"),
                                          ("2.005", "3 decimals"), ("1.011", "3 decimals"),
                                          (2.5, "not a number or a name"), ("abc", "not a multiplier")])
def test_000_12_20_an_auto_target_below_1_01_or_with_three_decimals_is_refused(target: object, match: str) -> None:
    with pytest.raises(InvalidSelection, match=match):
        CRASH_ENGINE.start(CRASH, [BetRequest("bet", 1000, (target,))], "EUR")  # type: ignore[arg-type]


def test_000_12_20_ambiguity_4_bets_outside_the_limits_or_codes_are_refused() -> None:
    with pytest.raises(StakeBelowMinimum):
        CRASH_ENGINE.start(CRASH, [BetRequest("bet", 9)], "EUR")
    with pytest.raises(StakeAboveMaximum):
        CRASH_ENGINE.start(CRASH, [BetRequest("bet", 100001)], "EUR")
    with pytest.raises(UnknownBetCode):
        CRASH_ENGINE.start(CRASH, [BetRequest("red", 100)], "EUR")
    with pytest.raises(CroupierError, match="no stake limits in USD"):
        CRASH_ENGINE.start(CRASH, [BetRequest("bet", 100)], "USD")
    with pytest.raises(InvalidSelection, match="at most one"):
        CRASH_ENGINE.start(CRASH, [BetRequest("bet", 100, ("2.00", "3.00"))], "EUR")


def test_timed_decisions_keep_time_order_and_the_auto_target_goes_first() -> None:
    state = CRASH_ENGINE.start(CRASH, [BetRequest("bet", 1000, ("2.00",)), BetRequest("bet", 1000)], "EUR")
    state = CRASH_ENGINE.apply(state, Decision("cash_out", {"bet": 1, "at": "1.80"}))
    _refused(CRASH_ENGINE, state, Decision("cash_out", {"bet": 0, "at": "1.70"}), "only rises")
    _refused(CRASH_ENGINE, state, Decision("cash_out", {"bet": 0, "at": "2.00"}), "auto cash-out at x2.00 takes it out")
    _refused(CRASH_ENGINE, state, Decision("cash_out", {"bet": 7, "at": "2.50"}), "no bet 7")
    _refused(CRASH_ENGINE, state, Decision("stand", {}), "unknown decision")
    done = CRASH_ENGINE.apply(state, DrawAction("crash", 0))
    with pytest.raises(RoundFinished, match="crashed at x1.00"):
        CRASH_ENGINE.apply(done, Decision("cash_out", {"bet": 0, "at": "1.90"}))


def test_timed_decisions_are_never_listed_as_player_choices() -> None:
    """A player never picks a cash-out multiplier: the server's clock does (docs/crash.md)."""
    state = ROCKETON_ENGINE.start(ROCKET, [BetRequest("bet", 1000)], "EUR")
    assert ROCKETON_ENGINE.legal_actions(state) == []
    assert ROCKETON_ENGINE.next_draw(state) is not None
    assert game("rocketon").engine is ROCKETON_ENGINE


# -- AUTOBET (000 §12.20 Auto mode) -----------------------------------------------------------

def test_000_12_20_autobet_worked_example_is_replayed() -> None:
    """Base 50, limit 500, auto cash-out 2, win: return to base, loss: double. Round 1 crashes at
    1.52 (lose, next 100), lose again (next 200), win (next 50); had the 200 lost, the next bet
    would be 400 and AUTOBET turns off, 50 + 100 + 200 + 400 = 750 > 500."""
    s = Autobet.begin(50, 500, 200, after_win="base", after_loss="double")
    stakes, crashes = [], [152, 130, 250]
    for crash in crashes:
        assert s.stake is not None
        stakes.append(s.stake)
        state = run(CRASH_ENGINE, CRASH, [BetRequest("bet", s.stake, ("2.00",))], crash)
        s = s.after(won=returned(state)[0] > 0)
    assert stakes == [50, 100, 200] and s.stake == 50 and s.total == 350
    alt = Autobet.begin(50, 500, 200, "base", "double").after(False).after(False).after(False)
    assert alt.stake is None and alt.stopped == "limit" and alt.total + alt.next_bet == 750


def test_000_12_20_autobet_default_target_is_1_01() -> None:
    assert CRASH.default_auto == 101 and CRASH.autobet and not ROCKET.autobet


def test_000_12_20_autobet_4_2_double_after_a_win() -> None:
    s = Autobet.begin(10, 100, 200, after_win="double", after_loss="base")
    s = s.after(True).after(True)
    assert s.stake == 40 and s.total == 30
    assert s.after(False).stake == 10


def test_000_12_20_autobet_ambiguity_3_stops_rather_than_caps_at_the_table_maximum() -> None:
    s = Autobet.begin(50, 10_000, 200, "base", "double", table_max=300).after(False).after(False).after(False)
    assert s.stake is None and s.stopped == "table maximum"


def test_000_12_20_autobet_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidSelection):
        Autobet.begin(50, 500, 200, after_win="triple")
    with pytest.raises(InvalidSelection):
        Autobet.begin(0, 500, 200)
    stopped = Autobet.begin(600, 500, 200)
    assert stopped.stake is None
    with pytest.raises(InvalidSelection, match="stopped"):
        stopped.after(True)


@settings(max_examples=150, deadline=None)
@given(stake=st.integers(1, 500_000), auto=st.one_of(st.none(), st.integers(101, 10_000)),
       half=st.one_of(st.none(), st.integers(100, 5_000)), out=st.one_of(st.none(), st.integers(100, 20_000)),
       u=st.integers(0, (1 << 52) - 1))
def test_property_a_round_returns_at_most_stake_times_the_cap_and_replays(
        stake: int, auto: int | None, half: int | None, out: int | None, u: int) -> None:
    """Whatever the decisions, a bet returns between 0 and stake x the cap, never more than the
    stake times its best exit, and its record replays to the same settlement."""
    from croupier.games.crash.multiplier import format_multiplier as fm

    bet = BetRequest("bet", stake, (fm(auto),) if auto else ())
    state = ROCKETON_ENGINE.start(ROCKET, [bet], "AMD")
    for name, at in (("half_cash_out", half), ("cash_out", out)):
        if at is None:
            continue
        try:
            state = ROCKETON_ENGINE.apply(state, Decision(name, {"bet": 0, "at": fm(at)}))
        except IllegalAction:
            pass
    state = ROCKETON_ENGINE.apply(state, DrawAction("crash", u))
    r = ROCKETON_ENGINE.settle(state).bets[0]
    assert 0 <= r.returned <= stake * ROCKET.max_multiplier // 100
    exits = [x for x in (auto, half, out) if x is not None]
    assert r.returned <= stake * max(exits, default=0) // 100
    assert replay(ROCKETON_ENGINE, ROCKET, state.events) == ROCKETON_ENGINE.settle(state)


def test_display_is_a_board_of_rows_the_web_renderer_reads() -> None:
    """kind "board": cells are rows of cells (web/js/renderers/board.js)."""
    from croupier.games.crash.describe import display

    view = display(CRASH, {"crash": "2.41"})
    assert view["kind"] == "board" and view["headline"] == "Crashed at x2.41"
    assert all(isinstance(row, list) for row in view["cells"]) and view["cells"][0][0]["value"] == "x2.41"


def test_000_12_26_manual_exit_or_half_before_the_autoexit_target_takes_the_manual_odds() -> None:
    """§12.26 Manual mode: "a manual exit or 50% cashout is still allowed before the target is
    reached; the manual odds then apply" - the half at 1.20, the rest at 1.80, autoexit 5.00 unused."""
    state = run(ROCKETON_ENGINE, ROCKET, [BetRequest("bet", 1000, ("5.00",))], 900,
                ("half_cash_out", 0, "1.20"), ("cash_out", 0, "1.80"))
    assert returned(state) == [500 * 120 // 100 + 500 * 180 // 100]
    with pytest.raises(IllegalAction, match="takes it out before"):  # the target came first
        run(ROCKETON_ENGINE, ROCKET, [BetRequest("bet", 1000, ("5.00",))], 900, ("half_cash_out", 0, "5.00"))


def test_000_12_26_autoexit_cannot_be_changed_after_the_round_starts() -> None:
    state = ROCKETON_ENGINE.start(ROCKET, [BetRequest("bet", 1000, ("2.00",))], "EUR")
    with pytest.raises(IllegalAction, match="cannot be changed after the round starts"):
        ROCKETON_ENGINE.apply(state, Decision("set_auto", {"bet": 0, "target": "3.00"}))
