"""Provably fair seed pairs per player (single-player rounds), built on :mod:`croupier.rng.fair`.

The active pair's server seed stays hidden (only its SHA-256 is shown) until the player rotates
the pair; then it is revealed and every round played with it can be recomputed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from croupier.platform.clock import iso
from croupier.rng import fair
from croupier.rng.fair import SeedPair
from croupier.store.models import SeedPairRow


def active_pair(session: Session, player_id: int, now: datetime, lock: bool = False) -> SeedPairRow:
    q = select(SeedPairRow).where(SeedPairRow.player_id == player_id, SeedPairRow.active.is_(True))
    if lock:
        q = q.with_for_update()
    row = session.scalars(q).one_or_none()
    if row is None:
        pair = SeedPair.fresh()
        row = SeedPairRow(player_id=player_id, server_seed=pair.server_seed,
                          server_seed_hash=pair.commitment, client_seed=pair.client_seed,
                          next_nonce=0, active=True, created_at=now, revealed_at=None)
        session.add(row)
        session.flush()
    return row


def as_seed_pair(row: SeedPairRow) -> SeedPair:
    return SeedPair(row.server_seed, row.client_seed, row.next_nonce)


def revealed_dict(session: Session, row: SeedPairRow) -> dict[str, Any]:
    from croupier.store.models import Round

    rounds = session.scalar(select(func.count(Round.id)).where(Round.seed_pair_id == row.id))
    return {"server_seed": row.server_seed, "server_seed_hash": row.server_seed_hash,
            "client_seed": row.client_seed, "rounds": int(rounds or 0),
            "revealed_at": iso(row.revealed_at)}


def view(session: Session, player_id: int, now: datetime) -> dict[str, Any]:
    row = active_pair(session, player_id, now)
    old = session.scalars(select(SeedPairRow).where(
        SeedPairRow.player_id == player_id, SeedPairRow.active.is_(False))
        .order_by(SeedPairRow.id.desc()).limit(20)).all()
    return {"server_seed_hash": row.server_seed_hash, "client_seed": row.client_seed,
            "nonce": row.next_nonce, "revealed": [revealed_dict(session, r) for r in old]}


def set_client_seed(session: Session, player_id: int, client_seed: str, now: datetime) -> None:
    row = active_pair(session, player_id, now, lock=True)
    pair = as_seed_pair(row).with_client_seed(client_seed)  # validates: 1-64 characters
    row.client_seed = pair.client_seed


def rotate(session: Session, player_id: int, now: datetime) -> dict[str, Any]:
    from croupier.platform.interactive import refuse_rotation_while_open  # decision rounds

    refuse_rotation_while_open(session, player_id)
    row = active_pair(session, player_id, now, lock=True)
    new_pair, revealed = as_seed_pair(row).rotate()
    if not fair.matches(revealed, row.server_seed_hash):  # pragma: no cover - guards the store
        raise RuntimeError("stored server seed does not match its commitment")
    row.active = False
    row.revealed_at = now
    session.add(SeedPairRow(player_id=player_id, server_seed=new_pair.server_seed,
                            server_seed_hash=new_pair.commitment, client_seed=new_pair.client_seed,
                            next_nonce=0, active=True, created_at=now, revealed_at=None))
    session.flush()
    return revealed_dict(session, row)
