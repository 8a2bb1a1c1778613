"""Slot autoplay over HTTP (001 §6.6; issue 15): ``POST /api/slots/autoplay`` runs a series of
spins on the server and answers its summary; ``POST /api/slots/autoplay/stop`` asks the player's
running series to stop before its next spin.

The stop flag lives in the worker's memory (ASSUMPTION: one worker serves a player's autoplay;
several workers would share it through Redis like the table events). Each spin is its own decision
round with its own record; the series itself is not replayed by an Idempotency-Key.
"""

from __future__ import annotations

import threading
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from croupier.api.app import ERRORS, Me, _platform, _slip
from croupier.api.interactive import _seconds
from croupier.api.schemas import BetIn
from croupier.platform.autoplay import MAX_SPINS, AutoplayRules, free_spin_events, run_autoplay

router = APIRouter(prefix="/api/slots", responses=ERRORS, tags=["slots"])

_STOPS: dict[int, threading.Event] = {}
_LOCK = threading.Lock()


class AutoplayIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field("slot", max_length=40)
    variant: StrictStr = Field(max_length=40, examples=["amber_caravan"])
    bets: list[BetIn] = Field(min_length=1, max_length=1)
    spins: StrictInt = Field(ge=1, le=MAX_SPINS, description="001 §6.6 (a): the spins to play")
    loss_limit_minor: StrictInt | None = Field(None, gt=0, description="stop once the series has lost this much")
    single_win_minor: StrictInt | None = Field(None, gt=0, description="stop after a round returning at least this")
    stop_on_free_spins: StrictBool = False


class AutoplayOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    rounds: list[int]
    spins: int
    stake_minor: int
    returned_minor: int
    net_minor: int
    stopped_by: str = Field(description="count, funds, player, loss_limit, single_win or free_spins")
    elapsed_seconds: float


@router.post("/autoplay", response_model=AutoplayOut)
async def autoplay(body: AutoplayIn, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    rules = AutoplayRules(body.spins, body.loss_limit_minor, body.single_win_minor,
                          body.stop_on_free_spins)
    flag = threading.Event()
    with _LOCK:
        _STOPS[player.id] = flag
    seconds = _seconds(p)  # the decision timer of every decision round
    try:
        result = await run_in_threadpool(run_autoplay, p, player, body.game, body.variant,
                                         _slip(body.bets), rules, seconds, flag.is_set)
    finally:
        with _LOCK:
            if _STOPS.get(player.id) is flag:
                del _STOPS[player.id]
    return result.to_dict()


@router.post("/autoplay/stop", status_code=202)
async def stop_autoplay(player: Me) -> dict[str, bool]:
    """001 §6.6 (c): the player stops the series (before its next spin)."""
    with _LOCK:
        flag = _STOPS.get(player.id)
    if flag is not None:
        flag.set()
    return {"stopping": flag is not None}


@router.get("/free-spins")
async def recent_free_spins(request: Request, player: Me,
                            limit: int = Query(50, ge=1, le=50)) -> dict[str, Any]:
    """GLI-19 4.14: the player's last 50 free-spin events, newest first."""
    p = _platform(request)
    items = await run_in_threadpool(p.read, lambda s: free_spin_events(s, player, limit))
    return {"items": items}
