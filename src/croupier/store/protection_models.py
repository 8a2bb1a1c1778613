"""Tables of player protection (issue 7): limits, play time, the restricted-persons register,
blocks, verification, complaints, bonuses, operator roles and the hash-chained monitoring record.

They live on the platform's declarative ``Base`` (foreign keys to ``players``/``plays``) and are
created by their own Alembic revision (``store/migrations/versions/p7_0001_protection.py``).
Money columns are ``BigInteger`` minor units.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class LimitRow(Base):
    """One requested value of a player's limit (``kind`` deposit: minor units; time: hours).

    The limit in force for a period is the latest row, not cancelled, whose ``effective_from`` has
    come; a row whose ``effective_from`` is still ahead is a pending increase (cooling-off)."""

    __tablename__ = "protection_limits"
    __table_args__ = (Index("ix_protection_limits_player", "player_id", "kind", "period"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(10))  # deposit, time
    period: Mapped[str] = mapped_column(String(10))  # day, week, month
    value: Mapped[int | None] = mapped_column(BigInteger)  # None: no limit
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    effective_from: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    is_change: Mapped[bool] = mapped_column(Boolean, default=True)  # the first choice is not
    cancelled: Mapped[bool] = mapped_column(Boolean, default=False)


class PlaySpan(Base):
    """A stretch of continuous play (001 §10.3): bets at most 60 s apart. Each bet counts the
    minute after it as played, so ``ended_at`` is the last bet plus 60 s."""

    __tablename__ = "protection_play_spans"
    __table_args__ = (Index("ix_protection_spans_player", "player_id", "started_at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_bet_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    checks_shown: Mapped[int] = mapped_column(Integer, default=0)


class RestrictedPerson(Base):
    """An entry of the Register of persons with restricted access to gambling (001 §2.1, §5.1.5),
    or a player's self-exclusion; matched by normalised document number."""

    __tablename__ = "protection_restricted"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    document_number: Mapped[str] = mapped_column(String(32), index=True)
    source: Mapped[str] = mapped_column(String(20))  # self_exclusion, register, operator
    reason: Mapped[str] = mapped_column(Text)
    starts_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_by: Mapped[int | None] = mapped_column(Integer)
    lifted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    lifted_by: Mapped[int | None] = mapped_column(Integer)


class AccountBlock(Base):
    """A block of a Personal Account for a reason of 001 §5.1.4."""

    __tablename__ = "protection_blocks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    reason: Mapped[str] = mapped_column(String(40))
    note: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_by: Mapped[int | None] = mapped_column(Integer)
    lifted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    lifted_by: Mapped[int | None] = mapped_column(Integer)
    lift_note: Mapped[str | None] = mapped_column(Text)


class Verification(Base):
    """A player's verification (KYC) state: unverified (no row), pending, verified, rejected."""

    __tablename__ = "protection_kyc"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    state: Mapped[str] = mapped_column(String(12))
    submitted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    documents: Mapped[str | None] = mapped_column(Text)
    reviewed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    reviewed_by: Mapped[int | None] = mapped_column(Integer)
    note: Mapped[str | None] = mapped_column(Text)


class Complaint(Base):
    """A written complaint about a round (000 §11) and the back office's recorded decision."""

    __tablename__ = "protection_complaints"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    text: Mapped[str] = mapped_column(Text)
    filed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    round_ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    state: Mapped[str] = mapped_column(String(12))  # open, upheld, rejected
    decision: Mapped[str | None] = mapped_column(Text)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resolved_by: Mapped[int | None] = mapped_column(Integer)


class Role(Base):
    """A back-office role held by an account (``operator``)."""

    __tablename__ = "protection_roles"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)
    role: Mapped[str] = mapped_column(String(20))
    granted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Bonus(Base):
    """Bonus funds with a wagering requirement (001 §4.1): ``requirement`` = amount x multiplier
    of bonus-funded stakes before the bonus balance turns into cash."""

    __tablename__ = "protection_bonuses"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    wager_multiplier: Mapped[int] = mapped_column(Integer)
    requirement: Mapped[int] = mapped_column(BigInteger)
    wagered: Mapped[int] = mapped_column(BigInteger, default=0)
    state: Mapped[str] = mapped_column(String(12))  # active, converted, exhausted
    granted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    granted_by: Mapped[int | None] = mapped_column(Integer)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    converted_amount: Mapped[int | None] = mapped_column(BigInteger)


class PlayFunding(Base):
    """Which balance a play's stakes came from, so its win goes back there (001 §6.8.5)."""

    __tablename__ = "protection_play_funding"
    play_id: Mapped[int] = mapped_column(ForeignKey("plays.id"), primary_key=True)
    account: Mapped[str] = mapped_column(String(10))  # cash, bonus
    bonus_id: Mapped[int | None] = mapped_column(ForeignKey("protection_bonuses.id"))


class RepresentativePayout(Base):
    """A refund of a listed person's contributions paid to their legal representative at the
    representative's request: the one exception to "no payouts to third parties" (001 §5.2.18)."""

    __tablename__ = "protection_representative_payouts"
    withdrawal_id: Mapped[int] = mapped_column(ForeignKey("withdrawals.id"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    representative_document: Mapped[str] = mapped_column(String(32))
    representative_name: Mapped[str] = mapped_column(String(200))
    operator_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AuditEntry(Base):
    """One entry of the monitoring record (001 §5.2.10): a bet acceptance, refund or win.

    ``hash`` = SHA-256 of the entry's canonical JSON, which includes ``seq`` and ``prev_hash``
    (the hash of entry ``seq - 1``), so an edited, deleted or moved entry breaks the chain."""

    __tablename__ = "protection_audit"
    seq: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    at: Mapped[str] = mapped_column(String(40))  # ISO 8601 UTC, exactly as hashed
    kind: Mapped[str] = mapped_column(String(12))  # bet, refund, win
    player_id: Mapped[int] = mapped_column(Integer, index=True)
    round_id: Mapped[int | None] = mapped_column(Integer)
    play_id: Mapped[int | None] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    account: Mapped[str] = mapped_column(String(10))
    ref: Mapped[str] = mapped_column(String(120))
    #: issue 24: the ``X-Request-ID`` of the HTTP request that wrote it (None: no request, or
    #: written before migration 0020); hashed when present
    request_id: Mapped[str | None] = mapped_column(String(100), nullable=True)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


class AuditHead(Base):
    """The chain's head (one row, id 1): the last ``seq`` and its hash. Appends lock it."""

    __tablename__ = "protection_audit_head"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger)
    hash: Mapped[str] = mapped_column(String(64))
