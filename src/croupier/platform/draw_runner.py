"""A draw table's runner inside the server (issue 20, docs/draws.md): the table runner's
supervisor hands a draw table (its lock held, so one worker runs it) to :func:`run_draw_table`.

Each pass: create the next draws (their commitments published), then apply the schedule and the
restart rule (:func:`.draws.overdue_action`) to every unfinished draw, oldest first. WebSocket
messages on the table's channel (``/api/tables/{id}/ws``):

* ``draw_closed`` {number, round_id}: the cut-off, no more tickets for that draw;
* ``draw_started`` {number, round_id, server_seed_hash, server_seed, count};
* ``draw_ball`` {number, round_id, index, ball}: one per ball, ``ball_interval_ms`` apart;
* ``draw_settled`` {number, round_id, balls, plays}: with each player's own part privately
  ({"you": {stake_minor, returned_minor}}) - the wins, pushed;
* ``draw_voided`` {number, round_id, reason}.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from croupier.platform import draws as D
from croupier.platform import tables
from croupier.platform.clock import iso
from croupier.platform.events import table_message

log = logging.getLogger("croupier.draws")

Publish = Callable[[dict[str, Any]], Awaitable[None]]

#: tests: publish the balls without the pause between them
FAST = False


def is_draw_table(platform: Any, table_id: str) -> bool:
    return bool(platform.read(lambda s: D.is_draw_table(s, table_id)))


async def _sleep(stop: asyncio.Event, seconds: float) -> bool:
    if seconds > 0:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=seconds)
    return stop.is_set()


async def run_draw_table(platform: Any, publish: Publish, table_id: str, stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:
            await step(platform, publish, table_id, stop)
        except Exception:  # noqa: BLE001 - a failed pass is retried; a failed draw was voided
            log.exception("draw table %s: a pass failed", table_id)
        wait = await asyncio.to_thread(platform.read,
                                       lambda s: D.next_event_at(s, table_id, platform.clock()))
        if await _sleep(stop, max(0.05, wait)):
            break


async def step(platform: Any, publish: Publish, table_id: str, stop: asyncio.Event | None = None) -> list[str]:
    """One pass of the schedule over a table; the actions taken (``"close:<n>"``...)."""
    p = platform
    await asyncio.to_thread(p.run, lambda s: D.prepare(s, table_id, p.clock()))
    variant = await asyncio.to_thread(p.read, lambda s: D._draw_table(s, table_id)[2])
    done: list[str] = []
    for rid, state, number in await asyncio.to_thread(p.read, lambda s: D.unfinished(s, table_id)):
        action = D.overdue_action(variant, state, number, p.clock())
        if action is None:
            continue
        done.append(f"{action}:{number}")
        if action in ("close", "draw") and state == "open":
            await asyncio.to_thread(p.run, lambda s, r=rid: tables.close_round(s, r, p.clock()))
            await publish(table_message(table_id, {"type": "draw_closed", "table_id": table_id,
                                                   "round_id": rid, "number": number,
                                                   "server_time": iso(p.clock())}))
            if action == "close":
                continue
        if action == "void":
            await _void(p, publish, table_id, rid, number,
                        D.LATE_REASON.format(late=D.LATE_SECONDS))
        elif action == "draw":
            await run_draw(p, publish, table_id, rid, number, variant, stop)
        elif action == "settle":
            await settle(p, publish, table_id, rid, number)
    return done


async def _void(p: Any, publish: Publish, table_id: str, rid: int, number: int, reason: str) -> None:
    rep = await asyncio.to_thread(p.run, lambda s: tables.void_round(s, rid, reason, p.clock()))
    if rep is not None:
        await publish(table_message(table_id, {"type": "draw_voided", "table_id": table_id,
                                               "round_id": rid, "number": number, "reason": reason,
                                               "server_time": iso(p.clock())}))


async def run_draw(p: Any, publish: Publish, table_id: str, rid: int, number: int, variant: Any,
                   stop: asyncio.Event | None = None) -> None:
    """Draw the balls from the round's committed seed, show them one by one, settle; a draw that
    fails before its result is voided with every stake refunded (000 §11)."""
    try:
        rnd = await asyncio.to_thread(p.run, lambda s: _result(s, rid, p.clock()))
    except Exception:  # noqa: BLE001 - 000 §11: a software error returns the bets
        log.exception("draw %s/%s failed", table_id, number)
        await _void(p, publish, table_id, rid, number, D.FAILED_REASON)
        return
    balls = rnd["balls"]
    await publish(table_message(table_id, {"type": "draw_started", "table_id": table_id,
                                           "round_id": rid, "number": number,
                                           "server_seed_hash": rnd["server_seed_hash"],
                                           "server_seed": rnd["server_seed"], "count": len(balls),
                                           "server_time": iso(p.clock())}))
    sched = D.schedule_of(variant)
    late = p.clock().timestamp() - sched.due(number)
    # a draw run late (catching up after a restart) is published at once, not ball by ball
    interval = 0.0 if late > sched.every_seconds / 2 or FAST else sched.ball_interval_ms / 1000
    for i, ball in enumerate(balls):
        await publish(table_message(table_id, {"type": "draw_ball", "table_id": table_id,
                                               "round_id": rid, "number": number, "index": i,
                                               "ball": ball}))
        if stop is not None and await _sleep(stop, interval):
            break
        if stop is None and interval:
            await asyncio.sleep(interval)
    await settle(p, publish, table_id, rid, number)


def _result(s: Any, rid: int, now: Any) -> dict[str, Any]:
    rnd = tables.result_round(s, rid, now)
    return {"balls": list((rnd.outcome or {}).get("balls", [])), "server_seed": rnd.server_seed,
            "server_seed_hash": rnd.server_seed_hash}


async def settle(p: Any, publish: Publish, table_id: str, rid: int, number: int) -> None:
    while True:
        chunk = await asyncio.to_thread(p.run, lambda s: D.settle_chunk(s, rid, p.clock()))
        balls = await asyncio.to_thread(p.read, lambda s: _balls(s, rid))
        private = {str(pid): {"you": part} for pid, part in chunk.players.items()}
        await publish(table_message(table_id, {
            "type": "draw_settled", "table_id": table_id, "round_id": rid, "number": number,
            "balls": balls, "plays": chunk.plays, "done": chunk.done,
            "server_time": iso(p.clock())}, private))
        if chunk.done:
            return


def _balls(s: Any, rid: int) -> list[int]:
    from croupier.store.models import Round

    rnd = s.get(Round, rid)
    return [] if rnd is None else list((rnd.outcome or {}).get("balls", []))
