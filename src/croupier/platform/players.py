"""Players: registration (000 §9-10, 001 §2.1), login sessions and authentication.

A session (issue 13) has a hard end (``absolute_expires_at``, ``CROUPIER_SESSION_HOURS``) and an
idle deadline (``expires_at``): :data:`IDLE` after the last authenticated request, moved forward
by activity at most every :data:`TOUCH` (GLI-19 2.5.3: re-authenticate after 30 minutes idle).
Every login issues a new token; a password change revokes every other session of the player."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, select, update
from sqlalchemy.orm import Session as DbSession

from croupier.errors import UnknownCurrency
from croupier.money import CURRENCIES
from croupier.platform.clock import aware
from croupier.platform.errors import (
    DocumentAlreadyRegistered,
    InvalidRegistration,
    LoginTaken,
    Unauthorized,
    UnderAge,
    WrongCredentials,
)
from croupier.platform.ledger import Ledger
from croupier.platform.protection import hooks as protection  # protection (issue 7)
from croupier.store.models import Player, Session

#: 000 §9 ("more than 21 years old"), 001 §2.1 (persons under 21 may not play). ASSUMPTION: a
#: player may register from their 21st birthday on.
MINIMUM_AGE = 21
PLAYER_CURRENCIES = ("EUR", "AMD", "UAH", "USD")

#: GLI-19 2.5.3: a session idle this long must log in again
IDLE = timedelta(minutes=30)
#: the idle deadline is moved forward when it would gain at least this much (one write a minute
#: per active session, not one per request)
TOUCH = timedelta(seconds=60)

_LOGIN = re.compile(r"^[a-z0-9_.-]{3,32}$")
_DOCUMENT = re.compile(r"^[A-Z0-9]{4,32}$")


def password_hasher(fast: bool = False) -> PasswordHasher:
    if fast:  # tests and benchmarks only: argon2id with small cost
        return PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    return PasswordHasher()


def age_on(born: date, day: date) -> int:
    """Full years between ``born`` and ``day`` (a 29 February birthday counts on 1 March)."""
    years = day.year - born.year
    if (day.month, day.day) < (born.month, born.day):
        years -= 1
    return years


def normalise_document(number: str) -> str:
    return re.sub(r"[\s-]", "", number).upper()


@dataclass(frozen=True, slots=True)
class Registration:
    login: str
    password: str
    date_of_birth: date
    document_number: str
    currency: str = "EUR"


def register(session: DbSession, hasher: PasswordHasher, reg: Registration, now: datetime) -> Player:
    login = reg.login.strip().lower()
    if not _LOGIN.match(login):
        raise InvalidRegistration("a login is 3 to 32 of a-z, 0-9, '_', '.', '-'")
    if not 8 <= len(reg.password) <= 128:
        raise InvalidRegistration("a password is 8 to 128 characters")
    document = normalise_document(reg.document_number)
    if not _DOCUMENT.match(document):
        raise InvalidRegistration("a document number is 4 to 32 letters and digits")
    cur = reg.currency.upper() if isinstance(reg.currency, str) else ""
    if cur not in PLAYER_CURRENCIES or cur not in CURRENCIES:
        raise UnknownCurrency(f"accounts are kept in {', '.join(PLAYER_CURRENCIES)}, not {reg.currency!r}")
    today = now.date()
    if reg.date_of_birth > today:
        raise InvalidRegistration("the date of birth is in the future")
    age = age_on(reg.date_of_birth, today)
    if age < MINIMUM_AGE:
        raise UnderAge(
            f"players must be over {MINIMUM_AGE} (000 §9, 001 §2.1); this date of birth makes {age}"
        )
    protection.check_registration(session, document, now)  # protection (issue 7): 001 §2.1
    if session.scalar(select(Player.id).where(Player.login == login)) is not None:
        raise LoginTaken(f"the login {login!r} is taken")
    if session.scalar(select(Player.id).where(Player.document_number == document)) is not None:
        raise DocumentAlreadyRegistered(
            "an account with this document number already exists: one account per person (000 §10)"
        )
    player = Player(login=login, password_hash=hasher.hash(reg.password),
                    date_of_birth=reg.date_of_birth, document_number=document,
                    currency=cur, created_at=now)
    session.add(player)
    session.flush()
    ledger = Ledger(session)
    ledger.ensure_system_accounts(cur)
    ledger.open_player_accounts(player.id, cur)
    return player


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


_token_hash = token_hash


def login(
    session: DbSession, hasher: PasswordHasher, login_name: str, password: str, now: datetime,
    hours: float,
) -> tuple[str, Session, Player]:
    player = session.scalars(
        select(Player).where(Player.login == login_name.strip().lower())
    ).one_or_none()
    if player is None:
        hasher.hash(password)  # spend the same time whether or not the login exists
        raise WrongCredentials("wrong login or password")
    try:
        hasher.verify(player.password_hash, password)
    except (VerificationError, InvalidHashError):
        raise WrongCredentials("wrong login or password") from None
    protection.check_login(session, player, now)  # protection (issue 7): 001 §2.1
    token = secrets.token_urlsafe(32)  # a new token at every login (no session fixation)
    end = now + timedelta(hours=hours)
    row = Session(token_hash=_token_hash(token), player_id=player.id, created_at=now,
                  expires_at=min(end, now + IDLE), absolute_expires_at=end, revoked=False)
    session.add(row)
    session.flush()
    return token, row, player


def authenticate(session: DbSession, token: str | None, now: datetime) -> Player:
    return authenticate_session(session, token, now)[0]


def slide(now: datetime, expires: datetime, absolute: datetime | None) -> datetime | None:
    """The session's new idle deadline when activity at ``now`` should move it (else None)."""
    if absolute is None:
        return None
    target = min(now + IDLE, aware(absolute))
    return target if target - aware(expires) >= TOUCH else None


