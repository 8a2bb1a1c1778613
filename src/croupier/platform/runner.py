"""The table runner: rounds on a timer, every phase broadcast (asyncio; the database work runs in
threads). One runner per table across all workers (:mod:`.locks`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from sqlalchemy import select

from croupier.platform import metrics
from croupier.platform.clock import aware, iso
from croupier.platform.events import player_message, table_message
from croupier.platform.live_service import LiveOps, wait_for_betting, wait_for_result
from croupier.platform.locks import TableLock, table_lock
from croupier.platform.service import Platform
from croupier.platform.tables import RoundReport
from croupier.store.models import GameTable

log = logging.getLogger("croupier.tables")

Publish = Callable[[dict[str, Any]], Awaitable[None]]


async def _wait(stop: asyncio.Event, seconds: float) -> bool:
    """Sleep ``seconds`` unless ``stop`` is set first; True when stopped."""
    if seconds <= 0:
        return stop.is_set()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), timeout=seconds)
    return stop.is_set()


def _parse(ts: str | None) -> datetime | None:
    return aware(datetime.fromisoformat(ts.replace("Z", "+00:00"))) if ts else None


async def publish_report(platform: Platform, publish: Publish, rep: RoundReport) -> None:
    now = iso(platform.clock())
    private: dict[str, dict[str, Any]] = {}
    for p in rep.plays:
        private[str(p.player_id)] = {"you": {
            "stake_minor": p.stake, "returned_minor": p.returned, "net_minor": p.returned - p.stake,
            "bets": p.bets}}
    if rep.state == "voided":
        msg: dict[str, Any] = {"type": "voided", "table_id": rep.table_id, "round_id": rep.round_id,
                               "reason": rep.reason, "server_time": now}
    else:
        msg = {"type": "settled", "table_id": rep.table_id, "round_id": rep.round_id,
               "outcome": rep.outcome, "players": len(rep.plays), "server_time": now}
    await publish(table_message(rep.table_id, msg, private))
    for p in rep.plays:
        await publish(player_message(p.player_id, {"type": "balance", "balance": p.balance}))


class TableRunner:
    def __init__(self, platform: Platform, publish: Publish, table_id: str) -> None:
        self.platform = platform
        self.publish = publish
        self.table_id = table_id

    async def recover(self) -> None:
        for rep in await asyncio.to_thread(self.platform.recover_table, self.table_id):
            await publish_report(self.platform, self.publish, rep)

    async def run(self, stop: asyncio.Event) -> None:
        await self.recover()
        while not stop.is_set():
            try:
                await self.one_round(stop)
            except Exception:  # noqa: BLE001 - 000 §11: a software error returns the bets
                log.exception("table %s: round failed; recovering", self.table_id)
                with contextlib.suppress(Exception):
                    await self.recover()
                if await _wait(stop, 1.0):
                    break

    async def one_round(self, stop: asyncio.Event) -> int:
        p = self.platform
        tid = self.table_id
        ops = LiveOps(p)  # issue 16: a paused or closed table opens no round; a live one waits
        if not await asyncio.to_thread(ops.can_open, tid):
            await _wait(stop, 1.0)
            return 0
        live = await asyncio.to_thread(ops.is_live, tid)
        brief = await asyncio.to_thread(p.open_round, tid)
        rid = int(brief["round_id"])
        closes = _parse(brief["closes_at"])
        now = p.clock()
        countdown = (closes - now).total_seconds() if closes else p.settings.betting_seconds
        await self.publish(table_message(tid, {
            "type": "betting_open", "table_id": tid, "round_id": rid, "number": brief["number"],
            "opened_at": brief["opened_at"], "closes_at": brief["closes_at"],
            "countdown": max(0.0, countdown), "server_seed_hash": brief["server_seed_hash"],
            "server_time": iso(now)}))
        # issue 16: on a live table the dealer may call "no more bets" before the timer
        waited = (await wait_for_betting(ops, rid, countdown, stop)) if live else \
            (await _wait(stop, countdown))
        if waited:
            rep = await asyncio.to_thread(p.void_round, rid, "the table was stopped during betting")
            if rep is not None:
                await publish_report(p, self.publish, rep)
            return rid
        await asyncio.to_thread(p.close_round, rid)
        await self.publish(table_message(tid, {"type": "no_more_bets", "table_id": tid,
                                               "round_id": rid, "server_time": iso(p.clock())}))
        if live:
            got, timed_out = await wait_for_result(ops, self.publish, tid, rid, stop)
            if timed_out is not None:  # 004 §1.18: no reading in time, every stake returned
                await publish_report(p, self.publish, timed_out)
            if not got:  # voided, or held for a manual settlement (004 §1.20.2)
                return rid
        res = await asyncio.to_thread(ops.result_view if live else p.result_round, rid)
        if res.get("window") is not None:  # issue 18: a show bonus's decision window
            from croupier.platform.show_runner import run_window

            done = await run_window(p, self.publish, tid, rid, res["window"], stop)
            if done is None:
                return rid
            res = done
        await self.publish(table_message(tid, {"type": "result", "table_id": tid, **res,
                                               "server_time": iso(p.clock())}))
        rep = await asyncio.to_thread(p.settle_round, rid)
        await publish_report(p, self.publish, rep)
        await _wait(stop, p.settings.result_seconds)
        return rid


#: seconds between two checks of a held lock's connection, and the longest one check may take
LOCK_CHECK_SECONDS = 3.0
LOCK_CHECK_TIMEOUT = 15.0


async def _watch_lock(lock: TableLock, table_id: str, stop: asyncio.Event,
                      table_stop: asyncio.Event) -> None:
    """Set ``table_stop`` when ``stop`` is set or the table's lock is lost (its connection no
    longer answers, issue 24): a node cut off from the database stops running the table."""
    while not table_stop.is_set():
        if await _wait(stop, LOCK_CHECK_SECONDS):
            break
        try:
            ok = await asyncio.wait_for(asyncio.to_thread(lock.alive), LOCK_CHECK_TIMEOUT)
        except TimeoutError:
            ok = False
        if not ok:
            log.error("table %s: the runner lock's connection is gone; stopping the table",
                      table_id)
            break
    table_stop.set()


def own_table(node: tuple[int, int] | None, lock_id: int | None) -> bool:
    """Whether a table is one a node takes at once (issue 24: its lock number modulo N is the
    node's place i); every table is when the node has no place."""
    if node is None or lock_id is None:
        return True
    index, count = node
    return lock_id % count == index


async def supervise(platform: Platform, publish: Publish, stop: asyncio.Event) -> None:
    """Run every table this worker can lock; keep trying the others (takeover on failure).

    Issue 24: with ``CROUPIER_NODE=i/N`` a node tries its own tables (:func:`own_table`) at once
    and the others only ``takeover_grace_seconds`` after it started, so N nodes started together
    spread the tables over themselves; a table whose lock comes free (its node died) is taken
    by whichever node tries it first, within ``lock_poll_seconds``."""
    settings = platform.settings
    started = asyncio.get_running_loop().time()

    async def one(table_id: str, own: bool) -> None:
        lock = table_lock(platform.db, table_id)
        waited = False  # a lock taken after another process held it is a takeover
        if not own and await _wait(stop, settings.takeover_grace_seconds
                                   - (asyncio.get_running_loop().time() - started)):
            return
        try:
            while not stop.is_set():
                got = await asyncio.to_thread(lock.acquire)
                if got:
                    metrics.lock_acquired(table_id, waited)
                    table_stop = asyncio.Event()
                    watch = asyncio.create_task(_watch_lock(lock, table_id, stop, table_stop))
                    metrics.table_running(table_id, True)
                    try:
                        await _run_table(platform, publish, table_id, table_stop)
                    finally:
                        lost = table_stop.is_set() and not stop.is_set()
                        metrics.table_running(table_id, False)
                        table_stop.set()
                        watch.cancel()
                        with contextlib.suppress(asyncio.CancelledError):
                            await watch
                    if not lost:
                        break
                    await asyncio.to_thread(lock.release)  # lost: try again, as any node
                    waited = True
                    continue
                waited = True
                if await _wait(stop, settings.lock_poll_seconds):
                    break
        finally:
            await asyncio.to_thread(lock.release)

    ids = await asyncio.to_thread(platform.table_ids)
    lock_ids: dict[str, int | None] = await asyncio.to_thread(platform.read, lambda s: {
        tid: lid for tid, lid in s.execute(select(GameTable.id, GameTable.lock_id))})
    await asyncio.gather(*(one(t, own_table(settings.node, lock_ids.get(t))) for t in ids))


async def _run_table(platform: Platform, publish: Publish, table_id: str,
                     stop: asyncio.Event) -> None:
    """Run one table whose lock this process holds, with the runner of its kind, until ``stop``."""
    from croupier.platform import (
        crash_runner,  # crash tables (issue 17)
        draw_runner,  # draw tables (issue 20)
    )
    from croupier.platform.cardroom import runner as cardroom_runner  # issue 21

    if await asyncio.to_thread(crash_runner.is_crash_table, platform, table_id):
        await crash_runner.run_crash_table(platform, publish, table_id, stop)
    elif await asyncio.to_thread(cardroom_runner.is_cardroom_table, platform, table_id):
        await cardroom_runner.run_cardroom_table(platform, publish, table_id, stop)  # issue 21
    elif await asyncio.to_thread(draw_runner.is_draw_table, platform, table_id):
        await draw_runner.run_draw_table(platform, publish, table_id, stop)  # issue 20
    else:
        await TableRunner(platform, publish, table_id).run(stop)
