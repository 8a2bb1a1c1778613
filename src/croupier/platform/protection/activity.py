"""Play time: continuous-play spans, the reality check (001 §10.3) and play-time limits
(001 §10.2).

Play is continuous while bets come at least once a minute (001 §10.3). ASSUMPTION (the extract's):
a gap of more than 60 s between bets ends the span and resets the 60-minute counter. ASSUMPTION:
a bet counts the minute after it as time played, so a span runs from its first bet to 60 s after
its last; time played in a day or week is the part of the spans inside that calendar period.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.clock import aware, iso
from croupier.platform.protection.config import settings
from croupier.platform.protection.errors import PlayTimeLimitReached
from croupier.platform.protection.periods import bounds, local_text
from croupier.store.protection_models import PlaySpan

PERIOD_WORD = {"day": "daily", "week": "weekly"}


def latest_span(session: Session, player_id: int) -> PlaySpan | None:
    return session.scalars(select(PlaySpan).where(PlaySpan.player_id == player_id)
                           .order_by(PlaySpan.started_at.desc(), PlaySpan.id.desc())
                           .limit(1)).one_or_none()


def note_bet(session: Session, player_id: int, now: datetime) -> PlaySpan:
    """Extend the player's span of continuous play with a bet at ``now`` (or start a new one)."""
    gap = settings().continuous_gap
    span = latest_span(session, player_id)
    if span is not None and now <= aware(span.last_bet_at) + gap:
        if now > aware(span.last_bet_at):
            span.last_bet_at = now
            span.ended_at = now + gap
        return span
    span = PlaySpan(player_id=player_id, started_at=now, last_bet_at=now, ended_at=now + gap,
                    checks_shown=0)
    session.add(span)
    session.flush()
    return span


def played_seconds(session: Session, player_id: int, start: datetime, end: datetime,
                   now: datetime) -> float:
    """Seconds played in ``[start, min(end, now))``."""
    stop = min(end, now)
    if stop <= start:
        return 0.0
    spans = session.scalars(select(PlaySpan).where(
        PlaySpan.player_id == player_id, PlaySpan.started_at < stop, PlaySpan.ended_at > start))
    total = 0.0
    for s in spans:
        lo = max(aware(s.started_at), start)
        hi = min(aware(s.ended_at), stop)
        if hi > lo:
            total += (hi - lo).total_seconds()
    return total


def _hm(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60} h {minutes % 60:02d} min"


def check_time_limits(session: Session, player_id: int, now: datetime) -> None:
    """001 §10.2: refuse a new bet once a play-time limit is reached (open rounds still finish:
    settlement never checks this)."""
    from croupier.platform.protection.limits import time_limits_in_force

    cfg = settings()
    for period, hours in time_limits_in_force(session, player_id, now).items():
        if hours is None:
            continue
        start, end = bounds(period, now, cfg.tz)
        played = played_seconds(session, player_id, start, end, now)
        if played >= hours * 3600:
            raise PlayTimeLimitReached(
                f"your {PERIOD_WORD[period]} play-time limit of {hours} h is reached (played "
                f"{_hm(played)} this {period}): new bets are refused until "
                f"{local_text(end, cfg.tz)} (001 §10.2); rounds already under way finish normally"
            )


def reality_check(session: Session, player_id: int, now: datetime) -> dict[str, Any]:
    """001 §10.3: after every 60 minutes of continuous play, a notice with the hours played."""
    cfg = settings()
    span = latest_span(session, player_id)
    playing = span is not None and now <= aware(span.ended_at)
    if span is None or not playing:
        return {"playing": False, "due": False, "hours_played": 0, "minutes_played": 0,
                "session_started_at": None, "message": None}
    played = now - aware(span.started_at)
    hours = int(played // cfg.reality_check_every)
    due = hours >= 1 and hours > span.checks_shown
    word = "hour" if hours == 1 else "hours"
    return {
        "playing": True, "due": due, "hours_played": hours,
        "minutes_played": int(played.total_seconds() // 60),
        "session_started_at": iso(span.started_at),
        "message": (f"Reality check: you have been playing for {hours} {word} without a break "
                    f"(001 §10.3).") if due else None,
    }


def acknowledge(session: Session, player_id: int, now: datetime) -> dict[str, Any]:
    span = latest_span(session, player_id)
    if span is not None and now <= aware(span.ended_at):
        hours = int((now - aware(span.started_at)) // settings().reality_check_every)
        span.checks_shown = max(span.checks_shown, hours)
        session.flush()
    return reality_check(session, player_id, now)
