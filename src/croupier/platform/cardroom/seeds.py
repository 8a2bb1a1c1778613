"""The tables' provably fair seeds (docs/pvp_poker.md "Card room: fairness").

Each table deals from a server seed whose SHA-256 is published before its first hand; hand
number ``n`` deals from ``HMAC-SHA256(server_seed, f"{client_seed}:{n}:{counter}")`` (the
platform's stream, :func:`croupier.rng.fair.stream`), one draw per street
(:func:`croupier.games.pvp.poker.state.decode_deal`). The seed is revealed when it is rotated out:
every :data:`ROTATE_AFTER` hands, or by the operator between hands. ASSUMPTION: not after each
hand, because the revealed seed decodes every hole card of the hand - also the folded and mucked
ones no player was entitled to see (issue 21: a history shows only the cards one may see); so
verification is per seed, once it is revealed, as the platform's player seed pairs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.clock import iso
from croupier.platform.errors import RoundStateError
from croupier.rng import fair
from croupier.rng.source import HmacStream
from croupier.store.cardroom_models import CardroomHand, CardroomSeed

#: hands dealt from one seed before it is revealed and replaced (ASSUMPTION, a table option later)
ROTATE_AFTER = 1000


def _new(session: Session, table_id: str, first_hand: int, now: datetime) -> CardroomSeed:
    seed = fair.new_server_seed()
    row = CardroomSeed(table_id=table_id, server_seed=seed, server_seed_hash=fair.commitment(seed),
                       client_seed=f"cardroom:{table_id}", first_hand=first_hand, created_at=now,
                       revealed_at=None)
    session.add(row)
    session.flush()
    return row


def active(session: Session, table_id: str) -> CardroomSeed | None:
    return session.scalars(select(CardroomSeed).where(
        CardroomSeed.table_id == table_id, CardroomSeed.revealed_at.is_(None))
        .order_by(CardroomSeed.id.desc()).limit(1)).one_or_none()


def for_hand(session: Session, table_id: str, number: int, now: datetime) -> CardroomSeed:
    """The seed that deals hand ``number`` (rotating the old one out when it has dealt enough)."""
    row = active(session, table_id)
    if row is not None and number - row.first_hand >= ROTATE_AFTER:
        row.revealed_at = now
        row = None
    return row if row is not None else _new(session, table_id, number, now)


def rotate(session: Session, table_id: str, next_hand: int, now: datetime) -> dict[str, Any]:
    """Reveal the table's seed now (between hands) and publish the next one's commitment."""
    playing = session.scalar(select(CardroomHand.id).where(
        CardroomHand.table_id == table_id, CardroomHand.state == "playing"))
    if playing is not None:
        raise RoundStateError("a seed is rotated between hands: a hand is being played")
    row = active(session, table_id)
    if row is not None:
        row.revealed_at = now
    new = _new(session, table_id, next_hand, now)
    return {"revealed": None if row is None else seed_dict(row), "next": seed_dict(new)}


def source(row: CardroomSeed, number: int) -> HmacStream:
    return fair.stream(row.server_seed, row.client_seed, number)


def seed_dict(row: CardroomSeed) -> dict[str, Any]:
    out: dict[str, Any] = {"id": row.id, "server_seed_hash": row.server_seed_hash,
                           "client_seed": row.client_seed, "first_hand": row.first_hand,
                           "revealed_at": iso(row.revealed_at)}
    if row.revealed_at is not None:
        out["server_seed"] = row.server_seed
    return out
