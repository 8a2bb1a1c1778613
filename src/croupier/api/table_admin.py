"""Table management routes (issue 16, part 6; ``platform/game_status.py``):

* ``POST /api/live/tables/{id}/limits`` — a floor manager (or operator) changes a table's limits
  from its next round; refused for a round already opened (``round_in_progress``);
* ``GET /api/live/games/{game}/status`` — whether a game is disabled, and why;
* ``POST /api/live/games/{game}/status`` — an operator disables a game on every table (the rounds
  in progress finish; new rounds and bets are refused with the reason) or enables it again
  (GLI-19 4.15).

Both changes are idempotent (``Idempotency-Key``), recorded with who, when and why, in the
monitoring record, and announced on the tables' WebSockets (``table_limits``, ``game_status``
and, for a betting window closed by disabling its game, ``no_more_bets``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from croupier.api import problems
from croupier.api.app import ERRORS, PROBLEM, Me, _idempotent, _platform, _respond, _scope, _state
from croupier.platform import game_status, table_limits
from croupier.platform.clock import iso
from croupier.platform.events import table_message
from croupier.platform.live_roles import FLOOR_MANAGER, require
from croupier.platform.protection.roles import OPERATOR

problems.STATUS.update({"game_disabled": 409, "round_in_progress": 409, "invalid_limits": 422,
                        "reason_required": 422})

router = APIRouter(prefix="/api/live", tags=["live"], responses={**ERRORS, 403: PROBLEM})


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LimitsIn(_In):
    min_bet: StrictStr | None = Field(None, max_length=20, description='the least stake of a bet, '
                                      'e.g. "1.00" (empty: the variant\'s)')
    max_bet: StrictStr | None = Field(None, max_length=20, description="the most on one bet")
    round_max: StrictStr | None = Field(None, max_length=20,
                                        description="the most one player stakes on a round")
    reason: StrictStr = Field(max_length=300, description="why: shown to players and recorded")
    from_round_number: StrictInt | None = Field(
        None, description="the first round number it applies to (default: the next round)")


class GameStatusIn(_In):
    disabled: StrictBool
    reason: StrictStr | None = Field(None, max_length=300,
                                     description="why: shown to players (required to disable)")


async def _publish(request: Request, message: dict[str, Any]) -> None:
    await _state(request).broker.publish(message)


@router.post("/tables/{table_id}/limits")
async def set_limits(table_id: str, body: LimitsIn, request: Request, player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        require(s, player.id, FLOOR_MANAGER)
        return table_limits.set_limits(s, table_id, body.min_bet, body.max_bet, body.round_max,
                                      body.reason, player.id, p.clock(), body.from_round_number)

    out = await _idempotent(request, _scope(player), 200, fn)
    if not out.replayed:
        await _publish(request, table_message(table_id, {"type": "table_limits", **out.body,
                                                         "server_time": iso(p.clock())}))
    return _respond(out)


@router.get("/games/{game}/status")
async def game_state(game: str, request: Request) -> dict[str, Any]:
    return await run_in_threadpool(_platform(request).read,
                                   lambda s: game_status.game_view(s, game))


@router.post("/games/{game}/status")
async def set_game_status(game: str, body: GameStatusIn, request: Request, player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        require(s, player.id, OPERATOR)
        return game_status.set_game(s, game, body.disabled, body.reason, player.id,
                                    p.clock()).to_dict()

    out = await _idempotent(request, _scope(player), 200, fn)
    if not out.replayed:
        now = iso(p.clock())
        for t, rid in [(c["table_id"], c["round_id"]) for c in out.body["closed_rounds"]]:
            await _publish(request, table_message(t, {"type": "no_more_bets", "table_id": t,
                                                      "round_id": rid, "server_time": now}))
        for t in out.body["tables"]:
            await _publish(request, table_message(t, {
                "type": "game_status", "table_id": t, "game": game,
                "disabled": out.body["disabled"], "reason": out.body["reason"],
                "server_time": now}))
    return _respond(out)
