"""What a match table shows: the lobby row, and a match's state for a viewer - the public
standing, the clocks, the player to act, and only to that player his legal actions. Cards,
hands and the first of two hidden choices (Chingachung, Goal Penalty) are not shown while the
match runs; the full record is shown once it is over (a backgammon board is public)."""

from __future__ import annotations

from typing import Any

from croupier.games.base import Decision
from croupier.platform.clock import iso
from croupier.store.match_models import PvpMatch


def table_row(m: PvpMatch) -> dict[str, Any]:
    return {"id": m.id, "game": m.game, "variant": m.variant, "currency": m.currency,
            "mode": m.mode, "stake_minor": m.stake, "options": dict(m.options),
            "move_seconds": m.move_ms // 1000, "game_seconds": m.game_ms // 1000,
            "status": m.status, "creator_id": m.creator_id, "opponent_id": m.opponent_id,
            "bot_seats": list(m.bot_seats), "server_seed_hash": m.server_seed_hash,
            "created_at": iso(m.created_at)}


def action_dict(d: Decision) -> dict[str, Any]:
    return {"name": d.name, "args": {k: v for k, v in d.args.items() if k != "seat"}}


def _board(state: Any) -> dict[str, Any] | None:
    """A backgammon position (public): each side's checkers in his own numbering, the dice,
    the cube."""
    if not hasattr(state, "sides"):
        return None
    return {"sides": [list(s) for s in state.sides], "player": state.player,
            "dice": list(state.dice), "cube": state.cube, "owner": state.owner,
            "phase": state.phase, "game": state.game}


def seat_of(m: PvpMatch, player_id: int | None) -> int | None:
    if player_id is None:
        return None
    if player_id == m.creator_id:
        return 0
    if player_id == m.opponent_id:
        return 1
    return None


def match_view(m: PvpMatch, state: Any, engine: Any, viewer: int | None) -> dict[str, Any]:
    out = table_row(m)
    out.update({
        "version": m.version, "turn_seat": m.turn_seat, "deadline": iso(m.deadline_at),
        "turn_started_at": iso(m.turn_started_at), "bank_ms": list(m.bank_ms),
        "move_ms": m.move_ms, "started_at": iso(m.started_at), "ended_at": iso(m.ended_at),
    })
    if state is not None:
        score = getattr(state, "score", None)
        out["score"] = None if score is None else list(score)
        out["board"] = _board(state)
    seat = seat_of(m, viewer)
    out["you"] = None if seat is None else {"seat": seat, "legal_actions": []}
    if m.status == "playing" and state is not None and seat is not None and m.turn_seat == seat:
        out["you"]["legal_actions"] = [action_dict(d) for d in engine.legal_actions(state)]
    if m.status == "done":
        out["result"] = {"winner_seat": m.winner_seat, "how": m.how, "rake_minor": m.rake,
                         "settlement": m.settlement, "record": m.record,
                         "spin": m.spin, "spin_multiplier": m.spin_multiplier,
                         "server_seed": m.server_seed}
    return out
