"""The server of the Rush & Cash browser test (000 §12.12.3): the real app on a platform with one
Rush pool (hands of three) and five bot players already in it, their decisions made by
:class:`croupier.games.pvp.poker.bots.Bot` inside the pool's runner
(:class:`croupier.platform.cardroom.rush_runner.PoolRunner` takes ``bots``). Started by uvicorn
as ``tests.e2e.rush_server:app_factory``."""

from __future__ import annotations

import asyncio
import os
from datetime import date
from typing import Any

from fastapi import FastAPI

from croupier.api.app import create_app
from croupier.games.pvp.poker.bots import BotFn, preset
from croupier.platform.cardroom import runner as cardroom_runner
from croupier.platform.cardroom import rush, tables
from croupier.platform.cardroom.rush_runner import PoolRunner, anchor_pool
from croupier.platform.config import Settings
from croupier.platform.service import Platform
from croupier.rng import seeded

POOL = "rush-e2e"
BOTS = 5


def _bot(p: Platform, k: int) -> int:
    login = f"rbot{k}_{os.getpid()}"
    p.register(login, "password123", date(1980, 1, 1), f"RBOT{k}X{os.getpid()}", "EUR")
    player = p.authenticate(p.login(login, "password123")["token"])
    dep = p.run(lambda s: p.deposit_in(s, player, "100"))
    p.confirm_deposit(dep["id"])
    p.run(lambda s: rush.join(s, player, POOL, 2000, p.clock()))
    return int(player.id)


def app_factory() -> FastAPI:
    settings = Settings.from_env()
    p = Platform(settings)
    p.migrate()
    spec = tables.TableSpec("rush-e2e-1", "Rush NL Hold'em E2E", "holdem", "no_limit", "EUR", 20,
                            format="rush", max_seats=3, pool=POOL, decision_ms=20_000, time_bank_ms=0)
    p.run(lambda s: tables.ensure_table(s, spec))
    bots: dict[int, BotFn] = {_bot(p, k): preset("calling", seeded(f"rush-bot-{k}")) for k in range(BOTS)}

    async def run_with_bots(platform: Any, publish: Any, table_id: str, stop: Any) -> None:
        _is_rush, pool = await asyncio.to_thread(anchor_pool, platform, table_id)
        if pool is None:
            await stop.wait()
            return
        r = PoolRunner(platform, publish, pool, bots=bots, bot_delay=0.4, gather=0.0)
        cardroom_runner.ROOM.pools[pool] = r
        try:
            await r.run(stop)
        finally:
            cardroom_runner.ROOM.pools.pop(pool, None)

    cardroom_runner.run_cardroom_table = run_with_bots  # type: ignore[assignment]
    return create_app(settings, p)
