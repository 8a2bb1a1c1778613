"""Sit-and-go tournaments (000 §12.12.3; issue 21 part 3). Shape only so far."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError
from croupier.platform.errors import NotFound
from croupier.store.cardroom_models import CardroomTable, CardroomTournament
from croupier.store.models import Player


class NotBuilt(CroupierError):
    code = "not_implemented"


def lobby(session: Session) -> list[dict[str, Any]]:
    return [view_row(t) for t in session.scalars(select(CardroomTournament).order_by(CardroomTournament.id))]


def view_row(t: CardroomTournament) -> dict[str, Any]:
    return {"id": t.id, "name": t.name, "game": t.game, "variant": t.variant, "currency": t.currency,
            "buy_in_minor": t.buy_in, "fee_minor": t.fee, "starting_stack": t.starting_stack,
            "seats": t.seats, "level_seconds": t.level_seconds, "levels": t.levels,
            "prizes": t.prizes, "state": t.state, "table_id": t.table_id}


def view(session: Session, tournament_id: int, now: datetime) -> dict[str, Any]:
    t = session.get(CardroomTournament, tournament_id)
    if t is None:
        raise NotFound(f"no tournament {tournament_id}")
    return view_row(t)


def enter(session: Session, player: Player, tournament_id: int, now: datetime) -> dict[str, Any]:
    raise NotBuilt("sit-and-go entries are not built yet (issue 21)")


def table_of(session: Session, tournament_id: int) -> str | None:
    t = session.get(CardroomTournament, tournament_id)
    return None if t is None else t.table_id


def after_hand(session: Session, cfg: CardroomTable, now: datetime) -> None:
    """Eliminations, places and prizes after a tournament hand (not built yet)."""
