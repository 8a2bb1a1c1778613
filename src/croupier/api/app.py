"""The FastAPI application: thin routes over :class:`~croupier.platform.service.Platform`.

``create_app()`` builds it (tests pass their own settings); ``app_factory`` is what
``croupier serve`` hands to uvicorn. On start it runs the migrations, starts event fan-out, the
simulated payment provider and the table runners; the static web client is served at ``/``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from croupier.api import ops, problems
from croupier.api import schemas as S
from croupier.api.strict import duplicate_key
from croupier.errors import CroupierError, UnknownGame
from croupier.games.base import play
from croupier.games.describe import stake_limits
from croupier.games.registry import game, games, load_variant, parse_unchecked, variant_names
from croupier.platform import history, metrics, wallet
from croupier.platform.autoplay_runner import AutoplayRunner
from croupier.platform.betpath import TableBet
from croupier.platform.config import Settings
from croupier.platform.crash_writer import CashOutWriter
from croupier.platform.errors import Unauthorized, WrongCredentials
from croupier.platform.events import (
    Broker,
    Connection,
    Hub,
    LocalBroker,
    RedisBroker,
    channel_for,
    player_message,
    player_messages,
    table_message,
)
from croupier.platform.groupcommit import GroupCommit
from croupier.platform.players import token_hash
from croupier.platform.rounds import SlipBet
from croupier.platform.runner import supervise
from croupier.platform.service import Idem, Outcome, Platform, player_dict
from croupier.rng import fair
from croupier.store.models import Player

log = logging.getLogger("croupier.api")
WEB_DIR = Path(__file__).resolve().parent.parent / "web"

PROBLEM = {"model": S.ProblemOut, "content": {"application/problem+json": {}}}
ERRORS: dict[int | str, dict[str, Any]] = {400: PROBLEM, 401: PROBLEM, 404: PROBLEM, 409: PROBLEM,
                                           422: PROBLEM, 428: PROBLEM}


class State:
    def __init__(self, platform: Platform, hub: Hub, broker: Broker,
                 writer: GroupCommit | None = None, cash_outs: CashOutWriter | None = None) -> None:
        self.platform = platform
        self.hub = hub
        self.broker = broker
        self.writer = writer
        self.cash_outs = cash_outs  # crash cash-outs' group commit (issue 17)


def _state(request: Request) -> State:
    st: State = request.app.state.croupier
    return st


def _platform(request: Request) -> Platform:
    return _state(request).platform


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    scheme, _, token = auth.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


async def current_player(request: Request) -> Player:
    token = _token(request)
    if token is None:
        raise Unauthorized("log in first: send Authorization: Bearer <token>")
    return await run_in_threadpool(_platform(request).authenticate, token)


async def _idempotent(request: Request, scope: str, status: int,
                      fn: Callable[[Session], Any]) -> Outcome:
    key = idempotency_key(request.headers.get("idempotency-key", ""))
    body = await request.body()
    idem = Idem(scope, key, Idem.hash_request(request.method, request.url.path, body))
    return await run_in_threadpool(_platform(request).run_idempotent, idem, status, fn)


def _respond(out: Outcome) -> Response:
    headers = {"Idempotent-Replayed": "true"} if out.replayed else None
    if out.body is None:
        return Response(status_code=out.status, headers=headers)
    return JSONResponse(out.body, status_code=out.status, headers=headers)


Me = Annotated[Player, Depends(current_player)]


async def current_identity(request: Request) -> tuple[Player, str]:
    """The player and session-token hash of a command that checks the session again in its own
    transaction (a bet, a round): the identity comes from the worker's cache."""
    token = _token(request)
    if token is None:
        raise Unauthorized("log in first: send Authorization: Bearer <token>")
    p = _platform(request)
    digest = token_hash(token)
    found = p.cached_identity(digest)
    if found is not None:
        return found, digest
    return await run_in_threadpool(p.identify, token)


MeChecked = Annotated[tuple[Player, str], Depends(current_identity)]


async def _command(request: Request, player: Player, digest: str, status: int,
                   fn: Callable[[Session], Any]) -> Outcome:
    """A bet-path command: idempotent, the session checked under the player's lock, and (when
    the group commit runs) committed together with the commands that arrive with it."""
    key = idempotency_key(request.headers.get("idempotency-key", ""))
    body = await request.body()
    idem = Idem(_scope(player), key, Idem.hash_request(request.method, request.url.path, body))
    return await submit(_state(request), idem, status, fn, player, digest)


