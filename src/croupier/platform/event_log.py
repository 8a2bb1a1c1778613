"""Per-table event sequence numbers and the log a reconnecting client resumes from (issue 24).

Every table event gets the next number of its table (1, 2, 3, ...): a client remembers the last
number it saw and, when its WebSocket drops (its node died, the network blinked), reconnects to
any node with ``since=N`` and gets every event of that table numbered above N, then the live ones.

With Redis (several workers or nodes) the numbers and the log are Redis's own: a counter
(``INCR``) and a Redis Stream per table (``XADD ... MAXLEN ~``, read back with ``XRANGE``). One
Lua script numbers an event, appends it to the stream and publishes it on the event channel, so
the three happen together and in the same order for every publisher of the table (the runner, the
dealer's console, a cash-out route on another node). The stream entry's id is ``<seq>-0``, so
``XRANGE <seq+1>-0 +`` is "everything after N". The keys carry the table in a hash tag, so the
script's two keys share a slot on a Redis Cluster.

One process without Redis (SQLite) keeps the same numbers and a bounded log in memory
(:class:`MemoryEventLog`).

ASSUMPTION: a table keeps its last :data:`KEEP` events (about a day of a roulette table); a
client that asks for older ones gets a ``gap`` message and refreshes from its snapshot.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from typing import Any

#: events kept per table (the stream is trimmed approximately: ``MAXLEN ~``)
KEEP = 10_000
#: at most this many events replayed to one reconnecting socket (the rest: a ``gap``)
MAX_REPLAY = 2_000

#: a table (or match) idle this long loses its counter and log (ASSUMPTION: a week); its numbers
#: start again at 1 and a socket resuming from an older number is told so (``gap``)
IDLE_SECONDS = 7 * 24 * 3600

#: KEYS: the table's counter, its stream; ARGV: the channel, the message (a JSON object), KEEP,
#: IDLE_SECONDS.
#: The number goes first into the object (``{"seq": N, ...}``), stored and published as is.
APPEND_SCRIPT = """
local seq = redis.call('INCR', KEYS[1])
local data = '{"seq":' .. seq .. ',' .. string.sub(ARGV[2], 2)
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], seq .. '-0', 'm', data)
redis.call('PUBLISH', ARGV[1], data)
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[4])
return seq
"""


def seq_key(channel: str, table_id: str) -> str:
    return f"{channel}:{{table:{table_id}}}:seq"


def stream_key(channel: str, table_id: str) -> str:
    return f"{channel}:{{table:{table_id}}}:log"


@dataclass(frozen=True)
class Backlog:
    """What a reconnecting socket missed: the table messages numbered above ``since`` (each a
    ``table_message`` envelope with its ``seq``), ``last``: the table's latest number, and
    ``missing``: the numbers no longer kept (``(first, last)``), or None when nothing is missing.
    ``since`` above ``last`` means the numbering started again (an idle table's log expired)."""

    since: int
    envelopes: list[dict[str, Any]]
    last: int
    missing: tuple[int, int] | None

    @property
    def restarted(self) -> bool:
        return self.since > self.last


def backlog(since: int, envelopes: list[dict[str, Any]], last: int) -> Backlog:
    """The backlog from the kept ``envelopes`` numbered above ``since``, ``last`` being the
    table's latest number: a hole between ``since`` and the first kept one is ``missing``."""
    first = int(envelopes[0]["seq"]) if envelopes else last + 1
    if since > last:
        return Backlog(since, envelopes, last, (1, last) if last else None)
    missing = (since + 1, first - 1) if first > since + 1 else None
    return Backlog(since, envelopes, last, missing)


class MemoryEventLog:
    """One process's numbers and logs (no Redis): what :class:`LocalBroker` numbers with."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._seq: dict[str, int] = {}
        self._log: dict[str, deque[dict[str, Any]]] = {}

    def append(self, envelope: dict[str, Any]) -> dict[str, Any]:
        """The envelope numbered (a copy), kept in its table's log."""
        table = str(envelope["table_id"])
        seq = self._seq.get(table, 0) + 1
        self._seq[table] = seq
        numbered: dict[str, Any] = json.loads(json.dumps({"seq": seq, **envelope}))
        self._log.setdefault(table, deque(maxlen=self.keep)).append(numbered)
        return numbered

    def last(self, table_id: str) -> int:
        return self._seq.get(table_id, 0)

    def since(self, table_id: str, since: int) -> Backlog:
        kept = [e for e in self._log.get(table_id, ()) if int(e["seq"]) > since][:MAX_REPLAY]
        return backlog(since, kept, self.last(table_id))


def decode_entries(entries: list[Any]) -> list[dict[str, Any]]:
    """``XRANGE``'s ``[(id, {b"m": data}), ...]`` as envelopes."""
    out = []
    for _id, fields in entries:
        data = fields.get(b"m") if b"m" in fields else fields.get("m")
        out.append(json.loads(data))
    return out
