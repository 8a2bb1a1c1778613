"""SQLAlchemy 2 models: the schema of the platform (migrations in ``store/migrations``).

Money columns are ``BigInteger`` minor units. Every table is created by Alembic, never by
``create_all`` outside tests of the migration itself.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: account kinds whose balance can never go negative (a player's money)
PLAYER_KINDS = ("player_cash", "player_bonus")


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Player(Base):
    __tablename__ = "players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    login: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    date_of_birth: Mapped[date] = mapped_column(Date)
    document_number: Mapped[str] = mapped_column(String(32), unique=True)  # 000 §10
    currency: Mapped[str] = mapped_column(String(3))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Session(Base):
    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the session's hard end; ``expires_at`` is the idle deadline that activity moves forward
    #: up to it (GLI-19 2.5.3, ``players.IDLE``); None (sessions before issue 13): no sliding
    absolute_expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class LoginThrottle(Base):
    """The recent failed logins of one login name, known or not (``recent``: their ISO times,
    the last few); ``locked_until`` once there were too many within the window (GLI-19 2.5.4,
    ``platform/throttle.py``)."""

    __tablename__ = "login_throttle"
    login: Mapped[str] = mapped_column(String(64), primary_key=True)
    recent: Mapped[list[Any]] = mapped_column(JSON)
    locked_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Account(Base):
    """A ledger account. ``balance`` is the sum of its credits minus its debits, kept in the same
    transaction as every transfer; a player's accounts can never go below zero."""

    __tablename__ = "accounts"
    __table_args__ = (
        CheckConstraint(
            "kind NOT IN ('player_cash', 'player_bonus') OR balance >= 0",
            name="player_balance_not_negative",
        ),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(20))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), index=True)
    currency: Mapped[str] = mapped_column(String(3))
    balance: Mapped[int] = mapped_column(BigInteger, default=0)


class Transfer(Base):
    """One double-entry movement: ``amount`` leaves ``debit_account`` and enters
    ``credit_account``. ``idempotency_key`` is unique; ``payload_hash`` tells a replay from a
    conflicting reuse of the key."""

    __tablename__ = "transfers"
    __table_args__ = (CheckConstraint("amount > 0", name="transfer_amount_positive"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(120), unique=True)
    payload_hash: Mapped[str] = mapped_column(String(64))
    debit_account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    credit_account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    kind: Mapped[str] = mapped_column(String(20))
    #: no index (migration 0025_transfer_indexes): no query looks transfers up by round or play
    round_id: Mapped[int | None] = mapped_column(Integer)
    play_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Deposit(Base):
    __tablename__ = "deposits"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    currency: Mapped[str] = mapped_column(String(3))
    status: Mapped[str] = mapped_column(String(12))  # pending, confirmed, failed
    provider_ref: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Withdrawal(Base):
    __tablename__ = "withdrawals"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    amount: Mapped[int] = mapped_column(BigInteger)
    refund_part: Mapped[int] = mapped_column(BigInteger)  # 001 §4.4.1
    winnings_part: Mapped[int] = mapped_column(BigInteger)  # 001 §4.4.2
    currency: Mapped[str] = mapped_column(String(3))
    status: Mapped[str] = mapped_column(String(12))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeedPairRow(Base):
    """A player's provably fair seed pair; ``revealed_at`` is set when it is rotated out."""

    __tablename__ = "seed_pairs"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    server_seed: Mapped[str] = mapped_column(String(64))
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(64))
    next_nonce: Mapped[int] = mapped_column(Integer, default=0)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revealed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class GameTable(Base):
    __tablename__ = "game_tables"
    __table_args__ = (Index("ux_game_tables_lock_id", "lock_id", unique=True),)
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    currency: Mapped[str] = mapped_column(String(3))
    next_number: Mapped[int] = mapped_column(Integer, default=1)
    #: unique per table: the second key of its runner's advisory lock (platform/locks.py)
    lock_id: Mapped[int | None] = mapped_column(Integer)