def idempotency_key(raw: str) -> str:
    """The Idempotency-Key of a state-changing request (its header's value), or the refusal."""
    key = raw.strip()
    if not key:
        raise problems.IdempotencyKeyMissing(
            "every state-changing request needs an Idempotency-Key header (a fresh UUID per action)"
        )
    if len(key) > 100:
        raise CroupierError("the Idempotency-Key is at most 100 characters")
    return key


async def submit(st: State, idem: Idem, status: int, fn: Callable[[Session], Any],
                 player: Player, digest: str) -> Outcome:
    """Run a bet-path command: through the group commit when it runs, else in the threadpool
    (shared by the routes and the fast lane, ``api/fastlane.py``)."""
    kind = "table" if isinstance(fn, TableBet) else "round"  # counted here, once (metrics)
    try:
        if st.writer is not None:
            out = await st.writer.submit_async(idem, status, fn, (player.id, digest))
        else:
            out = await run_in_threadpool(st.platform.run_idempotent, idem, status, fn,
                                          (player.id, digest))
    except CroupierError as exc:
        metrics.bet_refused(kind, exc.code)
        raise
    if not out.replayed:
        metrics.bet_accepted(kind)
    return out


def bet_publication(player_id: int, table_id: str, res: dict[str, Any]) -> dict[str, Any]:
    """What an accepted table bet tells its player's WebSockets: the bet, then the balance."""
    return player_messages(player_id, [
        {"type": "bet_accepted", "table_id": table_id, "round_id": res["round_id"],
         "accepted": res["accepted"], "round_stake_minor": res["round_stake_minor"]},
        {"type": "balance", "balance": res["balance"]}])


def _scope(player: Player) -> str:
    return f"player:{player.id}"


def _slip(bets: list[S.BetIn]) -> list[SlipBet]:
    return [SlipBet(b.code, b.stake, tuple(b.target)) for b in bets]


router = APIRouter(prefix="/api", responses=ERRORS)


@router.get("/health", response_model=S.HealthOut)
async def health(request: Request) -> dict[str, Any]:
    return {"status": "ok", "database": _platform(request).db.dialect}


# -- players and sessions ----------------------------------------------------------------------


@router.post("/players", status_code=201, response_model=S.PlayerOut)
async def register(body: S.RegisterIn, request: Request) -> Response:
    p = _platform(request)
    out = await _idempotent(request, "anon", 201, lambda s: p.register_in(
        s, body.login, body.password, body.date_of_birth, body.document_number, body.currency))
    return _respond(out)


@router.post("/sessions", status_code=201, response_model=S.SessionOut)
async def login(body: S.LoginIn, request: Request) -> Response:
    p = _platform(request)
    try:
        out = await _idempotent(request, "anon", 201,
                                lambda s: p.login_in(s, body.login, body.password))
    except WrongCredentials:  # counted and recorded with the address (platform/throttle.py)
        address = request.client.host if request.client else "unknown"
        await run_in_threadpool(p.login_failed, body.login, address)
        raise
    return _respond(out)


@router.put("/me/password", response_model=S.PasswordChangedOut)
async def change_password(body: S.PasswordChangeIn, request: Request, me: MeChecked) -> Response:
    """A new password; every other session of the player is revoked (this one stays)."""
    p = _platform(request)
    player, digest = me
    out = await _idempotent(request, _scope(player), 200, lambda s: p.change_password(
        s, player, digest, body.current_password, body.new_password))
    return _respond(out)


@router.delete("/sessions/current", status_code=204)
async def logout(request: Request, player: Me) -> Response:
    from croupier.platform.players import logout as do_logout

    token = _token(request) or ""
    out = await _idempotent(request, _scope(player), 204, lambda s: do_logout(s, token))
    return _respond(out)


@router.get("/me", response_model=S.MeOut)
async def me(request: Request, player: Me) -> dict[str, Any]:
    bal = await run_in_threadpool(_platform(request).balance, player)
    return {"player": player_dict(player), "balance": bal}


# -- wallet ------------------------------------------------------------------------------------


