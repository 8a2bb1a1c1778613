"""Group commit: a per-process batching writer for the bet API's commands.

On PostgreSQL a commit waits for the WAL to reach the disk (a few milliseconds here), and every
bet's commit also takes the monitoring record's chain head (``protection.audit``), one row for
the whole casino: one bet per transaction caps the casino at about one commit time per bet. The
writer runs the commands that arrive together in one transaction instead:

* the bet path refuses a command (no funds, betting closed, a limit, a bad session) before it
  writes anything: the debit is the first write and a refused conditional debit writes nothing
  (``betpath.writing`` marks the first write). Such a refusal leaves the batch untouched. A
  command that fails after writing (a replayed key found at the end, a lost race, a fault) rolls
  the whole batch back, and every command of it then runs on its own transaction: each bet stays
  atomic (its debit, rows, idempotency record and audit entries are in or out together) with no
  SAVEPOINT round trips on the common path;
* the commands are ordered by player before they run, so two batches lock players' cash rows in
  the same order (no deadlock between batches); the chain head is locked once, at the commit;
* a command's response is released only after the commit, so a client never sees an accepted bet
  that is not durable; if the commit fails, every command of the batch runs again on its own;
* idempotency is unchanged (each command stores its response under its key);
  a command that failed is resolved as :meth:`Platform.run_idempotent` would (the stored
  response of a replay, or the error);
* batches form by themselves: a writer thread takes every command waiting when it is free (at
  most ``max_batch``), so under light load each command is its own transaction (no added
  latency) and under heavy load the commit cost is shared. ``threads`` writers run side by side
  (each batch has its own connection).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from croupier.errors import CroupierError
from croupier.platform import batchbets, metrics, request_id
from croupier.platform.betpath import WROTE, SingleRound, TableBet
from croupier.platform.service import Idem, KeyTaken, Outcome, Platform
from croupier.platform.writers import BatchWriter, hand_to_loops
from croupier.store.uow import UnitOfWork

log = logging.getLogger("croupier.groupcommit")


class _LoopResult:
    """The outcome of a job submitted from an event loop: the writer records it, and after the
    batch hands every outcome of the batch to the loop in one ``call_soon_threadsafe`` (one
    wake-up of the loop per batch, not one per job with a thread-safe future each)."""

    __slots__ = ("loop", "future", "outcome", "error", "_done")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.future: asyncio.Future[Outcome] = loop.create_future()
        self.outcome: Outcome | None = None
        self.error: BaseException | None = None
        self._done = False

    def done(self) -> bool:
        return self._done

    def set_result(self, outcome: Outcome) -> None:
        self.outcome, self._done = outcome, True

    def set_exception(self, error: BaseException) -> None:
        self.error, self._done = error, True

    def deliver(self) -> None:  # on the loop
        if self.future.done():  # the caller went away (a cancelled request)
            return
        if self.error is not None:
            self.future.set_exception(self.error)
        else:
            self.future.set_result(cast(Outcome, self.outcome))


def _deliver_all(results: list[_LoopResult]) -> None:
    for r in results:
        r.deliver()


@dataclass
class _Job:
    idem: Idem
    status: int
    fn: Callable[[Session], Any]
    auth: tuple[int, str]
    future: Future[Outcome] | _LoopResult = field(default_factory=Future)
    #: issue 24: the request that submitted it (taken on the submitting thread), for the
    #: monitoring record's entries written on the writer thread
    request_id: str | None = field(default_factory=request_id.current)


class GroupCommit(BatchWriter[_Job]):
    def __init__(self, platform: Platform, threads: int = 3, max_batch: int = 32,
                 start: bool = True) -> None:
        self.platform = platform
        self.batches = 0
        self.commands = 0
        self.largest = 0
        self.batched = 0  # table bets and single rounds run by the batch path
        self.retries = 0  # batch attempts lost to a race (deadlock, unique key), tried again
        self.fallbacks = 0  # batches rolled back and run one command at a time
        super().__init__("croupier-writer", threads, max_batch, start)

    def submit(self, idem: Idem, status: int, fn: Callable[[Session], Any],
               auth: tuple[int, str]) -> Future[Outcome]:
        future: Future[Outcome] = Future()
        self.put(_Job(idem, status, fn, auth, future))
        return future

    def submit_async(self, idem: Idem, status: int, fn: Callable[[Session], Any],
                     auth: tuple[int, str]) -> asyncio.Future[Outcome]:
        """:meth:`submit` from the running event loop: an asyncio future, completed on the loop
        together with the rest of its batch."""
        result = _LoopResult(asyncio.get_running_loop())
        self.put(_Job(idem, status, fn, auth, result))
        return result.future

    # -- the writer ----------------------------------------------------------------------------

    def _handle(self, batch: list[_Job]) -> None:
        try:
            self._run(batch)
        except BaseException as exc:  # noqa: BLE001 - never leave a caller waiting
            log.exception("group commit failed")
            for job in batch:
                if not job.future.done():
                    job.future.set_exception(exc)
        # the outcomes of the batch's event-loop jobs go to their loops, one call each
        hand_to_loops(((j.future.loop, j.future) for j in batch if isinstance(j.future, _LoopResult)),
                      _deliver_all)

    def _single(self, job: _Job) -> None:
        try:
            with request_id.bound(job.request_id):
                job.future.set_result(self.platform.run_idempotent(job.idem, job.status, job.fn,
                                                                   job.auth))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller
            job.future.set_exception(exc)

    def _run(self, batch: list[_Job]) -> None:
        self.batches += 1
        self.commands += len(batch)
        self.largest = max(self.largest, len(batch))
        metrics.batch(len(batch))
        batch.sort(key=lambda j: j.auth[0])  # lock players in one order in every batch
        for kind, runner in ((TableBet, batchbets.run), (SingleRound, batchbets.run_rounds)):
            same = [j for j in batch if isinstance(j.fn, kind)]
            if same:  # even one: the batch path's statements are the cheaper ones
                self._batched(same, runner)
                batch = [j for j in batch if not isinstance(j.fn, kind)]
        if not batch:
            return
        if len(batch) == 1:
            self._single(batch[0])
            return
        p = self.platform
        results: list[Outcome | BaseException] = []
        for attempt in range(4):
            try:
                results = self._attempt(batch)
                break
            except _Rerun:
                for job in batch:
                    self._single(job)
                return
            except (IntegrityError, OperationalError):
                if attempt == 3:  # run them one by one
                    for job in batch:
                        self._single(job)
                    return
                time.sleep(0.005 * (attempt + 1))
        for job, res in zip(batch, results, strict=True):
            if isinstance(res, Outcome):
                job.future.set_result(res)
            elif isinstance(res, KeyTaken):
                self._single(job)  # a replay: the single path returns the stored response
            elif isinstance(res, CroupierError):
                try:
                    job.future.set_result(p.after_failure(job.idem, res, job.auth))
                except BaseException as exc:  # noqa: BLE001
                    job.future.set_exception(exc)
            else:  # a lost race (unique key, serialisation): on its own, with the usual retries
                self._single(job)

    def _batched(self, jobs: list[_Job],
                 runner: Callable[[Session, list[batchbets.Command], Any], None]) -> None:
        """Table bets, or single rounds, in a fixed number of statements (:mod:`.batchbets`); on
        anything unexpected the batch is rolled back and each command runs on its own."""
        p = self.platform
        cmds = [batchbets.Command(j.idem.scope, j.idem.key, j.idem.request_hash, j.status,
                                  j.auth[1], j.fn, request_id=j.request_id) for j in jobs]
        for attempt in range(4):
            try:
                with UnitOfWork(p.db) as uow:
                    runner(uow.session, cmds, p.clock())
                    uow.commit()
                break
            except (IntegrityError, OperationalError):
                self.retries += 1
                if attempt == 3:
                    self.fallbacks += 1
                    for job in jobs:
                        self._single(job)
                    return
                time.sleep(0.005 * (attempt + 1))
            except Exception:  # noqa: BLE001 - a replayed key, a lost race: one by one
                log.debug("batch rolled back", exc_info=True)
                self.fallbacks += 1
                for job in jobs:
                    self._single(job)
                return
        self.batched += len(jobs)
        for job, c in zip(jobs, cmds, strict=True):
            if isinstance(c.result, dict):
                job.future.set_result(Outcome(job.status, c.result, False))
            elif isinstance(c.result, CroupierError):
                try:
                    job.future.set_result(p.after_failure(job.idem, c.result, job.auth))
                except BaseException as exc:  # noqa: BLE001
                    job.future.set_exception(exc)
            else:  # deferred to the general path
                self._single(job)

    def _attempt(self, batch: list[_Job]) -> list[Outcome | BaseException]:
        p = self.platform
        results: list[Outcome | BaseException] = []
        with UnitOfWork(p.db) as uow:
            s = uow.session
            for job in batch:
                # a command is assumed to have written unless the bet path says otherwise (it
                # clears the mark on entry and sets it at its first write): only commands made
                # of one bet-path call (Platform.bet_in / play_in) should come here
                s.info[WROTE] = True
                try:
                    with request_id.bound(job.request_id):
                        results.append(p.idempotent_body(job.idem, job.status, job.fn,
                                                         job.auth)(s))
                except CroupierError as exc:
                    if s.info.get(WROTE, True):
                        raise _Rerun from exc  # it had written: undo the batch, run one by one
                    results.append(exc)  # refused before writing anything: nothing to undo
                except Exception as exc:  # noqa: BLE001 - a replay, a lost race, a fault
                    raise _Rerun from exc
            s.info.pop(WROTE, None)
            uow.commit()
        return results


class _Rerun(Exception):
    """A command failed after writing: the batch is rolled back and each command runs alone."""


