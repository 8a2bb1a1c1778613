"""Play-time limits (001 §10.2) and the reality check after 60 minutes of continuous play
(001 §10.3)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from croupier.platform.protection import activity, limits
from croupier.platform.protection.errors import PlayTimeLimitReached
from croupier.platform.service import Platform
from croupier.store.models import Player
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import FakeClock, cash, every_straight, player


def spin(p: Platform, pl: Player) -> None:
    """One single-player round returning exactly 3.60 for 3.70 (every pocket covered)."""
    p.play(pl, "roulette", "european", every_straight())


def reality(p: Platform, pl: Player) -> dict[str, object]:
    return p.read(lambda s: activity.reality_check(s, pl.id, p.clock()))


def test_001_10_2_a_daily_time_limit_refuses_new_bets_with_the_reason(
        prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="100.00")
    prot.run(lambda s: limits.set_limit(s, a, "time", "day", 1, clock()))
    for _ in range(60):  # a bet every minute for an hour
        spin(prot, a)
        clock.advance(seconds=60)
    before = cash(prot, a)
    assert before == 10000 - 60 * 10
    with pytest.raises(PlayTimeLimitReached) as exc:
        spin(prot, a)
    assert "daily play-time limit of 1 h" in str(exc.value) and "001 §10.2" in str(exc.value)
    assert cash(prot, a) == before  # a refused bet moves no money
    # the next calendar day (Kyiv) play resumes
    clock.set(datetime(2026, 11, 18, 22, 0, tzinfo=UTC))  # 00:00 on 19 November in Kyiv
    spin(prot, a)


def test_001_10_2_play_time_is_counted_per_calendar_day(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="100.00")
    prot.run(lambda s: limits.set_limit(s, a, "time", "day", 1, clock()))
    for _ in range(30):  # 30 minutes of play
        spin(prot, a)
        clock.advance(seconds=60)
    clock.advance(hours=3)
    for _ in range(25):  # 25 more minutes, after a break
        spin(prot, a)
        clock.advance(seconds=60)
    played = prot.read(lambda s: activity.played_seconds(
        s, a.id, datetime(2026, 11, 17, 22, 0, tzinfo=UTC), datetime(2026, 11, 18, 22, 0, tzinfo=UTC),
        clock()))
    assert played == (30 + 25) * 60  # each bet counts the minute after it
    for _ in range(5):
        spin(prot, a)
        clock.advance(seconds=60)
    with pytest.raises(PlayTimeLimitReached):
        spin(prot, a)


def test_001_10_2_a_weekly_limit_in_hours(prot: Platform, clock: FakeClock) -> None:
    clock.set(datetime(2026, 11, 17, 0, 0, tzinfo=UTC))  # Tuesday 02:00 in Kyiv
    a = player(prot, deposit="500.00")
    prot.run(lambda s: limits.set_limit(s, a, "time", "week", 24, clock()))

    def day_of_play(s: object) -> None:  # 24 hours of bets once a minute, over two days
        for m in range(24 * 60):
            activity.note_bet(s, a.id, clock.now + timedelta(minutes=m))  # type: ignore[arg-type]

    prot.run(day_of_play)
    clock.advance(hours=24)
    with pytest.raises(PlayTimeLimitReached, match="weekly play-time limit of 24 h"):
        spin(prot, a)


def test_001_10_2_open_rounds_finish_when_the_limit_is_reached(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="100.00")
    prot.run(lambda s: limits.set_limit(s, a, "time", "day", 1, clock()))
    for _ in range(59):
        spin(prot, a)
        clock.advance(seconds=60)
    rid = prot.open_round("t-eur")["round_id"]
    prot.bet(a, "t-eur", every_straight())  # the 60th minute: accepted
    clock.advance(seconds=60)
    with pytest.raises(PlayTimeLimitReached):
        spin(prot, a)  # a new bet is refused...
    prot.close_round(rid)  # ...while the round already under way finishes
    prot.result_round(rid)
    rep = prot.settle_round(rid)  # the open round settles and pays
    assert [pr.returned for pr in rep.plays] == [360]
    assert cash(prot, a) == 10000 - 60 * 370 + 60 * 360
    assert prot.audit().total == 0


def test_001_10_3_reality_check_after_every_60_minutes_of_continuous_play(
        prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="100.00")
    for minute in range(121):
        spin(prot, a)
        rc = reality(prot, a)
        if minute < 60:
            assert not rc["due"], minute
        elif minute == 60:
            assert rc["due"] and rc["hours_played"] == 1
            assert "1 hour" in str(rc["message"]) and "001 §10.3" in str(rc["message"])
            prot.run(lambda s: activity.acknowledge(s, a.id, clock()))
        elif minute < 120:
            assert not rc["due"], minute  # acknowledged: the next one after the second hour
        else:
            assert rc["due"] and rc["hours_played"] == 2
        clock.advance(seconds=60)


def test_001_10_3_a_gap_over_a_minute_ends_continuous_play(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, deposit="100.00")
    for _ in range(45):
        spin(prot, a)
        clock.advance(seconds=60)
    clock.advance(seconds=1)  # 61 s since the last bet: the counter resets
    for _ in range(45):
        spin(prot, a)
        clock.advance(seconds=60)
    clock.advance(seconds=-60)
    rc = reality(prot, a)
    assert rc["playing"] and not rc["due"] and rc["minutes_played"] == 44
