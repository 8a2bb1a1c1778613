"""The card room over HTTP (issue 21 part 3; contract: docs/pvp_poker.md "Card room API").

Amounts are integers of minor units (``*_minor``), as the table state gives them. Money commands
(buy-in, top-up, leave, tournament entry) need an ``Idempotency-Key`` header, as every wallet
command; a poker action names the hand (``hand_id``) and may name the state ``version`` it
answers, so a retried or stale action is refused instead of being played twice.

The table's live state comes on the platform's table WebSocket (``/ws/tables/{table_id}``):
``poker_state`` after every change (public fields, plus ``you`` for the authenticated player:
hole cards, legal actions, raise range), ``poker_hand_ended`` with the result.
"""

from __future__ import annotations

import contextlib
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.concurrency import run_in_threadpool

from croupier.api.app import ERRORS, Me, _idempotent, _platform, _respond, _scope, _state
from croupier.platform.cardroom import history, rush, seats, tables, tournaments
from croupier.platform.cardroom.runner import ROOM
from croupier.platform.events import player_message

router = APIRouter(prefix="/api/cardroom", responses=ERRORS, tags=["cardroom"])

ActionName = Literal["fold", "check", "call", "bet", "raise", "all_in", "fast_fold", "run_it"]


class BuyInIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: StrictInt = Field(ge=0, le=9, description="the seat chosen (0 .. max_seats - 1)")
    buy_in_minor: StrictInt = Field(gt=0, description="chips to bring from the wallet (minor units)")


class AmountIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    amount_minor: StrictInt = Field(gt=0)


#: a Rush pool's name in a path (the tables' ``pool``)
PoolName = Annotated[str, PathParam(min_length=1, max_length=40)]

#: a row id in a path: a positive 64-bit integer (a larger one is refused, 422, not sent to the store)
RowId = Annotated[int, PathParam(ge=1, le=2**63 - 1)]


class ActionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    hand_id: StrictInt = Field(description="the hand the action is for")
    action: ActionName
    to_minor: StrictInt | None = Field(None, description="bet/raise: your whole bet of the round after it")
    times: StrictInt | None = Field(None, ge=1, le=3, description="run_it: how many runs you agree to")
    version: StrictInt | None = Field(None, description="the state version you answer (stale: refused)")


class PredealIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["straddle", "no_look_all_in"]


class RushJoinIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    buy_in_minor: StrictInt = Field(gt=0)


class SeatOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    table_id: str
    seat: int
    player_id: int
    stack_minor: int
    status: str


@router.get("/tables")
async def list_tables(request: Request) -> dict[str, Any]:
    """Every poker table: game, format, stakes, buy-in range, rake, timers, seats taken."""
    p = _platform(request)
    return {"items": await run_in_threadpool(p.read, history.lobby)}


@router.get("/tables/{table_id}")
async def table_state(table_id: str, request: Request) -> dict[str, Any]:
    """The table's configuration, seats and the hand in play (public fields only; the
    authenticated view with your cards comes on the WebSocket and from ``.../me``)."""
    p = _platform(request)
    return await run_in_threadpool(ROOM.state_view, p, table_id, None)


@router.get("/tables/{table_id}/me")
async def table_state_for_me(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    """As ``GET /tables/{id}``, with ``you``: your seat, hole cards, legal actions, raise range."""
    p = _platform(request)
    return await run_in_threadpool(ROOM.state_view, p, table_id, player.id)


async def _seat_changed(request: Request, table_id: str, player_id: int, out: dict[str, Any]) -> None:
    await ROOM.seats_changed(_state(request).platform, table_id)
    await _balance(request, player_id)


async def _balance(request: Request, player_id: int) -> None:
    st = _state(request)
    bal = await run_in_threadpool(st.platform.balance, await run_in_threadpool(
        history.player, st.platform, player_id))
    await st.broker.publish(player_message(player_id, {"type": "balance", "balance": bal}))


@router.post("/tables/{table_id}/seats", status_code=201, response_model=SeatOut)
async def take_seat(table_id: str, body: BuyInIn, request: Request, player: Me) -> Response:
    """Sit at ``seat`` with ``buy_in_minor`` from the wallet (refused: a seat taken, a second seat,
    a buy-in outside the table's range or above the balance)."""
    p = _platform(request)
    ROOM.hub = _state(request).hub  # the disconnect rule looks at the table's sockets
    out = await _idempotent(request, _scope(player), 201, lambda s: seats.buy_in(
        s, player, table_id, body.seat, body.buy_in_minor, p.clock()))
    if not out.replayed:
        await _seat_changed(request, table_id, player.id, out.body)
    return _respond(out)


@router.post("/tables/{table_id}/top-up", response_model=SeatOut)
async def top_up(table_id: str, body: AmountIn, request: Request, player: Me) -> Response:
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200, lambda s: seats.top_up(
        s, player, table_id, body.amount_minor, p.clock()))
    if not out.replayed:
        await _seat_changed(request, table_id, player.id, out.body)
    return _respond(out)