@router.get("/wallet", response_model=S.BalanceOut)
async def get_wallet(request: Request, player: Me) -> dict[str, Any]:
    return await run_in_threadpool(_platform(request).balance, player)


@router.post("/deposits", status_code=202, response_model=S.DepositOut)
async def deposit(body: S.AmountIn, request: Request,
                  player: Me) -> Response:
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 202, lambda s: p.deposit_in(s, player, body.amount))
    return _respond(out)


@router.get("/deposits", response_model=S.DepositsOut)
async def deposits(request: Request, player: Me) -> dict[str, Any]:
    items = await run_in_threadpool(_platform(request).read, lambda s: [
        wallet.deposit_dict(d) for d in wallet.list_deposits(s, player)])
    return {"items": items}


@router.get("/deposits/{deposit_id}", response_model=S.DepositOut)
async def get_deposit(deposit_id: int, request: Request,
                      player: Me) -> dict[str, Any]:
    return await run_in_threadpool(_platform(request).read, lambda s: wallet.deposit_dict(
        wallet.get_deposit(s, player, deposit_id)))


@router.post("/withdrawals", status_code=201, response_model=S.WithdrawalOut)
async def withdraw(body: S.AmountIn, request: Request,
                   player: Me) -> Response:
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 201,
                            lambda s: p.withdraw_in(s, player, body.amount))
    return _respond(out)


@router.get("/withdrawals", response_model=S.WithdrawalsOut)
async def withdrawals(request: Request, player: Me) -> dict[str, Any]:
    items = await run_in_threadpool(_platform(request).read, lambda s: [
        wallet.withdrawal_dict(w) for w in wallet.list_withdrawals(s, player)])
    return {"items": items}


# -- games -------------------------------------------------------------------------------------


class _AsksDecision(Exception):
    pass


def _asks(_state: Any, _legal: Any) -> Any:
    raise _AsksDecision


@functools.cache
def _play_mode(game_name: str) -> str:
    """How a game's rounds are played: ``"single"`` (one request, ``POST /api/rounds``) when its
    engine plays a round of the demonstration bets through without asking the player anything,
    ``"decision"`` (``/api/interactive``) when it asks for a decision. Decided by running the
    engine once from a fixed stream (as ``platform.shoes.is_shoe_game`` does)."""
    spec = game(game_name)
    asks = getattr(spec.engine, "asks_decisions", None)  # an engine that knows (slots: gamble)
    if asks is not None:
        return "decision" if any(asks(parse_unchecked(game_name, v))
                                 for v in variant_names(game_name)) else "single"
    for v in variant_names(game_name):
        try:
            variant = parse_unchecked(game_name, v)
        except CroupierError:
            continue
        for cur in (*(getattr(variant, "limits", None) or {}), "EUR"):
            try:
                play(spec.engine, variant, spec.demo_bets(variant, cur), cur,
                     fair.stream("00" * 32, "play-mode", 0), decide=_asks)
            except _AsksDecision:
                return "decision"
            except CroupierError:
                continue
            return "single"
    return "single"


@router.get("/games", response_model=S.GamesOut)
async def list_games() -> dict[str, Any]:
    # the first call runs each engine once (_play_mode): off the event loop, the tables run on it
    return await run_in_threadpool(_games_catalogue)


def _games_catalogue() -> dict[str, Any]:
    items = []
    for name, spec in games().items():
        variants = []
        for v in variant_names(name):
            try:
                title = str(getattr(parse_unchecked(name, v), "title", v))
            except CroupierError:
                continue
            variants.append({"name": v, "title": title})
        items.append({"name": name, "title": spec.title, "variants": variants,
                      "play": _play_mode(name)})
    return {"items": items}


