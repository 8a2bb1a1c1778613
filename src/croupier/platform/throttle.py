"""Login throttling (GLI-19 2.5.4) and the record of failed logins (GLI-19 2.8.8).

Failures are counted per login *name*, whether or not an account has it, so a locked name tells
an attacker nothing about which accounts exist: an unknown login and a wrong password get the
same 401, and when :data:`MAX_FAILURES` failures fall within any :data:`WINDOW` (a sliding
window) the name is locked for :data:`LOCK` from the last of them (429 ``login_locked``, the
right password included) or until an operator unlocks it.
A successful login clears the count. Each failure, with the client's address, and each unlock
are entries of the hash-chained monitoring record (``protection/audit.py``, kinds
``login_failed`` and ``login_unlock``).

ASSUMPTION (GLI-19 2.5.4 asks for a lock or a growing delay after "a number" of failures):
5 failures in 15 minutes lock the name for 15 minutes.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.clock import aware, iso
from croupier.platform.errors import LoginLocked, NotFound
from croupier.platform.protection import audit
from croupier.platform.protection.audit import at_text
from croupier.store.models import LoginThrottle, Player

MAX_FAILURES = 5
WINDOW = timedelta(minutes=15)
LOCK = timedelta(minutes=15)
#: the longest login name kept (longer names are cut: they can match no account anyway)
NAME_MAX = 64


def login_key(login: str) -> str:
    return login.strip().lower()[:NAME_MAX]


def check(session: Session, login: str, now: datetime) -> None:
    """Refuse a login attempt while its name is locked (before the password is looked at)."""
    row = session.get(LoginThrottle, login_key(login))
    if row is None or row.locked_until is None:
        return
    until = aware(row.locked_until)
    if until > now:
        wait = max(1, int((until - now).total_seconds() + 0.999))
        raise LoginLocked(f"too many failed logins for this login: try again after {iso(until)} "
                          "or ask support to unlock it", retry_after=wait)


def record_failure(session: Session, login: str, address: str, now: datetime) -> LoginThrottle:
    """Count a failed login of ``login`` from ``address`` and write it to the monitoring record."""
    key = login_key(login)
    row = session.get(LoginThrottle, key, with_for_update=True)
    if row is None:
        row = LoginThrottle(login=key, recent=[], locked_until=None)
        session.add(row)
    recent = [*_within(row.recent, now), at_text(now)][-MAX_FAILURES:]
    row.recent = recent  # a new list: the JSON column is written
    if len(recent) >= MAX_FAILURES:
        row.locked_until = now + LOCK
    player_id = session.scalar(select(Player.id).where(Player.login == key))
    audit.append(session, "login_failed", player_id=player_id or 0, round_id=None, play_id=None,
                 amount=0, currency="", account="", ref=f"from {address[:45]} as {key}"[:120],
                 now=now)
    session.flush()
    return row


def _within(recent: list[str], now: datetime) -> list[str]:
    """The failures of ``recent`` less than :data:`WINDOW` before ``now``."""
    return [t for t in recent if aware(datetime.fromisoformat(t.replace("Z", "+00:00"))) > now - WINDOW]


def clear(session: Session, login: str) -> None:
    """A successful login: its name's failures are forgotten."""
    row = session.get(LoginThrottle, login_key(login))
    if row is not None:
        session.delete(row)


def unlock(session: Session, player_id: int, operator_id: int, now: datetime) -> dict[str, object]:
    """An operator lifts the lock of a player's login (and forgets its failures)."""
    player = session.get(Player, player_id)
    if player is None:
        raise NotFound(f"no player {player_id}")
    row = session.get(LoginThrottle, player.login)
    was_locked = row is not None and row.locked_until is not None and aware(row.locked_until) > now
    if row is not None:
        session.delete(row)
    audit.append(session, "login_unlock", player_id=player.id, round_id=None, play_id=None,
                 amount=0, currency="", account="", ref=f"by operator {operator_id}", now=now)
    return {"player_id": player.id, "login": player.login, "was_locked": was_locked}


def status(session: Session, player: Player, now: datetime) -> dict[str, object]:
    row = session.get(LoginThrottle, player.login)
    locked = row is not None and row.locked_until is not None and aware(row.locked_until) > now
    return {"failures": 0 if row is None else len(_within(row.recent, now)),
            "locked_until": iso(row.locked_until) if locked and row is not None else None}
