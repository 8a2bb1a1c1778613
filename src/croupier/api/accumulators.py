"""Accumulators over HTTP (issue 23, docs/virtual.md "Accumulators").

* ``POST /api/accumulators``: place a slip - ``legs`` (table, market code, target, optional event
  number: default the table's next event) and one ``stake``; every leg on a different event.
* ``GET /api/accumulators/{id}``: a slip with its legs, each event's state, result and seed, the
  combined odds and the exact RTP (recall).
* ``GET /api/accumulators``: your latest slips.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from croupier.api.app import ERRORS, Me, _platform, _state
from croupier.platform import accumulators as A
from croupier.platform.events import player_message

router = APIRouter(prefix="/api/accumulators", responses=ERRORS, tags=["draws"])


class LegIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    table_id: StrictStr = Field(max_length=64)
    code: StrictStr = Field(max_length=40)
    target: list[StrictInt | StrictStr] = Field(default_factory=list, max_length=40)
    number: StrictInt | None = Field(None, description="the event's number (default: the table's next event)")


class SlipIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    legs: list[LegIn] = Field(max_length=100, description="2 .. the variants' max_legs legs, "
                              "each on a different event (checked: too_few_legs, too_many_legs, same_event_legs)")
    stake: StrictStr = Field(max_length=40, description='major units as decimal text, e.g. "1.00"')
    key: StrictStr | None = Field(None, max_length=64, description="your idempotency key")


@router.post("", status_code=201)
async def place(body: SlipIn, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    legs = [A.LegIn(leg.table_id, leg.code, tuple(leg.target), leg.number) for leg in body.legs]
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: A.place(
        s, player, legs, body.stake, p.clock(), body.key))
    await _state(request).broker.publish(player_message(player.id, {
        "type": "balance", "balance": out["balance"]}))
    return out


@router.get("/{slip_id}")
async def get_slip(slip_id: int, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: A.slip_view(s, player, slip_id))


@router.get("")
async def my_slips(request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return {"accumulators": await run_in_threadpool(p.read, lambda s: A.my_slips(s, player))}