@functools.lru_cache(maxsize=512)
def _variant_info(game_name: str, variant_name: str) -> dict[str, Any]:
    """A variant's bets, exact RTPs and limits: computed once per process (the variants are
    files of the package; the exact RTPs take up to a second), then served from memory."""
    spec = game(game_name)
    variant = load_variant(game_name, variant_name)
    payouts = getattr(variant, "payouts", {}) or {}
    bets = [{"code": r.bet, "payout": str(payouts[r.bet]) if r.bet in payouts else None,
             "rtp": f"{r.rtp.numerator}/{r.rtp.denominator}"} for r in spec.exact(variant)]
    limits: dict[str, Any] = {}
    codes = [str(b["code"]) for b in bets]
    ranges = {c: stake_limits(variant, c) for c in codes}  # one reader of every limits shape
    for cur, ls in (getattr(variant, "limits", {}) or {}).items():
        per_bet = {c: r[cur] for c, r in ranges.items() if cur in r}
        lows = [lo for lo, _ in per_bet.values()]
        highs = [hi for _, hi in per_bet.values()]
        limits[cur] = {"table_min_minor": getattr(ls, "table_min", min(lows, default=None)),
                       "table_max_minor": getattr(ls, "table_max", max(highs, default=None)),
                       "bets": per_bet}
        if not hasattr(ls, "table_min"):  # card games: a maximum win where the variant sets one
            limits[cur]["max_win_minor"] = getattr(ls, "max_win", None)
    out: dict[str, Any] = {"game": game_name, "variant": variant_name,
                           "title": str(getattr(variant, "title", variant_name)),
                           "bets": bets, "limits": limits}
    decks = getattr(variant, "decks", None)
    if isinstance(decks, int) and not isinstance(decks, bool):
        out["decks"] = decks  # card games: the 52-card decks of a fresh shoe
    wheel = getattr(variant, "wheel", None)
    if wheel is not None:
        from croupier.games.roulette.wheel import RED, label

        out["pockets"] = [label(x) for x in wheel.pockets]
        out["wheel_order"] = [label(x) for x in wheel.order]
        out["red"] = [label(x) for x in sorted(RED)]
        out["racetrack"] = sorted(getattr(variant, "racetrack", ()))
        out["neighbours_max"] = getattr(variant, "neighbours_max", 0)
    return out


@router.get("/games/{game_name}/variants/{variant_name}", response_model=S.VariantInfoOut)
async def variant_info(game_name: str, variant_name: str) -> dict[str, Any]:
    if game_name not in games():
        raise UnknownGame(f"unknown game {game_name!r}")
    return await run_in_threadpool(_variant_info, game_name, variant_name)


@router.post("/rounds", status_code=201, response_model=S.RoundRecallOut)
async def play_round(body: S.RoundIn, request: Request, me: MeChecked) -> Response:
    p = _platform(request)
    player, digest = me
    slip = _slip(body.bets)
    out = await _command(request, player, digest, 201,
                         p.single_round(player, body.game, body.variant, slip))
    return _respond(out)


# -- history and fairness ----------------------------------------------------------------------


@router.get("/history", response_model=S.HistoryOut)
async def get_history(request: Request, player: Me,
                      limit: int = Query(50, ge=1, le=200),
                      before: int | None = Query(None, ge=1)) -> dict[str, Any]:
    # issue 24 point 4: off the primary when a replica has caught up (store/replica.py)
    items = await run_in_threadpool(_platform(request).read_replica,
                                    lambda s: history.history(s, player, limit, before))
    return {"items": items}


@router.get("/history/{round_id}", response_model=S.RoundRecallOut)
async def recall(round_id: int, request: Request,
                 player: Me) -> dict[str, Any]:
    return await run_in_threadpool(_platform(request).read_replica,  # issue 24 point 4
                                   lambda s: history.recall(s, player, round_id))


@router.get("/fairness", response_model=S.FairnessOut)
async def get_fairness(request: Request, player: Me) -> dict[str, Any]:
    return await run_in_threadpool(_platform(request).fairness, player)


@router.put("/fairness/client-seed", response_model=S.FairnessOut)
async def put_client_seed(body: S.ClientSeedIn, request: Request,
                          player: Me) -> Response:
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200,
                            lambda s: p.set_client_seed_in(s, player, body.client_seed))
    return _respond(out)


@router.post("/fairness/rotate", response_model=S.RotateOut)
async def rotate(request: Request, player: Me) -> Response:
    p = _platform(request)
    out = await _idempotent(request, _scope(player), 200, lambda s: p.rotate_in(s, player))
    return _respond(out)


# -- tables ------------------------------------------------------------------------------------


