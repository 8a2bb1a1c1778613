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
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from math import floor
from typing import Any

import pytest
from sqlalchemy import event, func, select

from croupier.games.registry import load_variant
from croupier.platform import draw_runner, draw_settlement, jackpots, tables
from croupier.platform import draws as D
from croupier.platform.config import TableConfig
from croupier.platform.jackpots import account_code
from croupier.platform.ledger import Ledger, player_code
from croupier.platform.service import Platform
from croupier.rng import seeded
from croupier.store.jackpot_models import JackpotPool, JackpotWin
from croupier.store.models import Bet, Play, Round, RoundEvent, Transfer
from croupier.store.protection_models import AuditEntry, PlayFunding
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
    real, calls = draw_settlement.write_plays, []

    def crash(*a: Any, **k: Any) -> None:
        calls.append(1)
        real(*a, **k)
        if len(calls) == 2:
            raise RuntimeError("the server stopped")

    monkeypatch.setattr(draw_settlement, "write_plays", crash)
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


@contextmanager
def statements(p: Platform) -> Iterator[list[int]]:
    """The SQL statements ``p`` runs inside the block (``[n]``)."""
    seen = [0]

    def count(*_a: Any) -> None:
        seen[0] += 1

    event.listen(p.db.write, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(p.db.write, "before_cursor_execute", count)


def keno_tickets(p: Platform, n: int) -> list[Any]:
    """``n`` players, each with one Keno 10 ticket of two bets (a 10-spot and a 2-spot)."""
    players = [new_player(p, deposit="10.00") for _ in range(n)]
    for i, pl in enumerate(players):
        nums = tuple(range(1 + i % 60, 11 + i % 60))
        p.run(lambda s, pl=pl, nums=nums: D.buy_ticket(
            s, pl, KENO.id, slip(("keno", "1.00", nums), ("pick_2", "0.50", nums[:2])), 1, p.clock()))
    return players


def test_issue20_a_batch_takes_the_same_statements_for_4_or_12_tickets(plat: Platform) -> None:
    """Issue 20 ("statements per batch, not per ticket"): settling a batch of 12 tickets runs
    exactly the statements a batch of 4 runs, winners and losers alike (balls 1-20: every
    ticket of the first draw wins, those of the second lose or win partly)."""
    counts = []
    for n in (4, 12):
        keno_tickets(plat, n)
        rid = resulted(plat, KENO.id, list(range(1, 21)))
        with statements(plat) as seen:
            assert plat.run(lambda s, rid=rid: D.settle_chunk(s, rid, plat.clock())).done
        counts.append(seen[0])
        plat.clock.now += timedelta(seconds=60)  # type: ignore[attr-defined]
    assert counts[0] == counts[1]
    assert plat.audit().total == 0


def test_issue20_every_win_is_a_keyed_ledger_transfer_the_ledger_would_make(plat: Platform) -> None:
    """Each winning play is paid by its own ``payout:<play>`` transfer house -> cash, with the
    payload hash the ledger computes (PostgreSQL builds the row in SQL): replaying it through the
    ledger finds it, and a win entry for it is in the protection audit."""
    players = keno_tickets(plat, 5)
    rid = resulted(plat, KENO.id, list(range(1, 21)))
    plat.run(lambda s: D.settle_chunk(s, rid, plat.clock()))
    won = plat.read(lambda s: [(p.id, p.player_id, p.returned_total) for p in s.scalars(
        select(Play).where(Play.round_id == rid, Play.returned_total > 0).order_by(Play.id))])
    assert len(won) == len(players)

    def replay(s: Any) -> list[bool]:
        return [Ledger(s).transfer(f"payout:{pid}", "house:EUR", player_code(player), amount,
                                   "payout", round_id=rid, play_id=pid).replayed
                for pid, player, amount in won]

    assert plat.run(replay) == [True] * len(won)
    entries = plat.read(lambda s: [(e.kind, e.play_id, e.amount, e.ref) for e in s.scalars(
        select(AuditEntry).where(AuditEntry.round_id == rid, AuditEntry.kind == "win").order_by(AuditEntry.seq))])
    assert entries == [("win", pid, amount, f"payout:{pid}") for pid, _pl, amount in won]
    assert plat.audit().total == 0


def test_000_11_a_voided_draw_refunds_every_ticket_once_in_fixed_statements(plat: Platform) -> None:
    """000 §11 / §10 (a failed draw returns the stakes, odds of 1): every ticket of a voided draw
    is refunded once - its bets ``refunded``, one ``refund:<play>`` transfer stakes -> cash per
    play with the ledger's payload hash, a refund entry in the audit - by the same statements for
    3 tickets as for 9; voiding again refunds nothing."""
    counts = []
    for n in (3, 9):
        players = keno_tickets(plat, n)
        rid = plat.read(lambda s: s.scalars(select(Round.id).where(
            Round.table_id == KENO.id, Round.state == "open").order_by(Round.number).limit(1)).one())
        assert [cash(plat, pl) for pl in players] == [850] * n
        with statements(plat) as seen:
            rep = plat.run(lambda s, rid=rid: tables.void_round(s, rid, "the drum jammed", plat.clock()))
        counts.append(seen[0])
        assert rep is not None and sorted((p.player_id, p.stake, p.returned) for p in rep.plays) == sorted(
            (pl.id, 150, 150) for pl in players)
        assert [cash(plat, pl) for pl in players] == [1000] * n
        assert plat.run(lambda s, rid=rid: tables.void_round(s, rid, "again", plat.clock())) is None
        assert [cash(plat, pl) for pl in players] == [1000] * n
        plays = plat.read(lambda s, rid=rid: [(p.id, p.player_id, p.status, p.returned_total) for p in s.scalars(
            select(Play).where(Play.round_id == rid).order_by(Play.id))])
        assert [(st, r) for _i, _pl, st, r in plays] == [("refunded", 150)] * n
        bets = plat.read(lambda s, rid=rid: [(b.returned, b.stake, b.outcome) for b in s.scalars(
            select(Bet).join(Play, Play.id == Bet.play_id).where(Play.round_id == rid))])
        assert len(bets) == 2 * n and all(r == st and o == "refunded" for r, st, o in bets)

        def replay(s: Any, plays: Any = plays, rid: int = rid) -> list[bool]:
            return [Ledger(s).transfer(f"refund:{pid}", "stakes:EUR", player_code(player), 150,
                                       "refund", round_id=rid, play_id=pid).replayed
                    for pid, player, _st, _r in plays]

        assert plat.run(replay) == [True] * n
        refunds = plat.read(lambda s, rid=rid: s.scalar(select(func.count(AuditEntry.seq)).where(
            AuditEntry.round_id == rid, AuditEntry.kind == "refund")))
        assert refunds == n
        # the next draw takes tickets again (the clock moves one draw on)
        plat.clock.now += timedelta(seconds=60)  # type: ignore[attr-defined]
    assert counts[0] == counts[1]
    assert plat.audit().total == 0


def test_001_6_8_5_a_voided_draw_returns_a_bonus_funded_play_to_the_bonus_balance(plat: Platform) -> None:
    """001 §6.8.5 (a refund goes back to the balance the bet came from): the set-based refund
    takes only plays paid from cash; a play with a funding row (never a draw's own, made here by
    hand) is refunded by the per-play path, to its bonus balance, and still once."""
    players = keno_tickets(plat, 2)
    rid = plat.read(lambda s: s.scalars(select(Round.id).where(
        Round.table_id == KENO.id, Round.state == "open").order_by(Round.number).limit(1)).one())
    funded = plat.read(lambda s: s.scalars(select(Play.id).where(
        Play.round_id == rid, Play.player_id == players[0].id)).one())
    plat.run(lambda s: s.add(PlayFunding(play_id=funded, account="bonus", bonus_id=None)))
    assert plat.run(lambda s: tables.void_round(s, rid, "the drum jammed", plat.clock())) is not None
    assert [plat.balance(pl)["bonus_minor"] for pl in players] == [150, 0]
    assert [cash(plat, pl) for pl in players] == [850, 1000]
    assert plat.run(lambda s: tables.void_round(s, rid, "again", plat.clock())) is None
    assert [plat.balance(pl)["bonus_minor"] for pl in players] == [150, 0]
    assert plat.audit().total == 0
