"""The reader devices' WebSocket (issue 16, part 1): ``/api/live/tables/{table_id}/device``.

A wheel reader or card scanner keeps one socket open instead of one HTTP request per reading.
It authenticates like the players' table socket (``api/app.py``: the token never travels in the
URL): its **first message**, within :data:`DEVICE_AUTH_SECONDS`, is ``{"type": "auth", "token":
"dev_..."}``, the token of a device of *this* table (``croupier scanner add-device``). The answer
is ``{"type": "auth", "ok": true, "device_id": N, "table_id": ...}``; a missing, unknown, revoked
token or a device of another table gets ``{"type": "error", "code": "unknown_device", "status":
401, ...}`` and the socket is closed with code 4401. An unknown table is closed with 4404.

Then each reading is one message::

    {"type": "reading", "key": "<a fresh UUID>", "pocket": 17, "round_id": 42}
    {"type": "reading", "key": "<a fresh UUID>", "card": "Ah"}

``key`` plays the Idempotency-Key of ``POST /api/live/tables/{id}/readings``, in the same scope
(the device's), and the reading runs through the same unit of work (``live.submit_reading``):
the same validation, the same answer and the same refusals, each a precise code with nothing
stored — ``{"type": "reading", "key": ..., "ok": true, "replayed": false, "round_id": ...,
"read": "17", "state": "resulted", ...}`` or ``{"type": "error", "key": ..., "code":
"unknown_pocket", "status": 422, "detail": ...}``. A message sent again with its key returns the
stored answer (``"replayed": true``) and moves nothing. ``"ping"`` is answered ``{"type":
"pong"}``. The table's other sockets get the same ``reading`` event as for an HTTP reading.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from croupier.api import problems
from croupier.api.app import State, idempotency_key
from croupier.api.strict import duplicate_key
from croupier.errors import CroupierError
from croupier.platform import live
from croupier.platform.events import table_message
from croupier.platform.live_errors import BadReading, UnknownDevice
from croupier.platform.service import Idem, Platform
from croupier.store.live_models import LiveDevice

#: seconds a device socket may take to send its ``auth`` message
DEVICE_AUTH_SECONDS = 5.0
#: the fields of a reading message besides ``type`` and ``key`` (those of ``ReadingIn``)
READING_FIELDS = frozenset({"pocket", "card", "round_id"})
PATH = "/api/live/tables/{table_id}/device"


def error(code: str, detail: str, key: str | None = None) -> dict[str, Any]:
    """A refusal as the socket sends it: the problem answer's code, status and detail."""
    out: dict[str, Any] = {"type": "error", "code": code,
                           "status": problems.STATUS.get(code, 400), "detail": detail}
    if key is not None:
        out["key"] = key
    return out


def parse_message(text: str) -> dict[str, Any]:
    """A message as strict JSON (an object, no repeated key), else :class:`BadReading`."""
    try:
        msg = json.loads(text)
    except ValueError:
        raise BadReading("a message is a JSON object") from None
    if not isinstance(msg, dict):
        raise BadReading("a message is a JSON object")
    if duplicate_key(text.encode()):
        raise BadReading("a message repeats a key")
    return msg


def reading_of(msg: dict[str, Any]) -> dict[str, Any]:
    """The reading of a ``reading`` message, validated like ``ReadingIn`` (strict types, no
    other field)."""
    extra = set(msg) - READING_FIELDS - {"type", "key"}
    if extra:
        raise BadReading(f"a reading has no field {sorted(extra)[0]!r}")
    out = {k: msg[k] for k in READING_FIELDS if msg.get(k) is not None}
    pocket, card, rid = out.get("pocket"), out.get("card"), out.get("round_id")
    if pocket is not None and (isinstance(pocket, bool) or not isinstance(pocket, int | str)):
        raise BadReading("pocket is a number or a pocket's label")
    if card is not None and (not isinstance(card, str) or len(card) > 4):
        raise BadReading('card is a card\'s code, e.g. "Ah"')
    if rid is not None and (isinstance(rid, bool) or not isinstance(rid, int)):
        raise BadReading("round_id is a round number")
    return out


def _authenticate(p: Platform, table_id: str, token: str) -> int:
    return int(p.read(lambda s: live.device_of(s, table_id, token).id))


def _submit(p: Platform, table_id: str, token: str, key: str,
            reading: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """One reading through the HTTP route's unit of work, under the device's idempotency
    scope: (the answer, whether it was a replay)."""
    body = json.dumps(reading, sort_keys=True, separators=(",", ":")).encode()
    idem = Idem(f"device:{live.token_hash(token)[:32]}", key,
                Idem.hash_request("WS", PATH.format(table_id=table_id), body))

    def fn(s: Session) -> dict[str, Any]:
        dev: LiveDevice = live.device_of(s, table_id, token)  # revoked meanwhile: refused
        return live.submit_reading(s, table_id, reading, f"device:{dev.id}", p.clock())

    out = p.run_idempotent(idem, 200, fn)
    return dict(out.body), out.replayed


async def device_ws(websocket: WebSocket, table_id: str) -> None:
    """A reader device's socket (see the module's docstring)."""
    st: State = websocket.app.state.croupier
    p = st.platform
    try:
        await run_in_threadpool(p.table, table_id)
    except CroupierError as exc:
        await websocket.close(code=4404, reason=str(exc))
        return
    await websocket.accept()
    try:
        token = await _auth(websocket, p, table_id)
        if token is None:
            return
        while True:
            text = await websocket.receive_text()
            if text.strip().strip('"') == "ping":
                await websocket.send_json({"type": "pong"})
                continue
            await websocket.send_json(await _answer(st, table_id, token, text))
    except WebSocketDisconnect:
        pass


async def _auth(websocket: WebSocket, p: Platform, table_id: str) -> str | None:
    """The device's token from its first message, or None (the socket is closed)."""
    try:
        text = await asyncio.wait_for(websocket.receive_text(), timeout=DEVICE_AUTH_SECONDS)
    except TimeoutError:
        text = ""
    token = ""
    with contextlib.suppress(BadReading):
        msg = parse_message(text)
        if msg.get("type") == "auth" and isinstance(msg.get("token"), str):
            token = msg["token"]
    try:
        if not token:
            raise UnknownDevice("authenticate with the first message, within a few seconds: "
                                '{"type": "auth", "token": "<device token>"}')
        device_id = await run_in_threadpool(_authenticate, p, table_id, token)
    except UnknownDevice as exc:
        await websocket.send_json(error(exc.code, str(exc)))
        await websocket.close(code=4401, reason=exc.code)
        return None
    await websocket.send_json({"type": "auth", "ok": True, "device_id": device_id,
                               "table_id": table_id})
    return token


async def _answer(st: State, table_id: str, token: str, text: str) -> dict[str, Any]:
    """The answer to one message after the device authenticated."""
    key: str | None = None
    try:
        msg = parse_message(text)
        raw_key = msg.get("key")
        key = raw_key if isinstance(raw_key, str) else None
        if msg.get("type") != "reading":
            raise BadReading('a device sends {"type": "reading", "key": ..., "pocket" or "card"}')
        ok_key = idempotency_key(key or "")
        reading = reading_of(msg)
        body, replayed = await run_in_threadpool(_submit, st.platform, table_id, token, ok_key,
                                                 reading)
    except CroupierError as exc:
        return error(exc.code, str(exc), key)
    if not replayed:
        await st.broker.publish(table_message(table_id, {"type": "reading", **body}))
    return {"type": "reading", "key": key, "ok": True, "replayed": replayed, **body}
