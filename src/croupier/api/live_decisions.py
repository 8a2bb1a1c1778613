"""Player routes of live decision tables (issue 16): blackjack's seats (004 §2), the decisions of
blackjack, Unlimited Blackjack (004 §4) and Casino Hold'em (004 §5) players, and the round as the
player sees it (live, or again on reconnecting, 004 §2.36–2.37).

* ``POST /api/live/tables/{id}/seats/{seat}/bets`` (Idempotency-Key): bets on a free seat of the
  open round (the main bet and its side bets);
* ``POST /api/live/rounds/{round_id}/decisions`` (Idempotency-Key): ``{"action": "hit"}`` by the
  player in turn (``seat`` when they hold two seats);
* ``GET /api/live/rounds/{round_id}/hand``: the round as the player sees it (the dealer's hole
  card hidden until it is turned), with the legal actions and the decision deadline;
* ``GET /api/live/tables/{id}/hand``: the same for the caller's latest round at the table (the
  table's latest round when they have none), with ``current``: the table's round now.

The cards come from the table's scanner or the dealer console (``/api/live/tables/{id}/
readings``, ``/dealer-readings``), the defaults of players who went away from the table runner.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from croupier.api import problems
from croupier.api.app import ERRORS, Me, _idempotent, _platform, _respond, _scope, _slip, _state
from croupier.api.schemas import BetIn
from croupier.platform import live_common, live_decisions
from croupier.platform.errors import NotFound
from croupier.platform.events import table_message
from croupier.store.models import Play, Round

problems.STATUS.update({"seat_taken": 409, "seat_required": 422, "waiting_for_decision": 409, "not_your_turn": 409,
                        "illegal_action": 422, "round_finished": 409})

router = APIRouter(prefix="/api/live", tags=["live"], responses=ERRORS)


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatBetsIn(_In):
    bets: list[BetIn] = Field(min_length=1, max_length=10,
                              description='the seat\'s bets, e.g. [{"code": "main", "stake": "5.00"}]')


class DecisionIn(_In):
    action: StrictStr = Field(min_length=1, max_length=40, examples=["stand"])
    seat: StrictInt | None = Field(None, ge=1, le=7, description="which of your seats decides")


def _view(s: Session, round_id: int, player: Any, now: Any, seconds: float) -> dict[str, Any]:
    rnd = s.get(Round, round_id)
    if rnd is not None and live_common.is_shared_table(rnd.game, rnd.variant):
        return live_common.player_view(s, round_id, player, now, seconds)  # 004 §4
    return live_decisions.player_view(s, round_id, player, now, seconds)


@router.post("/tables/{table_id}/seats/{seat}/bets", status_code=201)
async def seat_bets(table_id: str, seat: int, body: SeatBetsIn, request: Request,
                    player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        return live_decisions.place(s, player, table_id, seat, _slip(body.bets), p.clock()).to_dict()

    return _respond(await _idempotent(request, _scope(player), 201, fn))  # as /api/tables/{id}/bets


@router.post("/rounds/{round_id}/decisions")
async def decide(round_id: int, body: DecisionIn, request: Request, player: Me) -> Response:
    p = _platform(request)
    seconds = p.settings.decision_seconds
    args = None if body.seat is None else {"box": body.seat}

    def fn(s: Session) -> dict[str, Any]:
        rnd = s.get(Round, round_id)
        if rnd is not None and live_common.is_shared_table(rnd.game, rnd.variant):
            return live_common.decide(s, round_id, player, body.action, p.clock(), seconds)
        return live_decisions.decide(s, round_id, player, body.action, args, p.clock(), seconds)

    out = await _idempotent(request, _scope(player), 200, fn)
    if not out.replayed:
        table_id = str(out.body.get("table_id"))
        await _state(request).broker.publish(table_message(table_id, {
            "type": "decision", "table_id": table_id, "round_id": round_id,
            "action": body.action, "waiting_for": out.body.get("waiting_for"),
            "turn": out.body.get("turn")}))
    return _respond(out)


@router.get("/rounds/{round_id}/hand")
async def hand(round_id: int, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    seconds = p.settings.decision_seconds
    return await run_in_threadpool(p.read, lambda s: _view(s, round_id, player, p.clock(), seconds))


@router.get("/tables/{table_id}/hand")
async def table_hand(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    seconds = p.settings.decision_seconds

    def fn(s: Session) -> dict[str, Any]:
        latest = s.execute(select(Round.id, Round.state).where(Round.table_id == table_id)
                           .order_by(Round.id.desc()).limit(1)).one_or_none()
        if latest is None:
            raise NotFound(f"table {table_id} has no round")
        mine = s.scalar(select(Round.id).join(Play, Play.round_id == Round.id).where(
            Round.table_id == table_id, Play.player_id == player.id)
            .order_by(Round.id.desc()).limit(1))
        out = _view(s, int(mine or latest[0]), player, p.clock(), seconds)
        out["current"] = {"round_id": int(latest[0]), "state": str(latest[1])}
        return out

    return await run_in_threadpool(p.read, fn)
