"""Issue 20 ("`make bench`: a draw settles at least 50,000 tickets per second on PostgreSQL
(statements per batch, not per ticket)"), docs/draws.md "Settlement in batches": a batch of a
draw's settlement runs the same SQL statements whatever its tickets, winners and jackpot drops,
on SQLite and PostgreSQL; several drops of one pool in one batch are paid as single rounds pay
them (000 §12.46: in play order, only to a play that won its main bet, each pool refilled to its
seed after a win); and the pieces the batch is built from (the vectorised returns of bets on
picks, the audit chain's canonical JSON, PostgreSQL array literals) agree with their one-by-one
counterparts.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from math import floor
from typing import Any

import numpy as np
import pytest
from sqlalchemy import create_engine, event, select, text

from croupier.games.draws.ticket import PlacedBet
from croupier.games.registry import game, load_variant
from croupier.platform import draw_runner, jackpots, tables
from croupier.platform import draws as D
from croupier.platform.config import TableConfig
from croupier.platform.jackpots import account_code
from croupier.platform.ledger import Ledger
from croupier.platform.protection import audit
from croupier.platform.service import Platform
from croupier.rng import RandomSource, seeded
from croupier.store.bulk import array_text
from croupier.store.jackpot_models import JackpotPool, JackpotWin
from croupier.store.models import Play, Round
from tests.draw_helpers import Clock
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player, slip

LUCKY = TableConfig("lucky-stmts", "Lucky 6", "lucky6_48", "lucky6_48_000", "AMD")
VARIANT = ("lucky6_48", "lucky6_48_000")
# the first ball is even (2): first_even wins its main bet, first_odd loses
EVEN_FIRST = [2, *range(3, 37)]


class Lowest(RandomSource):
    """Every hidden level at its pool's seed: a pool refilled to its seed after a win is reached
    again at once, so every play that wins its main bet takes every pool (drops on demand)."""

    def randbelow(self, n: int) -> int:
        return 0


@pytest.fixture
def plat(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Platform]:
    monkeypatch.setattr(draw_runner, "FAST", True)
    old = jackpots.use_source(seeded("issue 20 statements"))
    p = Platform(make_settings(db_url, tables=(*TEST_TABLES, LUCKY)), clock=Clock(29_000_000 * 300 + 5))
    p.migrate()
    p.run(lambda s: jackpots.ensure_all(s, p.clock()))
    yield p
    p.db.dispose()
    jackpots.use_source(old)


@contextmanager
def statements(p: Platform) -> Iterator[list[int]]:
    seen = [0]

    def count(*_a: Any) -> None:
        seen[0] += 1

    event.listen(p.db.write, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(p.db.write, "before_cursor_execute", count)


def pools() -> list[Any]:
    return sorted(jackpots.pools_of(*VARIANT), key=lambda x: x.code)


def levels_at_balance(p: Platform) -> None:
    """Each pool's hidden level set to what it holds: the first play of the draw that wins its
    main bet takes it."""
    def fn(s: Any) -> None:
        for pool in pools():
            row = s.scalars(select(JackpotPool).where(JackpotPool.code == pool.code,
                                                      JackpotPool.currency == "AMD")).one()
            row.drop_level = Ledger(s).balance(account_code(pool.code, "AMD"))
    p.run(fn)


def levels_at_cap(p: Platform) -> None:
    def fn(s: Any) -> None:
        for pool in pools():
            s.scalars(select(JackpotPool).where(JackpotPool.code == pool.code,
                                                JackpotPool.currency == "AMD")).one().drop_level = pool.spec.cap["AMD"]
    p.run(fn)


def draw_of(p: Platform, wins: list[bool], stake: int = 1000) -> tuple[int, list[tuple[int, bool]]]:
    """One ticket per new player on the next draw (``first_even`` wins on EVEN_FIRST, ``first_odd``
    loses); the draw closed and resulted on EVEN_FIRST; (round, [(play, won)] in play order)."""
    players = [new_player(p, "AMD", "100000") for _ in wins]
    for pl, won in zip(players, wins, strict=True):
        p.run(lambda s, pl=pl, won=won: D.buy_ticket(
            s, pl, LUCKY.id, slip(("first_even" if won else "first_odd", str(stake), ())), 1, p.clock()))
    rid = p.read(lambda s: s.scalars(select(Round.id).where(Round.table_id == LUCKY.id, Round.state == "open")
                                     .order_by(Round.number).limit(1)).one())
    p.run(lambda s: tables.close_round(s, rid, p.clock()))
    p.run(lambda s: tables.result_round(s, rid, p.clock()))

    def fix(s: Any) -> None:
        s.get(Round, rid).outcome = {"balls": EVEN_FIRST}
    p.run(fix)
    ids = {pl.id: won for pl, won in zip(players, wins, strict=True)}
    plays = p.read(lambda s: [(pid, ids[who]) for pid, who in s.execute(
        select(Play.id, Play.player_id).where(Play.round_id == rid).order_by(Play.id))])
    return rid, plays


def settle_counted(p: Platform, rid: int) -> int:
    with statements(p) as seen:
        assert p.run(lambda s: D.settle_chunk(s, rid, p.clock())).done
    p.clock.now += timedelta(seconds=300)  # type: ignore[attr-defined]  # the next draw
    return seen[0]


def test_issue20_a_batch_runs_the_same_statements_whatever_its_tickets_winners_and_drops(plat: Platform) -> None:
    """Issue 20: a batch of 4 tickets with 1 winner taking the three pools (3 drops) and a batch
    of 12 tickets with 8 winners each taking the three pools (24 drops: each pool won 8 times in
    the batch) run exactly the same statements; a batch without any drop runs no more."""
    old = jackpots.use_source(Lowest())
    try:
        counts, drops = [], []
        for wins in ([False, True, False, False], [True, False, True, True, False, True, True, False,
                                                   True, True, False, True]):
            levels_at_balance(plat)
            rid, _plays = draw_of(plat, wins)
            counts.append(settle_counted(plat, rid))
            drops.append(plat.read(lambda s, rid=rid: len(s.scalars(select(JackpotWin.id).where(
                JackpotWin.round_id == rid)).all())))
        levels_at_cap(plat)
        rid, _plays = draw_of(plat, [True, False, True, True, False, True, True, False, True, True, False, True])
        quiet = settle_counted(plat, rid)
    finally:
        jackpots.use_source(old)
    assert drops == [3, 24]
    assert counts[0] == counts[1]
    assert quiet <= counts[0]
    assert plat.audit().total == 0
    assert plat.read(audit.verify_session).ok


def test_000_12_46_several_drops_of_a_pool_in_one_batch_are_paid_as_single_rounds(plat: Platform) -> None:
    """000 §12.46 with issue 20: when a pool is reached again after a win within the same batch,
    each play that won its main bet takes, in play order, what the pool holds at that point (its
    seed after the previous win plus the contributions of the plays in between, its own
    included), exactly as settling the plays one by one as single rounds would pay them."""
    old = jackpots.use_source(Lowest())
    try:
        levels_at_balance(plat)
        start = {p.code: plat.read(lambda s, p=p: Ledger(s).balance(account_code(p.code, "AMD"))) for p in pools()}
        wins = [False, True, False, False, True, True, False, True]
        rid, plays = draw_of(plat, wins, stake=2000)
        assert plat.run(lambda s: D.settle_chunk(s, rid, plat.clock(), limit=5)).done is False
        assert plat.run(lambda s: D.settle_chunk(s, rid, plat.clock(), limit=5)).done
        plat.clock.now += timedelta(seconds=300)  # type: ignore[attr-defined]
    finally:
        jackpots.use_source(old)
    expected = []
    for pool in pools():  # the oracle: play after play, as single rounds
        bal = start[pool.code]
        for pid, won in plays:
            bal += floor(2000 * pool.spec.contribution)
            if won:
                expected.append((pool.code, pid, bal))
                bal = pool.spec.seed["AMD"]
    codes = plat.read(lambda s: {r.id: r.code for r in s.scalars(select(JackpotPool))})
    got = plat.read(lambda s: [(codes[w.pool_id], w.play_id, w.amount) for w in s.scalars(
        select(JackpotWin).where(JackpotWin.round_id == rid).order_by(JackpotWin.id))])
    assert sorted(got) == sorted(expected)
    # each pool's wins in play order, each with the next cycle
    for pool in pools():
        mine = [g for g in got if g[0] == pool.code]
        assert [g[1] for g in mine] == sorted(g[1] for g in mine)
    assert plat.audit().total == 0
    assert plat.read(audit.verify_session).ok


FIXED = [("lucky5", "lucky5_000"), ("lucky7", "lucky7_000"), ("lucky6_48", "lucky6_48_000"),
         ("lucky6_48", "lucky6_48_chosen")]


@pytest.mark.parametrize("name,variant", FIXED, ids=[v for _, v in FIXED])
def test_issue20_bets_on_picks_settled_by_numpy_as_one_by_one(name: str, variant: str) -> None:
    """Issue 20: every ticket of a bet on chosen numbers, each with its own numbers and stake
    (capped stakes included), returns through the vectorised ``bet_returns`` exactly what
    ``bet_return`` gives it alone; and the prize of such a bet reads only its statistic's value
    (the vectorised path prices each value once, with any ticket's numbers)."""
    engine: Any = game(name).engine
    v = load_variant(name, variant)
    offered = list(engine.spec.offered(v))
    picks = [b for b in offered if b.target.kind == "picks"]
    assert picks and all(b.stat.measure_many is not None for b in picks)
    rng = np.random.default_rng(20)
    balls = np.arange(v.draw.first, v.draw.last + 1)
    bets = []
    for i in range(3000):
        b = offered[i % len(offered)] if i % 3 == 0 else picks[i % len(picks)]
        if b.target.kind == "picks":
            target = tuple(int(x) for x in rng.choice(balls, size=b.target.count, replace=False))
        else:
            options = b.target.classes(v)
            target = tuple(options[int(rng.integers(len(options)))][0])
        bets.append(PlacedBet(i, b.code, int(rng.choice([50, 100, 1999, 10**7, 10**12])), target))
    limits = v.limits_for("AMD")
    for seed in range(6):
        outcome = engine.outcome(v, v.draw.draw(seeded(seed)))
        got = engine.bet_returns(v, bets, outcome, limits)
        assert got == [engine.bet_return(v, b, outcome, limits) for b in bets]
    for b in picks:
        values = list(b.stat.exact(v, tuple(range(v.draw.first, v.draw.first + b.target.count))))
        for _ in range(20):
            t1, t2 = (tuple(int(x) for x in rng.choice(balls, size=b.target.count, replace=False))
                      for _ in range(2))
            assert all(b.prize(v, x, t1) == b.prize(v, x, t2) for x in values)


def test_001_5_2_10_the_canonical_entry_is_the_json_encoders(plat: Platform) -> None:
    """001 §5.2.10 (the monitoring record's hash chain): the entry hashed by one format string is
    byte for byte the canonical JSON of the sorted-keys encoder, for any strings (quotes,
    backslashes, control and non-ASCII characters), numbers and nulls; other types go through
    the encoder itself."""
    rng = random.Random(20)
    alphabet = ['a', '"', '\\', '\n', '\x00', 'é', '€', '😀', ' ', '/', 'Z']

    def word() -> str:
        return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 6)))

    for i in range(3000):
        e: dict[str, Any] = {k: word() for k in ("at", "kind", "currency", "account", "ref", "prev_hash")}
        e.update(seq=rng.randrange(10**12), player_id=rng.randrange(-5, 10**9),
                 amount=rng.randrange(-10**20, 10**20), round_id=rng.choice([None, rng.randrange(10**6)]),
                 play_id=rng.choice([None, rng.randrange(10**6)]))
        if i % 50 == 0:
            e["amount"] = rng.choice([True, 1.5, None])
        body = {k: e[k] for k in audit.FIELDS}
        assert audit.canonical(e) == json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def test_issue20_array_literals_read_back_as_sent(pg_url: str) -> None:
    """Issue 20 (rows sent to PostgreSQL as one array literal per column): any strings - empty,
    spaces, quotes, backslashes, braces, commas, the word NULL - and ints with NULLs read back
    as sent."""
    words = ["plain", "", " lead", "trail ", "a b", 'q"uote', "back\\slash", "{brace}", "com,ma", "NULL",
             "null", "é€", "tab\there"]
    eng = create_engine(pg_url)
    with eng.connect() as c:
        for values, cast in ((words, "text[]"), (["a", "b_c", "d:1"], "text[]"), ([*words, None], "text[]"),
                             ([1, -2, 3 * 10**15], "bigint[]"), ([1, None, 3], "bigint[]"), ([], "bigint[]")):
            back = c.exec_driver_sql(f"SELECT %(a)s::{cast}", {"a": array_text(values)}).scalar()
            assert back == values
        c.execute(text("SELECT 1"))
    eng.dispose()
    with pytest.raises(TypeError):
        array_text([True, False])
