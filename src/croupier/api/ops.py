"""Operations (issue 24 points 2 and 3): health, readiness, drain on SIGTERM, metrics, logs.

* ``GET /healthz``: the process answers (200 ``{"status": "alive"}``), nothing else checked.
* ``GET /readyz``: 200 when the database answers ``SELECT 1``, its Alembic revision is the
  script directory's head, Redis answers ``PING`` (when ``CROUPIER_REDIS_URL`` is set) and the
  process is not draining; else 503 with the same body naming each check's state.
* ``GET /metrics``: Prometheus text exposition (``platform/metrics.py``).
* **Drain** (``api/drain.py``): on SIGTERM the process turns ``/readyz`` to 503
  ``draining`` and refuses new state-changing requests (503 problem ``draining`` with
  ``Retry-After``: the client retries on another node with the same Idempotency-Key), waits
  :attr:`OpsConfig.drain_delay` seconds (so a load balancer's probe sees it), then until every
  request in flight has answered (at most :attr:`OpsConfig.drain_timeout`), and then hands over
  to uvicorn's own shutdown: the listening socket closes and the lifespan's shutdown stops the
  table runners (a round in its betting phase is voided, every stake returned, as on any stop),
  the group commit and the event fan-out. ``croupier serve`` then exits with status 0.
* **Request front** (:class:`OpsFront`, outside everything else): the request id (the
  ``X-Request-ID`` header when it is a short token, else a fresh one; echoed in the answer), the
  HTTP metrics by route template, the in-flight count and one access log line per request.
* **Logs** (``api/logs.py``): ``CROUPIER_LOG_FORMAT=json`` writes one JSON object per
  line (time, level, logger, message, request_id, and for access lines route, status,
  duration_ms); ``text`` (the default) leaves uvicorn's logging as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel
from starlette.routing import Match
from starlette.types import Message, Receive, Scope, Send

from croupier.api import problems
from croupier.api.drain import Drain, install_sigterm
from croupier.api.logs import REQUEST_ID, configure_logging
from croupier.platform import metrics
from croupier.platform.service import Platform

log = logging.getLogger("croupier.ops")
access_log = logging.getLogger("croupier.access")

ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]
Publish = Callable[[dict[str, Any]], Awaitable[None]]

#: an ``X-Request-ID`` taken as it is (ASSUMPTION: a proxy's ids are short tokens); any other
#: value is replaced by a fresh id, so a log line never carries a client's arbitrary text
_GOOD_ID = re.compile(r"[A-Za-z0-9._:\-]{1,100}")
OPS_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})
CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _seconds(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{name} is a number of seconds, not {raw!r}") from None
    if value < 0:
        raise ValueError(f"{name} is at least 0, not {raw!r}")
    return value


@dataclass(frozen=True, slots=True)
class OpsConfig:
    #: ``json`` or ``text`` (CROUPIER_LOG_FORMAT)
    log_format: str = "text"
    #: seconds /readyz says "draining" before the drain waits for the requests in flight
    drain_delay: float = 2.0
    #: the longest wait for the requests in flight after that
    drain_timeout: float = 30.0
    #: seconds between two ledger audits run by the server (0: none; the audit reads every
    #: transfer, ASSUMPTION: an operator chooses the period for their volume)
    audit_seconds: float = 0.0

    @classmethod
    def from_env(cls) -> OpsConfig:
        fmt = (os.environ.get("CROUPIER_LOG_FORMAT") or "text").strip().lower()
        if fmt not in ("json", "text"):
            raise ValueError(f"CROUPIER_LOG_FORMAT is json or text, not {fmt!r}")
        return cls(fmt, _seconds("CROUPIER_DRAIN_DELAY_SECONDS", 2.0),
                   _seconds("CROUPIER_DRAIN_TIMEOUT_SECONDS", 30.0),
                   _seconds("CROUPIER_AUDIT_SECONDS", 0.0))


def _drain_of(app: FastAPI) -> Drain:
    drain: Drain = app.state.ops_drain
    return drain


# -- readiness -----------------------------------------------------------------------------------


@functools.cache
def _script_heads() -> frozenset[str]:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", "croupier.store:migrations")
    return frozenset(ScriptDirectory.from_config(cfg).get_heads())


def database_checks(platform: Platform) -> dict[str, str]:
    """``database`` (a trivial query) and ``migrations`` (the database's Alembic revision is the
    script directory's head): "ok" or what is wrong."""
    try:
        with platform.db.write.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
            try:  # Alembic's own table (read directly: MigrationContext logs on every probe)
                current = frozenset(str(v) for v in conn.exec_driver_sql(
                    "SELECT version_num FROM alembic_version").scalars())
            except Exception:  # noqa: BLE001 - no such table: never migrated
                current = frozenset()
    except Exception as exc:  # noqa: BLE001 - any failure means "not reachable"
        return {"database": f"unreachable: {type(exc).__name__}", "migrations": "unknown"}
    heads = _script_heads()
    migrations = "ok" if current == heads else (
        f"at {', '.join(sorted(current)) or 'none'}, head is {', '.join(sorted(heads))}")
    return {"database": "ok", "migrations": migrations}


async def redis_check(url: str | None, timeout: float = 2.0) -> str:
    if not url:
        return "not configured"
    import redis.asyncio as aioredis

    client = aioredis.from_url(url)
    try:
        await asyncio.wait_for(client.ping(), timeout)
        return "ok"
    except Exception as exc:  # noqa: BLE001 - any failure means "not reachable"
        return f"unreachable: {type(exc).__name__}"
    finally:
        with contextlib.suppress(Exception):
            await client.aclose()


async def readiness(app: FastAPI, timeout: float = 3.0) -> dict[str, Any]:
    st = getattr(app.state, "croupier", None)
    if st is None:
        return {"status": "not_ready", "checks": {"startup": "not started"}}
    try:
        checks = await asyncio.wait_for(asyncio.to_thread(database_checks, st.platform), timeout)
    except TimeoutError:
        checks = {"database": "unreachable: timeout", "migrations": "unknown"}
    checks["redis"] = await redis_check(st.platform.settings.redis_url)
    draining = _drain_of(app).draining
    checks["draining"] = "yes" if draining else "no"
    ok = all(v in ("ok", "not configured") for k, v in checks.items() if k != "draining")
    status = "draining" if draining else ("ready" if ok else "not_ready")
    return {"status": status, "checks": checks}


# -- routes --------------------------------------------------------------------------------------


class AliveOut(BaseModel):
    status: str


class ReadyOut(BaseModel):
    status: str
    checks: dict[str, str]


router = APIRouter(tags=["operations"])


@router.get("/healthz", response_model=AliveOut)
async def healthz() -> dict[str, Any]:
    """Liveness: the process answers. Nothing else is checked (a failing database must not get
    a live process restarted)."""
    return {"status": "alive"}


@router.get("/readyz", response_model=ReadyOut,
            responses={503: {"model": ReadyOut, "description": "not ready: the body names the "
                             "check that failed, or status draining after SIGTERM"}})
async def readyz(request: Request) -> JSONResponse:
    """Readiness: the database answers and is at the migrations' head, Redis answers when
    configured, and the process is not draining."""
    body = await readiness(request.app)
    return JSONResponse(body, status_code=200 if body["status"] == "ready" else 503)


@router.get("/metrics", response_class=PlainTextResponse,
            responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}},
                             "description": "Prometheus text exposition"}})
