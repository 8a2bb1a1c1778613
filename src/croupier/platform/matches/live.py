"""A match's state: rebuilt from its recorded actions through the engine (a restart resumes
every match this way), kept in a per-process cache keyed by the number of actions applied and
updated only when the transaction that applied them commits.

Every action goes through :func:`apply`: the engine applies it, then it is stored as the next
``pvp_match_moves`` row. Chance steps are drawn at once (:func:`run_chance`) from the match's
server seed: the draw of action ``n`` is ``randbelow`` of the stream
``HMAC(server_seed, "pvp:<match id>:<n>:...")`` (:func:`croupier.rng.fair.stream`), so a replay
or an audit with the revealed seed finds the same values."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import event, select
from sqlalchemy.orm import Session

from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.fund import FundRake
from croupier.platform.matches.games import MatchGame, match_game, variant_of
from croupier.rng import fair
from croupier.store.match_models import PvpMatch, PvpMatchMove

#: match id -> (actions applied, state): this process's committed states
_CACHE: dict[int, tuple[int, Any]] = {}
_PENDING = "pvp_match_states"
#: the mode of a tournament's match: no rake, no money moved, no Lucky Spin
TOURNEY = "tourney"


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    pending = session.info.pop(_PENDING, None)
    if pending:
        _CACHE.update(pending)


@event.listens_for(Session, "after_rollback")
def _rolled_back(session: Session) -> None:
    session.info.pop(_PENDING, None)


def forget(match_id: int | None = None) -> None:
    """Drop cached states (all of them: what a restarted process starts with)."""
    if match_id is None:
        _CACHE.clear()
    else:
        _CACHE.pop(match_id, None)


def remember(session: Session, m: PvpMatch, state: Any) -> None:
    session.info.setdefault(_PENDING, {})[m.id] = (m.version, state)


def setup_record(m: PvpMatch) -> dict[str, Any]:
    """The setup as the engine's record holds it: seats 0 (creator) and 1 (opponent), the stake,
    the table's options, the 4% rake - none on a tournament's match (mode ``tourney``: "Tournaments
    are excluded from rake", 000 §12.12.1; :mod:`.tournaments`)."""
    rake = None if m.mode == TOURNEY else FundRake().to_dict()
    return {**m.options, "seats": [0, 1], "stake": m.stake, "rake": rake}


def start_state(g: MatchGame, m: PvpMatch) -> Any:
    return g.engine.start(variant_of(g, m.variant), g.setup_of(setup_record(m)), m.currency)


def _action(row: PvpMatchMove) -> DrawAction | Decision:
    if row.kind == "draw":
        return DrawAction(row.name, int(row.value or "0"))
    return Decision(row.name, dict(row.args))


def replay(session: Session, m: PvpMatch) -> Any:
    """The match's state from its setup and every stored action, through the engine."""
    g = match_game(m.game)
    state = start_state(g, m)
    rows = session.scalars(select(PvpMatchMove).where(PvpMatchMove.match_id == m.id)
                           .order_by(PvpMatchMove.seq))
    for row in rows:
        state = g.engine.apply(state, _action(row))
    return state


def state_of(session: Session, m: PvpMatch) -> Any:
    pending = session.info.get(_PENDING, {}).get(m.id)
    if pending is not None and pending[0] == m.version:
        return pending[1]
    cached = _CACHE.get(m.id)
    if cached is not None and cached[0] == m.version:
        return cached[1]
    state = replay(session, m)
    remember(session, m, state)
    return state


def apply(session: Session, m: PvpMatch, state: Any, action: DrawAction | Decision,
          player_id: int | None, now: datetime) -> Any:
    """Apply one action through the engine and store it (nothing is stored if it is refused)."""
    new = match_game(m.game).engine.apply(state, action)
    if isinstance(action, DrawAction):
        row = PvpMatchMove(match_id=m.id, seq=m.version, kind="draw", name=action.kind, args={},
                           value=str(action.value), player_id=None, at=now)
    else:
        row = PvpMatchMove(match_id=m.id, seq=m.version, kind="decision", name=action.name,
                           args=dict(action.args), value=None, player_id=player_id, at=now)
    session.add(row)
    m.version += 1
    remember(session, m, new)
    return new


def draw_value(m: PvpMatch, n: int) -> int:
    return fair.stream(m.server_seed, f"pvp:{m.id}", m.version).randbelow(n)


def run_chance(session: Session, m: PvpMatch, state: Any, now: datetime) -> Any:
    """Draw every chance step the match waits for."""
    engine = match_game(m.game).engine
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        if req is None:
            break
        state = apply(session, m, state, DrawAction(req.kind, draw_value(m, req.n)), None, now)
    return state
