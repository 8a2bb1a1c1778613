"""A crash table's runner inside the server (issue 17): the table runner's supervisor hands a
crash table (its lock held, so one worker runs it) to :func:`run_crash_table`, which recovers the
table's unfinished round, then ticks it (:func:`.crash.tick`) and broadcasts every change to the
table's WebSocket subscribers: ``crash_opened`` (betting), ``crash_running``, ``crash_crashed``,
``crash_settled``, each with the public table state (never the crash point before the crash),
and ``crash_cash_out`` for each auto cash-out it executes (as the route does for a player's)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from croupier.platform import crash
from croupier.platform.events import table_message

Publish = Callable[[dict[str, Any]], Awaitable[None]]

#: seconds between ticks: a crash is settled within this of its time
TICK_SECONDS = 0.02


def is_crash_table(platform: Any, table_id: str) -> bool:
    def fn(s: Any) -> bool:
        from croupier.store.models import GameTable

        t = s.get(GameTable, table_id)
        return t is not None and t.game in ("crash", "rocketon")

    return bool(platform.read(fn))


async def run_crash_table(platform: Any, publish: Publish, table_id: str, stop: asyncio.Event,
                          tick_seconds: float = TICK_SECONDS) -> None:
    await asyncio.to_thread(platform.run, lambda s: crash.recover(s, table_id, platform.clock()))
    cashed: list[dict[str, Any]] = []

    def step(s: Any) -> str:
        cashed.clear()  # (a retried tick starts again)
        return crash.tick(s, table_id, platform.clock(), cashed=cashed)

    while not stop.is_set():
        done = await asyncio.to_thread(platform.run, step)
        if done == "cashed":  # the server's auto cash-outs, live as the players' own
            for out in cashed:
                await publish(table_message(table_id, {"type": "crash_cash_out", **out}))
        elif done != "waiting":
            state = await asyncio.to_thread(
                platform.read, lambda s: crash.table_state(s, table_id, platform.clock(), history=1))
            await publish(table_message(table_id, {"type": f"crash_{done}", **state}))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=tick_seconds)