async def prometheus_metrics() -> Response:
    """Every metric of ``platform/metrics.py``, counted where it happens."""
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type)


# -- request front -------------------------------------------------------------------------------


def request_id(scope: Scope) -> str:
    for name, value in scope["headers"]:
        if name == b"x-request-id":
            text = str(value.decode("latin-1")).strip()
            if _GOOD_ID.fullmatch(text):
                return text
            break
    return uuid.uuid4().hex


_FAST = {("POST", "/api/rounds"): "/api/rounds"}


def route_template(app: FastAPI, scope: Scope) -> str:
    """The route a request was served by (``/api/tables/{table_id}/bets``, never the raw path:
    the metrics' labels stay few); ``static`` for the web client's files."""
    route = scope.get("route")
    if route is None:
        method, path = scope["method"], scope["path"]
        fast = _FAST.get((method, path))
        if fast is not None:
            return fast
        if method == "POST" and path.startswith("/api/tables/") and path.endswith("/bets") \
                and path.count("/") == 4:
            return "/api/tables/{table_id}/bets"
        for r in app.router.routes:  # answered before the routing (413, 429, the fast lane)
            if r.matches(scope)[0] is Match.FULL:
                route = r
                break
        else:
            return "unmatched"
    path = str(getattr(route, "path", ""))
    return path if path.startswith("/") and path != "/" else "static"


