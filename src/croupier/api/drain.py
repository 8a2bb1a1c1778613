"""The drain of a SIGTERM (issue 24 point 2; wired by ``api/ops.py``, described there and in
docs/operations.md): readiness off and new state-changing requests refused at once, the requests
in flight finished, then uvicorn's own shutdown (which stops the table runners)."""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from collections.abc import Callable
from types import FrameType

log = logging.getLogger("croupier.ops")


class Drain:
    """Whether the process is draining, and how many HTTP requests it is answering."""

    def __init__(self) -> None:
        self.draining = False
        self.inflight = 0

    def begin(self) -> None:
        if not self.draining:
            log.warning("draining: /readyz answers 503, new state-changing requests are refused")
        self.draining = True

    def enter(self) -> None:
        self.inflight += 1

    def leave(self) -> None:
        self.inflight -= 1

    async def idle(self, timeout: float, poll: float = 0.02) -> bool:
        """Wait until no request is in flight (True) or ``timeout`` seconds passed (False)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.inflight > 0:
            if loop.time() >= end:
                return False
            await asyncio.sleep(poll)
        return True


async def drain_then_exit(drain: Drain, delay: float, timeout: float,
                          exit_now: Callable[[], None]) -> bool:
    """The drain of a SIGTERM: draining at once, ``delay`` seconds for the probes to see it, the
    requests in flight finished (at most ``timeout`` seconds), then ``exit_now`` (uvicorn's own
    shutdown). True when every request finished in time."""
    drain.begin()
    await asyncio.sleep(delay)
    finished = await drain.idle(timeout)
    if not finished:
        log.warning("drain: %d requests still in flight after %.1f s; stopping anyway",
                    drain.inflight, timeout)
    log.warning("drain: done, shutting down (the table runners stop next)")
    exit_now()
    return finished


def install_sigterm(drain: Drain, delay: float, timeout: float) -> Callable[[], None]:
    """Put the drain in front of the SIGTERM handler in place (uvicorn's, installed before the
    lifespan starts); returns the undo. A no-op off the main thread (a test client's lifespan)."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    previous = signal.getsignal(signal.SIGTERM)
    tasks: list[asyncio.Task[bool]] = []

    def exit_now() -> None:
        if callable(previous):
            previous(signal.SIGTERM, None)
        else:
            signal.raise_signal(signal.SIGTERM)

    def on_sigterm(_signum: int, _frame: FrameType | None) -> None:
        if tasks:  # a second SIGTERM: stop now
            exit_now()
            return
        tasks.append(loop.create_task(drain_then_exit(drain, delay, timeout, exit_now)))

    signal.signal(signal.SIGTERM, on_sigterm)

    def undo() -> None:
        if signal.getsignal(signal.SIGTERM) is on_sigterm:
            signal.signal(signal.SIGTERM, previous)

    return undo
