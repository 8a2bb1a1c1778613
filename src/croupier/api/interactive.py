"""HTTP routes of single-player decision rounds (blackjack, Casino Hold'em, Three Card Poker and
every other game whose engine asks for decisions): ``/api/interactive``.

* ``POST /api/interactive`` (Idempotency-Key): open a round with a slip -> the round as the player
  sees it, with the legal actions and the decision deadline (or already settled).
* ``POST /api/interactive/{round_id}/actions`` (Idempotency-Key): ``{"action": "hit"}`` (``args``
  optional: the engine's own, e.g. an insurance ``amount``; ``decision_no`` optional: refuse the
  decision if the round moved on since that view).
* ``GET /api/interactive/{round_id}``, ``GET /api/interactive/current?game=blackjack``: the round
  now (a passed deadline takes its default first; docs/platform.md "Decision rounds").
* ``GET /api/interactive/tables/{game}/{variant}?currency=EUR``: bets and limits to lay out a
  table.

A background sweeper takes the defaults of rounds whose players went away.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.concurrency import run_in_threadpool

from croupier.api import problems
from croupier.api.app import ERRORS, Me, _idempotent, _platform, _respond, _scope, _slip
from croupier.api.schemas import BalanceOut, BetIn
from croupier.errors import UnknownGame
from croupier.games.registry import games
from croupier.platform import decisions, interactive
from croupier.platform.service import Platform

log = logging.getLogger("croupier.interactive")

problems.STATUS.update({
    "illegal_action": 422, "not_your_turn": 409, "round_finished": 409,
    "decision_timeout": 409, "round_in_progress": 409, "stale_decision": 409,
})


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="allow")


class StartIn(_In):
    game: StrictStr = Field(max_length=40, examples=["blackjack"])
    variant: StrictStr = Field(max_length=40, examples=["live_004"])
    bets: list[BetIn] = Field(min_length=1, max_length=50)


class ActionIn(_In):
    action: StrictStr = Field(min_length=1, max_length=40, examples=["stand"])
    args: dict[str, StrictInt | StrictStr | list[StrictInt | StrictStr]] | None = Field(
        None, max_length=10, description="the engine's own arguments (an insurance amount, the "
        "cards to exchange...); the legal action's by default")
    decision_no: StrictInt | None = Field(
        None, ge=0, description="the decision_no of the view the player answered (optional)")


class LegalActionOut(_Out):
    name: str
    args: dict[str, Any]
    adds_stake_minor: int


class InteractiveBetOut(_Out):
    code: str
    target: list[Any]
    stake_minor: int
    returned_minor: int | None
    outcome: str | None


class InteractiveRoundOut(_Out):
    round_id: int
    game: str
    variant: str
    state: str
    currency: str
    currency_exponent: int
    decision_no: int
    table: dict[str, Any]
    bets: list[InteractiveBetOut]
    stake_minor: int
    returned_minor: int | None
    net_minor: int | None
    legal_actions: list[LegalActionOut]
    display: dict[str, Any] | None = None  # issue 14: the normalised view (docs/describe.md)
    default_action: str | None
    decision_deadline: str | None
    seconds_left: float | None
    server_time: str | None
    timeouts: list[dict[str, Any]]
    fairness: dict[str, Any]
    balance: BalanceOut


class CurrentOut(_Out):
    round: InteractiveRoundOut | None


class TableBetOut(_Out):
    code: str
    min_minor: int | None
    max_minor: int | None


class TableInfoOut(_Out):
    game: str
    variant: str
    title: str
    variant_title: str
    currency: str
    bets: list[TableBetOut]
    decision_seconds: float


def _seconds(p: Platform) -> float:
    return float(getattr(p.settings, "decision_seconds", interactive.DEFAULT_DECISION_SECONDS))


async def sweeper(platform: Platform, stop: asyncio.Event) -> None:
    """Take the timeout defaults of rounds nobody comes back to (also right after a restart)."""
    every = max(0.2, min(1.0, _seconds(platform) / 4))
    while not stop.is_set():
        try:
            await asyncio.to_thread(interactive.sweep, platform.run, platform.clock(),
                                    _seconds(platform))
        except Exception:  # noqa: BLE001 - keep sweeping after a hiccup
            log.exception("decision round sweep failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=every)


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    stop = asyncio.Event()
    task = asyncio.create_task(sweeper(app.state.croupier.platform, stop))
    try:
        yield
    finally:
        stop.set()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, timeout=10)


router = APIRouter(prefix="/api/interactive", responses=ERRORS, lifespan=lifespan,
                   tags=["decision rounds"])


@router.post("", status_code=201, response_model=InteractiveRoundOut)
async def start_round(body: StartIn, request: Request, player: Me) -> Response:
    p = _platform(request)
    slip = _slip(body.bets)
    now = p.clock
    out = await _idempotent(request, _scope(player), 201, lambda s: interactive.start(
        s, player, body.game, body.variant, slip, now(), _seconds(p)))
    return _respond(out)


@router.get("/current", response_model=CurrentOut)
async def current_round(request: Request, player: Me,
                        game: str | None = Query(None, max_length=40)) -> dict[str, Any]:
    p = _platform(request)
    if game is not None and game not in games():
        raise UnknownGame(f"unknown game {game!r}")
    rnd = await run_in_threadpool(p.run, lambda s: interactive.current(
        s, player, game, p.clock(), _seconds(p)))
    return {"round": rnd}


@router.get("/tables/{game_name}/{variant_name}", response_model=TableInfoOut)
async def table_info(game_name: str, variant_name: str, request: Request,
                     currency: str = Query("EUR", min_length=3, max_length=3)) -> dict[str, Any]:
    p = _platform(request)
    if game_name not in games():
        raise UnknownGame(f"unknown game {game_name!r}")
    out = await run_in_threadpool(decisions.variant_table, game_name, variant_name,
                                  currency.upper())
    out["decision_seconds"] = _seconds(p)
    return out


@router.get("/{round_id}", response_model=InteractiveRoundOut)
async def get_round(round_id: int, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.run, lambda s: interactive.get(
        s, player, round_id, p.clock(), _seconds(p)))


@router.post("/{round_id}/actions", response_model=InteractiveRoundOut)
async def act(round_id: int, body: ActionIn, request: Request, player: Me) -> Response:
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200, lambda s: interactive.act(
        s, player, round_id, body.action, body.args, p.clock(), _seconds(p), body.decision_no))
    return _respond(out)
