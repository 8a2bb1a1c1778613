"""Tables of table management (issue 16, part 6): games disabled across every table (GLI-19
4.15) and the limits a floor manager sets on a table between rounds.

Created by their own Alembic revision (``store/migrations/versions/0011_game_status.py``).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class GameStatus(Base):
    """A game's availability on every table: a disabled game opens no new round (the round in
    progress finishes); ``reason`` is shown to players. No row: the game is enabled."""

    __tablename__ = "game_status"
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    disabled: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str | None] = mapped_column(Text)
    changed_by: Mapped[int] = mapped_column(Integer)
    changed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableLimits(Base):
    """A change of a table's limits (append-only), in force from round number ``from_number``
    of the table: the latest change (highest id) whose ``from_number`` is at most a round's
    number applies to it. An amount left empty is the variant's own limit; the variant's limits
    always apply too (a table's limits narrow them)."""

    __tablename__ = "table_limits"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    from_number: Mapped[int] = mapped_column(Integer)
    min_bet: Mapped[int | None] = mapped_column(Integer)
    max_bet: Mapped[int | None] = mapped_column(Integer)
    round_max: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(Text)
    set_by: Mapped[int] = mapped_column(Integer)
    set_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
