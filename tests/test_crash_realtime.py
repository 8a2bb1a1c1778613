"""Real-time crash rounds as pure functions of the server's clock (000 §12.20 flow, "Connection
and server rules"; §12.26): betting and running phases, cash-outs judged by receive time at one
serialisation point, auto cash-outs by the server, settlement from the record after a restart."""

from __future__ import annotations

import pytest

from croupier.errors import IllegalAction, InvalidSelection, RoundFinished
from croupier.games.base import BetRequest
from croupier.games.crash import realtime as rt
from croupier.games.crash.engine import CRASH_ENGINE, ROCKETON_ENGINE
from croupier.games.crash.multiplier import format_multiplier

from .crash_helpers import draw_for, shipped

CRASH = shipped("crash")
ROCKET = shipped("rocketon")


def running(crash: int, *bets: tuple[str, BetRequest], game: str = "crash") -> rt.LiveRound:
    v = CRASH if game == "crash" else ROCKET
    engine = CRASH_ENGINE if game == "crash" else ROCKETON_ENGINE
    r = rt.open_round(engine, v, "EUR", 1, draw_for(v, crash), now=0)
    for player, bet in bets:
        r, _ = rt.place(r, player, bet, now=100)
    return rt.start(r, now=v.betting_ms)


def test_curve_time_of_is_the_first_millisecond_reading_the_multiplier() -> None:
    c = rt.curve_of(CRASH)
    for k in (100, 101, 152, 200, 2123, 99_999, CRASH.max_multiplier):
        t = c.time_of(k)
        assert c.hundredths_at(t) >= k and (t == 0 or c.hundredths_at(t - 1) < k)
    assert c.time_of(200) == pytest.approx(1000 * 0.6931471805599453 / 0.06, abs=1)


def test_000_12_20_a_cash_out_received_before_the_crash_time_is_paid_at_that_moment() -> None:
    r = running(250, ("ann", BetRequest("bet", 1000)))
    assert r.started is not None and r.crash_ms is not None
    now = r.crash_ms - 1
    r = rt.cash_out(r, "ann", 0, now)
    at = r.multiplier_at(now)
    assert at == 249  # the last reading before the crash point
    r = rt.advance(r, r.crash_ms)
    assert r.phase == rt.CRASHED and rt.settlement(r).bets[0].returned == 1000 * at // 100


def test_000_12_20_a_cash_out_arriving_at_or_after_the_crash_loses_whatever_the_client_reads() -> None:
    r = running(250, ("ann", BetRequest("bet", 1000)))
    assert r.crash_ms is not None
    with pytest.raises(RoundFinished, match="crashed at x2.50 before the cash-out arrived"):
        rt.cash_out(r, "ann", 0, r.crash_ms)
    r = rt.advance(r, r.crash_ms + 5)
    assert rt.settlement(r).bets[0].returned == 0


def test_000_12_20_auto_cash_out_runs_on_the_server_connected_or_not() -> None:
    r = running(500, ("ann", BetRequest("bet", 1000, ("2.00",))), ("bob", BetRequest("bet", 1000, ("7.00",))))
    assert r.started is not None and r.crash_ms is not None
    t2 = r.started + rt.curve_of(CRASH).time_of(200)
    assert rt.auto_due(r, t2 - 1) == [] and rt.auto_due(r, t2) == [(0, 200)]
    r = rt.advance(r, r.crash_ms)  # no message from either player
    assert [b.returned for b in rt.settlement(r).bets] == [2000, 0]


def test_000_12_20_flow_1_a_bet_in_the_running_phase_is_refused_or_queued_for_the_next_round() -> None:
    r = running(300, ("ann", BetRequest("bet", 1000)))
    with pytest.raises(rt.BetsClosed, match="bets are closed"):
        rt.place(r, "bob", BetRequest("bet", 500), now=CRASH.betting_ms + 10)
    r2, bet_id = rt.place(r, "bob", BetRequest("bet", 500), now=CRASH.betting_ms + 10, next_round=True)
    assert bet_id is None and r2.queued == (("bob", BetRequest("bet", 500)),) and r2.bets == r.bets
    nxt = rt.open_round(CRASH_ENGINE, CRASH, "EUR", 2, 0, now=99_000, queued=r2.queued)
    assert nxt.bets == r2.queued


