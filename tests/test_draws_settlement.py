"""A draw's settlement in batches on the platform (issue 20, docs/draws.md "Settlement in
batches" and "Jackpots on the draw schedule"), on SQLite and PostgreSQL:

* every play settled exactly once, also when a batch fails half-way and is run again;
* Lucky 6 (48 balls) tickets feed its three funds as single rounds do (each play's
  ``floor(stakes x rate)``) and a fund that reached its level is taken by the first play of the
  draw that won its main bet (000 §12.46: "only players who have won the main game can win a
  jackpot");
* the ticket view says why each bet won or lost.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from fractions import Fraction
from math import floor
from typing import Any

import pytest
from sqlalchemy import func, select

from croupier.games.registry import load_variant
from croupier.platform import draw_runner, draw_settlement, jackpots, tables
from croupier.platform import draws as D
from croupier.platform.config import TableConfig
from croupier.platform.jackpots import account_code
from croupier.platform.ledger import Ledger
from croupier.platform.service import Platform
from croupier.rng import seeded
from croupier.store.jackpot_models import JackpotPool, JackpotWin
from croupier.store.models import Play, Round, RoundEvent, Transfer
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player, slip

KENO = TableConfig("keno-batch", "Keno 10", "keno", "keno10", "EUR")
LUCKY = TableConfig("lucky-amd", "Lucky 6", "lucky6_48", "lucky6_48_000", "AMD")
RATES = {"jackpot": Fraction(5, 1000), "mega": Fraction(3, 1000), "lucky6": Fraction(2, 1000)}


class Clock:
    def __init__(self, ts: float) -> None:
        self.now = datetime.fromtimestamp(ts, UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def plat(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Platform]:
    monkeypatch.setattr(draw_runner, "FAST", True)
    old = jackpots.use_source(seeded("draw settlement tests"))
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, KENO, LUCKY)), clock=Clock(29_000_000 * 300 + 5))
    p.migrate()
    p.run(lambda s: jackpots.ensure_all(s, p.clock()))
    yield p
    p.db.dispose()
    jackpots.use_source(old)


def resulted(p: Platform, table: str, balls: list[int] | None = None) -> int:
    """Close and result the table's next draw (its balls replaced by ``balls`` when given)."""
    rid = p.read(lambda s: s.scalars(select(Round.id).where(Round.table_id == table, Round.state == "open")
                                     .order_by(Round.number).limit(1)).one())
    p.run(lambda s: tables.close_round(s, rid, p.clock()))
    p.run(lambda s: tables.result_round(s, rid, p.clock()))
    if balls is not None:
        def fix(s: Any) -> None:
            s.get(Round, rid).outcome = {"balls": balls}
        p.run(fix)
    return rid


def cash(p: Platform, player: Any) -> int:
    return int(p.balance(player)["cash_minor"])


def pool_balance(p: Platform, name: str) -> int:
    code = next(x.code for x in jackpots.pools_of("lucky6_48", "lucky6_48_000") if x.spec.name == name)
    return p.read(lambda s: Ledger(s).balance(account_code(code, "AMD")))


def set_levels(p: Platform, levels: dict[str, int | None]) -> None:
    """Each named pool's hidden level (None: its cap, so it does not drop)."""
    def fn(s: Any) -> None:
        for pool in jackpots.pools_of("lucky6_48", "lucky6_48_000"):
            row = s.scalars(select(JackpotPool).where(JackpotPool.code == pool.code,
                                                      JackpotPool.currency == "AMD")).one()
            level = levels.get(pool.spec.name)
            row.drop_level = pool.spec.cap["AMD"] if level is None else level
    p.run(fn)


