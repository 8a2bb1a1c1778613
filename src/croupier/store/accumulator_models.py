"""Accumulators (issue 23, docs/virtual.md "Accumulators"): a slip of legs, each one selection on a
different scheduled virtual event (a draw round), paid the product of the legs' odds when every
leg has won.

The slip's stake is one ledger transfer (``acca:<id>``); each leg is an ``accumulator_legs`` row
naming its event's round, and the player has a ``plays`` row (no stake) on every leg's round so
each event of the slip is in Games History and its recall shows the leg."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class Accumulator(Base):
    __tablename__ = "accumulators"
    __table_args__ = (Index("ix_accumulators_player", "player_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the client's idempotency key (unique per player)
    key: Mapped[str] = mapped_column(String(120), unique=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    currency: Mapped[str] = mapped_column(String(3))
    stake: Mapped[int] = mapped_column(BigInteger)
    #: the combined odds at placement, in hundredths (the product rounded down, capped)
    odds_cents: Mapped[int] = mapped_column(BigInteger)
    #: open, won, lost or void (every leg void: the stake returned)
    state: Mapped[str] = mapped_column(String(8))
    returned: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class AccumulatorLeg(Base):
    __tablename__ = "accumulator_legs"
    __table_args__ = (Index("ix_accumulator_legs_round", "round_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    accumulator_id: Mapped[int] = mapped_column(ForeignKey("accumulators.id"))
    seq: Mapped[int] = mapped_column(Integer)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"))
    table_id: Mapped[str] = mapped_column(String(64))
    number: Mapped[int] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    code: Mapped[str] = mapped_column(String(40))
    #: the selection as the engine normalised it (settled as stored)
    target: Mapped[list[Any]] = mapped_column(JSON)
    #: the board's odds at placement, in hundredths, and the selection's exact chance "p/q"
    odds_cents: Mapped[int] = mapped_column(BigInteger)
    chance: Mapped[str] = mapped_column(Text)
    #: open, won, lost or void (its event voided, or the selection void at the board: odds 1)
    state: Mapped[str] = mapped_column(String(8))