def test_000_12_20_auto_target_changes_in_the_betting_phase_only() -> None:
    r = rt.open_round(CRASH_ENGINE, CRASH, "EUR", 1, draw_for(CRASH, 400), now=0)
    r, i = rt.place(r, "ann", BetRequest("bet", 1000, ("2.00",)), now=1)
    assert i == 0
    r = rt.set_auto(r, "ann", 0, "3.00", now=2)
    with pytest.raises(InvalidSelection, match="below the minimum"):
        rt.set_auto(r, "ann", 0, "1.00", now=3)
    with pytest.raises(IllegalAction, match="not yours"):
        rt.set_auto(r, "bob", 0, "2.50", now=3)
    r = rt.start(r, now=CRASH.betting_ms)
    with pytest.raises(rt.BetsClosed, match="cannot be changed after the round starts"):
        rt.set_auto(r, "ann", 0, "2.50", now=CRASH.betting_ms + 1)
    assert r.crash_ms is not None
    r = rt.advance(r, r.crash_ms)
    assert rt.settlement(r).bets[0].returned == 3000


def test_race_500_simultaneous_cash_outs_each_settle_exactly_once() -> None:
    players = [(f"p{i}", BetRequest("bet", 100 + i)) for i in range(500)]
    r = running(900, *players)
    assert r.started is not None and r.crash_ms is not None
    now = r.started + rt.curve_of(CRASH).time_of(300)  # all arrive in the same millisecond
    for i in range(500):
        r = rt.cash_out(r, f"p{i}", i, now)
    for i in (0, 250, 499):  # a repeated request is refused, nothing changes
        with pytest.raises(IllegalAction, match="already cashed out"):
            rt.cash_out(r, f"p{i}", i, now + 1)
    r = rt.advance(r, r.crash_ms)
    at = r.multiplier_at(now)
    results = rt.settlement(r).bets
    assert len(results) == 500 and [b.returned for b in results] == [(100 + i) * at // 100 for i in range(500)]


def test_000_12_26_half_cash_out_in_real_time_then_autoexit_on_the_rest() -> None:
    r = running(600, ("ann", BetRequest("bet", 1001, ("4.00",))), game="rocketon")
    assert r.started is not None and r.crash_ms is not None
    t = r.started + rt.curve_of(ROCKET).time_of(150)
    r = rt.cash_out(r, "ann", 0, t, half=True)
    with pytest.raises(IllegalAction, match="once per round"):
        rt.cash_out(r, "ann", 0, t + 100, half=True)
    r = rt.advance(r, r.crash_ms)
    assert rt.settlement(r).bets[0].returned == 500 * 150 // 100 + 501 * 4


def test_restart_settles_from_the_stored_draw_and_cash_outs_only() -> None:
    r = running(320, ("ann", BetRequest("bet", 1000)), ("bob", BetRequest("bet", 1000, ("3.00",))),
                ("cat", BetRequest("bet", 1000)))
    assert r.started is not None and r.state is not None
    r = rt.cash_out(r, "ann", 0, r.started + 5000)
    stored_events, stored_draw = r.state.events, r.draw  # what the store holds mid-round
    after = rt.settle_from_record(CRASH_ENGINE, CRASH, stored_events, stored_draw)
    assert r.crash_ms is not None
    assert after == rt.settlement(rt.advance(r, r.crash_ms))
    assert [b.returned for b in after.bets] == [1000 * r.multiplier_at(r.started + 5000) // 100, 3000, 0]


def test_an_instant_crash_refuses_every_cash_out() -> None:
    r = running(100, ("ann", BetRequest("bet", 1000)))
    assert r.crash_ms == r.started
    with pytest.raises(RoundFinished, match=format_multiplier(100)):
        rt.cash_out(r, "ann", 0, r.crash_ms)


@pytest.mark.parametrize("game", ["crash", "rocketon"])
def test_000_12_20_2_and_12_26_2_the_multiplier_rises_from_1_00_on_the_server_clock_until_the_crash(game: str) -> None:
    """Flow 2 (both games): from the start the multiplier grows from 1.00, never falling, as a
    function of the server's time, and reads the crash point at the crash time."""
    r = running(537, ("ann", BetRequest("bet", 1000)), game=game)
    assert r.started is not None and r.crash_ms is not None
    readings = [r.multiplier_at(t) for t in range(r.started, r.crash_ms + 1, 7)]
    assert readings[0] == 100 and readings == sorted(readings)
    assert r.multiplier_at(r.crash_ms) == 537 and r.multiplier_at(r.crash_ms - 1) < 537


def test_000_12_26_1_a_player_who_misses_the_start_bets_on_the_next_round() -> None:
    r = running(300, ("ann", BetRequest("bet", 1000)), game="rocketon")
    with pytest.raises(rt.BetsClosed):
        rt.place(r, "bob", BetRequest("bet", 500), now=ROCKET.betting_ms + 10)
    r2, _ = rt.place(r, "bob", BetRequest("bet", 500), now=ROCKET.betting_ms + 10, next_round=True)
    nxt = rt.open_round(ROCKETON_ENGINE, ROCKET, "EUR", 2, 0, now=99_000, queued=r2.queued)
    assert nxt.bets == (("bob", BetRequest("bet", 500)),)
