"""The table runner's step for a show bonus's decision window (issue 18, :mod:`.show_picks`):
publish the window, wait for its deadline (or every bettor's pick), close it with the defaults
and hand the result back to the round."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from croupier.platform.clock import iso
from croupier.platform.events import table_message
from croupier.platform.service import Platform

Publish = Callable[[dict[str, Any]], Awaitable[None]]
#: how often the runner looks whether every bettor has picked
POLL_SECONDS = 0.25


async def run_window(platform: Platform, publish: Publish, table_id: str, round_id: int,
                     window: dict[str, Any], stop: asyncio.Event) -> dict[str, Any] | None:
    """The result once the window is over; None when the table stopped meanwhile (the round is
    then finished by the recovery rule: the defaults, then settlement) or the round was voided."""
    await publish(table_message(table_id, {"type": "bonus_window", "table_id": table_id,
                                           "round_id": round_id, **window,
                                           "server_time": iso(platform.clock())}))
    while not await asyncio.to_thread(platform.show_window_done, round_id):
        if stop.is_set():
            return None
        try:
            await asyncio.wait_for(stop.wait(), timeout=POLL_SECONDS)
        except TimeoutError:
            pass
    if stop.is_set():
        return None
    return await asyncio.to_thread(platform.show_finish, round_id)
