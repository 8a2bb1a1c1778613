"""Draw settlement on PostgreSQL (issue 20): N tickets (one player each, the worst case: one
play per ticket) on one draw, then the draw is resulted and settled in batches by
``platform.draws.settle_chunk`` - statements per batch, never per ticket. Prints, per draw: the
tickets, the batches and the SQL statements they took (per batch: a fixed number whatever the
tickets), the wall time and tickets per second (the target is 50,000/s), the machine's load
average (the figure depends on it: compare runs on an idle machine), and the CPU time the
settlement took in this process (Python) and in the PostgreSQL backends serving it (read from
/proc when the server runs on this machine), with tickets per CPU-second, so that a loaded
machine's figure can be judged. Two draws: Keno 10 in EUR (10 random numbers a ticket) and
Lucky 6 with 48 balls in AMD (every bet in turn, the six numbers with each ticket's own random
numbers, about 40% of the tickets winning, feeding its three jackpot funds). Then a voided draw: every ticket refunded, set-based too.
First the CPU time of each keno variant's exact table, a line each (Keno 8, Keno 10, Keno Gold:
every pick count; Keno Express, which has no pick counts: every selection of every bet; the
target is under a second).

Setup rows are written in bulk, then ``ANALYZE`` (as autovacuum would), neither timed.
Environment: ``BENCH_DRAWS_TICKETS`` (100000), ``BENCH_DRAWS_RUNS`` (1: each draw settled that
many times, a new draw each time), ``BENCH_DRAWS_PG`` (admin URL, default
postgresql+psycopg://postgres@127.0.0.1:5432/postgres). A database of its own is created and dropped.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from typing import Any, cast


def exact_tables() -> None:
    """A line per keno variant: the CPU (and wall) seconds of its exact table from a cold cache
    (Keno 8, Keno 10, Keno Gold: every pick count; Keno Express, which has no pick counts: every
    selection of every bet); the target is under a second each."""
    from croupier.games.draws.hypergeom import hit_distribution
    from croupier.games.draws.keno.exact import exact
    from croupier.games.draws.kenoexpress.exact import exact as express_exact
    from croupier.games.registry import load_variant

    tables: list[tuple[str, str, Callable[[Any], list[Any]], str]] = [
        ("keno", name, exact, "every pick count") for name in ("keno8", "keno10", "keno_gold")]
    tables.append(("keno_express", "standard", express_exact, "no pick counts: every selection of every bet"))
    for game_name, name, table_of, what in tables:
        variant = load_variant(game_name, name)
        hit_distribution.cache_clear()
        cpu0, t0 = time.process_time(), time.perf_counter()
        rows = len(table_of(variant))
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
        print(f"exact table {game_name}/{name} ({what}; {rows} rows, exact fractions): CPU {cpu:.3f} s, "
              f"wall {wall:.3f} s (target under 1 s: {'met' if cpu < 1 else 'NOT met'}); load average "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _backend_cpu(admin: Any, db: str) -> dict[int, float]:
    """CPU seconds (user + system) so far of each backend connected to ``db``; empty when the
    server's processes are not readable here."""
    from sqlalchemy import text

    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    with admin.connect() as c:
        pids = [int(r[0]) for r in c.execute(text("SELECT pid FROM pg_stat_activity WHERE datname = :d"),
                                             {"d": db})]
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick
    return out


