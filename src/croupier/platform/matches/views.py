"""What a match table shows: the lobby row, and a match's state for a viewer - the public
standing (score, the backgammon board, the state's public fields: :data:`PUBLIC`), the clocks,
the player to act, and to each player only his own hand (``hands`` / Toto 21 ``cards``) and, on
his turn, his legal actions. The opponent's cards, the deck and the reserve show as counts; the
first of two hidden choices (Chingachung's step, the Goal Penalty shot) is never shown while the
match runs (ASSUMPTION for Toto 21: the opponent's cards stay hidden in every game, the Closed
game hiding only more at the end of a round - not built). The full record, with the seed, is
shown once the match is over. A game with its own hidden cards (Belote's piles) gives its own
view (:attr:`~.games.MatchGame.cards_view`)."""

from __future__ import annotations

from typing import Any

from croupier.games.base import Decision, jsonable
from croupier.platform.clock import iso
from croupier.platform.matches.games import match_game
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


#: state fields every viewer may see (when the game's state has them)
PUBLIC = ("table", "layout", "board", "trump", "led", "tricks", "goals", "taken", "round",
          "hand_no", "dealer", "baron", "leader", "shooter", "first", "player", "actor", "phase")
#: hidden piles shown as their sizes
COUNTED = ("deck", "reserve")


def public_fields(state: Any, generic_cards: bool = True) -> dict[str, Any]:
    out = {k: jsonable(getattr(state, k)) for k in PUBLIC
           if hasattr(state, k) and not hasattr(state, "sides")}  # backgammon: :func:`_board`
    for k in COUNTED:
        if hasattr(state, k):
            out[f"{k}_count"] = len(getattr(state, k))
    own = _own_cards(state) if generic_cards else None
    if own is not None:
        out["hand_counts"] = [len(h) for h in own]
    return out


def _own_cards(state: Any) -> Any:
    return getattr(state, "hands", None) if hasattr(state, "hands") else getattr(state, "cards", None)


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
    seat = seat_of(m, viewer)
    out["you"] = None if seat is None else {"seat": seat, "legal_actions": []}
    cards_view = match_game(m.game).cards_view
    if state is not None:
        score = getattr(state, "score", None)
        out["score"] = None if score is None else list(score)
        out["board"] = _board(state)
        out["public"] = public_fields(state, cards_view is None)
    if state is not None and cards_view is not None:
        own_view = cards_view(state, seat)
        out["public"].update(own_view["public"])
        if out["you"] is not None:
            out["you"].update(own_view["you"])
    own = None if state is None or cards_view is not None else _own_cards(state)
    if out["you"] is not None and own is not None:
        out["you"]["hand"] = jsonable(own[seat])
    if m.status == "playing" and state is not None and seat is not None and m.turn_seat == seat:
        out["you"]["legal_actions"] = [action_dict(d) for d in engine.legal_actions(state)]
    if m.status == "done":
        out["result"] = {"winner_seat": m.winner_seat, "how": m.how, "rake_minor": m.rake,
                         "settlement": m.settlement, "record": m.record,
                         "spin": m.spin, "spin_multiplier": m.spin_multiplier,
                         "server_seed": m.server_seed}
    return out
