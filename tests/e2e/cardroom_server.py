"""The server of the card room browser test (issue 21 part 5): the real app
(:func:`croupier.api.app.create_app`) on a platform that has one poker table with two bot players
already seated, the bots' decisions made by :class:`croupier.games.pvp.poker.bots.Bot` inside the
table's runner (:class:`croupier.platform.cardroom.runner.TableRunner` takes ``bots``). Started by
uvicorn as ``tests.e2e.cardroom_server:app_factory``."""

from __future__ import annotations

import os
from datetime import date
from typing import Any

from fastapi import FastAPI

from croupier.api.app import create_app
from croupier.games.pvp.poker.bots import BotFn, preset
from croupier.platform.cardroom import runner as cardroom_runner
from croupier.platform.cardroom import seats, tables
from croupier.platform.config import Settings
from croupier.platform.service import Platform
from croupier.rng import seeded

TABLE = "nl-e2e"
BOT_SEATS = (0, 2)


def _bot(p: Platform, k: int, seat: int) -> int:
    login = f"bot{k}_{os.getpid()}"
    p.register(login, "password123", date(1980, 1, 1), f"BOT{k}X{os.getpid()}", "EUR")
    player = p.authenticate(p.login(login, "password123")["token"])
    dep = p.run(lambda s: p.deposit_in(s, player, "100"))
    p.confirm_deposit(dep["id"])
    p.run(lambda s: seats.buy_in(s, player, TABLE, seat, 2000, p.clock()))
    return int(player.id)


def app_factory() -> FastAPI:
    settings = Settings.from_env()
    p = Platform(settings)
    p.migrate()
    spec = tables.TableSpec(TABLE, "NL Hold'em E2E", "holdem", "no_limit", "EUR", 20, max_seats=4,
                            decision_ms=int(os.environ.get("E2E_DECISION_MS", "20000")), time_bank_ms=0)
    p.run(lambda s: tables.ensure_table(s, spec))
    bots: dict[int, BotFn] = {_bot(p, k, seat): preset(("calling", "tight")[k], seeded(f"e2e-bot-{k}"))
                              for k, seat in enumerate(BOT_SEATS)}

    async def run_with_bots(platform: Any, publish: Any, table_id: str, stop: Any) -> None:
        r = cardroom_runner.TableRunner(platform, publish, table_id, bots=bots, bot_delay=0.15,
                                        between_hands=1.0)
        cardroom_runner.ROOM.runners[table_id] = r
        try:
            await r.run(stop)
        finally:
            cardroom_runner.ROOM.runners.pop(table_id, None)

    cardroom_runner.run_cardroom_table = run_with_bots  # type: ignore[assignment]
    return create_app(settings, p)
