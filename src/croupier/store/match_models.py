"""The schema of the two-player match tables (issue 22 part 2, docs/pvp_matches.md): one row per
table and its match (setup, seats, clocks, result, Lucky Spin) and one row per applied action
(chance draws and decisions, in order) - the record a restart replays through the engine."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from croupier.store.models import Base


class PvpMatch(Base):
    """A two-player table: ``open`` (waiting for an opponent), ``pending`` (an opponent joined,
    the creator decides), ``playing``, ``done`` (settled) or ``cancelled`` (closed before play)."""

    __tablename__ = "pvp_matches"
    __table_args__ = (Index("ix_pvp_matches_status", "status"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(24))
    variant: Mapped[str] = mapped_column(String(24))
    currency: Mapped[str] = mapped_column(String(3))
    #: money (stakes escrowed, rake) or demo (no money moves; where computer opponents may sit)
    mode: Mapped[str] = mapped_column(String(8))
    stake: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    move_ms: Mapped[int] = mapped_column(Integer)
    game_ms: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))
    creator_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    opponent_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"), index=True)
    #: the seats (0 creator, 1 opponent) the server's computer opponent plays
    bot_seats: Mapped[list[int]] = mapped_column(JSON)
    server_seed: Mapped[str] = mapped_column(String(64))
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    #: actions applied (the next move row's ``seq``)
    version: Mapped[int] = mapped_column(Integer)
    turn_seat: Mapped[int | None] = mapped_column(Integer)
    turn_started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deadline_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    #: each seat's game time left (ms) at the start of the current turn
    bank_ms: Mapped[list[int]] = mapped_column(JSON)
    winner_seat: Mapped[int | None] = mapped_column(Integer)
    how: Mapped[str | None] = mapped_column(String(24))
    rake: Mapped[int] = mapped_column(BigInteger)
    settlement: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: the engine's full record (its events) once the match is over
    record: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    #: Lucky Spin on the winner's payout: None (not offered), offered, declined, spun
    spin: Mapped[str | None] = mapped_column(String(10))
    spin_multiplier: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PvpMatchMove(Base):
    """One applied action: a chance ``draw`` (``name`` its kind, ``value``) or a ``decision``
    (``name``, ``args``; ``player_id`` None for the house's: time-outs and voids)."""

    __tablename__ = "pvp_match_moves"
    match_id: Mapped[int] = mapped_column(ForeignKey("pvp_matches.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    name: Mapped[str] = mapped_column(String(24))
    args: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: a draw's value, as decimal text (an ordered deal of cards is a number above 64 bits)
    value: Mapped[str | None] = mapped_column(String(120))
    player_id: Mapped[int | None] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PvpTournament(Base):
    """A knock-out tournament of one match game and variant (issue 22; docs/pvp_matches.md
    "Tournaments"): ``registering``, ``running``, ``finished`` or ``cancelled``. Its matches are
    ordinary :class:`PvpMatch` rows of mode ``tourney`` (no rake, no money moved, no Lucky Spin)."""

    __tablename__ = "pvp_tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    game: Mapped[str] = mapped_column(String(24))
    variant: Mapped[str] = mapped_column(String(24))
    currency: Mapped[str] = mapped_column(String(3))
    buy_in: Mapped[int] = mapped_column(BigInteger)
    fee: Mapped[int] = mapped_column(BigInteger)
    #: the bracket's size (a power of two); a sit-and-go starts when it is full
    seats: Mapped[int] = mapped_column(Integer)
    #: the prize shares by place, as fractions ("7/10")
    prizes: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    move_ms: Mapped[int] = mapped_column(Integer)
    game_ms: Mapped[int] = mapped_column(Integer)
    #: start when full (a sit-and-go) or only when the operator starts it
    autostart: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(12), index=True)
    #: the draw of the bracket and the lots: HMAC streams of this seed (revealed at the end)
    server_seed: Mapped[str] = mapped_column(String(64))
    server_seed_hash: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PvpTournamentEntry(Base):
    """One registration: ``registered`` (buy-in and fee paid), ``withdrawn`` (refunded before the
    start) or, once running, ``playing`` / ``out``; ``place`` and ``prize`` when it is over."""

    __tablename__ = "pvp_tournament_entries"
    __table_args__ = (Index("ix_pvp_tournament_entries_t_p", "tournament_id", "player_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("pvp_tournaments.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    #: the computer opponent plays this entry's matches (only among computer entrants)
    bot: Mapped[bool] = mapped_column(Boolean)
    status: Mapped[str] = mapped_column(String(12))
    place: Mapped[int | None] = mapped_column(Integer)
    prize: Mapped[int] = mapped_column(BigInteger)
    registered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PvpTournamentGame(Base):
    """One pairing of the bracket: round ``rnd`` (0 first), ``slot`` in it; entries ``entry_a``
    and ``entry_b`` (None: a bye); the current ``match_id`` (a drawn or void match is replayed:
    ``attempts``); the winning entry and how (``won``, ``time_out``, ``resigned``, ``bye``, ``lot``)."""

    __tablename__ = "pvp_tournament_games"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("pvp_tournaments.id"), primary_key=True)
    rnd: Mapped[int] = mapped_column(Integer, primary_key=True)
    slot: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_a: Mapped[int] = mapped_column(Integer)
    entry_b: Mapped[int | None] = mapped_column(Integer)
    match_id: Mapped[int | None] = mapped_column(Integer, index=True)
    attempts: Mapped[int] = mapped_column(Integer)
    winner_entry: Mapped[int | None] = mapped_column(Integer)
    how: Mapped[str | None] = mapped_column(String(12))