@contextmanager
def _counted(engine: Any) -> Iterator[list[int]]:
    """The number of SQL statements ``engine`` executes inside the block (``[n]``)."""
    from sqlalchemy import event

    seen = [0]

    def count(*_a: Any) -> None:
        seen[0] += 1

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def _setup_draw(p: Any, table: Any, n: int, cur: str, stake: int, run: int,
                bet_of: Callable[[Any, int], tuple[str, list[Any]]], now: datetime) -> tuple[int, datetime]:
    """A draw of ``table`` with ``n`` one-bet tickets of ``n`` new players, closed (not timed)."""
    from sqlalchemy import Table, text

    from croupier.platform import draws as D
    from croupier.platform import jackpots, tables
    from croupier.platform.ledger import Ledger, system_code
    from croupier.store import bulk
    from croupier.store.models import Account, Bet, GameTable, Play, Player

    variant = p.read(lambda s: D._draw_table(s, table.id)[2])
    every = D.schedule_of(variant).every_seconds
    number = int(now.timestamp()) // every + 1
    tag = f"{table.id}-{run}-"

    def setup(s: Any) -> int:
        jackpots.ensure_all(s, now)
        Ledger(s).ensure_system_accounts(cur)
        t = s.get(GameTable, table.id)
        rnd = D.ensure_draw(s, t, variant, number, now)
        conn = s.connection()
        ids = bulk.insert_returning(conn, cast(Table, Player.__table__), [
            {"login": f"{tag}{i}", "password_hash": "x", "date_of_birth": date(1980, 1, 1),
             "document_number": f"{tag}{i}", "currency": cur, "created_at": now} for i in range(n)],
            ("id",))
        pids = sorted(int(r[0]) for r in ids)
        bulk.insert_rows(conn, cast(Table, Account.__table__), [
            {"code": f"player:{pid}:{kind}", "kind": f"player_{kind}", "player_id": pid,
             "currency": cur, "balance": 0} for pid in pids for kind in ("cash", "bonus")])
        plays = bulk.insert_returning(conn, cast(Table, Play.__table__), [
            {"round_id": rnd.id, "player_id": pid, "currency": cur, "status": "open",
             "stake_total": stake, "created_at": now} for pid in pids], ("id",))
        bets = []
        for i, r in enumerate(sorted(int(r[0]) for r in plays)):
            code, target = bet_of(variant, i)
            bets.append({"play_id": r, "seq": 0, "slip_key": "bench", "code": code, "target": target,
                         "stake": stake, "created_at": now})
        bulk.insert_rows(conn, cast(Table, Bet.__table__), bets)
        # the tickets' stakes, as the purchases moved them (cash -> stakes): the ledger balances
        Ledger(s).transfer(f"bench:{tag}", system_code("house", cur), system_code("stakes", cur),
                          n * stake, "bet", now=now)
        return int(rnd.id)

    rid = p.run(setup)
    # autocommit: an ANALYZE inside a transaction that is rolled back leaves no statistics
    with p.db.write.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
        c.execute(text("ANALYZE"))
    due = datetime.fromtimestamp(number * every, UTC)
    p.run(lambda s: tables.close_round(s, rid, due))
    return rid, due


class _Timer:
    """Wall, this process's CPU and the database backends' CPU over a block; load average."""

    def __init__(self, p: Any, admin: Any, db: str) -> None:
        self.p, self.admin, self.db = p, admin, db

    def __enter__(self) -> _Timer:
        self.load = os.getloadavg()
        self.server0 = _backend_cpu(self.admin, self.db)
        self.cpu0, self.t0 = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.wall, self.cpu = time.perf_counter() - self.t0, time.process_time() - self.cpu0
        server1 = _backend_cpu(self.admin, self.db)
        self.server = sum(v - self.server0.get(pid, 0.0) for pid, v in server1.items())

    def line(self, n: int, target: bool = True) -> str:
        load = self.load
        met = f" (target 50,000/s: {'met' if n / self.wall >= 50_000 else 'NOT met'})" if target else ""
        return (f"wall {self.wall:.2f} s = {n / self.wall:,.0f} tickets/s{met}; CPU {self.cpu:.2f} s Python + "
                f"{self.server:.2f} s PostgreSQL backend = {n / max(self.cpu + self.server, 1e-9):,.0f} "
                f"tickets per CPU-second; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on "
                f"{os.cpu_count()} cores")


def _bench_settle(p: Any, admin: Any, db: str, table: Any, n: int, rid: int, due: datetime) -> None:
    from sqlalchemy import func, select

    from croupier.platform import draw_settlement, tables
    from croupier.platform import draws as D
    from croupier.store.jackpot_models import JackpotWin
    from croupier.store.models import Play

    batches = 0
    with _counted(p.db.write) as statements, _Timer(p, admin, db) as t:
        p.run(lambda s: tables.result_round(s, rid, due))
        while True:
            batches += 1
            chunk = p.run(lambda s: D.settle_chunk(s, rid, due))
            if chunk.done:
                break
    left = p.read(lambda s: s.scalar(select(func.count(Play.id)).where(Play.round_id == rid,
                                                                       Play.status == "open")))
    drops = p.read(lambda s: s.scalar(select(func.count(JackpotWin.id)).where(JackpotWin.round_id == rid)))
    paid, winners = p.read(lambda s: s.execute(
        select(func.coalesce(func.sum(Play.returned_total), 0),
               func.count(Play.id).filter(Play.returned_total > 0)).where(Play.round_id == rid)).one())
    print(f"draw settlement, PostgreSQL, {table.game}/{table.variant}: {n:,} tickets ({winners:,} "
          f"winning, {drops} jackpot drops), {batches} batches of up to {draw_settlement.CHUNK:,}, "
          f"{statements[0]} SQL statements (result included; a fixed number per batch whatever the "
          f"tickets, winners and jackpot drops: {statements[0] / batches:.1f} per batch); {t.line(n)}; "
          f"returned {paid:,}; open plays left {left}; ledger audit {p.audit().total}")


