"""A Rush & Cash pool's tables and players (platform/cardroom/rush.py): the pool's anchor
and tables (one more when all are busy), its lobby line and its players' entries."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, VariantError
from croupier.money import currency, format_minor
from croupier.platform.cardroom import tables
from croupier.platform.cardroom.errors import NotSeated
from croupier.platform.errors import NotFound
from croupier.store.cardroom_models import (
    CardroomHand,
    CardroomRushPlayer,
    CardroomTable,
)
from croupier.store.models import GameTable

STATUSES = ("playing", "sitting_out", "leaving")


def stack_code(pool: str, player_id: int) -> str:
    """A player's pool stack (kind ``table_stack``: an escrow like a table stack)."""
    return f"rush:{pool}:{player_id}"


def pool_tables(session: Session, pool: str) -> list[CardroomTable]:
    return list(session.scalars(select(CardroomTable).where(
        CardroomTable.pool == pool, CardroomTable.format == "rush").order_by(CardroomTable.table_id)))


def pool_names(session: Session) -> list[str]:
    return sorted({str(p) for p in session.scalars(select(CardroomTable.pool).where(
        CardroomTable.format == "rush", CardroomTable.pool.is_not(None)))})


def anchor(session: Session, pool: str) -> tuple[GameTable, CardroomTable]:
    """The pool's configuration (its first table), or ``NotFound``."""
    cfgs = pool_tables(session, pool)
    if not cfgs:
        raise NotFound(f"no Rush & Cash pool {pool!r}")
    return tables.get(session, cfgs[0].table_id)


def anchor_id(session: Session, pool: str) -> str:
    return anchor(session, pool)[1].table_id


def is_anchor(session: Session, table_id: str) -> str | None:
    """The pool whose anchor ``table_id`` is, or None."""
    cfg = session.get(CardroomTable, table_id)
    if cfg is None or cfg.format != "rush" or cfg.pool is None:
        return None
    return cfg.pool if pool_tables(session, cfg.pool)[0].table_id == table_id else None


def describe(session: Session, pool: str) -> dict[str, Any]:
    t, cfg = anchor(session, pool)
    rows = players_of(session, pool)
    return {**tables.describe(t, cfg), "pool": pool, "anchor": cfg.table_id,
            "hand_size": cfg.max_seats, "tables": [c.table_id for c in pool_tables(session, pool)],
            "players": len(rows), "playing": sum(1 for r in rows if r.status == "playing")}


def lobby(session: Session) -> list[dict[str, Any]]:
    return [describe(session, p) for p in pool_names(session)]


def players_of(session: Session, pool: str) -> list[CardroomRushPlayer]:
    return list(session.scalars(select(CardroomRushPlayer).where(CardroomRushPlayer.pool == pool)
                                .order_by(CardroomRushPlayer.id)))


def entry_of(session: Session, pool: str, player_id: int) -> CardroomRushPlayer | None:
    return session.scalars(select(CardroomRushPlayer).where(
        CardroomRushPlayer.pool == pool, CardroomRushPlayer.player_id == player_id)).one_or_none()


def entry_dict(row: CardroomRushPlayer) -> dict[str, Any]:
    return {"pool": row.pool, "player_id": row.player_id, "stack_minor": row.stack,
            "status": row.status, "time_bank_ms": row.time_bank_ms}


def _mine(session: Session, pool: str, player_id: int) -> CardroomRushPlayer:
    row = entry_of(session, pool, player_id)
    if row is None:
        raise NotSeated(f"you are not in Rush pool {pool}")
    return row


def _money(amount: int, cur: str) -> str:
    return format_minor(amount, currency(cur))


def ready_players(session: Session, pool: str) -> list[int]:
    """The pool's players who may be dealt in (playing, with chips), in the order they joined."""
    return [r.player_id for r in players_of(session, pool) if r.status == "playing" and r.stack > 0]


def _spec_like(t: GameTable, cfg: CardroomTable, table_id: str) -> tables.TableSpec:
    from fractions import Fraction

    v = tables.variant_of(t)
    cap_bb = None if cfg.rake_cap is None else cfg.rake_cap // cfg.big_blind
    return tables.TableSpec(
        table_id, t.name, v.game, t.variant, t.currency, cfg.big_blind, format="rush",
        max_seats=cfg.max_seats, min_buy_in=cfg.min_buy_in, max_buy_in=cfg.max_buy_in,
        rake_percent=None if cfg.rake_percent is None else Fraction(cfg.rake_percent),
        rake_cap_bb=cap_bb, no_flop_no_drop=cfg.no_flop_no_drop, decision_ms=cfg.decision_ms,
        time_bank_ms=cfg.time_bank_ms, pool=cfg.pool)


def free_table(session: Session, pool: str, busy: Iterable[str]) -> str:
    """A table of the pool with no hand in play (one more, like the anchor, if all are busy)."""
    t, cfg = anchor(session, pool)
    busy = set(busy)
    ids = [c.table_id for c in pool_tables(session, pool)]
    playing = set(session.scalars(select(CardroomHand.table_id).where(
        CardroomHand.table_id.in_(ids), CardroomHand.state == "playing")))
    for tid in ids:
        if tid not in busy and tid not in playing:
            return tid
    k = len(ids) + 1
    while f"{cfg.table_id}~{k}" in ids:  # pragma: no cover - ids are anchor~2, anchor~3, ...
        k += 1
    new_id = f"{cfg.table_id}~{k}"
    if len(new_id) > 40:
        raise VariantError(f"Rush pool {pool}: table id {new_id!r} too long for one more table")
    if cfg.rake_cap is not None and cfg.rake_cap % cfg.big_blind:
        raise VariantError(f"Rush pool {pool}: a rake cap of whole big blinds is needed to clone")
    tables.ensure_table(session, _spec_like(t, cfg, new_id))
    return new_id


def check_pool(session: Session, pool: str) -> None:
    """Every table of a pool plays the anchor's game, variant, currency and blinds."""
    t, cfg = anchor(session, pool)
    for c in pool_tables(session, pool)[1:]:
        other, _ = tables.get(session, c.table_id)
        if (other.game, other.variant, other.currency, c.big_blind) != (t.game, t.variant, t.currency,
                                                                        cfg.big_blind):
            raise CroupierError(f"Rush pool {pool}: table {c.table_id} plays another game or level "
                                f"than {cfg.table_id}")
