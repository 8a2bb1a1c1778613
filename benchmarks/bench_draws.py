"""Draw settlement on PostgreSQL (issue 20): N tickets (one player each, the worst case: one
play per ticket) on one draw, then the draw is resulted and settled in batches by
``platform.draws.settle_chunk`` - statements per batch, never per ticket. Prints tickets settled
per second (the target is 50,000/s), the machine's load average (the figure depends on it:
compare runs on an idle machine), and the CPU time the settlement took in this process (Python)
and in the PostgreSQL backends serving it (read from /proc when the server runs on this machine),
so that a loaded machine's figure can be judged. Two draws: Keno 10 in EUR (10 random numbers a
ticket) and Lucky 6 with 48 balls in AMD (a mix of its bets, feeding its three jackpot funds).
Also the time of the exact keno tables of every pick count.

Setup rows are written in bulk, then ``ANALYZE`` (as autovacuum would), neither timed.
Environment: ``BENCH_DRAWS_TICKETS`` (100000), ``BENCH_DRAWS_PG`` (admin URL, default
postgresql+psycopg://postgres@127.0.0.1:5432/postgres). A database of its own is created and dropped.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any, cast


def exact_tables() -> None:
    from croupier.games.draws.hypergeom import hit_distribution
    from croupier.games.draws.keno.exact import exact
    from croupier.games.registry import load_variant

    variants = [load_variant("keno", name) for name in ("keno8", "keno10", "keno_gold")]
    t = time.perf_counter()
    for v in variants:
        hit_distribution.cache_clear()
        exact(v)
    print(f"exact keno tables (3 variants, every pick count): {time.perf_counter() - t:.3f} s")


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


def _bench_draw(p: Any, admin: Any, db: str, table: Any, n: int, cur: str, stake: int,
                bet_of: Callable[[Any, int], tuple[str, list[Any]]], now: datetime) -> None:
    from sqlalchemy import Table, func, select, text

    from croupier.platform import draws as D
    from croupier.platform import jackpots, tables
    from croupier.platform.ledger import Ledger, system_code
    from croupier.store import bulk
    from croupier.store.models import Account, Bet, GameTable, Play, Player

    variant = p.read(lambda s: D._draw_table(s, table.id)[2])
    every = D.schedule_of(variant).every_seconds
    number = int(now.timestamp()) // every + 1
    tag = table.id

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
    with p.db.write.connect() as c:
        c.execute(text("COMMIT"))
        c.execute(text("ANALYZE"))
    due = datetime.fromtimestamp(number * every, UTC)
    p.run(lambda s: tables.close_round(s, rid, due))
    load = os.getloadavg()
    server0 = _backend_cpu(admin, db)
    cpu0, t0 = time.process_time(), time.perf_counter()
    p.run(lambda s: tables.result_round(s, rid, due))
    batches = 0
    while True:
        batches += 1
        chunk = p.run(lambda s: D.settle_chunk(s, rid, due))
        if chunk.done:
            break
    dt, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    server1 = _backend_cpu(admin, db)
    server = sum(v - server0.get(pid, 0.0) for pid, v in server1.items())
    left = p.read(lambda s: s.scalar(select(func.count(Play.id)).where(Play.round_id == rid,
                                                                       Play.status == "open")))
    paid = p.read(lambda s: s.scalar(select(func.coalesce(func.sum(Play.returned_total), 0))
                                     .where(Play.round_id == rid)))
    print(f"draw settlement, PostgreSQL, {table.game}/{table.variant} {cur}: {n:,} tickets in {batches} "
          f"batches, {dt:.2f} s, {n / dt:,.0f} tickets/s (target 50,000/s); CPU {cpu:.2f} s Python + "
          f"{server:.2f} s PostgreSQL backend = {n / max(cpu + server, 1e-9):,.0f} tickets per CPU-second; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores; "
          f"returned {paid:,}; open plays left: {left}; ledger audit {p.audit().total}")


def main() -> None:
    exact_tables()
    import numpy as np
    from sqlalchemy import create_engine, text

    from croupier.platform.config import Settings, TableConfig
    from croupier.platform.service import Platform

    n = int(os.environ.get("BENCH_DRAWS_TICKETS", "100000"))
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
        now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
        rng = np.random.default_rng(1)

        def keno_bet(_v: Any, _i: int) -> tuple[str, list[Any]]:
            return "keno", [int(x) for x in rng.choice(np.arange(1, 81), size=10, replace=False)]

        from croupier.games.registry import game
        from croupier.platform import draws as D

        engine: Any = game("lucky6_48").engine
        offered = list(engine.spec.offered(p.read(lambda s: D._draw_table(s, lucky.id)[2])))

        def lucky_bet(v: Any, i: int) -> tuple[str, list[Any]]:
            b = offered[i % len(offered)]
            return b.code, list(b.target.example(v))

        _bench_draw(p, admin, name, keno, n, "EUR", 100, keno_bet, now)
        _bench_draw(p, admin, name, lucky, n, "AMD", 10000, lucky_bet, now)
        p.db.dispose()
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    main()
