"""Rush & Cash pools (000 §12.12.3 "pick a blind level"): a pool is the set of ``rush`` tables
that share a ``pool`` name (one blind level); a player joins the pool, not a table: he is seated
at the pool's table with a free seat and the most players (ASSUMPTION: so hands start soonest),
with the usual buy-in checks, one seat in the whole pool. At a Rush table ``fast_fold`` is
legal at any time, out of turn (the engine); the folded player is out of that hand at once.

Not built: moving a fast-folded player to a new hand at another table at once (he waits for the
next hand of his table)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from croupier.platform.cardroom import seats
from croupier.platform.cardroom.errors import TableFull
from croupier.platform.errors import NotFound
from croupier.store.cardroom_models import CardroomSeat, CardroomTable
from croupier.store.models import Player


def pool_tables(session: Session, pool: str) -> list[CardroomTable]:
    return list(session.scalars(select(CardroomTable).where(
        CardroomTable.pool == pool, CardroomTable.format == "rush").order_by(CardroomTable.table_id)))


def join(session: Session, player: Player, pool: str, buy_in: int, now: datetime) -> dict[str, Any]:
    cfgs = pool_tables(session, pool)
    if not cfgs:
        raise NotFound(f"no Rush & Cash pool {pool!r}")
    counts = dict(session.execute(select(CardroomSeat.table_id, func.count()).where(
        CardroomSeat.table_id.in_([c.table_id for c in cfgs])).group_by(CardroomSeat.table_id)).all())
    open_ = [c for c in cfgs if int(counts.get(c.table_id, 0) or 0) < c.max_seats]
    if not open_:
        raise TableFull(f"every table of Rush pool {pool} is full")
    best = max(open_, key=lambda c: (int(counts.get(c.table_id, 0) or 0), -cfgs.index(c)))
    taken = {s.seat for s in seats.seats_of(session, best.table_id)}
    seat = next(i for i in range(best.max_seats) if i not in taken)
    out = seats.buy_in(session, player, best.table_id, seat, buy_in, now)
    return {**out, "pool": pool}
