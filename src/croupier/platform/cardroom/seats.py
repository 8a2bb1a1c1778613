"""Seats: buy-in from the wallet to a table stack, seat selection, sit-out and sit-in, top-up,
and leaving with a cash-out back to the wallet (issue 21 part 3).

Every command locks the table's ``cardroom_tables`` row first (the runner takes it to start and
end a hand), so a seat never changes under a hand's start or settlement. A player in the hand
being played who leaves is cashed out when it ends (status ``leaving``)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import InvalidSelection
from croupier.money import currency, format_minor
from croupier.platform.cardroom import tables
from croupier.platform.cardroom.accounts import ensure_account, stack_code, stack_to_cash
from croupier.platform.cardroom.errors import (
    AlreadySeated,
    BuyInRefused,
    NotSeated,
    SeatTaken,
    TableFull,
)
from croupier.platform.errors import RoundStateError
from croupier.platform.ledger import Ledger, player_code
from croupier.store.cardroom_models import CardroomHand, CardroomSeat, CardroomTable
from croupier.store.models import Player

STATUSES = ("playing", "sitting_out", "leaving")


def _money(amount: int, cur: str) -> str:
    return format_minor(amount, currency(cur))


def seat_of(session: Session, table_id: str, player_id: int) -> CardroomSeat | None:
    return session.scalars(select(CardroomSeat).where(
        CardroomSeat.table_id == table_id, CardroomSeat.player_id == player_id)).one_or_none()


def playing_hand(session: Session, table_id: str) -> CardroomHand | None:
    return session.scalars(select(CardroomHand).where(
        CardroomHand.table_id == table_id, CardroomHand.state == "playing")).one_or_none()


def in_hand(session: Session, table_id: str, player_id: int) -> bool:
    hand = playing_hand(session, table_id)
    return hand is not None and player_id in hand.seat_players.values()


def _check_amount(amount: object, what: str) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise BuyInRefused(f"{what} is a positive whole number of minor units, got {amount!r}")
    return amount


def buy_in(session: Session, player: Player, table_id: str, seat: int, amount: int,
           now: datetime) -> dict[str, Any]:
    """Take ``seat`` with ``amount`` moved from the player's cash to their table stack."""
    t, cfg = tables.get(session, table_id, lock=True)
    if cfg.format == "tournament":
        raise RoundStateError("a tournament table is entered through its tournament")
    if cfg.format == "rush":
        raise RoundStateError(f"a Rush & Cash table is entered through its pool (000 §12.12.3: pick a "
                              f"blind level, not a table): POST /api/cardroom/rush/{cfg.pool}/join")
    amount = _check_amount(amount, "a buy-in")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < cfg.max_seats:
        raise InvalidSelection(f"seat {seat!r} does not exist: seats 0 to {cfg.max_seats - 1}")
    if player.currency != t.currency:
        raise BuyInRefused(f"this table plays in {t.currency}; your wallet is in {player.currency}")
    Ledger(session).lock_player(player.id)
    if seat_of(session, table_id, player.id) is not None:
        raise AlreadySeated(f"you already have a seat at table {table_id}: one seat per player")
    if amount < cfg.min_buy_in:
        raise BuyInRefused(f"the buy-in {_money(amount, t.currency)} is below the table minimum "
                           f"{_money(cfg.min_buy_in, t.currency)}")
    if amount > cfg.max_buy_in:
        raise BuyInRefused(f"the buy-in {_money(amount, t.currency)} is above the table maximum "
                           f"{_money(cfg.max_buy_in, t.currency)}")
    taken = session.scalars(select(CardroomSeat).where(CardroomSeat.table_id == table_id)).all()
    if any(s.seat == seat for s in taken):
        raise SeatTaken(f"seat {seat} at table {table_id} is taken")
    if len(taken) >= cfg.max_seats:  # pragma: no cover - every seat number is then taken
        raise TableFull(f"table {table_id} is full")
    code = stack_code(table_id, player.id)
    ensure_account(session, code, "table_stack", t.currency, player.id)
    # InsufficientFunds (the balance) comes from the ledger's checked debit
    Ledger(session).transfer(f"pkr-buyin:{uuid.uuid4().hex}", player_code(player.id), code, amount,
                             "poker_buy_in", now=now)
    row = CardroomSeat(table_id=table_id, seat=seat, player_id=player.id, stack=amount,
                       status="playing", time_bank_ms=cfg.time_bank_ms, joined_at=now)
    session.add(row)
    session.flush()
    return seat_dict(row)


