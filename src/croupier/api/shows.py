"""A show bonus's decision window over HTTP (issue 18, Crazy Time's Cash Hunt pick and flapper
choice at a shared table, :mod:`croupier.platform.show_picks`; docs/shows.md):

* ``POST /api/shows/rounds/{round_id}/picks`` (Idempotency-Key): ``{"choice": 17}`` (a Cash Hunt
  cell 0-107) or ``{"choice": "blue"}`` (a flapper), by a player who bet on the bonus, once;
* ``GET /api/shows/rounds/{round_id}``: the round as the player sees it (the window, their pick
  and the countdown, the result, their bets and returns);
* ``GET /api/shows/tables/{table_id}/round``: the same for the table's latest round.

The window's opening is broadcast on the table's socket as ``bonus_window``; every pick as
``bonus_pick`` (how many bettors have picked, not what).
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
from croupier.api.app import ERRORS, Me, _idempotent, _platform, _respond, _scope, _state
from croupier.platform import show_picks
from croupier.platform.errors import NotFound
from croupier.platform.events import table_message
from croupier.store.models import Round

problems.STATUS.update({"no_pick_window": 409, "not_in_bonus": 403, "already_picked": 409,
                        "pick_outside_board": 422})

router = APIRouter(prefix="/api/shows", tags=["shows"], responses=ERRORS)


class PickIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    choice: StrictInt | StrictStr = Field(description="a Cash Hunt cell (0-107) or a flapper "
                                          "(green, blue, yellow)", examples=[17, "blue"])


@router.post("/rounds/{round_id}/picks")
async def pick(round_id: int, body: PickIn, request: Request, player: Me) -> Response:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        return show_picks.pick(s, round_id, player, body.choice, p.clock())

    out = await _idempotent(request, _scope(player), 200, fn)
    if not out.replayed and out.body is not None:
        table_id = str(out.body.get("table_id"))
        await _state(request).broker.publish(table_message(table_id, {
            "type": "bonus_pick", "table_id": table_id, "round_id": round_id,
            "picked": out.body.get("picked"), "bettors": out.body.get("bettors")}))
    return _respond(out)


@router.get("/rounds/{round_id}")
async def round_view(round_id: int, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(
        p.read, lambda s: show_picks.player_view(s, round_id, player, p.clock()))


@router.get("/tables/{table_id}/round")
async def table_round(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)

    def fn(s: Session) -> dict[str, Any]:
        rid = s.scalar(select(Round.id).where(Round.table_id == table_id)
                       .order_by(Round.id.desc()).limit(1))
        if rid is None:
            raise NotFound(f"table {table_id} has no round")
        return show_picks.player_view(s, int(rid), player, p.clock())

    return await run_in_threadpool(p.read, fn)