class Round(Base):
    """A round as a persisted state machine: open -> closed -> resulted -> settled, or -> voided
    from open, closed or resulted (see docs/platform.md for the recovery rule)."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="round_number_per_table"),
        Index("ix_rounds_table_state", "table_id", "state"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # single, table
    table_id: Mapped[str | None] = mapped_column(ForeignKey("game_tables.id"))
    number: Mapped[int | None] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    currency: Mapped[str] = mapped_column(String(3))
    state: Mapped[str] = mapped_column(String(10))
    fair_scheme: Mapped[str] = mapped_column(String(20))
    seed_pair_id: Mapped[int | None] = mapped_column(ForeignKey("seed_pairs.id"))
    server_seed: Mapped[str | None] = mapped_column(String(64))  # table rounds: own seed
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(80))
    nonce: Mapped[int] = mapped_column(Integer)
    draws: Mapped[list[Any] | None] = mapped_column(JSON)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    void_reason: Mapped[str | None] = mapped_column(Text)
    opened_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    closes_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resulted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: shoe tables (issue 5): the shoe the round's cards came from (set when it is resulted)
    shoe_id: Mapped[int | None] = mapped_column(
        ForeignKey("table_shoes.id", name="fk_rounds_shoe_id"), index=True)


class RoundEvent(Base):
    """The append-only log of a round's phases (the engine's own events live on each play)."""

    __tablename__ = "round_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"), index=True)
    type: Mapped[str] = mapped_column(String(20))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Play(Base):
    """One player's part in one round: their bets together, their engine record and settlement.
    It is the row of the player's Games History (000 §10)."""

    __tablename__ = "plays"
    __table_args__ = (
        UniqueConstraint("round_id", "player_id", name="one_play_per_player_round"),
        Index("ix_plays_player_round", "player_id", "round_id"),
        #: a round's plays in play order (migration 0025_transfer_indexes: a draw's settlement
        #: reads its open plays in batches by id; it replaced an index of round_id alone)
        Index("ix_plays_round_id_id", "round_id", "id"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    currency: Mapped[str] = mapped_column(String(3))
    status: Mapped[str] = mapped_column(String(10))  # open, settled, refunded
    stake_total: Mapped[int] = mapped_column(BigInteger, default=0)
    returned_total: Mapped[int | None] = mapped_column(BigInteger)
    events: Mapped[list[Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Bet(Base):
    __tablename__ = "bets"
    __table_args__ = (
        CheckConstraint("stake > 0", name="bet_stake_positive"),
        UniqueConstraint("carried_from", name="uq_bets_carried_from"),
        Index("ix_bets_play_seq", "play_id", "seq"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    play_id: Mapped[int] = mapped_column(ForeignKey("plays.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    slip_key: Mapped[str] = mapped_column(String(120))
    code: Mapped[str] = mapped_column(String(40))
    target: Mapped[list[Any]] = mapped_column(JSON)
    stake: Mapped[int] = mapped_column(BigInteger)
    returned: Mapped[int | None] = mapped_column(BigInteger)
    outcome: Mapped[str | None] = mapped_column(String(10))
    #: a bet carried into this round from an earlier one (en prison, 001 §8.13.4): the earlier
    #: bet's id; unique, so a bet is carried forward exactly once. Its stake was paid back then.
    carried_from: Mapped[int | None] = mapped_column(
        ForeignKey("bets.id", name="fk_bets_carried_from"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class IdempotencyRecord(Base):
    """An HTTP request made with an Idempotency-Key and the response it got."""

    __tablename__ = "idempotency_records"
    __table_args__ = (UniqueConstraint("scope", "key", name="idempotency_scope_key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    scope: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(100))
    request_hash: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int] = mapped_column(Integer)
    response: Mapped[Any] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableShoeRow(Base):
    """The persisted shoe of a card table (issue 5, see ``platform/shoes.py``): shuffled from a
    provably fair seed whose SHA-256 is published before its first card; ``position`` is the next
    card to deal and moves only in the transaction that stores a round's result; the seed (and so
    the order of ``cards``) is revealed when the shoe is finished (the cut card came out)."""

    __tablename__ = "table_shoes"
    __table_args__ = (
        UniqueConstraint("table_id", "number", name="shoe_number_per_table"),
        Index("ix_table_shoes_table_state", "table_id", "state"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    state: Mapped[str] = mapped_column(String(10))  # dealing, finished
    server_seed: Mapped[str] = mapped_column(String(64))  # secret until finished
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(80))
    cards: Mapped[list[Any]] = mapped_column(JSON)  # card codes in dealing order (secret)
    first: Mapped[int] = mapped_column(Integer)  # the first card dealt (after the burn)
    cut: Mapped[int] = mapped_column(Integer)  # the cut card lies before cards[cut]
    position: Mapped[int] = mapped_column(Integer)  # the next card to deal
    rounds_dealt: Mapped[int] = mapped_column(Integer, default=0)  # rounds resulted from it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
