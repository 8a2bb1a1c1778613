"""Calendar periods of the limits (001 §10.1-10.2): day 00:00-23:59, week Monday 00:00 - Sunday
23:59, month from 00:00 on the 1st to 23:59 on its last day, in the operator's time zone."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from croupier.platform.clock import aware

PERIODS = ("day", "week", "month")


def _midnight(day: date, tz: ZoneInfo) -> datetime:
    return datetime.combine(day, time(0), tzinfo=tz).astimezone(UTC)


def bounds(period: str, now: datetime, tz: ZoneInfo) -> tuple[datetime, datetime]:
    """``[start, end)`` in UTC of the calendar ``period`` that holds ``now``."""
    local = aware(now).astimezone(tz).date()
    if period == "day":
        first, nxt = local, local + timedelta(days=1)
    elif period == "week":
        first = local - timedelta(days=local.weekday())
        nxt = first + timedelta(days=7)
    elif period == "month":
        first = local.replace(day=1)
        nxt = (first + timedelta(days=32)).replace(day=1)
    else:
        raise ValueError(f"a period is one of {', '.join(PERIODS)}, not {period!r}")
    return _midnight(first, tz), _midnight(nxt, tz)


def local_text(at: datetime, tz: ZoneInfo) -> str:
    return aware(at).astimezone(tz).strftime("%Y-%m-%d %H:%M") + f" ({tz.key})"