def _bench_void(p: Any, admin: Any, db: str, table: Any, n: int, rid: int) -> None:
    from sqlalchemy import func, select

    from croupier.platform import tables
    from croupier.store.models import Play, Transfer

    with _counted(p.db.write) as statements, _Timer(p, admin, db) as t:
        p.run(lambda s: tables.void_round(s, rid, "bench: the draw failed", datetime.now(UTC)))
    again = p.run(lambda s: tables.void_round(s, rid, "bench: the draw failed", datetime.now(UTC)))
    refunded, refunds = p.read(lambda s: (
        s.scalar(select(func.count(Play.id)).where(Play.round_id == rid, Play.status == "refunded")),
        s.scalar(select(func.count(Transfer.id)).where(Transfer.round_id == rid,
                                                       Transfer.kind == "refund"))))
    print(f"voided draw, PostgreSQL, {table.game}/{table.variant}: {n:,} tickets refunded "
          f"({refunded:,} plays refunded, {refunds:,} refund transfers, voided again: "
          f"{'nothing' if again is None else 'AGAIN'}), {statements[0]} SQL statements; "
          f"{t.line(n, target=False)}; ledger audit {p.audit().total}")


def main() -> None:
    exact_tables()
    import numpy as np
    from sqlalchemy import create_engine, text

    from croupier.platform.config import Settings, TableConfig
    from croupier.platform.service import Platform

    n = int(os.environ.get("BENCH_DRAWS_TICKETS", "100000"))
    runs = int(os.environ.get("BENCH_DRAWS_RUNS", "1"))
    admin_url = os.environ.get("BENCH_DRAWS_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    name = f"croupier_bench_draws_{uuid.uuid4().hex[:8]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        keno = TableConfig("keno-bench", "Keno bench", "keno", "keno10", "EUR")
        lucky = TableConfig("lucky-bench", "Lucky 6 bench", "lucky6_48", "lucky6_48_000", "AMD")
        p = Platform(Settings(database_url=f"{admin_url.rsplit('/', 1)[0]}/{name}", argon2_fast=True,
                              run_tables=False, deposit_confirm_seconds=0.0, rate_limits=False,
                              tables=(keno, lucky)))
        p.migrate()
        start = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
        rng = np.random.default_rng(1)

        def keno_bet(_v: Any, _i: int) -> tuple[str, list[Any]]:
            return "keno", [int(x) for x in rng.choice(np.arange(1, 81), size=10, replace=False)]

        from croupier.games.registry import game
        from croupier.platform import draws as D

        engine: Any = game("lucky6_48").engine
        offered = list(engine.spec.offered(p.read(lambda s: D._draw_table(s, lucky.id)[2])))

        def lucky_bet(v: Any, i: int) -> tuple[str, list[Any]]:
            """Every offered bet in turn; a bet on picks with the ticket's own random numbers,
            a bet on a choice (a colour) with a random one."""
            b = offered[i % len(offered)]
            if b.target.kind == "picks":
                return b.code, [int(x) for x in rng.choice(np.arange(1, 49), size=b.target.count, replace=False)]
            options = b.target.classes(v)
            return b.code, list(options[int(rng.integers(len(options)))][0])

        for run in range(runs):
            now = start + timedelta(hours=run)
            for table, cur, stake, bet in ((keno, "EUR", 100, keno_bet), (lucky, "AMD", 10000, lucky_bet)):
                rid, due = _setup_draw(p, table, n, cur, stake, run, bet, now)
                _bench_settle(p, admin, name, table, n, rid, due)
        rid, _due = _setup_draw(p, keno, n, "EUR", 100, runs, keno_bet, start + timedelta(hours=runs))
        _bench_void(p, admin, name, keno, n, rid)
        p.db.dispose()
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    main()
