"""Lucky 5, Lucky 7, both Lucky 6 and Fruitrace on the platform's draw schedule (issue 20,
docs/draws.md): a ticket of every demonstration bet for two draws, the draw run from the seed
committed before the cut-off, every bet settled as the engine settles it on the drawn balls,
history and recall, bad tickets refused with nothing debited; SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, play
from croupier.games.draws.ticket import PlacedBet
from croupier.games.registry import game, load_variant
from croupier.platform import draw_runner
from croupier.platform import draws as D
from croupier.platform.config import TableConfig
from croupier.platform.history import recall
from croupier.platform.service import Platform
from croupier.rng import fair
from tests.draw_helpers import Clock, Sink
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player

GAMES = [("lucky5", "lucky5_000"), ("lucky7", "lucky7_000"), ("lucky6", "lucky6_000"),
         ("lucky6_48", "lucky6_48_000"), ("lucky6_48", "lucky6_48_chosen"), ("fruitrace", "fruitrace_000")]
#: 2026-06-01 UTC: draw n is due at n * every_seconds, so a game's draws near then are numbered about this / every
JUNE_2026 = 1_780_272_000


def start_of(every: int) -> int:
    return JUNE_2026 // every




@pytest.fixture(params=GAMES, ids=[v for _, v in GAMES])
def table(request: pytest.FixtureRequest) -> TableConfig:
    name, variant = request.param
    return TableConfig(f"{variant}-eur", f"{name} {variant}", name, variant, "EUR")


@pytest.fixture
def lp(db_url: str, table: TableConfig, monkeypatch: pytest.MonkeyPatch) -> Iterator[Platform]:
    monkeypatch.setattr(draw_runner, "FAST", True)
    every = load_variant(table.game, table.variant).schedule.every_seconds
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, table)), clock=Clock(start_of(every) * every + 5))
    p.migrate()
    yield p
    p.db.dispose()


def slip_of(bets: list[BetRequest]) -> Any:
    """The API's slip of ``bets`` (EUR stakes in minor units -> decimal text)."""
    from croupier.platform.rounds import SlipBet

    return [SlipBet(b.code, f"{b.stake // 100}.{b.stake % 100:02d}", tuple(b.target)) for b in bets]


def test_issue20_every_lucky_game_plays_on_the_draw_schedule(lp: Platform, table: TableConfig) -> None:
    spec = game(table.game)
    v = load_variant(table.game, table.variant)
    every = v.schedule.every_seconds
    start = start_of(every)
    bets = spec.demo_bets(v, "EUR")
    player = new_player(lp, deposit="100.00")
    t = lp.run(lambda s: D.buy_ticket(s, player, table.id, slip_of(bets), 2, lp.clock()))
    stake = sum(b.stake for b in bets)
    assert t["stake_total_minor"] == 2 * stake
    sink = Sink()
    lp.clock.to((start + 1) * every)  # type: ignore[attr-defined]
    done = asyncio.run(draw_runner.step(lp, sink, table.id))
    assert f"draw:{start + 1}" in done
    started = next(m["message"] for m in sink.messages if m["message"]["type"] == "draw_started")
    assert fair.commitment(started["server_seed"]) == started["server_seed_hash"]
    settled = next(m["message"] for m in sink.messages if m["message"]["type"] == "draw_settled")
    balls = settled["balls"]
    # the balls are the engine's draw from the committed seed
    src = fair.stream(started["server_seed"], f"{table.id}:{start + 1}", 0)
    state, _ = play(spec.engine, v, spec.demo_bets(v, "XXX"), "XXX", src)
    assert list(state.balls) == balls
    view = lp.read(lambda s: D.ticket_view(s, player, t["ticket_id"]))
    first = view["draws"][0]
    engine: Any = spec.engine
    outcome = engine.outcome(v, balls)
    want = [engine.bet_return(v, PlacedBet(0, b.code, b.stake, engine.place(v, b)), outcome, v.limits_for("EUR"))
            for b in bets]
    assert [b["returned_minor"] for b in first["bets"]] == want
    assert first["returned_minor"] == sum(want) and view["draws"][1]["state"] == "open"
    assert int(lp.balance(player)["cash_minor"]) == 10000 - 2 * stake + sum(want)
    rec = lp.read(lambda s: recall(s, player, first["round_id"]))
    assert rec["game"] == table.game and rec["display"]["kind"] == "balls"
    assert len(rec["display"]["drawn"]) == v.draw.drawn
    assert lp.audit().total == 0


def test_issue20_bad_lucky_tickets_are_refused_and_nothing_is_debited(lp: Platform, table: TableConfig) -> None:
    v = load_variant(table.game, table.variant)
    player = new_player(lp, deposit="10.00")
    first = v.draw.first
    bad = {
        "lucky5": [("number_drawn", (first, first + 1), InvalidSelection), ("two_numbers_drawn", (3, 3), InvalidSelection)],
        "lucky7": [("number_drawn", (43,), InvalidSelection), ("orange", (), UnknownBetCode)],
        "lucky6": [("digit_in_zone_a", (10,), InvalidSelection), ("number_in_zone_c", (100,), InvalidSelection)],
        "lucky6_48": [("first_colour", ("pink",), InvalidSelection), ("first_even", (3,), InvalidSelection)],
        "fruitrace": [("fruitrace", (1,), InvalidSelection)],
    }[table.game]
    for code, target, error in bad:
        with pytest.raises(error):
            lp.run(lambda s, c=code, t=target: D.buy_ticket(s, player, table.id, slip_of([BetRequest(c, 100, t)]),
                                                           1, lp.clock()))
    assert int(lp.balance(player)["cash_minor"]) == 1000
