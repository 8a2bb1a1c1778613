"""Virtual events at a table (issue 23; docs/virtual.md "The event schedule"): an event is a
scheduled draw whose form draws and market board are published when it is created, from its
committed seed; tickets are checked against that board, the event runs at its time from the same
seed, and every ticket is paid at the board's odds. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator
from typing import Any

import pytest

from croupier.games.base import play
from croupier.games.registry import game, load_variant
from croupier.games.virtual.engine import SelectionNotOffered
from croupier.platform import draw_runner
from croupier.platform import draws as D
from croupier.platform.config import TableConfig
from croupier.platform.errors import BettingClosed
from croupier.platform.history import recall
from croupier.platform.service import Platform
from croupier.rng import fair
from tests.draw_helpers import Clock, Sink
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player, slip

TABLE = "speedway-eur"
SPEEDWAY = TableConfig(TABLE, "Speedway", "racing", "speedway", "EUR")
SPEC = game("racing")
V = load_variant("racing", "speedway")  # an event every 120 s, bets until 10 s before the off
EVENT = 15_000_000



@pytest.fixture
def clock() -> Clock:
    return Clock((EVENT - 1) * 120 + 5)


@pytest.fixture
def vp(db_url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Iterator[Platform]:
    monkeypatch.setattr(draw_runner, "FAST", True)
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, SPEEDWAY)), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()



def _board(p: Platform, clock: Clock) -> dict[str, Any]:
    p.run(lambda s: D.prepare(s, TABLE, clock()))
    return p.read(lambda s: D.board(s, TABLE, clock()))


def _market(event: dict[str, Any], code: str) -> dict[str, Any]:
    return next(m for m in event["board"]["markets"] if m["code"] == code)


def test_000_12_58_the_board_is_published_with_the_commitment_before_any_bet(vp: Platform, clock: Clock) -> None:
    board = _board(vp, clock)
    assert board["balls"] is None and board["schedule"]["max_draws"] == 1
    [event] = board["upcoming"]
    assert event["number"] == EVENT and event["server_seed"] is None and event["server_seed_hash"]
    forms = event["board"]["forms"]
    assert len(forms) == V.core.runners
    assert event["board"]["form_values"] == [str(V.core.forms[f]) for f in forms]
    # the published board is the engine's pricing of those forms, odds on the 0.01 grid
    win = _market(event, "win")
    priced = SPEC.engine.board(V, tuple(forms))["win"]
    assert [s["target"] for s in win["selections"]] == [list(k) for k in priced]
    assert [s["odds"] for s in win["selections"]] == [f"{float(p.odds):.2f}" for p in priced.values()]


def test_000_12_58_a_ticket_is_paid_at_the_published_odds_from_the_committed_draws(vp: Platform, clock: Clock) -> None:
    event = _board(vp, clock)["upcoming"][0]
    player = new_player(vp, deposit="100.00")
    bets = [("win", "1.00", (r,)) for r in range(1, V.core.runners + 1)]  # every runner once
    ticket = vp.run(lambda s: D.buy_ticket(s, player, TABLE, slip(*bets), 1, clock()))
    assert ticket["stake_total_minor"] == 400
    sink = Sink()
    clock.to(EVENT * 120 - 10)
    assert asyncio.run(draw_runner.step(vp, sink, TABLE)) == [f"close:{EVENT}"]
    with pytest.raises(BettingClosed):
        vp.run(lambda s: D.buy_ticket(s, player, TABLE, slip(("win", "1.00", (1,))), 1, clock(),
                                      first_draw=EVENT))
    clock.to(EVENT * 120)
    assert asyncio.run(draw_runner.step(vp, sink, TABLE)) == [f"draw:{EVENT}"]
    started = next(m["message"] for m in sink.messages if m["message"]["type"] == "draw_started")
    assert fair.commitment(started["server_seed"]) == event["server_seed_hash"]
    # anyone can recompute the event from the revealed seed: its forms are the published ones
    state, _ = play(SPEC.engine, V, SPEC.demo_bets(V, "XXX"), "XXX",
                    fair.stream(started["server_seed"], f"{TABLE}:{EVENT}", 0))
    result = next(e.data for e in state.events if e.type == "result")
    assert result["forms"] == event["board"]["forms"]
    winner = result["order"][0]
    view = vp.read(lambda s: D.ticket_view(s, player, ticket["ticket_id"]))
    [draw] = view["draws"]
    odds = {tuple(s["target"]): s["odds"] for s in _market(event, "win")["selections"]}
    paid = {tuple(b["target"]): b["returned_minor"] for b in draw["bets"]}
    assert paid == {(r,): (int(odds[(r,)].replace(".", "")) if r == winner else 0) for r in range(1, 5)}
    assert int(vp.balance(player)["cash_minor"]) == 10_000 - 400 + sum(paid.values())
    rec = vp.read(lambda s: recall(s, player, draw["round_id"]))
    assert rec["display"]["headline"] == result["headline"]
    assert vp.audit().total == 0


def _missing(seed: str) -> list[tuple[str, tuple[int, ...]]]:
    forms = tuple(SPEC.engine.publish(V, fair.stream(seed, f"{TABLE}:{EVENT}", 0))["forms"])
    board = SPEC.engine.board(V, forms)
    return [(m.code, s) for m in V.core.markets for s in m.selections(V.core.runners)
            if s not in board.get(m.code, {})]


def test_issue23_a_selection_the_published_board_does_not_offer_is_refused_and_nothing_debited(
        vp: Platform, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    # an event seed whose board leaves a selection out (odds under x1.01: a heavy favourite's
    # "first three of four"), found among fixed seeds so the test is the same on every run
    seed = next(sd for i in range(500) if _missing(sd := hashlib.sha256(f"v{i}".encode()).hexdigest()))
    monkeypatch.setattr(fair, "new_server_seed", lambda: seed)
    _board(vp, clock)
    code, sel = _missing(seed)[0]
    player = new_player(vp, deposit="10.00")
    with pytest.raises(SelectionNotOffered, match="not offered at this event"):
        vp.run(lambda s: D.buy_ticket(s, player, TABLE, slip((code, "1.00", tuple(sel))), 1, clock()))
    assert int(vp.balance(player)["cash_minor"]) == 1000


def test_issue23_a_ticket_for_two_events_is_refused_the_next_board_is_not_published(vp: Platform, clock: Clock) -> None:
    player = new_player(vp, deposit="10.00")
    with pytest.raises(D.InvalidDrawCount, match="1 to 1 draws"):
        vp.run(lambda s: D.buy_ticket(s, player, TABLE, slip(("win", "1.00", (1,))), 2, clock()))