def authenticate_session(session: DbSession, token: str | None,
                         now: datetime) -> tuple[Player, datetime | None]:
    """The player of a valid session token, and its new idle deadline if one is due."""
    if not token:
        raise Unauthorized("log in first: send Authorization: Bearer <token>")
    found = session.execute(
        select(Player, Session.expires_at, Session.revoked, Session.absolute_expires_at)
        .join(Session, Session.player_id == Player.id)
        .where(Session.token_hash == _token_hash(token))
    ).one_or_none()
    if found is None or found[2]:
        raise Unauthorized("the session token is not valid")
    player, expires_at = found[0], found[1]
    if aware(expires_at) <= now:
        raise Unauthorized("the session has expired (or was idle over 30 minutes): log in again")
    return player, slide(now, expires_at, found[3])


def touch(session: DbSession | Connection, token_hash_: str, until: datetime) -> None:
    """Move a session's idle deadline forward to ``until`` (never back, never a revoked one)."""
    session.execute(update(Session).where(
        Session.token_hash == token_hash_, Session.revoked.is_(False), Session.expires_at < until)
        .values(expires_at=until))


def change_password(session: DbSession, hasher: PasswordHasher, player_id: int, current: str,
                    new: str, keep_token_hash: str) -> int:
    """Set a new password after checking the current one; every other session of the player is
    revoked (the one making the change stays). Returns how many were revoked."""
    player = session.get(Player, player_id)
    if player is None:
        raise Unauthorized("the session token is not valid")
    try:
        hasher.verify(player.password_hash, current)
    except (VerificationError, InvalidHashError):
        raise WrongCredentials("the current password is wrong") from None
    if not 8 <= len(new) <= 128:
        raise InvalidRegistration("a password is 8 to 128 characters")
    if new == current:
        raise InvalidRegistration("the new password is the current one")
    player.password_hash = hasher.hash(new)
    res = session.execute(update(Session).where(
        Session.player_id == player_id, Session.token_hash != keep_token_hash,
        Session.revoked.is_(False)).values(revoked=True))
    return int(getattr(res, "rowcount", 0) or 0)


def logout(session: DbSession, token: str) -> None:
    row = session.get(Session, _token_hash(token))
    if row is not None:
        row.revoked = True