def top_up(session: Session, player: Player, table_id: str, amount: int, now: datetime) -> dict[str, Any]:
    """Add chips between hands, up to the table maximum."""
    t, cfg = tables.get(session, table_id, lock=True)
    if cfg.format in ("tournament", "all_in_or_fold"):
        raise RoundStateError(f"no top-up at a {cfg.format} table")
    amount = _check_amount(amount, "a top-up")
    Ledger(session).lock_player(player.id)
    row = _mine(session, table_id, player.id)
    if in_hand(session, table_id, player.id):
        raise RoundStateError("chips are added between hands: wait for this hand to end")
    if row.stack + amount > cfg.max_buy_in:
        raise BuyInRefused(f"a stack of {_money(row.stack + amount, t.currency)} would be above the "
                           f"table maximum {_money(cfg.max_buy_in, t.currency)}")
    Ledger(session).transfer(f"pkr-topup:{uuid.uuid4().hex}", player_code(player.id),
                             stack_code(table_id, player.id), amount, "poker_buy_in", now=now)
    row.stack += amount
    return seat_dict(row)


def _mine(session: Session, table_id: str, player_id: int) -> CardroomSeat:
    row = seat_of(session, table_id, player_id)
    if row is None:
        raise NotSeated(f"you have no seat at table {table_id}")
    return row


def _not_tournament(cfg: CardroomTable, what: str) -> None:
    if cfg.format == "tournament":  # ASSUMPTION: a tournament seat plays until its chips are gone
        raise RoundStateError(f"no {what} at a tournament table: a seat plays until its chips are gone")


def sit_out(session: Session, player: Player, table_id: str) -> dict[str, Any]:
    """Deal me out from the next hand (the hand being played goes on)."""
    _t, cfg = tables.get(session, table_id, lock=True)
    _not_tournament(cfg, "sit-out")
    row = _mine(session, table_id, player.id)
    if row.status == "playing":
        row.status = "sitting_out"
    return seat_dict(row)


def sit_in(session: Session, player: Player, table_id: str) -> dict[str, Any]:
    tables.get(session, table_id, lock=True)
    row = _mine(session, table_id, player.id)
    if row.stack <= 0:
        raise BuyInRefused("a seat without chips cannot play: add chips first")
    row.status = "playing"
    return seat_dict(row)


def leave(session: Session, player: Player, table_id: str, now: datetime) -> dict[str, Any]:
    """Stand up: the whole stack goes back to the wallet now, or when the hand being played ends
    if the player is in it (status ``leaving``)."""
    _t, cfg = tables.get(session, table_id, lock=True)
    row = _mine(session, table_id, player.id)
    if cfg.format == "tournament":
        _not_tournament(cfg, "cash-out")
    if in_hand(session, table_id, player.id):
        row.status = "leaving"
        return {**seat_dict(row), "cashed_out_minor": None}
    Ledger(session).lock_player(player.id)
    out = cash_out(session, row, now)
    return {**seat_dict(row), "status": "left", "stack_minor": 0, "cashed_out_minor": out}


def cash_out(session: Session, row: CardroomSeat, now: datetime) -> int:
    """Move the seat's whole stack back to its player's cash and free the seat."""
    amount = stack_to_cash(session, f"pkr-cashout:{row.id}", stack_code(row.table_id, row.player_id),
                           row.player_id, row.stack, now)
    session.delete(row)
    session.flush()
    return amount


def seats_of(session: Session, table_id: str) -> list[CardroomSeat]:
    return list(session.scalars(select(CardroomSeat).where(CardroomSeat.table_id == table_id)
                                .order_by(CardroomSeat.seat)))


def seat_dict(row: CardroomSeat) -> dict[str, Any]:
    return {"table_id": row.table_id, "seat": row.seat, "player_id": row.player_id,
            "stack_minor": row.stack, "status": row.status, "time_bank_ms": row.time_bank_ms}


def seat_rows(session: Session, table_id: str) -> list[dict[str, Any]]:
    """The table's seats with their players' names (the table state's ``seats``)."""
    rows = seats_of(session, table_id)
    if not rows:
        return []
    names = dict(session.execute(select(Player.id, Player.login).where(
        Player.id.in_([r.player_id for r in rows]))).all())
    return [{**seat_dict(r), "name": names.get(r.player_id)} for r in rows]