@router.post("/tables/{table_id}/leave")
async def leave(table_id: str, request: Request, player: Me) -> Response:
    """Stand up and cash out (at the end of the hand you are in, if any)."""
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200, lambda s: seats.leave(
        s, player, table_id, p.clock()))
    if not out.replayed:
        await _seat_changed(request, table_id, player.id, out.body)
    return _respond(out)


@router.post("/tables/{table_id}/sit-out", response_model=SeatOut)
async def sit_out(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: seats.sit_out(s, player, table_id))
    await ROOM.seats_changed(p, table_id)
    return out


@router.post("/tables/{table_id}/sit-in", response_model=SeatOut)
async def sit_in(table_id: str, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: seats.sit_in(s, player, table_id))
    await ROOM.seats_changed(p, table_id)
    return out


async def _known(request: Request, table_id: str) -> None:
    """A table this process does not run must at least exist (404 ``unknown_table``); one that
    exists but runs elsewhere is ``table_not_running`` (503)."""
    if table_id not in ROOM.runners:
        await run_in_threadpool(_platform(request).read, lambda s: tables.get(s, table_id))


@router.post("/tables/{table_id}/actions")
async def act(table_id: str, body: ActionIn, request: Request, player: Me) -> dict[str, Any]:
    """Your decision in the hand (``to_minor`` for bet/raise; ``times`` for run_it). Refused with
    the reason: out of turn, a raise below the minimum or above the limit, a stale version..."""
    ROOM.hub = _state(request).hub
    await _known(request, table_id)
    args: dict[str, Any] = {}
    if body.to_minor is not None:
        args["to"] = body.to_minor
    if body.times is not None:
        args["times"] = body.times
    return await ROOM.act(_platform(request), table_id, player.id, body.hand_id, body.action, args,
                          body.version)


@router.post("/tables/{table_id}/predeal")
async def predeal(table_id: str, body: PredealIn, request: Request, player: Me) -> dict[str, Any]:
    """Announce a Straddle or a No-Look All-In for the next hand (000 §12.12.3; banned at Rush,
    All-in or Fold and tournament tables)."""
    await _known(request, table_id)
    return await ROOM.announce(_platform(request), table_id, player.id, body.kind)


@router.get("/hands")
async def my_hands(request: Request, player: Me, table_id: str | None = Query(None, max_length=40),
                   limit: int = Query(20, ge=1, le=100)) -> dict[str, Any]:
    p = _platform(request)
    return {"items": await run_in_threadpool(  # issue 24 point 4: off the primary if caught up
        p.read_replica, lambda s: history.hands_of(s, player.id, table_id, limit))}


@router.get("/hands/{hand_id}")
async def hand_history(hand_id: RowId, request: Request, player: Me) -> dict[str, Any]:
    """A hand you played, as you may see it: your hole cards and those shown at showdown."""
    p = _platform(request)
    return await run_in_threadpool(p.read_replica, lambda s: history.hand_view(s, hand_id, player.id))


@router.get("/hands/{hand_id}/replay")
async def hand_replay(hand_id: RowId, request: Request, player: Me) -> dict[str, Any]:
    """Replay a hand you played from its stored record: the same events and settlement."""
    p = _platform(request)
    return await run_in_threadpool(p.read_replica, lambda s: history.replay(s, hand_id, player.id))


@router.get("/seeds/{table_id}")
async def table_seeds(table_id: str, request: Request) -> dict[str, Any]:
    """The table's seed commitment now, and the revealed seeds with the hands they dealt."""
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: history.seeds_view(s, table_id))


def _pool_view(p: Any, pool: str, player_id: int | None) -> dict[str, Any]:
    """A pool as ``GET /rush/{pool}``: its configuration, and for a player his entry and the
    hand he is in (the runner's part, when this process runs the pool)."""
    def fn(s: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "rush_pool", "pool": pool, "running": False,
                               "table": rush.describe(s, pool), "hand": None}
        if player_id is not None:
            row = rush.entry_of(s, pool, player_id)
            out["entry"] = None if row is None else rush.entry_dict(row)
        return out
    out: dict[str, Any] = p.read(fn)
    r = ROOM.pools.get(pool)
    if r is not None:
        live = r.view(player_id)
        out.update({k: v for k, v in live.items() if k != "table"})
    return out


@router.get("/rush")
async def rush_pools(request: Request) -> dict[str, Any]:
    """The Rush & Cash pools: one per blind level (game, stakes, buy-in range, rake, hand size)."""
    p = _platform(request)
    return {"items": await run_in_threadpool(p.read, rush.lobby)}


