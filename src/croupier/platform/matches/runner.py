"""The match tables' ticker (issue 22 part 2): one asyncio task per server process that applies
the time-outs of clocks run out (:func:`.play.expire`) and plays the computer opponents' turns
at demo pace, publishing each match's state on its WebSocket channel ``match:<id>``
(``match_state``: the public view, plus ``you`` - the seat and legal actions - privately to each
of its two players), and advances the tournaments' brackets (:func:`.bracket.sweep`).
ASSUMPTION (as the card room): one server process runs the ticker; a second would be harmless
(every step re-checks the match under its row lock) but is not planned."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.events import table_message
from croupier.platform.matches import bots, bracket, play, tables
from croupier.store.match_models import PvpMatch, PvpTournament

log = logging.getLogger("croupier.matches")

Publish = Callable[[dict[str, Any]], Awaitable[None]]


def channel(match_id: int) -> str:
    return f"match:{match_id}"


def state_message(session: Session, match_id: int) -> dict[str, Any]:
    """The ``match_state`` message: public, with each player's ``you`` in its private part."""
    m = tables.get(session, match_id)
    public = play.view(session, match_id, None)
    private = {}
    for pid in (m.creator_id, m.opponent_id):
        if pid is not None:
            private[str(pid)] = {"you": play.view(session, match_id, pid)["you"]}
    return table_message(channel(match_id), {"type": "match_state", "match": public}, private)


async def publish_state(platform: Any, publish: Publish, match_id: int) -> None:
    msg = await asyncio.to_thread(platform.read, lambda s: state_message(s, match_id))
    await publish(msg)


def _bot_turns(session: Session) -> list[int]:
    rows = session.execute(select(PvpMatch.id, PvpMatch.turn_seat, PvpMatch.bot_seats).where(
        PvpMatch.status == "playing")).all()
    return [int(r[0]) for r in rows if r[1] is not None and r[1] in (r[2] or [])]


async def tick(platform: Any, publish: Publish) -> list[int]:
    """One pass: time-outs, then one decision of each computer opponent to act."""
    now = platform.clock()
    changed = []
    for mid in await asyncio.to_thread(platform.read, lambda s: play.due(s, now)):
        if await asyncio.to_thread(platform.run, lambda s, m=mid: play.expire(s, m, now)):
            changed.append(mid)
    for mid in await asyncio.to_thread(platform.read, _bot_turns):
        if await asyncio.to_thread(platform.run, lambda s, m=mid: bots.advance(s, m, now, limit=1)):
            changed.append(mid)
    # tournaments: a pairing decided by a time-out or a computer opponent starts the next one
    started = await asyncio.to_thread(platform.run, lambda s: _tournament_pass(s, now))
    for mid in [*changed, *started]:
        await publish_state(platform, publish, mid)
    return changed


def _tournament_pass(session: Session, now: Any) -> list[int]:
    """Advance the running tournaments; the matches that started (to publish)."""
    if session.scalar(select(PvpTournament.id).where(PvpTournament.status == "running").limit(1)) is None:
        return []
    before = set(session.scalars(select(PvpMatch.id).where(PvpMatch.status == "playing")))
    bracket.sweep(session, now)
    after = set(session.scalars(select(PvpMatch.id).where(PvpMatch.status == "playing")))
    return sorted(after - before)


async def run(platform: Any, publish: Publish, stop: asyncio.Event, interval: float = 0.5) -> None:
    await asyncio.to_thread(platform.run, lambda s: play.resume_all(s, platform.clock()))
    while not stop.is_set():
        try:
            await tick(platform, publish)
        except Exception:  # noqa: BLE001 - keep ticking after a hiccup
            log.exception("match ticker failed")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=interval)
