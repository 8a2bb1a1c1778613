"""The card room's schema (issue 21 part 3, docs/pvp_poker.md "Card room"): poker tables, seats,
the tables' provably fair seeds, hands with their full record, who played each hand, the
monitoring facts, and sit-and-go tournaments with their entries.

A card room table is also a ``game_tables`` row (``game`` = ``pvp_<game>``): its id, currency and
runner lock (``lock_id``) are the platform's, so one worker runs it as every other table.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class CardroomTable(Base):
    """A poker table's configuration and counters (the table's own row is ``game_tables``)."""

    __tablename__ = "cardroom_tables"
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    format: Mapped[str] = mapped_column(String(16))  # regular / rush / all_in_or_fold / tournament
    big_blind: Mapped[int] = mapped_column(BigInteger)
    min_buy_in: Mapped[int] = mapped_column(BigInteger)
    max_buy_in: Mapped[int] = mapped_column(BigInteger)
    max_seats: Mapped[int] = mapped_column(Integer)
    #: the percentage rake as a fraction text ("1/20"), None: no pot rake (tournaments)
    rake_percent: Mapped[str | None] = mapped_column(String(20))
    rake_cap: Mapped[int | None] = mapped_column(BigInteger)
    no_flop_no_drop: Mapped[bool] = mapped_column(Boolean, default=True)
    decision_ms: Mapped[int] = mapped_column(Integer)
    time_bank_ms: Mapped[int] = mapped_column(Integer)
    #: Rush & Cash: the tables of one pool (a blind level) share this name
    pool: Mapped[str | None] = mapped_column(String(40))
    tournament_id: Mapped[int | None] = mapped_column(Integer)
    next_hand: Mapped[int] = mapped_column(Integer, default=1)
    button: Mapped[int] = mapped_column(Integer, default=-1)  # last hand's button seat


class CardroomSeat(Base):
    """A player on a seat: ``stack`` = chips on the table (their escrow account's balance)."""

    __tablename__ = "cardroom_seats"
    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="cardroom_one_player_per_seat"),
        UniqueConstraint("table_id", "player_id", name="cardroom_one_seat_per_player"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    seat: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    stack: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(12))  # playing / sitting_out / leaving
    time_bank_ms: Mapped[int] = mapped_column(Integer)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CardroomSeed(Base):
    """A table's provably fair server seed: hidden (only its SHA-256 published) until rotated;
    hand ``n`` deals from ``HMAC(server_seed, client_seed:n:counter)``."""

    __tablename__ = "cardroom_seeds"
    __table_args__ = (Index("ix_cardroom_seeds_table", "table_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    server_seed: Mapped[str] = mapped_column(String(64))
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(String(80))
    first_hand: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revealed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class CardroomHand(Base):
    """One hand: ``state`` playing -> settled, or voided (every chip stays where it was).
    ``record`` is the engine's full event list (every hole card); ``seat_players`` maps seats to
    players."""

    __tablename__ = "cardroom_hands"
    __table_args__ = (UniqueConstraint("table_id", "number", name="cardroom_hand_number_per_table"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    currency: Mapped[str] = mapped_column(String(3))
    format: Mapped[str] = mapped_column(String(16))
    state: Mapped[str] = mapped_column(String(10))
    seed_id: Mapped[int] = mapped_column(ForeignKey("cardroom_seeds.id"))
    seat_players: Mapped[dict[str, Any]] = mapped_column(JSON)
    record: Mapped[list[Any] | None] = mapped_column(JSON)
    settlement: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    rake: Mapped[int] = mapped_column(BigInteger, default=0)
    void_reason: Mapped[str | None] = mapped_column(String(200))
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class CardroomHandPlayer(Base):
    """A player's part in a hand (their history, and the monitoring's "who sat with whom")."""

    __tablename__ = "cardroom_hand_players"
    __table_args__ = (Index("ix_cardroom_hand_players_player", "player_id", "hand_id"),)
    hand_id: Mapped[int] = mapped_column(ForeignKey("cardroom_hands.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    stake: Mapped[int] = mapped_column(BigInteger, default=0)
    returned: Mapped[int] = mapped_column(BigInteger, default=0)


class CardroomFact(Base):
    """A collusion-relevant fact for the monitoring: ``sat_with`` (two players in one hand) and
    ``fold_transfer`` (chips a player put in and lost by folding, to a pot another won)."""

    __tablename__ = "cardroom_facts"
    __table_args__ = (Index("ix_cardroom_facts_pair", "player_id", "other_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("cardroom_hands.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    player_id: Mapped[int] = mapped_column(Integer)
    other_id: Mapped[int] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(BigInteger, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CardroomTournament(Base):
    """A sit-and-go: starts when ``seats`` players have entered; blinds rise every
    ``level_seconds`` through ``levels`` (big blinds); ``prizes``: the places' shares as
    fraction texts summing to 1."""

    __tablename__ = "cardroom_tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    game: Mapped[str] = mapped_column(String(40))
    variant: Mapped[str] = mapped_column(String(40))
    currency: Mapped[str] = mapped_column(String(3))
    buy_in: Mapped[int] = mapped_column(BigInteger)
    fee: Mapped[int] = mapped_column(BigInteger)
    starting_stack: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[int] = mapped_column(Integer)
    level_seconds: Mapped[int] = mapped_column(Integer)
    levels: Mapped[list[Any]] = mapped_column(JSON)
    prizes: Mapped[list[Any]] = mapped_column(JSON)
    state: Mapped[str] = mapped_column(String(12))  # registering / running / finished
    table_id: Mapped[str | None] = mapped_column(String(40))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class CardroomEntry(Base):
    """A player's entry in a tournament: ``place`` and ``prize`` once out (or the winner)."""

    __tablename__ = "cardroom_entries"
    __table_args__ = (UniqueConstraint("tournament_id", "player_id", name="cardroom_one_entry"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("cardroom_tournaments.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    place: Mapped[int | None] = mapped_column(Integer)
    prize: Mapped[int] = mapped_column(BigInteger, default=0)
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CardroomRushPlayer(Base):
    """A player in a Rush & Cash pool (000 §12.12.3: he picks a blind level, not a table):
    ``stack`` = his chips in the pool (the balance of his escrow account ``rush:<pool>:<id>``),
    which follow him from hand to hand; ``status`` playing / sitting_out / leaving."""

    __tablename__ = "cardroom_rush_players"
    __table_args__ = (UniqueConstraint("pool", "player_id", name="cardroom_one_entry_per_pool"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    pool: Mapped[str] = mapped_column(String(40))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    stack: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(12))
    time_bank_ms: Mapped[int] = mapped_column(Integer)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