def test_issue20_a_batch_that_fails_half_way_is_settled_once_when_run_again(
        plat: Platform, monkeypatch: pytest.MonkeyPatch) -> None:
    players = [new_player(plat, deposit="10.00") for _ in range(7)]
    for i, pl in enumerate(players):
        nums = tuple(range(1 + i, 11 + i))
        plat.run(lambda s, pl=pl, n=nums: D.buy_ticket(s, pl, KENO.id, slip(("keno", "1.00", n), ("pick_2", "0.50", n[:2])),
                                                    1, plat.clock()))
    rid = resulted(plat, KENO.id)
    # the second batch fails after writing its bets: its transaction is rolled back whole
    real, calls = draw_settlement._write_plays, []

    def crash(*a: Any, **k: Any) -> None:
        calls.append(1)
        real(*a, **k)
        if len(calls) == 2:
            raise RuntimeError("the server stopped")

    monkeypatch.setattr(draw_settlement, "_write_plays", crash)
    assert plat.run(lambda s: D.settle_chunk(s, rid, plat.clock(), limit=3)).plays == 3
    with pytest.raises(RuntimeError):
        plat.run(lambda s: D.settle_chunk(s, rid, plat.clock(), limit=3))
    assert plat.read(lambda s: s.scalar(select(func.count(Play.id)).where(
        Play.round_id == rid, Play.status == "open"))) == 4
    monkeypatch.undo()
    chunks = []
    while not chunks or not chunks[-1].done:
        chunks.append(plat.run(lambda s: D.settle_chunk(s, rid, plat.clock(), limit=3)))
    assert [c.plays for c in chunks] == [3, 1]
    balls = set(plat.read(lambda s: s.get(Round, rid).outcome["balls"]))
    v = load_variant("keno", "keno10")
    for i, pl in enumerate(players):
        nums = set(range(1 + i, 11 + i))
        want = int(100 * v.paytable[10][len(nums & balls)]) + int(50 * v.paytable[2][len(set(range(1 + i, 3 + i)) & balls)])
        assert cash(plat, pl) == 1000 - 150 + want
    payouts = plat.read(lambda s: s.scalar(select(func.count(Transfer.id)).where(
        Transfer.kind == "payout", Transfer.round_id == rid)))
    winners = plat.read(lambda s: s.scalar(select(func.count(Play.id)).where(
        Play.round_id == rid, Play.returned_total > 0)))
    assert payouts == winners
    assert plat.audit().total == 0


def buy_lucky(p: Platform, player: Any, *bets: tuple[str, str]) -> None:
    p.run(lambda s: D.buy_ticket(s, player, LUCKY.id, slip(*((c, st, ()) for c, st in bets)), 1, p.clock()))


# the first ball is even (2): first_even wins, first_odd loses
EVEN_FIRST = [2, *range(3, 37)]


def test_000_12_46_draw_tickets_feed_the_three_funds_as_single_rounds(plat: Platform) -> None:
    set_levels(plat, {})
    before = {n: pool_balance(plat, n) for n in RATES}
    players = [new_player(plat, "AMD", "100000") for _ in range(4)]
    buy_lucky(plat, players[0], ("first_even", "1999"))
    buy_lucky(plat, players[1], ("first_odd", "333"), ("first_even", "1001"))
    buy_lucky(plat, players[2], ("first_odd", "777"))
    buy_lucky(plat, players[0], ("first_odd", "99"))  # a second ticket: the same play of the draw
    rid = resulted(plat, LUCKY.id, EVEN_FIRST)
    while not plat.run(lambda s: D.settle_chunk(s, rid, plat.clock(), limit=2)).done:
        pass
    per_play = [1999 + 99, 333 + 1001, 777]  # one play per player and draw, as one round's slip
    for name, rate in RATES.items():
        assert pool_balance(plat, name) == before[name] + sum(floor(st * rate) for st in per_play)
    assert plat.read(lambda s: s.scalar(select(func.count(JackpotWin.id)))) == 0
    assert plat.audit().total == 0


