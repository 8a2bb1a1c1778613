"""The jackpot pools over HTTP (issue 16 part 5; docs/jackpots.md): what every player sees on the
"broadcast monitor" (000 §12.45-12.54: "the size of the current Jackpot is displayed"). Public:
no session needed. Each amount is the pool's ledger balance at the moment of the request.

``/api/jackpots/ws?game=G&variant=V&currency=C`` (WebSocket) sends ``{"type": "jackpots",
"pools": [...]}`` (the same pools as the GET routes) at once and again whenever an amount, a cycle
or a last win changes (the server looks every :data:`WS_SECONDS`)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from fastapi import APIRouter, Path, Query, Request, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from croupier.api.app import ERRORS, _platform
from croupier.platform import jackpots
from croupier.platform.errors import NotFound

router = APIRouter(prefix="/api/jackpots", responses=ERRORS, tags=["jackpots"])

#: how often a jackpot WebSocket looks at the pools (the ledger) for a change
WS_SECONDS = 2.0

_NAME = r"^[a-z0-9_]{1,40}$"
_CUR = r"^[A-Z]{3}$"


class LastWinOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount_minor: int
    row: str = Field(description="the jackpot row (777_spades, ...) or 'drop' (whole pool)")
    round_id: int
    at: str
    cycle: int
    drop_level_minor: int | None = Field(description="a drop pool's level, revealed once won")
    drop_salt: str | None = Field(description="with the level, recomputes drop_commitment")


class PoolOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pool: str = Field(examples=["blackjack.tdc.777"])
    game: str
    variant: str
    name: str
    title: str
    clause: str
    kind: str = Field(description="share (a share of the pool per jackpot row) or drop (the whole pool at a hidden level)")
    award: str = Field(description="row, contributor or winner")
    currency: str
    currency_exponent: int
    amount_minor: int = Field(description="the pool's ledger balance: what a win pays from")
    amount: str
    reserve_minor: int = Field(description="contributions taken while the pool stood at its cap")
    seed_minor: int
    cap_minor: int
    contribution: str = Field(description="the share of each contributing stake fed to the pool")
    bets: list[str] = Field(description="the bets that contribute (empty: every bet)")
    wins: dict[str, str] = Field(description="share pool: jackpot row -> share of the pool")
    long_run_rtp: str = Field(description="the pool's long-run return per unit of contributing stake")
    cycle: int
    drop_commitment: str | None = Field(description="SHA-256 of the hidden level of this cycle")
    last_win: LastWinOut | None


class PoolsOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pools: list[PoolOut]


async def _pools(request: Request, game: str | None, variant: str | None,
                 cur: str | None) -> dict[str, Any]:
    p = _platform(request)
    out = await run_in_threadpool(p.read, lambda s: jackpots.pools_view(s, game, variant, cur))
    if not out and (game is not None or variant is not None):
        what = game if variant is None else f"{game}/{variant}"
        raise NotFound(f"{what} has no jackpot pool")
    return {"pools": out}


Currency = Query(None, pattern=_CUR, description="only the pools in this currency")


@router.get("", response_model=PoolsOut)
async def all_pools(request: Request, currency: str | None = Currency) -> dict[str, Any]:
    """Every jackpot pool with its current amount."""
    return await _pools(request, None, None, currency)


@router.get("/{game}", response_model=PoolsOut)
async def game_pools(request: Request, game: str = Path(pattern=_NAME),
                     currency: str | None = Currency) -> dict[str, Any]:
    """The pools of one game (404 when it has none)."""
    return await _pools(request, game, None, currency)


@router.get("/{game}/{variant}", response_model=PoolsOut)
async def variant_pools(request: Request, game: str = Path(pattern=_NAME),
                        variant: str = Path(pattern=_NAME),
                        currency: str | None = Currency) -> dict[str, Any]:
    """The pools of one variant (404 when it has none)."""
    return await _pools(request, game, variant, currency)


@router.websocket("/ws")
async def jackpots_ws(websocket: WebSocket) -> None:
    """The pools of a game/variant (or every pool), pushed when they change."""
    q = websocket.query_params
    game, variant, cur = q.get("game"), q.get("variant"), q.get("currency")
    for value, pattern in ((game, _NAME), (variant, _NAME), (cur, _CUR)):
        if value is not None and not re.fullmatch(pattern.strip("^$"), value):
            await websocket.close(code=4400, reason="game, variant: [a-z0-9_]; currency: ISO 4217")
            return
    p = websocket.app.state.croupier.platform
    await websocket.accept()
    closed = asyncio.create_task(_until_closed(websocket))
    last: Any = None
    try:
        while not closed.done():
            pools = await run_in_threadpool(p.read, lambda s: jackpots.pools_view(s, game, variant, cur))
            key = [(x["pool"], x["currency"], x["amount_minor"], x["cycle"], x["last_win"])
                   for x in pools]
            if key != last and not closed.done():
                await websocket.send_json({"type": "jackpots", "pools": pools})
                last = key
            await asyncio.wait([closed], timeout=WS_SECONDS)
    except (WebSocketDisconnect, RuntimeError):  # the client went away while we sent
        pass
    finally:
        closed.cancel()


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends until it goes away, or the server shuts down."""
    try:
        while True:
            await websocket.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        return
