"""Deposit limits (001 §10.1) and their calendar periods; play-time limits' ranges (001 §10.2)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.platform.protection import limits
from croupier.platform.protection.config import ProtectionSettings
from croupier.platform.protection.errors import (
    DepositLimitExceeded,
    InvalidLimit,
    LimitChangeRefused,
)
from croupier.platform.protection.periods import bounds
from croupier.platform.service import Platform
from croupier.store.models import Player
from tests.platform_fixtures import *  # noqa: F403
from tests.protection_fixtures import *  # noqa: F403
from tests.protection_fixtures import FakeClock, cash, player

KYIV = ZoneInfo("Europe/Kyiv")


def set_deposit_limit(p: Platform, pl: Player, period: str, minor: int | None) -> limits.LimitChange:
    return p.run(lambda s: limits.set_limit(s, pl, "deposit", period, minor, p.clock()))


def deposit(p: Platform, pl: Player, amount: str) -> dict[str, object]:
    return p.run(lambda s: p.deposit_in(s, pl, amount))


def test_001_10_1_deposit_over_the_daily_limit_is_refused_with_the_reason(prot: Platform) -> None:
    a = player(prot, cur="UAH")
    set_deposit_limit(prot, a, "day", 50000)  # 500.00 UAH a day
    deposit(prot, a, "300.00")
    deposit(prot, a, "200.00")  # exactly the limit is allowed
    with pytest.raises(DepositLimitExceeded) as exc:
        deposit(prot, a, "0.01")
    msg = str(exc.value)
    assert "500.00 UAH" in msg and "daily" in msg and "001 §10.1" in msg
    assert "0.00 UAH" in msg  # what is left today


def test_001_10_1_all_deposits_count_pending_and_confirmed_not_failed(prot: Platform) -> None:
    a = player(prot, cur="UAH")
    set_deposit_limit(prot, a, "week", 100000)
    d1 = deposit(prot, a, "400.00")
    assert prot.confirm_deposit(int(d1["id"])) == a.id  # confirmed
    deposit(prot, a, "500.00")  # still pending: it counts too
    with pytest.raises(DepositLimitExceeded):
        deposit(prot, a, "100.01")
    deposit(prot, a, "100.00")
    assert cash(prot, a) == 40000  # refusals move no money


def test_001_10_1_periods_are_calendar_day_week_and_month(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, cur="UAH")
    # Sunday 23:59 in Kyiv (UTC+2 in November), the last minute of the week
    clock.set(datetime(2026, 11, 22, 23, 59, tzinfo=KYIV).astimezone(UTC))
    set_deposit_limit(prot, a, "week", 20000)
    deposit(prot, a, "200.00")
    with pytest.raises(DepositLimitExceeded):
        deposit(prot, a, "1.00")
    clock.advance(minutes=1)  # Monday 00:00: a new calendar week (not 7 days after the first)
    deposit(prot, a, "200.00")
    # month: 30 November 23:59 -> 1 December 00:00
    b = player(prot, cur="UAH")
    clock.set(datetime(2026, 11, 30, 23, 59, tzinfo=KYIV).astimezone(UTC))
    set_deposit_limit(prot, b, "month", 10000)
    deposit(prot, b, "100.00")
    with pytest.raises(DepositLimitExceeded):
        deposit(prot, b, "1.00")
    clock.advance(minutes=1)
    deposit(prot, b, "100.00")


def test_001_10_1_the_daily_period_is_the_local_calendar_day(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, cur="UAH")
    clock.set(datetime(2026, 11, 18, 23, 30, tzinfo=KYIV).astimezone(UTC))  # 21:30 UTC
    set_deposit_limit(prot, a, "day", 10000)
    deposit(prot, a, "100.00")
    clock.advance(minutes=20)  # 23:50 local, still the same day although UTC says 21:50
    with pytest.raises(DepositLimitExceeded):
        deposit(prot, a, "1.00")
    clock.advance(minutes=10)  # 00:00 local
    deposit(prot, a, "100.00")


@pytest.mark.parametrize("cur,too_low,minimum", [("UAH", 9999, 10000), ("EUR", 209, 210),
                                                 ("USD", 249, 250), ("AMD", 949, 950)])
def test_001_10_1_a_limit_is_at_least_100_uah_or_its_equivalent(
        prot: Platform, cur: str, too_low: int, minimum: int) -> None:
    a = player(prot, cur=cur)
    with pytest.raises(InvalidLimit, match="001 §10.1"):
        set_deposit_limit(prot, a, "day", too_low)
    set_deposit_limit(prot, a, "day", minimum)


def test_001_10_1_equivalents_are_not_below_100_uah() -> None:
    """The configured equivalents, at the reference rates of config/protection.toml, are worth
    100 UAH or more (UAH per unit: EUR 48, USD 41.5, AMD 1/9.4)."""
    from fractions import Fraction

    cfg = ProtectionSettings()
    rates = {"UAH": Fraction(1), "EUR": Fraction(48), "USD": Fraction(83, 2), "AMD": Fraction(10, 94)}
    scale = {"UAH": 100, "EUR": 100, "USD": 100, "AMD": 1}
    for cur, rate in rates.items():
        assert Fraction(cfg.deposit_minimum(cur), scale[cur]) * rate >= 100, cur


def test_001_10_1_a_limit_changes_only_once_per_calendar_month(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, cur="UAH")
    first = set_deposit_limit(prot, a, "month", 500000)  # the first choice is not a change
    assert first.immediate
    set_deposit_limit(prot, a, "month", 400000)  # the one change of November
    with pytest.raises(LimitChangeRefused, match="once per calendar month"):
        set_deposit_limit(prot, a, "month", 300000)
    set_deposit_limit(prot, a, "day", 20000)  # each period's limit is its own
    clock.set(datetime(2026, 12, 1, 0, 0, tzinfo=KYIV).astimezone(UTC))
    set_deposit_limit(prot, a, "month", 300000)  # a new calendar month
    assert prot.read(lambda s: limits.in_force(s, a.id, "deposit", "month", clock())) == 300000


def test_issue7_a_decrease_applies_at_once_an_increase_after_the_cooling_off(
        prot: Platform, clock: FakeClock, protection_settings: ProtectionSettings) -> None:
    a = player(prot, cur="UAH")
    set_deposit_limit(prot, a, "day", 100000)
    clock.set(datetime(2026, 12, 2, 9, 0, tzinfo=UTC))
    up = set_deposit_limit(prot, a, "day", 500000)  # raise: waits for the cooling-off
    assert not up.immediate
    assert protection_settings.cooling_off == timedelta(days=7)
    assert prot.read(lambda s: limits.in_force(s, a.id, "deposit", "day", clock())) == 100000
    with pytest.raises(DepositLimitExceeded):
        deposit(prot, a, "1000.01")
    clock.advance(days=7, seconds=-1)
    assert prot.read(lambda s: limits.in_force(s, a.id, "deposit", "day", clock())) == 100000
    clock.advance(seconds=1)
    assert prot.read(lambda s: limits.in_force(s, a.id, "deposit", "day", clock())) == 500000
    deposit(prot, a, "4000.00")
    # the next month, a decrease takes effect at once
    clock.set(datetime(2027, 1, 5, 9, 0, tzinfo=UTC))
    down = set_deposit_limit(prot, a, "day", 20000)
    assert down.immediate
    assert prot.read(lambda s: limits.in_force(s, a.id, "deposit", "day", clock())) == 20000


def test_issue7_removing_a_limit_waits_for_the_cooling_off(prot: Platform, clock: FakeClock) -> None:
    a = player(prot, cur="UAH")
    set_deposit_limit(prot, a, "week", 20000)
    set_deposit_limit(prot, a, "week", None)
    view = prot.read(lambda s: limits.view(s, a, clock()))
    assert view["deposit"]["week"]["value"] == 20000 and view["deposit"]["week"]["has_pending"]
    clock.advance(days=7)
    assert prot.read(lambda s: limits.in_force(s, a.id, "deposit", "week", clock())) is None


@pytest.mark.parametrize("period,hours,ok", [
    ("day", 0, False), ("day", 1, True), ("day", 24, True), ("day", 25, False),
    ("week", 23, False), ("week", 24, True), ("week", 168, True), ("week", 169, False),
    ("month", 10, False),
])
def test_001_10_2_play_time_limit_ranges(prot: Platform, period: str, hours: int, ok: bool) -> None:
    a = player(prot)
    if ok:
        prot.run(lambda s: limits.set_limit(s, a, "time", period, hours, prot.clock()))
    else:
        with pytest.raises(InvalidLimit):
            prot.run(lambda s: limits.set_limit(s, a, "time", period, hours, prot.clock()))


@given(st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2035, 12, 31),
                    timezones=st.just(UTC)))
def test_001_10_1_calendar_bounds_hold_the_moment_and_start_at_local_midnight(now: datetime) -> None:
    for period in ("day", "week", "month"):
        start, end = bounds(period, now, KYIV)
        assert start <= now < end
        local = start.astimezone(KYIV)
        assert (local.hour, local.minute) == (0, 0)
        if period == "week":
            assert local.weekday() == 0  # Monday 00:00
        if period == "month":
            assert local.day == 1
        assert end.astimezone(KYIV).hour == 0