@router.get("/tables", response_model=S.TablesOut)
async def list_tables(request: Request) -> dict[str, Any]:
    p = _platform(request)

    def fn() -> list[dict[str, Any]]:
        return [p.table(t) for t in p.table_ids()]

    return {"items": await run_in_threadpool(fn)}


@router.get("/tables/{table_id}", response_model=S.TableOut)
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    return await run_in_threadpool(_platform(request).table, table_id)


@router.post("/tables/{table_id}/bets", status_code=201, response_model=S.TableBetAcceptedOut)
async def table_bets(table_id: str, body: S.SlipIn, request: Request, me: MeChecked) -> Response:
    st = _state(request)
    p = st.platform
    player, digest = me
    slip = _slip(body.bets)
    out = await _command(request, player, digest, 201,
                         p.table_bet(player, table_id, slip))
    if not out.replayed:
        await st.broker.publish(bet_publication(player.id, table_id, out.body))
    return _respond(out)


#: the player id of a guest's WebSocket (ids start at 1)
GUEST = 0
#: seconds a table WebSocket may take to send its ``auth`` message (issue 13); after them it
#: stays a guest
WS_AUTH_SECONDS = 5.0


async def ws_authenticate(websocket: WebSocket, platform: Platform, token: str, allowed: bool,
                          opened: float) -> int | None:
    """The player id of a socket's ``auth`` message (issue 13), or None once the socket is closed
    with 4401: the message must be the socket's first (``allowed``), come within
    :data:`WS_AUTH_SECONDS` of ``opened`` (the loop's clock) and carry a valid token."""
    late = asyncio.get_running_loop().time() - opened > WS_AUTH_SECONDS
    if not allowed or late or not token:
        await websocket.close(code=4401, reason="authenticate with the first message, "
                              "within a few seconds of opening the socket")
        return None
    try:
        return (await run_in_threadpool(platform.authenticate, token)).id
    except Unauthorized as exc:
        await websocket.close(code=4401, reason=str(exc))
        return None


def _auth_message(text: str) -> str | None:
    """The token of a ``{"type": "auth", "token": ...}`` message, "" for an auth message without
    a usable token (or with a repeated key: strict JSON, as every request), None for any other
    message."""
    try:
        msg = json.loads(text)
    except ValueError:
        return None
    if isinstance(msg, dict) and msg.get("type") == "auth" and duplicate_key(text.encode()):
        return ""
    if not isinstance(msg, dict) or msg.get("type") != "auth":
        return None
    tok = msg.get("token")
    return tok if isinstance(tok, str) else ""


async def table_ws(websocket: WebSocket, table_id: str) -> None:
    """A table's events. The session token never travels in the URL (issue 13): the client
    opens the socket without it and, if logged in, sends ``{"type": "auth", "token": ...}`` as
    its first message within :data:`WS_AUTH_SECONDS`; the answer is ``{"type": "auth", "ok":
    true}`` or a close with code 4401. Until then, and for good without it, the socket is a
    guest's: the table's public events only (player id 0 is nobody's).

    Issue 24: table events carry the table's number ``seq`` (the snapshot: the latest); with
    ``?since=N`` the socket first gets every event numbered above N (``api/resume.py``)."""
    from croupier.api import resume

    st: State = websocket.app.state.croupier
    p = st.platform
    since = resume.since_param(websocket)
    if isinstance(since, str):
        await websocket.close(code=4400, reason=since)
        return
    # issue 24: on the hub first, then the table's latest number, then the snapshot: an event
    # numbered up to it is in the snapshot (not sent again), any later one reaches the socket
    conn = Connection(GUEST, table_id)
    st.hub.add(conn)
    try:
        conn.sent_seq = await st.broker.last_seq(table_id)
        snapshot = await run_in_threadpool(p.table, table_id)
    except BaseException as exc:
        st.hub.remove(conn)
        if not isinstance(exc, CroupierError):
            raise
        await websocket.close(code=4404, reason=str(exc))
        return
    await websocket.accept()
    opened = asyncio.get_running_loop().time()
    metrics.websocket_opened()
    sender: asyncio.Task[None] | None = None
    first = True

    async def handle(text: str) -> bool:
        """One message of the client; False once the socket is closed."""
        nonlocal first
        token = _auth_message(text)
        if token is not None:
            player_id = await ws_authenticate(websocket, p, token, first and conn.player_id == GUEST, opened)
            if player_id is None:
                return False
            st.hub.remove(conn)
            conn.player_id = player_id
            st.hub.add(conn)
            # the player's own messages come on its channel (platform/events.py)
            await st.broker.follow(player_id)
            await websocket.send_json({"type": "auth", "ok": True})
        elif text.strip().strip('"') == "ping":
            await websocket.send_json({"type": "pong"})
        first = False
        return True

    try:
        from croupier.platform.clock import iso

        await websocket.send_json({"type": "snapshot", "table": snapshot,
                                   "seq": conn.sent_seq,
                                   "server_time": iso(p.clock())})

        async def pump() -> None:
            while True:
                msg = await conn.queue.get()
                if resume.fresh(conn, msg):
                    await websocket.send_json(msg)

        if since is not None:  # the replay waits for the first message (an auth: private fields)
            with contextlib.suppress(TimeoutError):
                text = await asyncio.wait_for(websocket.receive_text(), WS_AUTH_SECONDS)
                if not await handle(text):
                    return
            await resume.replay(websocket, st.broker, conn, since)
        sender = asyncio.create_task(pump())
        while True:
            if not await handle(await websocket.receive_text()):
                return
    except WebSocketDisconnect:
        pass
    finally:
        st.hub.remove(conn)
        metrics.websocket_closed()
        if sender is not None:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
        if conn.player_id != GUEST:
            with contextlib.suppress(Exception):
                await st.broker.unfollow(conn.player_id)


