"""Two-player match tables over HTTP (issue 22 part 2; docs/pvp_matches.md "API").

Amounts are integers of minor units. Accepting an opponent moves both stakes into escrow and
needs an ``Idempotency-Key`` header, as every money command. A match's live state comes on its
WebSocket (``/api/matches/{id}/ws``): ``match_state`` after every change (public fields, plus
``you`` - your seat and, on your turn, your legal actions - once you authenticate with the
first message, as on the table sockets). Refusals are precise problems: ``own_table``,
``stake_not_covered``, ``not_your_turn``, ``clock_expired``, ``illegal_action``,
``match_state``, ``bot_not_allowed``, ``unknown_option``.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool

from croupier.api.app import (
    ERRORS,
    GUEST,
    Me,
    State,
    _auth_message,
    _idempotent,
    _platform,
    _respond,
    _scope,
    _state,
    ws_authenticate,
)
from croupier.api.match_tournaments import router as tournaments_router
from croupier.platform.events import Connection
from croupier.platform.matches import bracket, play, runner, spin, tables
from croupier.platform.matches.errors import ClockExpired
from croupier.platform.matches.games import GAMES

OptionText = Annotated[str, Field(max_length=24)]

router = APIRouter(prefix="/api/matches", responses=ERRORS, tags=["matches"])
router.include_router(tournaments_router)  # before /{match_id}: /tournaments is not a match id

MatchId = Annotated[int, PathParam(ge=1, le=2**31 - 1)]


class TableIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=24)
    variant: str = Field(max_length=24)
    stake_minor: StrictInt = Field(gt=0, le=2**62)
    #: bool, int or text (Belote's ``mode`` "wins" / "points" and ``combos``: text options)
    options: dict[str, bool | int | OptionText] = Field(default_factory=dict)
    move_seconds: StrictInt
    game_seconds: StrictInt
    mode: Literal["money", "demo"] = "money"


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=24)
    args: dict[str, Any] = Field(default_factory=dict)


@router.get("/games")
async def games() -> dict[str, Any]:
    """The games, variants, table options and clock choices."""
    return {"items": [g.describe() for g in GAMES.values()]}


@router.get("/tables")
async def open_tables(request: Request, game: str | None = Query(None, max_length=24)) -> dict[str, Any]:
    p = _platform(request)
    return {"items": await run_in_threadpool(p.read, lambda s: tables.list_open(s, game))}


async def _changed(request: Request, match_id: int, view: dict[str, Any] | None = None) -> None:
    st = _state(request)
    await runner.publish_state(st.platform, st.broker.publish, match_id)
    if view is not None and view.get("mode") == "tourney" and view.get("status") == "done":
        p = st.platform  # a tournament's pairing decided: the next one may start now
        await run_in_threadpool(p.run, lambda s: bracket.after_match(s, match_id, p.clock()))


@router.post("/tables", status_code=201)
async def create_table(body: TableIn, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: tables.create(
        s, player, body.game, body.variant, body.stake_minor, body.options, body.move_seconds,
        body.game_seconds, p.clock(), body.mode))
    return out


@router.post("/tables/{match_id}/join")
async def join(match_id: MatchId, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: tables.join(s, player, match_id, p.clock()))
    await _changed(request, match_id)
    return out


@router.post("/tables/{match_id}/accept")
async def accept(match_id: MatchId, request: Request, player: Me) -> Response:
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200,
                            lambda s: tables.accept(s, player, match_id, p.clock()))
    if not out.replayed:
        await _changed(request, match_id)
    return _respond(out)


@router.post("/tables/{match_id}/reject")
async def reject(match_id: MatchId, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: tables.reject(s, player, match_id))
    await _changed(request, match_id)
    return out


@router.post("/tables/{match_id}/close")
async def close(match_id: MatchId, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: tables.close(s, player, match_id, p.clock()))
    return out


@router.get("/{match_id}")
async def match_state(match_id: MatchId, request: Request) -> dict[str, Any]:
    """The public view (no cards, no hidden choice while the match runs)."""
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.read, lambda s: play.view(s, match_id, None))
    return out


@router.get("/{match_id}/me")
async def match_state_for_me(match_id: MatchId, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.read, lambda s: play.view(s, match_id, player.id))
    return out


@router.post("/{match_id}/moves")
async def move(match_id: MatchId, body: MoveIn, request: Request, player: Me) -> dict[str, Any]:
    """Your decision (``name`` and ``args`` as ``legal_actions`` lists them)."""
    p = _platform(request)
    now = p.clock()
    try:
        out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: play.move(
            s, player, match_id, body.name, body.args, now))
    except ClockExpired:
        await run_in_threadpool(p.run, lambda s: play.expire(s, match_id, now))  # the time-out
        await _changed(request, match_id, {"mode": "tourney", "status": "done"})
        raise
    await _changed(request, match_id, out)
    return out


@router.post("/{match_id}/resign")
async def resign(match_id: MatchId, request: Request, player: Me) -> dict[str, Any]:
    """Resign (leaving the table is resigning): the opponent wins the match."""
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: play.resign(s, player, match_id, p.clock()))
    await _changed(request, match_id, out)
    return out


@router.post("/{match_id}/spin")
async def lucky_spin(match_id: MatchId, request: Request, player: Me) -> Response:
    """Lucky Spin on your win (000 §12.12.2): the win times the sector's multiplier."""
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200,
                            lambda s: spin.spin(s, player, match_id, p.clock()))
    return _respond(out)


@router.post("/{match_id}/spin/decline")
async def decline_spin(match_id: MatchId, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: spin.decline(s, player, match_id))
    return out


async def match_ws(websocket: WebSocket, match_id: int) -> None:
    """A match's events (``match_state``); authenticate with the first message, as on the table
    sockets, to receive ``you``."""
    st: State = websocket.app.state.croupier
    p = st.platform
    await websocket.accept()
    try:
        snapshot = await run_in_threadpool(p.read, lambda s: play.view(s, match_id, None))
    except Exception as exc:  # noqa: BLE001 - an unknown match closes the socket
        await websocket.close(code=4404, reason=str(exc)[:120])
        return
    opened = asyncio.get_running_loop().time()
    conn = Connection(GUEST, runner.channel(match_id))
    st.hub.add(conn)
    sender: asyncio.Task[None] | None = None
    try:
        await websocket.send_json({"type": "match_state", "match": snapshot})

        async def pump() -> None:
            while True:
                await websocket.send_json(await conn.queue.get())

        sender = asyncio.create_task(pump())
        first = True
        while True:
            text = await websocket.receive_text()
            token = _auth_message(text)
            if token is not None:
                player_id = await ws_authenticate(websocket, p, token, first, opened)
                if player_id is None:
                    return
                st.hub.remove(conn)
                conn.player_id = player_id
                st.hub.add(conn)
                mine = await run_in_threadpool(p.read, lambda s, pid=player_id: play.view(s, match_id, pid))
                await websocket.send_json({"type": "auth", "ok": True})
                await websocket.send_json({"type": "match_state", "match": mine})
            elif text.strip().strip('"') == "ping":
                await websocket.send_json({"type": "pong"})
            first = False
    except WebSocketDisconnect:
        pass
    finally:
        st.hub.remove(conn)
        if sender is not None:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
