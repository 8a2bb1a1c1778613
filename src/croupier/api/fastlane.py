"""The fast lane: the two hot bet routes served straight from ASGI (issue 3, bets per second).

``POST /api/tables/{table_id}/bets`` and ``POST /api/rounds`` are most of a casino's requests.
Through FastAPI each pays the middleware stack, the routing over every route, the dependency
resolution and the body parsing: about a sixth of a worker's CPU per bet. :class:`FastLane` sits in
front of the application (:class:`CroupierAPI` calls it first) and serves the ordinary case of
those two routes itself, with the same platform calls as the routes in ``api/app.py``: the same
identity (the worker's cache), the same Idempotency-Key hash (a request replayed through either
path is recognised), the same command submission, the same WebSocket publication and the same
response (body, status, headers; CroupierError as the same problem details).

Anything out of the ordinary is left to FastAPI, which then gives its usual answer (401, 422,
428, problem details): another method or path, no bearer token, an identity not in the worker's
cache, no or an over-long Idempotency-Key, a body that is not ``application/json`` or does not
validate against the route's model (``schemas.SlipIn`` / ``schemas.RoundIn``). A body already
read is handed on unchanged. The routes stay declared in FastAPI: they are the contract (OpenAPI)
and the fallback. ``CROUPIER_FAST_LANE=0`` turns the lane off.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI
from pydantic import ValidationError
from sqlalchemy.orm import Session
from starlette.responses import PlainTextResponse, Response
from starlette.types import Message, Receive, Scope, Send

from croupier.api import problems
from croupier.api import schemas as S
from croupier.api.app import State, _respond, _scope, _slip, bet_publication, submit
from croupier.api.strict import StrictFront
from croupier.errors import CroupierError
from croupier.platform.clock import Clock
from croupier.platform.players import token_hash
from croupier.platform.service import Idem
from croupier.store.models import Player

ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]

ROUNDS = "/api/rounds"
TABLES = "/api/tables/"
BETS = "/bets"
#: characters after which Starlette's ``request.url.path`` is no longer ``scope["path"]``
_ODD = frozenset("?#\\%")


class CroupierAPI(FastAPI):
    """The FastAPI application, with the fast lane (when installed) in front of it, and the
    request front (``api/strict.py``: body size, strict JSON, rate limits) in front of both."""

    fast_lane: FastLane | None = None
    front: StrictFront | None = None
    #: what wraps the request front (``api/ops.py``: request id, metrics, drain), if anything
    wrap: Callable[[ASGI], ASGI] | None = None
    entry: ASGI | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        entry = self.entry
        if entry is None:
            front = self.front = StrictFront(self._lane_or_app, self._clock, self._rate_limits)
            entry = self.entry = front if self.wrap is None else self.wrap(front)
        await entry(scope, receive, send)

    def _clock(self) -> Clock | None:
        st = getattr(self.state, "croupier", None)
        return None if st is None else st.platform.clock

    def _rate_limits(self) -> bool:
        st = getattr(self.state, "croupier", None)
        return st is not None and bool(st.platform.settings.rate_limits)

    async def _lane_or_app(self, scope: Scope, receive: Receive, send: Send) -> None:
        lane = self.fast_lane
        if lane is not None and scope["type"] == "http":
            await lane(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


def install(app: CroupierAPI) -> None:
    async def fallback(scope: Scope, receive: Receive, send: Send) -> None:
        await FastAPI.__call__(app, scope, receive, send)

    app.fast_lane = FastLane(app, fallback)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """``receive`` for the application after the lane read the body: the body, then the rest."""
    pending = True

    async def replay() -> Message:
        nonlocal pending
        if pending:
            pending = False
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _json_media(value: bytes) -> bool:
    return value.partition(b";")[0].strip().lower() == b"application/json"


class FastLane:
    def __init__(self, app: FastAPI, fallback: ASGI) -> None:
        self.app = app
        self.fallback = fallback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        if scope["method"] != "POST" or scope.get("root_path"):
            await self.fallback(scope, receive, send)
            return
        if path == ROUNDS:
            table_id = None
        elif path.startswith(TABLES) and path.endswith(BETS) and len(path) > len(TABLES) + len(BETS):
            table_id = path[len(TABLES):-len(BETS)]
            if "/" in table_id:
                await self.fallback(scope, receive, send)
                return
        else:
            await self.fallback(scope, receive, send)
            return
        auth = key = ctype = None
        for name, value in scope["headers"]:  # the first of each, as Starlette's Headers.get
            if name == b"authorization":
                auth = auth if auth is not None else value
            elif name == b"idempotency-key":
                key = key if key is not None else value
            elif name == b"content-type":
                ctype = ctype if ctype is not None else value
        st: State | None = getattr(self.app.state, "croupier", None)
        if auth is None or key is None or ctype is None or st is None or not _json_media(ctype) \
                or not _ODD.isdisjoint(path):
            await self.fallback(scope, receive, send)
            return
        scheme, _, token = auth.decode("latin-1").partition(" ")
        token = token.strip()
        idem_key = key.decode("latin-1").strip()
        if scheme.lower() != "bearer" or not token or not idem_key or len(idem_key) > 100:
            await self.fallback(scope, receive, send)
            return
        digest = token_hash(token)
        player = st.platform.cached_identity(digest)
        if player is None:
            await self.fallback(scope, receive, send)
            return
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: nothing to answer
                return
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        try:
            response = await self.serve(st, player, digest, table_id, idem_key, path, body)
        except Exception:
            # as FastAPI's ServerErrorMiddleware: a plain 500, and the error goes on to the server
            await PlainTextResponse("Internal Server Error", status_code=500)(scope, receive, send)
            raise
        if response is None:
            await self.fallback(scope, _replaying(body, receive), send)
            return
        await response(scope, receive, send)

    async def serve(self, st: State, player: Player, digest: str, table_id: str | None,
                    key: str, path: str, body: bytes) -> Response | None:
        """The response to a well-formed bet or round, or None when FastAPI should answer."""
        p = st.platform
        fn: Callable[[Session], Any]
        try:
            if table_id is None:
                rnd = S.RoundIn.model_validate_json(body)
                fn = p.single_round(player, rnd.game, rnd.variant, _slip(rnd.bets))
            else:
                fn = p.table_bet(player, table_id, _slip(S.SlipIn.model_validate_json(body).bets))
        except ValidationError:
            return None
        idem = Idem(_scope(player), key, Idem.hash_request("POST", path, body))
        try:
            out = await submit(st, idem, 201, fn, player, digest)
            if table_id is not None and not out.replayed:
                await st.broker.publish(bet_publication(player.id, table_id, out.body))
        except CroupierError as exc:
            return problems.for_error(exc)
        return _respond(out)
