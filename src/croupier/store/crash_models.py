"""Crash tables (issue 17, docs/crash.md): the hash chains their crash points come from."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class CrashChain(Base):
    """A published chain: the terminating hash, salt and first round are public from
    ``published_at``; ``secret_seed`` (the chain's last seed, s_L) never leaves the server - each
    round's seed is revealed through its round row once the round has crashed."""

    __tablename__ = "crash_chains"
    __table_args__ = (Index("ix_crash_chains_table_first", "table_id", "first_round", unique=True),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    secret_seed: Mapped[str] = mapped_column(String(64))
    terminating_hash: Mapped[str] = mapped_column(String(64))
    salt: Mapped[str] = mapped_column(String(80))
    length: Mapped[int] = mapped_column(Integer)
    first_round: Mapped[int] = mapped_column(Integer)
    published_at_round: Mapped[int] = mapped_column(Integer)
    published_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CrashCashOut(Base):
    """A cash-out the serialisation point accepted (received before the crash): at most one of
    each kind per bet (the unique key makes "exactly once" hold however requests race)."""

    __tablename__ = "crash_cash_outs"
    __table_args__ = (UniqueConstraint("play_id", "bet", "name", name="ux_crash_cash_out_once"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    play_id: Mapped[int] = mapped_column(ForeignKey("plays.id"))
    bet: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(16))
    at: Mapped[str] = mapped_column(String(12))
    received_ms: Mapped[int] = mapped_column(BigInteger)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CrashAutobet(Base):
    """A player's AUTOBET session on a crash table (000 §12.20 Auto mode): the server places its
    bets, connected or not. Amounts in minor units; ``target`` in hundredths."""

    __tablename__ = "crash_autobets"
    __table_args__ = (Index("ix_crash_autobets_table_status", "table_id", "status"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    base: Mapped[int] = mapped_column(BigInteger)
    limit_total: Mapped[int] = mapped_column(BigInteger)
    target: Mapped[int] = mapped_column(Integer)
    after_win: Mapped[str] = mapped_column(String(8))
    after_loss: Mapped[str] = mapped_column(String(8))
    next_bet: Mapped[int] = mapped_column(BigInteger)
    total: Mapped[int] = mapped_column(BigInteger)
    rounds: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))  # running, stopped
    stop_reason: Mapped[str | None] = mapped_column(String(200))
    pending_round_id: Mapped[int | None] = mapped_column(ForeignKey("rounds.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CrashQueuedBet(Base):
    """A bet placed for the next round (000 §12.20 flow 1: "Place bet for the next round"): not
    yet debited; the next betting phase places it (debit, limits) or drops it with a reason."""

    __tablename__ = "crash_queued_bets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    stake: Mapped[str] = mapped_column(String(40))
    target: Mapped[str | None] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