def test_000_12_46_a_reached_fund_goes_to_the_first_play_that_won_its_main_bet(plat: Platform) -> None:
    set_levels(plat, {})
    players = [new_player(plat, "AMD", "100000") for _ in range(5)]
    buy_lucky(plat, players[0], ("first_odd", "1000"))   # lost: cannot take a fund
    buy_lucky(plat, players[1], ("first_even", "1000"))  # the first winner of the draw
    buy_lucky(plat, players[2], ("first_even", "1000"))
    buy_lucky(plat, players[3], ("first_odd", "1000"))
    buy_lucky(plat, players[4], ("first_even", "1000"))
    seed = pool_balance(plat, "lucky6")
    # the Lucky 6 fund is reached once the first two plays have contributed
    set_levels(plat, {"lucky6": seed + 2 * floor(1000 * RATES["lucky6"])})
    cash0 = [cash(plat, pl) for pl in players]
    rid = resulted(plat, LUCKY.id, EVEN_FIRST)
    while not plat.run(lambda s: D.settle_chunk(s, rid, plat.clock(), limit=2)).done:
        pass
    wins = plat.read(lambda s: [(w.player_id, w.amount, w.row) for w in s.scalars(select(JackpotWin))])
    pot = seed + 2 * floor(1000 * RATES["lucky6"])
    assert wins == [(players[1].id, pot, "drop")]
    returned = plat.read(lambda s: {p.player_id: p.returned_total for p in s.scalars(
        select(Play).where(Play.round_id == rid))})
    for pl, c0 in zip(players, cash0, strict=True):
        extra = pot if pl.id == players[1].id else 0
        assert cash(plat, pl) == c0 + returned[pl.id] + extra
    # the fund was reseeded and fed by the plays after the win; a new level was drawn
    spec = next(x.spec for x in jackpots.pools_of("lucky6_48", "lucky6_48_000") if x.spec.name == "lucky6")
    assert pool_balance(plat, "lucky6") == spec.seed["AMD"] + 3 * floor(1000 * RATES["lucky6"])
    events = plat.read(lambda s: [e.data for e in s.scalars(select(RoundEvent).where(
        RoundEvent.round_id == rid, RoundEvent.type == "jackpot"))])
    assert [e["amount"] for e in events] == [pot]
    assert plat.audit().total == 0


def test_issue20_the_ticket_view_says_why_each_bet_won_or_lost(plat: Platform) -> None:
    set_levels(plat, {})
    player = new_player(plat, "AMD", "100000")
    t = plat.run(lambda s: D.buy_ticket(s, player, LUCKY.id, slip(("first_even", "100", ()), ("first_odd", "100", ())),
                                        1, plat.clock()))
    rid = resulted(plat, LUCKY.id, EVEN_FIRST)
    plat.run(lambda s: D.settle_chunk(s, rid, plat.clock()))
    bets = plat.read(lambda s: D.ticket_view(s, player, t["ticket_id"]))["draws"][0]["bets"]
    even, odd = bets
    assert even["outcome"] == "win" and even["why"].startswith("The first ball's number will be even: won")
    assert odd["outcome"] == "lose" and odd["why"].startswith("The first ball's number will be odd: lost")
    assert even["hits"] is None and even["odds"] is not None and f"pays x{even['odds']}" in even["why"]
    # keno: the numbers hit
    kp = new_player(plat, deposit="10.00")
    k = plat.run(lambda s: D.buy_ticket(s, kp, KENO.id, slip(("keno", "1.00", (1, 2, 3, 77))), 1, plat.clock()))
    rid = resulted(plat, KENO.id, list(range(1, 21)))
    plat.run(lambda s: D.settle_chunk(s, rid, plat.clock()))
    kb = plat.read(lambda s: D.ticket_view(s, kp, k["ticket_id"]))["draws"][0]["bets"][0]
    assert kb["hits"] == 3 and kb["hit_numbers"] == [1, 2, 3]
    assert kb["why"].startswith("3 of 4 numbers drawn: 1, 2, 3; ")