async def deposit_provider(platform: Platform, broker: Broker, stop: asyncio.Event) -> None:
    """The simulated payment provider: confirms each deposit after its delay (000 §10)."""
    while not stop.is_set():
        try:
            for pid in await asyncio.to_thread(platform.confirm_due_deposits):
                bal = await asyncio.to_thread(platform.read, lambda s, pid=pid: wallet.balance(
                    s, s.get_one(Player, pid)).to_dict())
                await broker.publish(player_message(pid, {"type": "balance", "balance": bal}))
        except Exception:  # noqa: BLE001 - keep confirming after a hiccup
            log.exception("deposit confirmation failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=min(0.25, platform.settings.deposit_confirm_seconds or 0.25))


def create_app(settings: Settings | None = None, platform: Platform | None = None) -> FastAPI:
    settings = settings or (platform.settings if platform else Settings.from_env())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        plat = platform or Platform(settings)
        await asyncio.to_thread(plat.migrate)
        from croupier.platform import jackpots  # issue 16: every pool seeded before play

        await asyncio.to_thread(plat.run, lambda s: jackpots.ensure_all(s, plat.clock()))
        from croupier.platform.cardroom.tables import ensure_from_env  # issue 21: poker tables

        await asyncio.to_thread(plat.run, ensure_from_env)
        from croupier.platform.warm import warm_compiled  # no request waits for a compiler

        await asyncio.to_thread(warm_compiled)
        hub = Hub()
        broker: Broker = (RedisBroker(settings.redis_url, channel_for(plat.db.url))
                          if settings.redis_url else LocalBroker())
        await broker.start(hub.deliver)
        writer = (GroupCommit(plat, threads=settings.writer_threads) if settings.group_commit
                  else None)
        cash_outs = CashOutWriter(plat) if settings.group_commit else None
        app.state.croupier = State(plat, hub, broker, writer, cash_outs)
        stop = asyncio.Event()
        tasks = [asyncio.create_task(deposit_provider(plat, broker, stop))]
        app.state.autoplay = AutoplayRunner(plat, broker.publish, plat.settings.autoplay_spin_seconds)
        tasks.append(asyncio.create_task(app.state.autoplay.run(stop)))
        if settings.run_tables:
            tasks.append(asyncio.create_task(supervise(plat, ops.observed(broker.publish), stop)))
        tasks += ops.start(app, plat, stop)  # issue 24: logs, SIGTERM drain, periodic audit
        from croupier.platform.matches import runner as matches_runner  # issue 22: match clocks

        tasks.append(asyncio.create_task(matches_runner.run(plat, broker.publish, stop)))
        try:
            yield
        finally:
            ops.stopped(app)
            stop.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=10)
            await broker.stop()
            if cash_outs is not None:
                await asyncio.to_thread(cash_outs.stop)
                if os.environ.get("CROUPIER_GROUP_COMMIT_STATS"):  # a benchmarking aid
                    print(f"crash cash-outs: {cash_outs.batches} transactions, {cash_outs.requests} "
                          f"requests, largest {cash_outs.largest}, {cash_outs.fallbacks} fallbacks",
                          file=sys.stderr, flush=True)
            if writer is not None:
                await asyncio.to_thread(writer.stop)
                if os.environ.get("CROUPIER_GROUP_COMMIT_STATS"):  # a benchmarking aid
                    print(f"group commit: {writer.batches} batches, {writer.commands} commands "
                          f"({writer.batched} through the batch path), largest {writer.largest}, "
                          f"{writer.retries} retries, {writer.fallbacks} fallbacks, busy "
                          f"{writer.busy:.1f} s ({writer.busy * 1000 / max(1, writer.batches):.2f}"
                          " ms per batch)",
                          file=sys.stderr, flush=True)
            if platform is None:
                plat.db.dispose()

    from croupier.api import fastlane

    app = fastlane.CroupierAPI(title="Croupier", version="1.0", lifespan=lifespan,
                               description="Casino platform API. Contract summary: docs/api.md.")
    if settings.fast_lane:
        fastlane.install(app)  # the two hot bet routes straight from ASGI (api/fastlane.py)
    problems.install(app)
    ops.install(app)  # issue 24: /healthz, /readyz, /metrics, request ids, drain
    app.include_router(router)
    from croupier.api.protection import router as protection_router  # protection (issue 7)
    app.include_router(protection_router)  # protection (issue 7)
    from croupier.api.interactive import router as decision_router  # decision rounds
    app.include_router(decision_router)  # decision rounds
    from croupier.api.live import router as live_router  # live-dealer operations (issue 16)
    app.include_router(live_router)  # live-dealer operations (issue 16)
    from croupier.api.live_decisions import router as live_bj_router  # issue 16: live blackjack
    app.include_router(live_bj_router)  # issue 16: live blackjack seats and decisions
    from croupier.api.describe import router as describe_router  # issue 14
    app.include_router(describe_router)  # issue 14: the engine describes itself
    from croupier.api.slots import router as slots_router  # issue 15: slot autoplay
    app.include_router(slots_router)  # issue 15
    from croupier.api.jackpots import router as jackpots_router  # issue 16: jackpot pools
    app.include_router(jackpots_router)  # issue 16: jackpot pools
    from croupier.api.crash import router as crash_router  # issue 17: crash tables

    app.include_router(crash_router)  # issue 17
    from croupier.api.draws import router as draws_router  # issue 20: draw tables

    app.include_router(draws_router)  # issue 20
    from croupier.api.accumulators import router as accumulators_router  # issue 23: accumulators

    app.include_router(accumulators_router)  # issue 23
    from croupier.api.shows import router as shows_router  # issue 18: show bonus picks

    app.include_router(shows_router)  # issue 18
    from croupier.api.cardroom import router as cardroom_router  # issue 21: the card room

    app.include_router(cardroom_router)  # issue 21
    app.add_api_websocket_route("/api/tables/{table_id}/ws", table_ws)
    from croupier.api.matches import match_ws
    from croupier.api.matches import router as matches_router  # issue 22: two-player matches

    app.include_router(matches_router)  # issue 22
    app.add_api_websocket_route("/api/matches/{match_id}/ws", match_ws)
    from croupier.api.live_devices import device_ws  # issue 16: the readers' socket
    app.add_api_websocket_route("/api/live/tables/{table_id}/device", device_ws)
    from croupier.api.table_admin import router as table_admin_router  # issue 16: management
    app.include_router(table_admin_router)
    from croupier.api import contract  # issue 13: headers, security and problems in OpenAPI

    contract.install(app)
    if (WEB_DIR / "index.html").is_file():
        app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def index() -> HTMLResponse:
            return HTMLResponse("<!doctype html><title>Croupier</title><h1>Croupier</h1>"
                                "<p>The web client is not installed; the API is at "
                                "<a href='/docs'>/docs</a>.</p>")
    return app


def app_factory() -> FastAPI:
    return create_app(Settings.from_env())


__all__ = ["create_app", "app_factory", "table_message"]
