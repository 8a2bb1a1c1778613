"""Event fan-out between API workers, and delivery to each worker's WebSocket clients.

A message is a JSON object with a ``scope``: ``{"scope": "table", "table_id", "message",
"private": {player_id: extra fields}}`` goes to every connection watching that table (with that
player's private fields merged in), ``{"scope": "player", "player_id", "message"}`` to that
player's connections only.

:class:`LocalBroker` delivers inside one process (SQLite, one worker). :class:`RedisBroker`
publishes table messages on a Redis channel that every worker subscribes to, so a client connected
to any worker sees the events of a table run by another; a player's messages go on that player's
channel, subscribed to only by the workers that hold one of that player's WebSockets.

Issue 24: every table message is numbered per table (``seq``) and kept, so a socket that
reconnects with ``since=N`` gets what it missed (:mod:`.event_log`: a Redis Stream per table, or a
bounded log in memory without Redis).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from croupier.platform.event_log import (
    APPEND_SCRIPT,
    IDLE_SECONDS,
    KEEP,
    MAX_REPLAY,
    Backlog,
    MemoryEventLog,
    backlog,
    decode_entries,
    seq_key,
    stream_key,
)

log = logging.getLogger("croupier.events")

Deliver = Callable[[dict[str, Any]], Awaitable[None]]


class Broker(Protocol):
    async def start(self, deliver: Deliver) -> None: ...

    async def publish(self, message: dict[str, Any]) -> None: ...

    async def follow(self, player_id: int) -> None:
        """A WebSocket of ``player_id`` connected to this worker: its messages must reach it."""

    async def unfollow(self, player_id: int) -> None:
        """One of those WebSockets left (as many calls as :meth:`follow`)."""

    async def last_seq(self, table_id: str) -> int:
        """The number of the table's latest event (0 before the first)."""

    async def since(self, table_id: str, since: int) -> Backlog:
        """The table's events numbered above ``since`` that are still kept (issue 24)."""

    async def stop(self) -> None: ...


class LocalBroker:
    """One process: every message goes straight to its hub (table messages numbered and kept in
    memory first)."""

    def __init__(self) -> None:
        self._deliver: Deliver | None = None
        self.log = MemoryEventLog()

    async def start(self, deliver: Deliver) -> None:
        self._deliver = deliver

    async def publish(self, message: dict[str, Any]) -> None:
        if message.get("scope") == "table":
            message = self.log.append(message)
        if self._deliver is not None:
            await self._deliver(json.loads(json.dumps(message)))

    async def last_seq(self, table_id: str) -> int:
        return self.log.last(table_id)

    async def since(self, table_id: str, since: int) -> Backlog:
        return self.log.since(table_id, since)

    async def follow(self, player_id: int) -> None:
        pass

    async def unfollow(self, player_id: int) -> None:
        pass

    async def stop(self) -> None:
        self._deliver = None


def channel_for(database_url: str) -> str:
    """One channel per database, so separate deployments (and test runs) never mix."""
    return "croupier:events:" + hashlib.sha256(database_url.encode()).hexdigest()[:12]


def player_channel(channel: str, player_id: int) -> str:
    """The channel of one player's messages (``<channel>:player:<id>``)."""
    return f"{channel}:player:{player_id}"


