"""The autoplay runner (001 §6.6; issue 15): started with the application like the table
runners, it plays the autoplay series this worker has claimed, spin by spin, and publishes each
spin to the player's WebSockets. On start it claims the running series nobody holds (a restart
resumes them); every ``poll`` seconds it looks again (a series whose worker died is taken over once
that worker's lease lapses). The stop flag is a database column read before every spin, so a
stop asked through any worker stops the series wherever it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from croupier.platform.autoplay import LEASE_SECONDS, advance, claim, claimable, release
from croupier.platform.events import player_message
from croupier.platform.service import Platform

log = logging.getLogger("croupier.autoplay")

Publish = Callable[[dict[str, Any]], Awaitable[None]]


async def _wait(event: asyncio.Event, seconds: float) -> bool:
    if seconds <= 0:
        return event.is_set()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), timeout=seconds)
    return event.is_set()


class AutoplayRunner:
    """``spin_seconds``: the pause after each spin (0: as fast as the database allows)."""

    def __init__(self, platform: Platform, publish: Publish | None = None,
                 spin_seconds: float = 0.0, poll: float = 1.0, lease: float = LEASE_SECONDS) -> None:
        self.platform = platform
        self.publish = publish
        self.spin_seconds = spin_seconds
        self.poll = poll
        self.lease = lease
        self.id = f"w-{uuid.uuid4().hex[:16]}"
        self._wake = asyncio.Event()
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def wake(self) -> None:
        """Look for new series now (a series was just started on this worker)."""
        self._wake.set()

    async def run(self, stop: asyncio.Event) -> None:
        p = self.platform
        try:
            while not stop.is_set():
                self._wake.clear()
                try:  # a read first: an idle worker writes nothing
                    ids = [i for i in await asyncio.to_thread(
                        p.read, lambda s: claimable(s, self.id, p.clock())) if self._idle(i)]
                    if ids:
                        ids = await asyncio.to_thread(
                            p.run, lambda s: claim(s, self.id, p.clock(), self.lease))
                except Exception:  # noqa: BLE001 - keep looking after a hiccup
                    log.exception("autoplay: claiming series failed")
                    ids = []
                for sid in ids:
                    if self._idle(sid):
                        self._tasks[sid] = asyncio.create_task(self._series(sid, stop))
                waker = asyncio.create_task(self._wake.wait())
                stopper = asyncio.create_task(stop.wait())
                await asyncio.wait({waker, stopper}, timeout=self.poll,
                                   return_when=asyncio.FIRST_COMPLETED)
                for t in (waker, stopper):
                    t.cancel()
        finally:
            tasks = [t for t in self._tasks.values() if not t.done()]
            if tasks:
                await asyncio.gather(*tasks, return_exceptions=True)
            if self._tasks:  # hand back what this worker held
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(p.run, lambda s: release(s, self.id))

    def _idle(self, sid: int) -> bool:
        task = self._tasks.get(sid)
        return task is None or task.done()

    async def _series(self, sid: int, stop: asyncio.Event) -> None:
        p = self.platform
        failures = 0
        while not stop.is_set():
            try:
                view = await asyncio.to_thread(advance, p, sid, self.id, self.lease)
            except Exception:  # noqa: BLE001 - a database hiccup: try again (the lease holds)
                failures += 1
                log.exception("autoplay series %s: spin failed (%d)", sid, failures)
                if await _wait(stop, min(5.0, 0.5 * failures)):
                    return
                continue
            failures = 0
            if view is None:  # ended elsewhere, or another worker holds it now
                return
            await self._publish(view)
            if view["status"] != "running":
                return
            if await _wait(stop, self.spin_seconds):
                return

    async def _publish(self, view: dict[str, Any]) -> None:
        if self.publish is None:
            return
        with contextlib.suppress(Exception):
            await self.publish(player_message(int(view["player_id"]),
                                              {"type": "autoplay", "series": view}))