@router.get("/rush/{pool}")
async def rush_pool(pool: PoolName, request: Request) -> dict[str, Any]:
    return await run_in_threadpool(_pool_view, _platform(request), pool, None)


@router.get("/rush/{pool}/me")
async def rush_pool_for_me(pool: PoolName, request: Request, player: Me) -> dict[str, Any]:
    """The pool with ``entry`` (your pool stack and status), ``you_waiting`` and ``hand``: the
    hand you are in now (as ``poker_state``, with ``you``), or null while you wait."""
    return await run_in_threadpool(_pool_view, _platform(request), pool, player.id)


@router.post("/rush/{pool}/join", status_code=201)
async def rush_join(pool: PoolName, body: RushJoinIn, request: Request, player: Me) -> Response:
    """Rush & Cash (000 §12.12.3): join a pool - a blind level, not a table - with a buy-in from
    the wallet; you are dealt into a new hand as soon as enough players wait. Refused: a second
    entry (``already_seated``), a buy-in outside the pool's range (``buy_in_refused``) or above
    the balance (``insufficient_funds``)."""
    p = _platform(request)
    ROOM.hub = _state(request).hub
    out = await _idempotent(request, _scope(player), 201, lambda s: rush.join(
        s, player, pool, body.buy_in_minor, p.clock()))
    if not out.replayed:
        await _balance(request, player.id)
        r = ROOM.pools.get(pool)
        if r is not None:
            await r.joined(player.id)
    return _respond(out)


@router.post("/rush/{pool}/actions")
async def rush_act(pool: PoolName, body: ActionIn, request: Request, player: Me) -> dict[str, Any]:
    """Your decision in the hand you are in; ``fast_fold`` at any time, also out of turn: you
    leave the hand at once (it goes on without you) and ``next_hand_id`` names the new hand you
    were dealt into at once (null: you wait for enough players). Refused: ``not_in_hand`` when
    you are in no hand (waiting, sitting out, not in the pool), and as at a table."""
    ROOM.hub = _state(request).hub
    args: dict[str, Any] = {}
    if body.to_minor is not None:
        args["to"] = body.to_minor
    if body.times is not None:
        args["times"] = body.times
    r = await run_in_threadpool(ROOM.pool, _platform(request), pool)
    out: dict[str, Any] = await r.act(player.id, body.hand_id, body.action, args, body.version)
    return out


@router.post("/rush/{pool}/sit-out")
async def rush_sit_out(pool: PoolName, request: Request, player: Me) -> dict[str, Any]:
    """Dealt into no new hand (the hand you are in goes on)."""
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: rush.sit_out(s, player, pool))
    r = ROOM.pools.get(pool)
    if r is not None:
        r.gone(player.id)
    return out


@router.post("/rush/{pool}/sit-in")
async def rush_sit_in(pool: PoolName, request: Request, player: Me) -> dict[str, Any]:
    p = _platform(request)
    out: dict[str, Any] = await run_in_threadpool(p.run, lambda s: rush.sit_in(s, player, pool))
    r = ROOM.pools.get(pool)
    if r is not None:
        await r.joined(player.id)
    return out


@router.post("/rush/{pool}/leave")
async def rush_leave(pool: PoolName, request: Request, player: Me) -> Response:
    """Leave the pool: your stack back to the wallet (``cashed_out_minor``), or when the hand you
    are in ends (null)."""
    p = _platform(request)
    r = ROOM.pools.get(pool)
    if r is not None:
        r.gone(player.id)  # dealt into no new hand from now
    async with r.dealing if r is not None else contextlib.nullcontext():  # no deal half-way
        in_hand = r is not None and player.id in r.in_hand
        out = await _idempotent(request, _scope(player), 200, lambda s: rush.leave(
            s, player, pool, in_hand, p.clock()))
    if not out.replayed:
        if r is not None and in_hand:
            await r.left(player.id)  # he may have folded out meanwhile
        await _balance(request, player.id)
    return _respond(out)


@router.get("/tournaments")
async def list_tournaments(request: Request) -> dict[str, Any]:
    p = _platform(request)
    return {"items": await run_in_threadpool(p.read, tournaments.lobby)}


@router.get("/tournaments/{tournament_id}")
async def tournament(tournament_id: RowId, request: Request) -> dict[str, Any]:
    p = _platform(request)
    return await run_in_threadpool(p.read, lambda s: tournaments.view(s, tournament_id, p.clock()))


@router.post("/tournaments/{tournament_id}/entries", status_code=201)
async def enter_tournament(tournament_id: RowId, request: Request, player: Me) -> Response:
    """Enter a sit-and-go: buy-in + fee from the wallet (the fee to the house, no rake)."""
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 201, lambda s: tournaments.enter(
        s, player, tournament_id, p.clock()))
    if not out.replayed:
        await ROOM.tournament_changed(p, tournament_id)
    return _respond(out)


__all__ = ["router", "tables"]
