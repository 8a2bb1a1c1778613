"""Tables of live-dealer operations (issue 16): each table's result source and status, the
devices that report results, and the incident record (voids, re-spins, manual settlements and
corrections with who, when, why and the evidence reference).

Created by their own Alembic revision (``store/migrations/versions/0007_live.py``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class LiveTable(Base):
    """A table's result source (``rng`` or ``live``) and its status (``open``, ``paused``,
    ``closed``: a table not open takes no new round; the reason is shown to players)."""

    __tablename__ = "live_tables"
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    source: Mapped[str] = mapped_column(String(8))
    status: Mapped[str] = mapped_column(String(10))
    status_reason: Mapped[str | None] = mapped_column(Text)
    #: the physical shoe in play (card tables): its number, and the last round event before it
    #: (the cards read in events after it are out of this shoe)
    shoe_number: Mapped[int] = mapped_column(Integer, default=1)
    shoe_after_event: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LiveDevice(Base):
    """A result reader (wheel reader, card scanner) of one table; its token is stored hashed."""

    __tablename__ = "live_devices"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class LiveIncident(Base):
    """One incident of a live round and what was done about it.

    ``state``: ``done`` (applied at once), ``proposed`` (a manual settlement waiting for a second
    person), ``approved`` (applied by the checker) or ``rejected``."""

    __tablename__ = "live_incidents"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    table_id: Mapped[str] = mapped_column(String(40))
    code: Mapped[str] = mapped_column(String(40))
    clause: Mapped[str] = mapped_column(String(20))
    outcome: Mapped[str] = mapped_column(String(20))
    state: Mapped[str] = mapped_column(String(10))
    reason: Mapped[str] = mapped_column(Text)
    evidence: Mapped[str | None] = mapped_column(String(200))
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    maker_id: Mapped[int | None] = mapped_column(Integer)  # None: the platform itself (timeout)
    checker_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
