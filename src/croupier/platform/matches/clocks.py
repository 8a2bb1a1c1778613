"""A match's server-side clocks (ASSUMPTION, docs/pvp_matches.md): the player to act has the
table's move time for each decision, and his own game-time bank runs down while he is to act;
the deadline is whichever ends first. A decision after it is refused
(:class:`~.errors.ClockExpired`) and the ticker applies the game's time-out outcome."""

from __future__ import annotations

from datetime import datetime, timedelta

from croupier.platform.clock import aware
from croupier.store.match_models import PvpMatch


def start_turn(m: PvpMatch, seat: int | None, now: datetime) -> None:
    m.turn_seat = seat
    if seat is None:
        m.turn_started_at = m.deadline_at = None
        return
    m.turn_started_at = now
    m.deadline_at = now + timedelta(milliseconds=min(m.move_ms, m.bank_ms[seat]))


def expired(m: PvpMatch, now: datetime) -> bool:
    return m.deadline_at is not None and aware(now) > aware(m.deadline_at)


def charge(m: PvpMatch, now: datetime) -> None:
    """The time the player to act used comes off his bank."""
    if m.turn_seat is None or m.turn_started_at is None:
        return
    used = int((aware(now) - aware(m.turn_started_at)) / timedelta(milliseconds=1))
    banks = list(m.bank_ms)
    banks[m.turn_seat] = max(0, banks[m.turn_seat] - max(0, used))
    m.bank_ms = banks


def stop(m: PvpMatch) -> None:
    m.turn_seat = None
    m.turn_started_at = m.deadline_at = None


def resume(m: PvpMatch, now: datetime) -> None:
    """After a restart the player to act gets his move time again (the server's downtime is not
    his: ASSUMPTION)."""
    start_turn(m, m.turn_seat, now)