class RedisBroker:
    """Redis pub/sub between the workers of one database.

    Table messages go on the shared channel, which every worker subscribes to. A player's
    messages go on that player's channel (:func:`player_channel`), which a worker subscribes to
    only while it has a WebSocket of that player (:meth:`follow` / :meth:`unfollow`), so a bet
    costs nothing to the workers its player is not connected to.

    :meth:`publish` only queues: a background task sends what is queued in one non-transactional
    pipeline per round trip, in order. A Redis failure is logged and the batch dropped (events
    are notifications: a client's next snapshot is the truth); the feed reconnects by itself.
    """

    #: messages kept while Redis does not answer; beyond that the oldest are dropped
    MAX_QUEUED = 100_000

    def __init__(self, url: str, channel: str) -> None:
        self.url = url
        self.channel = channel
        self._task: asyncio.Task[None] | None = None
        self._flusher: asyncio.Task[None] | None = None
        self._redis: Any = None
        self._pubsub: Any = None
        self._queue: deque[tuple[str, str]] = deque()
        self._wake = asyncio.Event()
        self._closing = False
        self._followers: dict[int, int] = {}
        self._subscribed: set[int] = set()
        self._sub_lock = asyncio.Lock()
        self._append: Any = None

    async def start(self, deliver: Deliver) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        self._append = self._redis.register_script(APPEND_SCRIPT)
        self._pubsub = pubsub = self._redis.pubsub()
        await pubsub.subscribe(self.channel)

        async def listen() -> None:
            while True:
                try:
                    async for item in pubsub.listen():
                        if item.get("type") != "message":
                            continue
                        try:
                            await deliver(json.loads(item["data"]))
                        except Exception:  # noqa: BLE001 - one bad message must not stop the feed
                            log.exception("event delivery failed")
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - Redis went away: reconnect (and resubscribe)
                    log.exception("event feed interrupted")
                    await asyncio.sleep(0.5)

        self._task = asyncio.create_task(listen())
        self._flusher = asyncio.create_task(self._flush_loop())

    async def publish(self, message: dict[str, Any]) -> None:
        if self._closing:
            return
        if message.get("scope") == "player":
            channel = player_channel(self.channel, int(message["player_id"]))
        elif message.get("scope") == "table":  # numbered and kept by the append script
            channel = "table:" + str(message["table_id"])
        else:
            channel = self.channel
        if len(self._queue) >= self.MAX_QUEUED:
            self._queue.popleft()
        self._queue.append((channel, json.dumps(message)))
        self._wake.set()

    async def _flush_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self._flush()
            if self._closing:
                return

    async def _flush(self) -> None:
        while self._queue:
            batch = list(self._queue)
            self._queue.clear()
            try:
                pipe = self._redis.pipeline(transaction=False)
                for channel, data in batch:
                    if channel.startswith("table:"):
                        table = channel[len("table:"):]
                        await self._append(keys=[seq_key(self.channel, table),
                                           stream_key(self.channel, table)],
                                     args=[self.channel, data, KEEP, IDLE_SECONDS],
                                     client=pipe)
                    else:
                        pipe.publish(channel, data)
                await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a Redis hiccup costs these events, not the worker
                log.exception("event publication failed (%d messages dropped)", len(batch))
                if not self._closing:
                    await asyncio.sleep(0.2)

    async def follow(self, player_id: int) -> None:
        self._followers[player_id] = self._followers.get(player_id, 0) + 1
        await self._sync(player_id)

    async def unfollow(self, player_id: int) -> None:
        left = self._followers.get(player_id, 0) - 1
        if left > 0:
            self._followers[player_id] = left
        else:
            self._followers.pop(player_id, None)
        await self._sync(player_id)

    async def _sync(self, player_id: int) -> None:
        """Subscribe to a player's channel while it is followed, not otherwise (one change at a
        time, each against the latest count: a quick leave-and-return ends subscribed)."""
        async with self._sub_lock:
            want = player_id in self._followers
            if want == (player_id in self._subscribed) or self._pubsub is None:
                return
            channel = player_channel(self.channel, player_id)
            try:
                if want:
                    await self._pubsub.subscribe(channel)
                    self._subscribed.add(player_id)
                else:
                    await self._pubsub.unsubscribe(channel)
                    self._subscribed.discard(player_id)
            except Exception:  # noqa: BLE001 - the feed's reconnection resubscribes
                log.exception("subscription change failed for player %s", player_id)

    async def last_seq(self, table_id: str) -> int:
        raw = await self._redis.get(seq_key(self.channel, table_id))
        return int(raw) if raw is not None else 0

    async def since(self, table_id: str, since: int) -> Backlog:
        pipe = self._redis.pipeline(transaction=True)
        pipe.xrange(stream_key(self.channel, table_id), f"{since + 1}-0", "+", count=MAX_REPLAY)
        pipe.get(seq_key(self.channel, table_id))
        entries, last = await pipe.execute()
        return backlog(since, decode_entries(entries), int(last) if last is not None else 0)

    async def stop(self) -> None:
        self._closing = True
        if self._flusher is not None:
            self._wake.set()
            try:
                await asyncio.wait_for(self._flusher, timeout=2)
            except Exception:  # noqa: BLE001 - a timeout: what is left goes with the worker
                log.warning("event publication did not finish at shutdown")
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()


@dataclass(eq=False)
class Connection:
    player_id: int
    table_id: str
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(maxsize=256))
    #: the number of the last table event sent (issue 24): one already sent (a resumed socket's
    #: replay and the live feed overlap) is not sent again
    sent_seq: int = 0

    def offer(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # a client that does not read loses messages
            self.queue.put_nowait(message)


class Hub:
    """This worker's WebSocket connections, by table and by player."""

    def __init__(self) -> None:
        self.tables: dict[str, set[Connection]] = {}
        self.players: dict[int, set[Connection]] = {}

    def add(self, conn: Connection) -> None:
        self.tables.setdefault(conn.table_id, set()).add(conn)
        self.players.setdefault(conn.player_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        conns = self.tables.get(conn.table_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.tables[conn.table_id]
        mine = self.players.get(conn.player_id)
        if mine is not None:
            mine.discard(conn)
            if not mine:
                del self.players[conn.player_id]

    async def deliver(self, msg: dict[str, Any]) -> None:
        scope = msg.get("scope")
        if scope == "table":
            for conn in list(self.tables.get(str(msg.get("table_id")), ())):
                conn.offer(table_view(msg, conn.player_id))
        elif scope == "player":
            pid = msg.get("player_id")
            conns = self.players.get(pid) if isinstance(pid, int) else None
            if not conns:
                return
            messages = msg["messages"] if "messages" in msg else [msg["message"]]
            for conn in list(conns):
                for m in messages:
                    conn.offer(m)


def table_view(envelope: dict[str, Any], player_id: int) -> dict[str, Any]:
    """What one connection gets of a table message: the message, that player's private fields,
    and the table's event number (``seq``) when it has one."""
    extra = (envelope.get("private") or {}).get(str(player_id))
    seq = envelope.get("seq")
    if not extra and seq is None:
        return envelope["message"]  # type: ignore[no-any-return]
    return {**envelope["message"], **(extra or {}), **({"seq": seq} if seq is not None else {})}


def table_message(table_id: str, message: dict[str, Any],
                  private: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"scope": "table", "table_id": table_id, "message": message, "private": private or {}}


def player_message(player_id: int, message: dict[str, Any]) -> dict[str, Any]:
    return {"scope": "player", "player_id": player_id, "message": message}


def player_messages(player_id: int, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """Several messages to one player's connections, in order, in one publication."""
    return {"scope": "player", "player_id": player_id, "messages": messages}
