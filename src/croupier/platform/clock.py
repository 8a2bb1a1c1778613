"""Wall-clock time for the platform (engines never read a clock). Tests pass their own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utcnow() -> datetime:
    return datetime.now(UTC)


def aware(dt: datetime) -> datetime:
    """SQLite gives back naive datetimes: read them as UTC."""
    return dt if dt.tzinfo is not None else dt.replace(tzinfo=UTC)


def iso(dt: datetime | None) -> str | None:
    if dt is None:
        return None
    return aware(dt).astimezone(UTC).isoformat().replace("+00:00", "Z")
