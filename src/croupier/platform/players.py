"""Players: registration (000 §9-10, 001 §2.1), login sessions and authentication."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.orm import Session as DbSession

from croupier.errors import UnknownCurrency
from croupier.money import CURRENCIES
from croupier.platform.errors import (
    DocumentAlreadyRegistered,
    InvalidRegistration,
    LoginTaken,
    Unauthorized,
    UnderAge,
)
from croupier.platform.ledger import Ledger
from croupier.platform.protection import hooks as protection  # protection (issue 7)
from croupier.store.models import Player, Session

#: 000 §9 ("more than 21 years old"), 001 §2.1 (persons under 21 may not play). ASSUMPTION: a
#: player may register from their 21st birthday on.
MINIMUM_AGE = 21
PLAYER_CURRENCIES = ("EUR", "AMD", "UAH", "USD")

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
        raise Unauthorized("wrong login or password")
    try:
        hasher.verify(player.password_hash, password)
    except (VerificationError, InvalidHashError):
        raise Unauthorized("wrong login or password") from None
    protection.check_login(session, player, now)  # protection (issue 7): 001 §2.1
    token = secrets.token_urlsafe(32)
    row = Session(token_hash=_token_hash(token), player_id=player.id, created_at=now,
                  expires_at=now + timedelta(hours=hours), revoked=False)
    session.add(row)
    session.flush()
    return token, row, player


def authenticate(session: DbSession, token: str | None, now: datetime) -> Player:
    if not token:
        raise Unauthorized("log in first: send Authorization: Bearer <token>")
    found = session.execute(
        select(Player, Session.expires_at, Session.revoked)
        .join(Session, Session.player_id == Player.id)
        .where(Session.token_hash == _token_hash(token))
    ).one_or_none()
    if found is None or found[2]:
        raise Unauthorized("the session token is not valid")
    player, expires_at = found[0], found[1]
    expires = expires_at if expires_at.tzinfo else expires_at.replace(tzinfo=now.tzinfo)
    if expires <= now:
        raise Unauthorized("the session has expired: log in again")
    return player


def logout(session: DbSession, token: str) -> None:
    row = session.get(Session, _token_hash(token))
    if row is not None:
        row.revoked = True
