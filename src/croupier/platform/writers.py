"""Writer threads over one queue, taking every job waiting when they are free as one batch: the
shape both group commits share (bets, :mod:`.groupcommit`; crash cash-outs, :mod:`.crash_writer`).

A subclass gives :meth:`BatchWriter._handle` (run the batch, then hand its answers back);
:func:`hand_to_loops` hands answers to the event loops that wait for them, one wake-up of each
loop per batch."""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

J = TypeVar("J")
R = TypeVar("R")


class BatchWriter(Generic[J]):
    """``threads`` writers over one queue; each takes the jobs waiting (at most ``max_batch``)."""

    def __init__(self, name: str, threads: int, max_batch: int, start: bool) -> None:
        if threads < 1 or max_batch < 1:
            raise ValueError("a writer needs at least one thread and a batch of one")
        self.max_batch = max_batch
        self._queue: queue.SimpleQueue[J | None] = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._loop, name=f"{name}-{i}", daemon=True)
                         for i in range(threads)]
        self.busy = 0.0  # seconds the writers spent on batches
        if start:
            self.start()

    def start(self) -> None:
        for t in self._threads:
            t.start()

    def put(self, job: J) -> None:
        self._queue.put(job)

    def stop(self) -> None:
        for _ in self._threads:
            self._queue.put(None)
        for t in self._threads:
            t.join(timeout=10)

    def _handle(self, batch: list[J]) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _loop(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch, stop = [first], False
            while len(batch) < self.max_batch:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is None:  # stop after this batch
                    stop = True
                    break
                batch.append(job)
            started = time.perf_counter()
            self._handle(batch)
            self.busy += time.perf_counter() - started
            if stop:
                return


def hand_to_loops(items: Iterable[tuple[asyncio.AbstractEventLoop, R]],
                  deliver: Callable[[list[R]], None]) -> None:
    """Call ``deliver`` on each event loop with that loop's items, one call per loop (a closed
    loop has nobody waiting any more)."""
    by_loop: dict[asyncio.AbstractEventLoop, list[R]] = {}
    for loop, item in items:
        by_loop.setdefault(loop, []).append(item)
    for loop, group in by_loop.items():
        try:
            loop.call_soon_threadsafe(deliver, group)
        except RuntimeError:
            pass
