"""The request front (issue 13): what every HTTP request meets before any route or the fast lane.

* **Body size**: a body over :data:`MAX_BODY` bytes is refused with 413 ``body_too_large``
  (by its Content-Length before reading, else while reading).
* **Strict JSON**: a JSON body with a key repeated in one object (``{"amount": "1.00",
  "amount": "100000.00"}``) is refused with 400 ``duplicate_key``; JSON decoders keep the last
  value, so a proxy or log that keeps the first would see another request than the one served.
* **Rate limits** per client address on registration, login and deposits
  (:data:`RATE_LIMITS`): the request over the limit gets 429 ``rate_limited`` with
  ``Retry-After``. Counted per worker process in memory (ASSUMPTION: a deployment of n workers
  allows up to n times the figures; the login lockout, ``platform/throttle.py``, is in the
  database and exact). The clock is the platform's (tests inject theirs).

* **Security headers** on every answer: a Content-Security-Policy (:data:`CSP`: scripts, styles
  and connections from this origin only, no inline script, style or handler, no framing),
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``; FastAPI's
  interactive pages (``/docs``, ``/redoc``), which load their scripts from a CDN, keep theirs.

It wraps the whole application (``fastlane.CroupierAPI``), so the fast lane's two routes get the
same checks; a body it read is handed on unchanged.
"""

from __future__ import annotations

import json
import math
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from starlette.types import Message, Receive, Scope, Send

from croupier.api import problems

ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]

#: the largest request body accepted (ASSUMPTION: the largest legitimate body, a complaint of
#: 5,000 characters or a slip of many bets, is well under it)
MAX_BODY = 64 * 1024


@dataclass(frozen=True, slots=True)
class Rate:
    requests: int
    seconds: float


#: (method, path) -> at most ``requests`` per ``seconds`` per client address (ASSUMPTION)
RATE_LIMITS: dict[tuple[str, str], Rate] = {
    ("POST", "/api/players"): Rate(10, 600.0),
    ("POST", "/api/sessions"): Rate(30, 60.0),
    ("POST", "/api/deposits"): Rate(30, 60.0),
}


#: the web client's Content-Security-Policy (issue 13): everything from this origin's files
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
#: FastAPI's own interactive documentation pages (CDN scripts, an inline bootstrap)
_OWN_POLICY = ("/docs", "/redoc")


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            names = {k.lower() for k, _ in message.get("headers", [])}
            extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return wrapped


class DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise DuplicateKey(k)
        out[k] = v
    return out


def duplicate_key(body: bytes) -> str | None:
    """The first key repeated within one JSON object of ``body``, or None (also when ``body``
    is not JSON at all: the route's own parsing refuses that)."""
    try:
        json.loads(body, object_pairs_hook=_no_duplicates)
    except DuplicateKey as exc:
        return str(exc)
    except (ValueError, RecursionError):
        return None
    return None


@dataclass
class RateLimiter:
    """Sliding-window counters: the times of the requests of each (route, address)."""

    limits: dict[tuple[str, str], Rate]
    seen: dict[tuple[str, str, str], deque[float]] = field(default_factory=dict)

    def retry_after(self, method: str, path: str, address: str, now: float) -> int | None:
        """None when the request may go (and it is counted), else the seconds to wait."""
        rate = self.limits.get((method, path))
        if rate is None:
            return None
        times = self.seen.setdefault((method, path, address), deque())
        while times and times[0] <= now - rate.seconds:
            times.popleft()
        if len(times) >= rate.requests:
            return max(1, math.ceil(times[0] + rate.seconds - now))
        times.append(now)
        if len(self.seen) > 100_000:  # forget idle addresses
            for k in [k for k, t in self.seen.items() if not t]:
                del self.seen[k]
        return None


def _replaying(body: bytes, receive: Receive) -> Receive:
    pending = True

    async def replay() -> Message:
        nonlocal pending
        if pending:
            pending = False
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class StrictFront:
    def __init__(self, app: ASGI, clock: Callable[[], Callable[[], datetime] | None],
                 enabled_rates: Callable[[], bool]) -> None:
        self.app = app
        self.clock = clock
        self.enabled_rates = enabled_rates
        self.limiter = RateLimiter(dict(RATE_LIMITS))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not scope["path"].startswith(_OWN_POLICY):
            send = _with_headers(send)
        if self.enabled_rates():
            clock = self.clock()
            if clock is not None:
                client = scope.get("client")
                address = str(client[0]) if client else "unknown"
                wait = self.limiter.retry_after(scope["method"], scope["path"], address,
                                                clock().timestamp())
                if wait is not None:
                    resp = problems.problem(429, "rate_limited",
                                            f"too many requests from your address: try again in "
                                            f"{wait} s", retry_after=wait)
                    resp.headers["Retry-After"] = str(wait)
                    await resp(scope, receive, send)
                    return
        declared = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                declared = value
                break
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            await self._too_large(scope, receive, send)
            return
        if scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE") and declared is None:
            await self.app(scope, receive, send)
            return
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client left
            body += message.get("body", b"")
            if len(body) > MAX_BODY:
                await self._too_large(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        if body:
            dup = duplicate_key(body)
            if dup is not None:
                await problems.problem(400, "duplicate_key",
                                       f"the key {dup!r} appears twice in one JSON object: "
                                       "send each key once")(scope, receive, send)
                return
        await self.app(scope, _replaying(body, receive), send)

    @staticmethod
    async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
        await problems.problem(413, "body_too_large",
                               f"a request body is at most {MAX_BODY} bytes")(scope, receive, send)
