"""Event fan-out between API workers, and delivery to each worker's WebSocket clients.

A message is a JSON object with a ``scope``: ``{"scope": "table", "table_id", "message",
"private": {player_id: extra fields}}`` goes to every connection watching that table (with that
player's private fields merged in), ``{"scope": "player", "player_id", "message"}`` to that
player's connections only.

:class:`LocalBroker` delivers inside one process (SQLite, one worker). :class:`RedisBroker`
publishes on a Redis channel that every worker subscribes to, so a client connected to any worker
sees the events of a table run by another.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

log = logging.getLogger("croupier.events")

Deliver = Callable[[dict[str, Any]], Awaitable[None]]


class Broker(Protocol):
    async def start(self, deliver: Deliver) -> None: ...

    async def publish(self, message: dict[str, Any]) -> None: ...

    async def stop(self) -> None: ...


class LocalBroker:
    def __init__(self) -> None:
        self._deliver: Deliver | None = None

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver

    async def publish(self, message: dict[str, Any]) -> None:
        if self._deliver is not None:
            await self._deliver(json.loads(json.dumps(message)))

    async def stop(self) -> None:
        self._deliver = None


def channel_for(database_url: str) -> str:
    """One channel per database, so separate deployments (and test runs) never mix."""
    return "croupier:events:" + hashlib.sha256(database_url.encode()).hexdigest()[:12]


class RedisBroker:
    def __init__(self, url: str, channel: str) -> None:
        self.url = url
        self.channel = channel
        self._task: asyncio.Task[None] | None = None
        self._redis: Any = None

    async def start(self, deliver: Deliver) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self.channel)

        async def listen() -> None:
            async for item in pubsub.listen():
                if item.get("type") != "message":
                    continue
                try:
                    await deliver(json.loads(item["data"]))
                except Exception:  # noqa: BLE001 - one bad message must not stop the feed
                    log.exception("event delivery failed")

        self._task = asyncio.create_task(listen())

    async def publish(self, message: dict[str, Any]) -> None:
        await self._redis.publish(self.channel, json.dumps(message))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._redis is not None:
            await self._redis.aclose()


@dataclass(eq=False)
class Connection:
    player_id: int
    table_id: str
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(maxsize=256))

    def offer(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # a client that does not read loses messages
            self.queue.put_nowait(message)


class Hub:
    """This worker's WebSocket connections, by table."""

    def __init__(self) -> None:
        self.tables: dict[str, set[Connection]] = {}

    def add(self, conn: Connection) -> None:
        self.tables.setdefault(conn.table_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        self.tables.get(conn.table_id, set()).discard(conn)

    async def deliver(self, msg: dict[str, Any]) -> None:
        scope = msg.get("scope")
        if scope == "table":
            private = msg.get("private") or {}
            for conn in list(self.tables.get(str(msg.get("table_id")), ())):
                extra = private.get(str(conn.player_id))
                conn.offer({**msg["message"], **extra} if extra else msg["message"])
        elif scope == "player":
            pid = msg.get("player_id")
            messages = msg["messages"] if "messages" in msg else [msg["message"]]
            for conns in self.tables.values():
                for conn in list(conns):
                    if conn.player_id == pid:
                        for m in messages:
                            conn.offer(m)


def table_message(table_id: str, message: dict[str, Any],
                  private: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"scope": "table", "table_id": table_id, "message": message, "private": private or {}}


def player_message(player_id: int, message: dict[str, Any]) -> dict[str, Any]:
    return {"scope": "player", "player_id": player_id, "message": message}


def player_messages(player_id: int, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """Several messages to one player's connections, in order, in one publication."""
    return {"scope": "player", "player_id": player_id, "messages": messages}
