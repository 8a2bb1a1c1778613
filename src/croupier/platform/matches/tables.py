"""Match tables (issue 22 part 2; 000 §12.11, §12.12.1-§12.12.8 "Conditions"): the creator sets
the game, variant, options, clocks and stake; a player joins (not his own table, only with the
stake covered); the creator accepts - the stakes go into escrow and the match starts - or
rejects (the table is open again); the creator may close a table nobody plays yet.

Computer opponents (issue 22 part 3) sit only at demo tables or against another computer
opponent, never at a money table against a real player (:class:`~.errors.BotNotAllowed`)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from croupier.platform.errors import NotFound
from croupier.platform.matches import clocks, live, money, progress
from croupier.platform.matches.errors import (
    BotNotAllowed,
    MatchState,
    OwnTable,
    TableLimit,
    UnknownOption,
)
from croupier.platform.matches.games import match_game, variant_of
from croupier.platform.matches.views import table_row
from croupier.rng import fair
from croupier.store.match_models import PvpMatch
from croupier.store.models import Player

MODES = ("money", "demo")


def get(session: Session, match_id: int, lock: bool = False) -> PvpMatch:
    q = select(PvpMatch).where(PvpMatch.id == match_id)
    if lock:
        q = q.with_for_update()
    m = session.scalars(q).one_or_none()
    if m is None:
        raise NotFound(f"no match table {match_id}")
    return m


def check_table_limit(session: Session, player_id: int, game: str) -> None:
    """Open, pending and playing tables of the game count (ASSUMPTION: a table waiting for an
    opponent is one the player is at)."""
    limit = match_game(game).max_tables
    if limit is None:
        return
    at = session.scalar(select(func.count(PvpMatch.id)).where(
        PvpMatch.game == game, PvpMatch.status.in_(("open", "pending", "playing")),
        or_(PvpMatch.creator_id == player_id, PvpMatch.opponent_id == player_id)))
    if int(at or 0) >= limit:
        raise TableLimit(f"a player may be at {limit} {game} tables at once "
                         f"({match_game(game).clause}); you are at {at}")


def _options(game: str, variant: Any, given: Mapping[str, Any]) -> dict[str, Any]:
    g = match_game(game)
    out = g.options(variant)
    for key, value in given.items():
        if key not in out:
            known = ", ".join(sorted(out)) or "none"
            raise UnknownOption(f"{game} has no table option {key!r}; its options: {known}")
        if type(value) is not type(out[key]):
            raise UnknownOption(f"the option {key!r} is a {type(out[key]).__name__}, got {value!r}")
        out[key] = value
    return out


def create(session: Session, player: Player, game: str, variant: str, stake: int,
           options: Mapping[str, Any], move_seconds: int, game_seconds: int, now: datetime,
           mode: str = "money", bot: bool = False) -> dict[str, Any]:
    """Open a table (its setup checked by the engine itself); the creator's cash must cover the
    stake now (it moves only when he accepts an opponent)."""
    g = match_game(game)
    v = variant_of(g, variant)
    if mode not in MODES:
        raise UnknownOption(f"a table is 'money' or 'demo', got {mode!r}")
    if move_seconds not in g.move_choices(variant):
        raise UnknownOption(f"{g.name} {variant}: the move time is one of "
                            f"{', '.join(map(str, g.move_choices(variant)))} s ({g.clause}), got {move_seconds!r}")
    if game_seconds not in g.game_seconds:
        raise UnknownOption(f"{g.name}: the game time is one of "
                            f"{', '.join(map(str, g.game_seconds))} s ({g.clause}), got {game_seconds!r}")
    seed = fair.new_server_seed()
    m = PvpMatch(game=game, variant=variant, currency=player.currency, mode=mode, stake=stake,
                 options=_options(game, v, options), move_ms=move_seconds * 1000,
                 game_ms=game_seconds * 1000, status="open", creator_id=player.id,
                 opponent_id=None, bot_seats=[0] if bot else [], server_seed=seed,
                 server_seed_hash=fair.commitment(seed), version=0, turn_seat=None,
                 turn_started_at=None, deadline_at=None, bank_ms=[game_seconds * 1000] * 2,
                 winner_seat=None, how=None, rake=0, settlement=None, record=None, spin=None,
                 spin_multiplier=None, created_at=now, started_at=None, ended_at=None)
    live.start_state(g, m)  # the engine checks the stake, the stake limits and every option
    money.check_covers(session, player.id, m, "the creator")
    check_table_limit(session, player.id, game)
    session.add(m)
    session.flush()
    return table_row(m)


def start_pairing(session: Session, game: str, variant: str, currency: str, stake: int,
                  options: Mapping[str, Any], move_ms: int, game_ms: int,
                  players: tuple[int, int], bot_seats: list[int], now: datetime) -> PvpMatch:
    """A tournament's match (mode ``tourney``): the bracket seats both players, so nobody
    accepts (ASSUMPTION); ``stake`` is nominal (no money moves, no rake: the engine settles it
    with none); it starts at once on the match machinery (clocks, time-outs, resignation)."""
    seed = fair.new_server_seed()
    m = PvpMatch(game=game, variant=variant, currency=currency, mode=live.TOURNEY, stake=stake,
                 options=dict(options), move_ms=move_ms, game_ms=game_ms, status="pending",
                 creator_id=players[0], opponent_id=players[1], bot_seats=sorted(bot_seats),
                 server_seed=seed, server_seed_hash=fair.commitment(seed), version=0,
                 turn_seat=None, turn_started_at=None, deadline_at=None,
                 bank_ms=[game_ms] * 2, winner_seat=None, how=None, rake=0, settlement=None,
                 record=None, spin=None, spin_multiplier=None, created_at=now, started_at=None,
                 ended_at=None)
    session.add(m)
    session.flush()
    _start(session, m, now)
    return m


def list_open(session: Session, game: str | None = None) -> list[dict[str, Any]]:
    q = select(PvpMatch).where(PvpMatch.status == "open").order_by(PvpMatch.id)
    if game is not None:
        q = q.where(PvpMatch.game == game)
    return [table_row(m) for m in session.scalars(q)]


def join(session: Session, player: Player, match_id: int, now: datetime,
         bot: bool = False) -> dict[str, Any]:
    """Sit as the opponent; the creator then accepts or rejects (a computer creator accepts at
    once: ASSUMPTION)."""
    m = get(session, match_id, lock=True)
    if player.id == m.creator_id:
        raise OwnTable(f"you created table {m.id}: wait for an opponent to join it")
    if m.status != "open":
        raise MatchState(f"table {m.id} is {m.status}, not open")
    if player.currency != m.currency:
        raise MatchState(f"table {m.id} plays in {m.currency}, your account is in {player.currency}")
    creator_bot = 0 in m.bot_seats
    if m.mode == "money" and creator_bot != bot:
        raise BotNotAllowed("a computer opponent plays a real player only at a demo table, never "
                            "for money (issue 22)")
    money.check_covers(session, player.id, m, "the opponent")
    check_table_limit(session, player.id, m.game)
    m.opponent_id = player.id
    m.bot_seats = sorted({*m.bot_seats, 1}) if bot else [s for s in m.bot_seats if s != 1]
    m.status = "pending"
    if creator_bot:
        return _start(session, m, now)
    return table_row(m)


def _creators(m: PvpMatch, player: Player) -> None:
    if player.id != m.creator_id:
        raise MatchState(f"only the creator of table {m.id} decides on its opponent")


def accept(session: Session, player: Player, match_id: int, now: datetime) -> dict[str, Any]:
    m = get(session, match_id, lock=True)
    _creators(m, player)
    if m.status != "pending":
        raise MatchState(f"table {m.id} is {m.status}: there is no opponent to accept")
    return _start(session, m, now)


def _start(session: Session, m: PvpMatch, now: datetime) -> dict[str, Any]:
    """The stakes into escrow (all or nothing), the engine's opening draws, the first clock."""
    money.hold_stakes(session, m, now)
    g = match_game(m.game)
    m.status, m.started_at = "playing", now
    session.flush()
    state = live.start_state(g, m)
    live.remember(session, m, state)
    state = live.run_chance(session, m, state, now)
    progress.after_change(session, m, state, now)
    return table_row(m)


def reject(session: Session, player: Player, match_id: int) -> dict[str, Any]:
    m = get(session, match_id, lock=True)
    _creators(m, player)
    if m.status != "pending":
        raise MatchState(f"table {m.id} is {m.status}: there is no opponent to reject")
    m.opponent_id, m.status = None, "open"
    m.bot_seats = [s for s in m.bot_seats if s != 1]
    return table_row(m)


def close(session: Session, player: Player, match_id: int, now: datetime) -> dict[str, Any]:
    m = get(session, match_id, lock=True)
    _creators(m, player)
    if m.status not in ("open", "pending"):
        raise MatchState(f"table {m.id} is {m.status}: only a table not yet playing is closed")
    m.status, m.ended_at = "cancelled", now
    clocks.stop(m)
    return table_row(m)
