"""Slot autoplay over HTTP (001 §6.6; issue 15).

* ``POST /api/slots/autoplay`` starts a series run by the server (its first spin is played in the
  request, so a bad slip or a balance short of one spin is refused at once) and answers the
  series; the runner of some worker plays the rest, each spin its own round.
* ``GET /api/slots/autoplay/{id}`` follows a series (progress, net position, elapsed time, why it
  stopped); ``GET /api/slots/autoplay`` lists the player's recent series (a page reloaded finds
  the one running).
* ``POST /api/slots/autoplay/stop`` sets the stop flag of the player's running series in the
  database; whichever worker plays it stops before the next spin.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from croupier.api.app import ERRORS, Me, _idempotent, _platform, _respond, _slip
from croupier.api.interactive import _seconds
from croupier.api.schemas import BetIn
from croupier.platform.autoplay import (
    LEASE_SECONDS,
    MAX_SPINS,
    AutoplayRules,
    get_series,
    open_series,
    recent_series,
    request_stop,
)
from croupier.platform.slot_recall import free_spin_events

router = APIRouter(prefix="/api/slots", responses=ERRORS, tags=["slots"])


class AutoplayIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field("slot", max_length=40)
    variant: StrictStr = Field(max_length=40, examples=["amber_caravan"])
    bets: list[BetIn] = Field(min_length=1, max_length=1)
    spins: StrictInt = Field(ge=1, le=MAX_SPINS, description="001 §6.6 (a): the spins to play")
    loss_limit_minor: StrictInt | None = Field(None, gt=0, le=10**15,
                                               description="stop once the series has lost this much")
    single_win_minor: StrictInt | None = Field(None, gt=0, le=10**15,
                                               description="stop after a round returning at least this")
    stop_on_free_spins: StrictBool = False


class AutoplayOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: int
    status: str = Field(description="running or ended")
    stopped_by: str | None = Field(
        description="count, funds, player, loss_limit, single_win, free_spins, refused or "
                    "disabled (the game was disabled: GLI-19 4.15)")
    spins_set: int
    spins: int = Field(description="spins played so far")
    rounds: list[int]
    stake_minor: int
    returned_minor: int
    net_minor: int
    elapsed_seconds: float


class AutoplayListOut(BaseModel):
    items: list[AutoplayOut]


@router.post("/autoplay", status_code=201, response_model=AutoplayOut)
async def autoplay(body: AutoplayIn, request: Request, player: Me) -> Response:
    p = _platform(request)
    rules = AutoplayRules(body.spins, body.loss_limit_minor, body.single_win_minor,
                          body.stop_on_free_spins)
    runner = getattr(request.app.state, "autoplay", None)  # this worker's runner takes it at once
    seconds = _seconds(p)  # the decision timer of every decision round
    slip = _slip(body.bets)
    out = await _idempotent(request, f"player:{player.id}", 201, lambda s: open_series(
        s, player, body.game, body.variant, slip, rules, p.clock(), seconds,
        runner.id if runner else None, runner.lease if runner else LEASE_SECONDS))
    if runner is not None:
        runner.wake()
    return _respond(out)


@router.get("/autoplay", response_model=AutoplayListOut)
async def autoplay_series(request: Request, player: Me) -> dict[str, Any]:
    """The player's last 10 autoplay series, newest first."""
    p = _platform(request)
    items = await run_in_threadpool(p.read, lambda s: recent_series(s, player, p.clock()))
    return {"items": items}


@router.get("/autoplay/{series_id}", response_model=AutoplayOut)
async def autoplay_one(request: Request, player: Me,
                       series_id: int = Path(ge=1, le=2**31 - 1)) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(
        p.read, lambda s: get_series(s, player, series_id, p.clock()))
    return out


@router.post("/autoplay/stop", status_code=202)
async def stop_autoplay(request: Request, player: Me) -> dict[str, bool]:
    """001 §6.6 (c): the player stops the series (before its next spin, on whichever worker)."""
    p = _platform(request)
    stopping = await run_in_threadpool(p.run, lambda s: request_stop(s, player))
    return {"stopping": stopping}


@router.get("/free-spins")
async def recent_free_spins(request: Request, player: Me,
                            limit: int = Query(50, ge=1, le=50)) -> dict[str, Any]:
    """GLI-19 4.14: the player's last 50 free-spin events, newest first."""
    p = _platform(request)
    items = await run_in_threadpool(p.read, lambda s: free_spin_events(s, player, limit))
    return {"items": items}
