"""Playing a match: a player's decision (checked for his turn and his clock, then by the
engine), resignation at any time, the house's time-outs (the ticker: :func:`expire_due`) and
voids, and resuming every match after a restart.

Disconnection (ASSUMPTION, docs/pvp_matches.md; 000 §12.12.8 for Hexagon): a lost connection
changes nothing by itself - the player's clock keeps running and he may come back before it
ends; leaving the table (``leave``) is resigning (Hexagon: "a player leaves: the opponent wins").
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.base import Decision
from croupier.platform.clock import iso
from croupier.platform.matches import clocks, live, money, progress
from croupier.platform.matches.errors import ClockExpired, MatchState, NotYourTurn
from croupier.platform.matches.games import match_game
from croupier.platform.matches.tables import get
from croupier.platform.matches.views import match_view, seat_of
from croupier.store.match_models import PvpMatch
from croupier.store.models import Player

HOUSE = "house"
#: decisions a player may not send (the house's)
_HOUSE_ONLY = ("void", "time_out")


def view(session: Session, match_id: int, viewer: int | None) -> dict[str, Any]:
    m = get(session, match_id)
    state = live.state_of(session, m) if m.status in ("playing", "done") else None
    return match_view(m, state, match_game(m.game).engine, viewer)


def _playing(session: Session, match_id: int, player_id: int) -> tuple[PvpMatch, int]:
    m = get(session, match_id, lock=True)
    seat = seat_of(m, player_id)
    if seat is None:
        raise MatchState(f"you do not play at table {m.id}")
    if m.status == "done" and m.how == "time_out" and m.winner_seat == 1 - seat:
        raise ClockExpired(f"your clock ran out: match {m.id} was lost on time")
    if m.status != "playing":
        raise MatchState(f"match {m.id} is {m.status}, not in play")
    return m, seat


def decide(session: Session, m: PvpMatch, seat: int, name: str, args: Mapping[str, Any],
           player_id: int | None, now: datetime) -> dict[str, Any]:
    """A seat's decision (a player's or his computer opponent's) on the match's clock."""
    if name in _HOUSE_ONLY:
        raise MatchState(f"{name!r} is the house's decision, not a player's")
    state = live.state_of(session, m)
    engine = match_game(m.game).engine
    if name != "resign":
        to_act = engine.to_act(state)
        if to_act != seat:
            who = "nobody" if to_act is None else f"seat {to_act}"
            raise NotYourTurn(f"out of turn: {who} is to move, not seat {seat}")
    if clocks.expired(m, now):  # the time-out comes first, whoever sends what
        raise ClockExpired(f"seat {m.turn_seat}'s clock ran out at {iso(m.deadline_at)}: the "
                           "decision came too late and the time-out applies")
    if m.turn_seat is not None:
        clocks.charge(m, now)
    before = state
    state = live.apply(session, m, state, Decision(name, {**args, "seat": seat}), player_id, now)
    money.charge_fees(session, m, before, state, now)  # Belote's Change card
    state = live.run_chance(session, m, state, now)
    progress.after_change(session, m, state, now, "resigned" if name == "resign" else None)
    return match_view(m, state, engine, player_id)


def move(session: Session, player: Player, match_id: int, name: str, args: Mapping[str, Any],
         now: datetime) -> dict[str, Any]:
    """A player's decision: his turn, in time, and legal (the engine's refusal otherwise)."""
    m, seat = _playing(session, match_id, player.id)
    return decide(session, m, seat, name, args, player.id, now)


def resign(session: Session, player: Player, match_id: int, now: datetime) -> dict[str, Any]:
    """Resigning (or leaving the table) at any time: the opponent wins the match."""
    m, seat = _playing(session, match_id, player.id)
    return decide(session, m, seat, "resign", {}, player.id, now)


def expire(session: Session, match_id: int, now: datetime) -> bool:
    """Apply the game's time-out outcome if the player to act ran out of time."""
    m = get(session, match_id, lock=True)
    if m.status != "playing" or not clocks.expired(m, now) or m.turn_seat is None:
        return False
    g = match_game(m.game)
    seat = m.turn_seat
    clocks.charge(m, now)
    state = live.state_of(session, m)
    action = (Decision("time_out", {"seat": HOUSE, "player": seat}) if g.timeout == "time_out"
              else Decision("resign", {"seat": seat}))
    state = live.apply(session, m, state, action, None, now)
    progress.after_change(session, m, state, now, "time_out")
    return True


def due(session: Session, now: datetime) -> list[int]:
    return list(session.scalars(select(PvpMatch.id).where(
        PvpMatch.status == "playing", PvpMatch.deadline_at < now)))


def void(session: Session, match_id: int, reason: str, now: datetime) -> dict[str, Any]:
    """The house voids a match in play (000 §11: a malfunction): every stake returned, no rake."""
    m = get(session, match_id, lock=True)
    if m.status != "playing":
        raise MatchState(f"match {m.id} is {m.status}, not in play")
    state = live.state_of(session, m)
    state = live.apply(session, m, state, Decision("void", {"seat": HOUSE}), None, now)
    progress.after_change(session, m, state, now, "void")
    m.how = "void"
    return match_view(m, state, match_game(m.game).engine, None) | {"reason": reason}


def resume_all(session: Session, now: datetime) -> list[int]:
    """A restarted server: every match in play goes on from its record, with the player to act
    given his move time again (ASSUMPTION: the downtime is not his)."""
    ids = []
    for m in session.scalars(select(PvpMatch).where(PvpMatch.status == "playing").with_for_update()):
        live.state_of(session, m)  # the record replays through the engine
        clocks.resume(m, now)
        ids.append(m.id)
    return ids
