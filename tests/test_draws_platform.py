"""The draw schedule on the platform (issue 20, docs/draws.md): tickets for the next K draws,
the cut-off, the commitment before it, results and wins pushed, history and recall, a failed
draw voided and refunded once, the restart rule; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from croupier.errors import InvalidSelection, StakeBelowMinimum
from croupier.games.base import play
from croupier.games.draws.keno import GAME
from croupier.games.registry import load_variant
from croupier.platform import draw_runner, tables
from croupier.platform import draws as D
from croupier.platform.config import TableConfig
from croupier.platform.errors import BettingClosed, InsufficientFunds, NotFound
from croupier.platform.history import history, recall
from croupier.platform.service import Platform
from croupier.rng import fair
from croupier.store.models import Transfer
from tests.draw_helpers import Clock, Sink
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player, slip

TABLE = "keno-eur"
KENO = TableConfig(TABLE, "Keno 10", "keno", "keno10", "EUR")
V = load_variant("keno", "keno10")  # every 60 s, cut-off 10 s, up to 10 draws



@pytest.fixture
def clock() -> Clock:
    return Clock(29_000_000 * 60 + 5)


@pytest.fixture
def kp(db_url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Iterator[Platform]:
    monkeypatch.setattr(draw_runner, "FAST", True)
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, KENO)), clock=clock)
    p.migrate()
    yield p
    p.db.dispose()



def step(p: Platform, sink: Sink) -> list[str]:
    return asyncio.run(draw_runner.step(p, sink, TABLE))


def buy(p: Platform, player: Any, nums: tuple[int, ...], draws: Any = 1, stake: str = "1.00",
        **kw: Any) -> dict[str, Any]:
    return p.run(lambda s: D.buy_ticket(s, player, TABLE, slip(("keno", stake, nums)), draws,
                                        p.clock(), **kw))


def cash(p: Platform, player: Any) -> int:
    return int(p.balance(player)["cash_minor"])


def test_a_ticket_for_three_draws_is_one_debit_and_three_history_rows(kp: Platform) -> None:
    player = new_player(kp, deposit="100.00")
    t = buy(kp, player, (1, 2, 3, 4, 5), draws=3)
    assert t["stake_total_minor"] == 300 and cash(kp, player) == 9700
    assert [d["number"] for d in t["draws"]] == [29_000_001, 29_000_002, 29_000_003]
    assert all(d["server_seed_hash"] and d["server_seed"] is None for d in t["draws"])
    rows = kp.read(lambda s: history(s, player))
    assert len(rows) == 3 and {r["kind"] for r in rows} == {"draw"}
    kp.run(lambda s: D.prepare(s, TABLE, kp.clock()))  # the runner's first step
    board = kp.read(lambda s: D.board(s, TABLE, kp.clock()))
    assert [u["number"] for u in board["upcoming"]][:3] == [29_000_001, 29_000_002, 29_000_003]
    assert len(board["upcoming"]) == V.schedule.max_draws  # commitments published ahead


@pytest.mark.parametrize(("nums", "draws", "stake", "error", "message"), [
    (tuple(range(1, 12)), 1, "1.00", InvalidSelection, "at most 10 numbers, not 11"),
    ((0, 5), 1, "1.00", InvalidSelection, "outside the balls 1-80"),
    ((5, 81), 1, "1.00", InvalidSelection, "outside the balls 1-80"),
    ((7, 7), 1, "1.00", InvalidSelection, "picked twice"),
    ((7,), 0, "1.00", D.InvalidDrawCount, "1 to 10 draws, not 0"),
    ((7,), 11, "1.00", D.InvalidDrawCount, "1 to 10 draws, not 11"),
    ((7,), 1, "0.01", StakeBelowMinimum, "below the minimum"),
    ((7,), 10, "20.00", InsufficientFunds, "needed"),
])
def test_bad_tickets_are_refused_precisely_and_nothing_is_debited(
        kp: Platform, nums: tuple[int, ...], draws: int, stake: str, error: type[Exception],
        message: str) -> None:
    player = new_player(kp, deposit="100.00")
    with pytest.raises(error, match=message):
        buy(kp, player, nums, draws=draws, stake=stake)
    assert cash(kp, player) == 10000
    assert kp.read(lambda s: history(s, player)) == []


def test_a_ticket_after_the_cut_off_is_refused(kp: Platform, clock: Clock) -> None:
    player = new_player(kp, deposit="10.00")
    clock.to(29_000_001 * 60 - 10)  # draw 29,000,001 closes now
    with pytest.raises(BettingClosed, match="draw 29000001 takes no more tickets"):
        buy(kp, player, (1, 2), first_draw=29_000_001)
    t = buy(kp, player, (1, 2))  # the default is the next draw still taking tickets
    assert t["first_number"] == 29_000_002
    assert cash(kp, player) == 900


def test_the_schedule_closes_draws_settles_and_pushes_the_wins(kp: Platform, clock: Clock) -> None:
    players = [new_player(kp, deposit="100.00") for _ in range(3)]
    tickets = [buy(kp, pl, tuple(range(1 + 10 * i, 11 + 10 * i)), draws=2) for i, pl in enumerate(players)]
    sink = Sink()
    clock.to(29_000_001 * 60 - 5)
    assert step(kp, sink) == ["close:29000001"]
    with pytest.raises(BettingClosed):
        buy(kp, players[0], (1,), first_draw=29_000_001)
    clock.to(29_000_001 * 60)
    assert step(kp, sink) == ["draw:29000001"]
    types = sink.types()
    assert types[:2] == ["draw_closed", "draw_started"]
    assert types.count("draw_ball") == 20 and types[-1] == "draw_settled"
    settled = sink.messages[-1]
    balls = settled["message"]["balls"]
    # the balls are the engine's draw from the committed seed (anyone can recompute them)
    started = sink.messages[1]["message"]
    assert fair.commitment(started["server_seed"]) == started["server_seed_hash"]
    src = fair.stream(started["server_seed"], f"{TABLE}:29000001", 0)
    state, _ = play(GAME.engine, V, GAME.demo_bets(V, "XXX"), "XXX", src)
    assert list(state.balls) == balls
    for pl, t in zip(players, tickets, strict=True):
        view = kp.read(lambda s, pl=pl, t=t: D.ticket_view(s, pl, t["ticket_id"]))
        first = view["draws"][0]
        nums = t["bets"][0]["target"]
        hits = len(set(nums) & set(balls))
        assert first["balls"] == balls and first["bets"][0]["hits"] == hits
        assert first["returned_minor"] == int(100 * V.paytable[10][hits])
        assert view["draws"][1]["state"] == "open"
        assert settled["private"][str(pl.id)]["you"] == {"stake_minor": 100,
                                                           "returned_minor": first["returned_minor"]}
        assert cash(kp, pl) == 9800 + first["returned_minor"]
        rec = kp.read(lambda s, pl=pl, rid=first["round_id"]: recall(s, pl, rid))
        assert rec["fairness"]["server_seed"] == started["server_seed"]
        assert rec["display"]["drawn"] == balls
    assert kp.audit().total == 0


def test_a_failed_draw_is_voided_and_every_ticket_refunded_once(
        kp: Platform, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    player = new_player(kp, deposit="10.00")
    buy(kp, player, (1, 2, 3), draws=2)
    assert cash(kp, player) == 800

    def broken(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("the drum jammed")

    monkeypatch.setattr(tables, "result_round", broken)
    sink = Sink()
    clock.to(29_000_001 * 60 + 1)
    step(kp, sink)
    assert "draw_voided" in sink.types()
    assert cash(kp, player) == 900
    monkeypatch.undo()
    step(kp, sink)  # nothing is refunded twice
    assert cash(kp, player) == 900
    refunds = kp.read(lambda s: s.scalar(select(func.count(Transfer.id)).where(Transfer.kind == "refund")))
    assert refunds == 1
    assert kp.audit().total == 0


def test_restart_rule_runs_a_late_draw_and_voids_one_too_late(kp: Platform, clock: Clock) -> None:
    player = new_player(kp, deposit="10.00")
    buy(kp, player, (1, 2, 3), draws=2)
    sink = Sink()
    # the server was down: draw 1 is 30 minutes late (run), draw 2 ... is also run
    clock.to(29_000_001 * 60 + 1800)
    done = step(kp, sink)
    assert "draw:29000001" in done and "draw:29000002" in done
    view = kp.read(lambda s: D.my_tickets(s, player, TABLE))[0]
    assert [d["state"] for d in view["draws"]] == ["settled", "settled"]
    buy(kp, player, (4, 5), draws=1)
    clock.to(kp.clock().timestamp() + D.LATE_SECONDS + 120)
    done = step(kp, sink)
    assert any(d.startswith("void:") for d in done)
    view = kp.read(lambda s: D.my_tickets(s, player, TABLE))[0]
    assert view["draws"][0]["state"] == "voided" and view["draws"][0]["returned_minor"] == 100
    assert kp.audit().total == 0


def test_a_repeated_key_buys_nothing_twice_and_tickets_are_private(kp: Platform) -> None:
    player = new_player(kp, deposit="10.00")
    a = buy(kp, player, (1, 2), key="k1")
    b = buy(kp, player, (1, 2), key="k1")
    assert a["ticket_id"] == b["ticket_id"] and cash(kp, player) == 900
    other = new_player(kp, deposit="1.00")
    with pytest.raises(NotFound):
        kp.read(lambda s: D.ticket_view(s, other, a["ticket_id"]))


def test_overdue_action_is_the_documented_rule() -> None:
    at = lambda ts: datetime.fromtimestamp(ts, UTC)  # noqa: E731
    n = 100
    due = n * 60
    assert D.overdue_action(V, "open", n, at(due - 11)) is None
    assert D.overdue_action(V, "open", n, at(due - 10)) == "close"
    assert D.overdue_action(V, "closed", n, at(due - 1)) is None
    assert D.overdue_action(V, "closed", n, at(due)) == "draw"
    assert D.overdue_action(V, "open", n, at(due + 5)) == "draw"  # closed, then drawn
    assert D.overdue_action(V, "closed", n, at(due + 3601)) == "void"
    assert D.overdue_action(V, "resulted", n, at(due + 10**6)) == "settle"
    assert timedelta(seconds=D.LATE_SECONDS) == timedelta(hours=1)