class OpsFront:
    def __init__(self, app: FastAPI, inner: ASGI) -> None:
        self.app = app
        self.inner = inner

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.inner(scope, receive, send)
            return
        rid = request_id(scope)
        token = REQUEST_ID.set(rid)
        header = (b"x-request-id", rid.encode())
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        drain = _drain_of(self.app)
        start = time.perf_counter()
        drain.enter()
        try:
            if drain.draining and scope["method"] in CHANGING and scope["path"] not in OPS_PATHS:
                resp = problems.problem(503, "draining", "this server is shutting down: send "
                                        "the request again (same Idempotency-Key)",
                                        retry_after=1)
                resp.headers["Retry-After"] = "1"
                await resp(scope, receive, sending)
            else:
                await self.inner(scope, receive, sending)
        finally:
            drain.leave()
            elapsed = time.perf_counter() - start
            route = route_template(self.app, scope)
            metrics.HTTP_REQUESTS.labels(scope["method"], route, str(status)).inc()
            metrics.HTTP_LATENCY.labels(scope["method"], route).observe(elapsed)
            access_log.info("%s %s %d", scope["method"], route, status,
                            extra={"request_id": rid, "route": route, "status": status,
                                   "duration_ms": round(elapsed * 1000, 3)})
            REQUEST_ID.reset(token)


# -- the lifespan's part -------------------------------------------------------------------------


def observed(publish: Publish) -> Publish:
    """``publish`` that also sets the table-phase gauge from each table event."""

    async def wrapped(msg: dict[str, Any]) -> None:
        metrics.observe_event(msg)
        await publish(msg)

    return wrapped


async def periodic_audit(platform: Platform, seconds: float, stop: asyncio.Event) -> None:
    """The ledger audit every ``seconds`` (its result in the metrics, a failure logged)."""
    while not stop.is_set():
        try:
            result = await asyncio.to_thread(platform.audit)
            if result.total or result.mismatched or result.negative_players:
                log.error("ledger audit failed: total %d, mismatched %s, negative %s",
                          result.total, result.mismatched, result.negative_players)
        except Exception:  # noqa: BLE001 - keep auditing after a hiccup
            log.exception("ledger audit could not run")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=seconds)


def start(app: FastAPI, platform: Platform, stop: asyncio.Event) -> list[asyncio.Task[None]]:
    """Called by the lifespan once the platform runs: logs, the SIGTERM drain, the audit."""
    config = OpsConfig.from_env()
    configure_logging(config.log_format)
    app.state.ops_undo = install_sigterm(_drain_of(app), config.drain_delay,
                                         config.drain_timeout)
    if config.audit_seconds > 0:
        return [asyncio.create_task(periodic_audit(platform, config.audit_seconds, stop))]
    return []


def stopped(app: FastAPI) -> None:
    undo: Callable[[], None] | None = getattr(app.state, "ops_undo", None)
    if undo is not None:
        undo()


def install(app: Any) -> None:
    """The routes and the request front (``app`` is a ``fastlane.CroupierAPI``)."""
    app.state.ops_drain = Drain()
    app.include_router(router)
    app.wrap = lambda inner: OpsFront(app, inner)
