"""The slot autoplay series (001 §6.6; issue 15): its settings and stops, its progress, its
status, the stop flag any worker may set, and the lease of the worker running it.

Created by its own Alembic revision (``store/migrations/versions/0008_autoplay.py``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class AutoplaySeries(Base):
    """One autoplay series: ``status`` is ``running`` until a stop condition ends it
    (``ended``, ``stopped_by`` says which). ``stop_requested`` is the player's stop (001 §6.6 (c)):
    a row, so every worker sees it before the next spin. ``runner``/``lease_until``: the worker
    playing the series and until when its claim holds (renewed every spin); a series whose lease
    has lapsed (its worker died or shut down) is resumed by any worker."""

    __tablename__ = "autoplay_series"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    #: the slip of every spin: [{code, stake (major-unit text), target}]
    slip: Mapped[list[Any]] = mapped_column(JSON)
    spins: Mapped[int] = mapped_column(Integer)                       # 001 §6.6 (a)
    loss_limit: Mapped[int | None] = mapped_column(BigInteger)        # minor units
    single_win: Mapped[int | None] = mapped_column(BigInteger)        # minor units
    stop_on_free_spins: Mapped[bool] = mapped_column(Boolean)
    decision_seconds: Mapped[float] = mapped_column(Float)
    played: Mapped[int] = mapped_column(Integer)
    stake: Mapped[int] = mapped_column(BigInteger)
    returned: Mapped[int] = mapped_column(BigInteger)
    rounds: Mapped[list[Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(10))                   # running, ended
    stopped_by: Mapped[str | None] = mapped_column(String(12))
    stop_requested: Mapped[bool] = mapped_column(Boolean)
    runner: Mapped[str | None] = mapped_column(String(40))
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_autoplay_series_player_id", "player_id"),
                      Index("ix_autoplay_series_status", "status"))
