"""Joining and leaving a Rush & Cash pool (platform/cardroom/rush.py): the buy-in to the pool
stack, sitting out and in, and the cash-out of a leaver."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.cardroom import tables
from croupier.platform.cardroom.accounts import ensure_account, stack_to_cash
from croupier.platform.cardroom.errors import AlreadySeated, BuyInRefused
from croupier.platform.cardroom.rush_pools import (
    _mine,
    _money,
    anchor,
    anchor_id,
    entry_dict,
    entry_of,
    pool_tables,
    stack_code,
)
from croupier.platform.ledger import Ledger, player_code
from croupier.store.cardroom_models import (
    CardroomRushPlayer,
    CardroomSeat,
)
from croupier.store.models import Player


def join(session: Session, player: Player, pool: str, buy_in: int, now: datetime) -> dict[str, Any]:
    """Enter the pool with ``buy_in`` moved from the player's cash to his pool stack."""
    t, cfg = anchor(session, pool)
    tables.get(session, cfg.table_id, lock=True)  # serialise with the pool's hands
    if isinstance(buy_in, bool) or not isinstance(buy_in, int) or buy_in <= 0:
        raise BuyInRefused(f"a buy-in is a positive whole number of minor units, got {buy_in!r}")
    if player.currency != t.currency:
        raise BuyInRefused(f"this pool plays in {t.currency}; your wallet is in {player.currency}")
    Ledger(session).lock_player(player.id)
    if entry_of(session, pool, player.id) is not None:
        raise AlreadySeated(f"you already play in Rush pool {pool}: one entry per pool")
    seated = session.scalar(select(CardroomSeat.table_id).where(
        CardroomSeat.player_id == player.id,
        CardroomSeat.table_id.in_([c.table_id for c in pool_tables(session, pool)])))
    if seated is not None:  # pragma: no cover - a Rush table has no seats of its own
        raise AlreadySeated(f"you already have a seat at table {seated} of Rush pool {pool}")
    if buy_in < cfg.min_buy_in:
        raise BuyInRefused(f"the buy-in {_money(buy_in, t.currency)} is below the pool minimum "
                           f"{_money(cfg.min_buy_in, t.currency)}")
    if buy_in > cfg.max_buy_in:
        raise BuyInRefused(f"the buy-in {_money(buy_in, t.currency)} is above the pool maximum "
                           f"{_money(cfg.max_buy_in, t.currency)}")
    code = stack_code(pool, player.id)
    ensure_account(session, code, "table_stack", t.currency, player.id)
    Ledger(session).transfer(f"pkr-rush-in:{uuid.uuid4().hex}", player_code(player.id), code, buy_in,
                             "poker_buy_in", now=now)  # InsufficientFunds from the checked debit
    row = CardroomRushPlayer(pool=pool, player_id=player.id, stack=buy_in, status="playing",
                             time_bank_ms=cfg.time_bank_ms, joined_at=now)
    session.add(row)
    session.flush()
    return entry_dict(row)


def sit_out(session: Session, player: Player, pool: str) -> dict[str, Any]:
    """Dealt into no new hand (the hand being played goes on)."""
    row = _mine(session, pool, player.id)
    if row.status == "playing":
        row.status = "sitting_out"
    return entry_dict(row)


def sit_in(session: Session, player: Player, pool: str) -> dict[str, Any]:
    row = _mine(session, pool, player.id)
    if row.stack <= 0:
        raise BuyInRefused("a pool stack without chips cannot play: leave and join again")
    row.status = "playing"
    return entry_dict(row)


def leave(session: Session, player: Player, pool: str, in_hand: bool, now: datetime) -> dict[str, Any]:
    """Leave the pool: the whole stack back to cash now, or when the hand he is in ends or he
    folds out of it (status ``leaving``)."""
    tables.get(session, anchor_id(session, pool), lock=True)
    row = _mine(session, pool, player.id)
    if in_hand:
        row.status = "leaving"
        return {**entry_dict(row), "cashed_out_minor": None}
    Ledger(session).lock_player(player.id)
    out = cash_out(session, row, now)
    return {**entry_dict(row), "status": "left", "stack_minor": 0, "cashed_out_minor": out}


def cash_out_leaver(session: Session, pool: str, player_id: int, now: datetime) -> int | None:
    """Cash out a ``leaving`` player who is in no hand (he folded out before his leave was
    stored); None if there is nothing to do."""
    row = entry_of(session, pool, player_id)
    if row is None or row.status != "leaving":
        return None
    Ledger(session).lock_player(player_id)
    return cash_out(session, row, now)


def cash_out(session: Session, row: CardroomRushPlayer, now: datetime) -> int:
    amount = stack_to_cash(session, f"pkr-rush-out:{row.id}", stack_code(row.pool, row.player_id),
                           row.player_id, row.stack, now)
    session.delete(row)
    session.flush()
    return amount
