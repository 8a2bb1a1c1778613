"""Draw settlement on PostgreSQL (issue 20): N tickets (one player each, the worst case: one
play per ticket) on one keno draw, then the draw is resulted and settled in batches by
``platform.draws.settle_chunk`` - statements per batch, never per ticket. Prints tickets settled
per second (the target is 50,000/s; the figure depends on the machine's load: compare runs on
an idle machine) and the time of the exact keno tables of every pick count.

Setup rows are written in bulk and not timed. Environment: ``BENCH_DRAWS_TICKETS`` (100000),
``BENCH_DRAWS_PG`` (admin URL, default postgresql+psycopg://postgres@127.0.0.1:5432/postgres).
A database of its own is created and dropped.
"""

from __future__ import annotations

import os
import time
import uuid
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


def main() -> None:
    exact_tables()
    import numpy as np
    from sqlalchemy import Table, create_engine, select, text

    from croupier.platform import draws as D
    from croupier.platform import tables
    from croupier.platform.config import Settings, TableConfig
    from croupier.platform.service import Platform
    from croupier.store import bulk
    from croupier.store.models import Account, Bet, GameTable, Play, Player

    n = int(os.environ.get("BENCH_DRAWS_TICKETS", "100000"))
    admin_url = os.environ.get("BENCH_DRAWS_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    name = f"croupier_bench_draws_{uuid.uuid4().hex[:8]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        keno = TableConfig("keno-bench", "Keno bench", "keno", "keno10", "EUR")
        p = Platform(Settings(database_url=f"{admin_url.rsplit('/', 1)[0]}/{name}", argon2_fast=True,
                              run_tables=False, deposit_confirm_seconds=0.0, rate_limits=False,
                              tables=(keno,)))
        p.migrate()
        now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
        number = int(now.timestamp()) // 60 + 1

        def setup(s: Any) -> int:
            t = s.get(GameTable, keno.id)
            v = D._draw_table(s, keno.id)[2]
            rnd = D.ensure_draw(s, t, v, number, now)
            conn = s.connection()
            rng = np.random.default_rng(1)
            ids = bulk.insert_returning(conn, cast(Table, Player.__table__), [
                {"login": f"b{i}", "password_hash": "x", "date_of_birth": date(1980, 1, 1),
                 "document_number": f"D{i}", "currency": "EUR", "created_at": now} for i in range(n)],
                ("id",))
            pids = sorted(int(r[0]) for r in ids)
            bulk.insert_rows(conn, cast(Table, Account.__table__), [
                {"code": f"player:{pid}:{kind}", "kind": f"player_{kind}", "player_id": pid,
                 "currency": "EUR", "balance": 0} for pid in pids for kind in ("cash", "bonus")])
            plays = bulk.insert_returning(conn, cast(Table, Play.__table__), [
                {"round_id": rnd.id, "player_id": pid, "currency": "EUR", "status": "open",
                 "stake_total": 100, "created_at": now} for pid in pids], ("id",))
            bulk.insert_rows(conn, cast(Table, Bet.__table__), [
                {"play_id": int(r[0]), "seq": 0, "slip_key": "bench", "code": "keno",
                 "target": [int(x) for x in rng.choice(np.arange(1, 81), size=10, replace=False)],
                 "stake": 100, "created_at": now} for r in plays])
            return int(rnd.id)

        rid = p.run(setup)
        due = datetime.fromtimestamp(number * 60, UTC)
        p.run(lambda s: tables.close_round(s, rid, due))
        t0 = time.perf_counter()
        p.run(lambda s: tables.result_round(s, rid, due))
        batches = 0
        while True:
            batches += 1
            chunk = p.run(lambda s: D.settle_chunk(s, rid, due))
            if chunk.done:
                break
        dt = time.perf_counter() - t0
        audit = p.read(lambda s: s.execute(select(Play.status).where(Play.round_id == rid,
                                                                     Play.status == "open")).all())
        print(f"draw settlement, PostgreSQL: {n:,} tickets in {batches} batches, {dt:.2f} s, "
              f"{n / dt:,.0f} tickets/s (target 50,000/s); open plays left: {len(audit)}")
        p.db.dispose()
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    main()
