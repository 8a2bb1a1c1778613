"""The restricted-persons register and self-exclusion (001 §2.1, §5.1.5, §5.2.1).

Entries are matched by normalised document number. A listed person cannot register, log in,
deposit or bet; rounds already under way settle normally and the balance stays theirs and
withdrawable (withdrawals are never refused for being listed; see also the back office's payout).

ASSUMPTION: a player may exclude themselves for 6 to 60 calendar months or indefinitely; a
self-exclusion cannot be lifted before its end (by anyone); an operator can lift an entry it added.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from croupier.platform.clock import aware, iso
from croupier.platform.errors import NotFound
from croupier.platform.protection.config import settings
from croupier.platform.protection.documents import normalise_document
from croupier.platform.protection.errors import (
    InvalidLimit,
    ProtectionStateError,
    RestrictedPerson,
)
from croupier.platform.protection.periods import local_text
from croupier.store.models import Player
from croupier.store.protection_models import RestrictedPerson as Entry

SOURCES = ("self_exclusion", "register", "operator")
SELF_EXCLUSION_MONTHS = (6, 60)


def add_months(at: datetime, months: int) -> datetime:
    month0 = at.month - 1 + months
    year, month = at.year + month0 // 12, month0 % 12 + 1
    day = at.day
    while True:
        try:
            return at.replace(year=year, month=month, day=day)
        except ValueError:
            day -= 1


def active_entry(session: Session, document: str, now: datetime) -> Entry | None:
    doc = normalise_document(document)
    return session.scalars(select(Entry).where(
        Entry.document_number == doc, Entry.lifted_at.is_(None), Entry.starts_at <= now,
        or_(Entry.ends_at.is_(None), Entry.ends_at > now)).order_by(Entry.id).limit(1)).one_or_none()


def active_entry_for_player(session: Session, player_id: int, now: datetime) -> Entry | None:
    return session.scalars(select(Entry).join(Player, Player.document_number == Entry.document_number)
                           .where(Player.id == player_id, Entry.lifted_at.is_(None),
                                  Entry.starts_at <= now,
                                  or_(Entry.ends_at.is_(None), Entry.ends_at > now))
                           .order_by(Entry.id).limit(1)).one_or_none()


def check_player(session: Session, player_id: int, now: datetime) -> None:
    entry = active_entry_for_player(session, player_id, now)
    if entry is not None:
        raise RestrictedPerson(refusal(entry))


def refusal(entry: Entry) -> str:
    tz = settings().tz
    until = "indefinitely" if entry.ends_at is None else f"until {local_text(entry.ends_at, tz)}"
    if entry.source == "self_exclusion":
        who = f"you excluded yourself from gambling {until}"
    else:
        who = ("this person is in the Register of persons with restricted access to gambling "
               f"{until}")
    return (f"{who} (001 §2.1): registration, login, deposits and bets are refused; rounds "
            "already under way settle and your balance stays withdrawable")


def check_document(session: Session, document: str, now: datetime) -> None:
    entry = active_entry(session, document, now)
    if entry is not None:
        raise RestrictedPerson(refusal(entry))


def self_exclude(session: Session, player: Player, months: int | None, now: datetime) -> Entry:
    lo, hi = SELF_EXCLUSION_MONTHS
    if months is not None and (isinstance(months, bool) or not isinstance(months, int)
                               or not lo <= months <= hi):
        raise InvalidLimit(f"self-exclusion is for {lo} to {hi} months, or indefinite")
    entry = Entry(document_number=player.document_number, source="self_exclusion",
                  reason="self-exclusion requested by the player", starts_at=now,
                  ends_at=None if months is None else add_months(now, months), created_at=now,
                  created_by=player.id, lifted_at=None, lifted_by=None)
    session.add(entry)
    session.flush()
    return entry


def add_entry(session: Session, document: str, reason: str, source: str, until: datetime | None,
              operator_id: int | None, now: datetime) -> Entry:
    if source not in SOURCES[1:]:
        raise InvalidLimit(f"a register entry's source is register or operator, not {source!r}")
    doc = normalise_document(document)
    if not doc:
        raise InvalidLimit("a register entry needs a document number")
    if not reason.strip():
        raise InvalidLimit("a register entry needs a reason")
    if until is not None and aware(until) <= now:
        raise InvalidLimit("the entry would end before it starts")
    entry = Entry(document_number=doc, source=source, reason=reason.strip(), starts_at=now,
                  ends_at=until, created_at=now, created_by=operator_id, lifted_at=None,
                  lifted_by=None)
    session.add(entry)
    session.flush()
    return entry


def lift(session: Session, entry_id: int, operator_id: int, now: datetime) -> Entry:
    entry = session.get(Entry, entry_id)
    if entry is None:
        raise NotFound(f"no register entry {entry_id}")
    if entry.lifted_at is not None:
        raise ProtectionStateError(f"register entry {entry_id} was already lifted")
    if entry.source == "self_exclusion":
        raise ProtectionStateError("a self-exclusion cannot be lifted before its end")
    entry.lifted_at = now
    entry.lifted_by = operator_id
    return entry


def entry_dict(e: Entry) -> dict[str, Any]:
    return {"id": e.id, "document_number": e.document_number, "source": e.source,
            "reason": e.reason, "starts_at": iso(e.starts_at), "ends_at": iso(e.ends_at),
            "created_at": iso(e.created_at), "lifted_at": iso(e.lifted_at)}


def list_entries(session: Session) -> list[Entry]:
    return list(session.scalars(select(Entry).order_by(Entry.id.desc()).limit(500)))
