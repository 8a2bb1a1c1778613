"""Tables of the jackpot pools (issue 16 part 5). The money of a pool is never here: a pool's
amount is its ledger account's balance (``jackpot:<pool code>:<currency>``). These rows hold
what the ledger cannot: the pool's cycle and, for a drop pool, the hidden level of the cycle
(with its published commitment), and the record of every jackpot win.

Created by their own Alembic revision (``store/migrations/versions/0009_jackpots.py``).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class JackpotPool(Base):
    """One pool in one currency. ``cycle`` counts its (re)seedings; a drop pool's
    ``drop_level`` is secret until it is won, ``drop_commitment`` = SHA-256 of
    ``"<code>:<currency>:<cycle>:<level>:<salt>"`` is shown from the start of the cycle."""

    __tablename__ = "jackpot_pools"
    __table_args__ = (UniqueConstraint("code", "currency", name="uq_jackpot_pools_code_currency"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(48))
    currency: Mapped[str] = mapped_column(String(3))
    kind: Mapped[str] = mapped_column(String(8))
    cycle: Mapped[int] = mapped_column(Integer, default=0)
    drop_level: Mapped[int | None] = mapped_column(BigInteger)
    drop_salt: Mapped[str | None] = mapped_column(String(32))
    drop_commitment: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class JackpotWin(Base):
    """A jackpot paid: which pool (and cycle), to whose play, on which engine bet (``bet_id``;
    -1 for a drop pool's whole-pool prize), why (``row``), the amount and the pool before it."""

    __tablename__ = "jackpot_wins"
    __table_args__ = (UniqueConstraint("pool_id", "play_id", "bet_id",
                                       name="uq_jackpot_wins_pool_play_bet"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    pool_id: Mapped[int] = mapped_column(ForeignKey("jackpot_pools.id"), index=True)
    cycle: Mapped[int] = mapped_column(Integer)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    play_id: Mapped[int] = mapped_column(ForeignKey("plays.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    bet_id: Mapped[int] = mapped_column(Integer)
    row: Mapped[str] = mapped_column(String(24))
    amount: Mapped[int] = mapped_column(BigInteger)
    pool_before: Mapped[int] = mapped_column(BigInteger)
    drop_level: Mapped[int | None] = mapped_column(BigInteger)
    drop_salt: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
