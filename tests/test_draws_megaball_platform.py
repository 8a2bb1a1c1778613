"""Mega Ball (000 §12.43) on the platform's draw schedule (issue 20, docs/draws.md): a ticket of
ten cards for two draws, the draw - balls, bonus rounds, multipliers and Mega Balls - run from the
seed committed before the cut-off, every card settled as the engine settles it, recall; bad
tickets (too many cards, a number outside 1-51, zero draws, after the cut-off) refused with
nothing debited; SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from croupier.errors import InvalidBet, InvalidSelection
from croupier.games.base import play
from croupier.games.draws.megaball.cards import deal_card
from croupier.games.draws.megaball.engine import ENGINE
from croupier.games.draws.ticket import PlacedBet
from croupier.games.registry import game, load_variant
from croupier.platform import draw_runner
from croupier.platform import draws as D
from croupier.platform.config import TableConfig
from croupier.platform.errors import BettingClosed
from croupier.platform.history import recall
from croupier.platform.rounds import SlipBet
from croupier.platform.service import Platform
from croupier.rng import fair, seeded
from tests.draw_helpers import Clock, Sink
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player

JUNE_2026 = 1_780_272_000
TABLE = TableConfig("megaball-eur", "Mega Ball", "megaball", "megaball_000", "EUR")




def every() -> int:
    return int(load_variant("megaball", "megaball_000").schedule.every_seconds)


@pytest.fixture
def mp(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Platform]:
    monkeypatch.setattr(draw_runner, "FAST", True)
    e = every()
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, TABLE)), clock=Clock((JUNE_2026 // e) * e + 5))
    p.migrate()
    yield p
    p.db.dispose()


def cards(n: int, seed: int = 1) -> list[tuple[int, ...]]:
    v = load_variant("megaball", "megaball_000")
    src = seeded(seed)
    return [deal_card(v.draw, src) for _ in range(n)]


def slip(cs: list[tuple[int, ...]], stake: str = "1.00") -> list[SlipBet]:
    return [SlipBet("card", stake, c) for c in cs]


def test_000_12_43_cards_play_on_the_draw_schedule_and_settle_as_the_engine_settles(mp: Platform) -> None:
    v = load_variant("megaball", "megaball_000")
    e = every()
    start = JUNE_2026 // e
    player = new_player(mp, deposit="100.00")
    cs = cards(10)
    t = mp.run(lambda s: D.buy_ticket(s, player, TABLE.id, slip(cs), 2, mp.clock()))
    assert t["stake_total_minor"] == 2 * 10 * 100
    sink = Sink()
    mp.clock.to((start + 1) * e)  # type: ignore[attr-defined]
    done = asyncio.run(draw_runner.step(mp, sink, TABLE.id))
    assert f"draw:{start + 1}" in done
    started = next(m["message"] for m in sink.messages if m["message"]["type"] == "draw_started")
    assert fair.commitment(started["server_seed"]) == started["server_seed_hash"]
    settled = next(m["message"] for m in sink.messages if m["message"]["type"] == "draw_settled")
    view = mp.read(lambda s: D.ticket_view(s, player, t["ticket_id"]))
    first = view["draws"][0]
    rec = mp.read(lambda s: recall(s, player, first["round_id"]))
    # the balls, bonus rounds, multipliers and Mega Balls are the engine's draw from the committed seed
    spec = game("megaball")
    src = fair.stream(started["server_seed"], f"{TABLE.id}:{start + 1}", 0)
    state, _ = play(spec.engine, v, spec.demo_bets(v, "XXX"), "XXX", src)
    assert list(state.balls) == settled["balls"] == rec["outcome"]["balls"]
    assert [list(x) for x in state.extras] == rec["outcome"]["extras"]
    assert len(rec["outcome"]["mega_balls"]) in (1, 2)
    assert rec["display"]["mega_balls"] == rec["outcome"]["mega_balls"]
    outcome = ENGINE.outcome(v, state.balls, state.extras)
    want = [ENGINE.bet_return(v, PlacedBet(0, "card", 100, c), outcome, v.limits_for("EUR")) for c in cs]
    assert [b["returned_minor"] for b in first["bets"]] == want
    assert [tuple(b["target"]) for b in first["bets"]] == cs
    assert first["returned_minor"] == sum(want) and view["draws"][1]["state"] == "open"
    assert int(mp.balance(player)["cash_minor"]) == 10000 - 2000 + sum(want)
    assert mp.audit().total == 0


def test_000_12_43_bad_tickets_are_refused_and_nothing_is_debited(mp: Platform) -> None:
    e = every()
    start = JUNE_2026 // e
    player = new_player(mp, deposit="10.00")
    good = cards(1)
    bad_card = (52,) + good[0][1:]
    cases: list[tuple[list[SlipBet], int, int | None, type[Exception], str]] = [
        (slip(good * 201, "0.10"), 1, None, InvalidBet, "at most 200 bets"),
        (slip([bad_card]), 1, None, InvalidSelection, "card number 52 is outside the balls 1-51"),
        (slip(good), 0, None, D.InvalidDrawCount, "1 to 10 draws, not 0"),
        (slip(good), 11, None, D.InvalidDrawCount, "not 11"),
        (slip(good + cards(1, 2)[:1]) + [SlipBet("card", "2.00", good[0])], 1, None, InvalidBet, "same stake"),
        (slip(good), 1, start, BettingClosed, f"draw {start} takes no more tickets"),
    ]
    for bets, draws, first, error, message in cases:
        with pytest.raises(error, match=message):
            mp.run(lambda s, b=bets, d=draws, f=first: D.buy_ticket(s, player, TABLE.id, b, d, mp.clock(),
                                                                   first_draw=f))
    # after the cut-off of the next draw: refused
    mp.clock.to((start + 1) * e - 5)  # type: ignore[attr-defined]
    with pytest.raises(BettingClosed):
        mp.run(lambda s: D.buy_ticket(s, player, TABLE.id, slip(good), 1, mp.clock(), first_draw=start + 1))
    assert int(mp.balance(player)["cash_minor"]) == 1000
