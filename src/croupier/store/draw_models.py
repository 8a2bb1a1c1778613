"""Draw games (issue 20, docs/draws.md): a ticket bought for one or several scheduled draws.

Each draw is a ``rounds`` row (``kind = "draw"``, ``number`` = the draw number of the schedule);
each ticket's stake on a draw is a ``bets`` row of the player's ``plays`` row of that draw
(``slip_key = "draw-ticket:<ticket id>"``), so every draw of a ticket is in Games History."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class DrawTicket(Base):
    __tablename__ = "draw_tickets"
    __table_args__ = (Index("ix_draw_tickets_player", "player_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the client's idempotency key (unique per player): a retried purchase buys nothing twice
    key: Mapped[str] = mapped_column(String(120), unique=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    currency: Mapped[str] = mapped_column(String(3))
    #: the bets played on every draw: [{"code", "target", "stake"}]
    bets: Mapped[list[Any]] = mapped_column(JSON)
    first_number: Mapped[int] = mapped_column(Integer)
    draws: Mapped[int] = mapped_column(Integer)
    stake_total: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
