"""Group commit of crash cash-outs (issue 17, docs/crash.md "Cash-out latency"): a per-process
writer that decides and writes the cash-outs that arrive together in one transaction.

A crash round's cash-outs come in bursts (a crowd leaves at round multipliers); one transaction
per request costs each its own round trips and its own commit (a WAL flush on PostgreSQL), and on
a loaded machine the commits queue behind one another. The writer instead:

* takes a request with its receive time already stamped (the route stamps the server's clock on
  arrival: the crash time judges that, not the time its batch runs);
* takes every request waiting when it is free (at most ``max_batch``), groups them by round and
  runs each group through :func:`.crash.cash_outs` - a fixed number of statements and one commit
  for the whole group, under the round row's lock (the serialisation point with the crash);
* releases the answers only after the commit (a client never sees a cash-out that is not
  durable), one wake-up of each event loop per batch;
* if a batch fails (a lost race the platform's retries did not absorb, a fault), each request of
  it runs again alone, so one bad request never takes the others with it.

Under light load a request is its own batch (no added latency); under load the commit is shared.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from croupier.platform import crash
from croupier.platform.crash import CashOutRequest, CashOutResult
from croupier.platform.writers import BatchWriter, hand_to_loops

log = logging.getLogger("croupier.crash_writer")


@dataclass(slots=True)
class _Job:
    round_id: int
    request: CashOutRequest
    future: Future[dict[str, Any]] | None = None
    loop: asyncio.AbstractEventLoop | None = None
    afuture: asyncio.Future[dict[str, Any]] | None = None
    result: CashOutResult | BaseException | None = field(default=None)

    def finish(self, result: CashOutResult | BaseException) -> None:
        self.result = result
        if self.future is not None:
            if isinstance(result, BaseException):
                self.future.set_exception(result)
            else:
                self.future.set_result(result)

    def deliver(self) -> None:  # on the job's event loop
        if self.afuture is None or self.afuture.done():  # (a cancelled request)
            return
        if isinstance(self.result, BaseException):
            self.afuture.set_exception(self.result)
        else:
            self.afuture.set_result(self.result if self.result is not None else {})


def _deliver_all(jobs: list[_Job]) -> None:
    for j in jobs:
        j.deliver()


class CashOutWriter(BatchWriter[_Job]):
    """``threads`` writers (each batch on its own connection) over one queue."""

    def __init__(self, platform: Any, threads: int = 2, max_batch: int = 1000,
                 start: bool = True) -> None:
        self.platform = platform
        self.batches = 0  # transactions run (one per round of a batch)
        self.requests = 0
        self.largest = 0
        self.fallbacks = 0  # batches that failed and ran one request at a time
        super().__init__("croupier-cashout", threads, max_batch, start)

    def submit(self, round_id: int, request: CashOutRequest) -> Future[dict[str, Any]]:
        """Queue a request; its future holds the cash-out, or the refusal as its exception."""
        fut: Future[dict[str, Any]] = Future()
        self.put(_Job(round_id, request, future=fut))
        return fut

    def submit_async(self, round_id: int, request: CashOutRequest) -> asyncio.Future[dict[str, Any]]:
        """:meth:`submit` from the running event loop: completed on the loop with its batch."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[dict[str, Any]] = loop.create_future()
        self.put(_Job(round_id, request, loop=loop, afuture=fut))
        return fut

    def _handle(self, batch: list[_Job]) -> None:
        rounds: dict[int, list[_Job]] = {}
        for job in batch:
            rounds.setdefault(job.round_id, []).append(job)
        for round_id, jobs in rounds.items():
            self._run(round_id, jobs)
        hand_to_loops(((j.loop, j) for j in batch if j.loop is not None), _deliver_all)

    def _run(self, round_id: int, jobs: list[_Job]) -> None:
        self.batches += 1
        self.requests += len(jobs)
        self.largest = max(self.largest, len(jobs))
        reqs = [j.request for j in jobs]
        try:
            results = self.platform.run(lambda s: crash.cash_outs(s, round_id, reqs))
        except BaseException as exc:  # noqa: BLE001 - never leave a caller waiting
            if len(jobs) == 1:
                jobs[0].finish(exc)
                return
            log.warning("cash-out batch of %d failed; each runs alone", len(jobs), exc_info=True)
            self.fallbacks += 1
            for job in jobs:
                self._run(round_id, [job])
            return
        for job, res in zip(jobs, results, strict=True):
            job.finish(res)
