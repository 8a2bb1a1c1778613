"""Crash round under load (issue 17): N players bet in one round, then their cash-outs arrive
spread over the running phase (and some after the crash) from concurrent threads; each request
is one transaction through the round row's lock (the serialisation point). Prints the cash-out
latency p50/p99 and checks that no cash-out received after the crash was paid.

The server clock is simulated (each request carries its receive time, in order), the latency is
real wall time on PostgreSQL. Environment: ``BENCH_CRASH_PLAYERS`` (1000), ``BENCH_CRASH_THREADS``
(16), ``BENCH_CRASH_PG`` (admin URL, default postgresql+psycopg://postgres@127.0.0.1:5432/postgres).
A database of its own is created and dropped.
"""

from __future__ import annotations

import os
import queue
import threading
import time
import uuid
from datetime import UTC, date, datetime, timedelta
from typing import Any


def main() -> None:
    import numpy as np
    from sqlalchemy import create_engine, text

    from croupier.errors import CroupierError
    from croupier.games.crash.chain import crash_point, make_chain
    from croupier.games.registry import load_variant
    from croupier.platform import crash as C
    from croupier.platform.config import Settings
    from croupier.platform.rounds import SlipBet
    from croupier.platform.service import Platform
    from croupier.platform.tables import place_bets
    from croupier.store.models import Play, Round

    n = int(os.environ.get("BENCH_CRASH_PLAYERS", "1000"))
    threads = int(os.environ.get("BENCH_CRASH_THREADS", "16"))
    admin_url = os.environ.get("BENCH_CRASH_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
    name = f"croupier_bench_crash_{uuid.uuid4().hex[:8]}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        p = Platform(Settings(database_url=f"{admin_url.rsplit('/', 1)[0]}/{name}", argon2_fast=True,
                              run_tables=False, deposit_confirm_seconds=0.0, rate_limits=False))
        p.migrate()
        v = load_variant("crash", "standard")
        salt = "bench"
        top = next(f"{i:064x}" for i in range(100_000)
                   if 500 <= crash_point(v, make_chain(3, f"{i:064x}")[0], salt) <= 2000)
        t0 = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
        p.run(lambda s: C.ensure_crash_table(s, "bench", "Bench", "crash", "standard", "EUR"))
        p.run(lambda s: C.publish_chain(s, "bench", t0, 3, salt, last_seed=top))
        rid = p.run(lambda s: C.open_round(s, "bench", t0).id)

        t = time.perf_counter()
        players: list[Any] = []
        lock = threading.Lock()

        def make(i: int) -> None:
            login = f"b{i}_{uuid.uuid4().hex[:4]}"
            p.register(login, "password123", date(1980, 1, 1), f"BENCHDOC{i:06d}", "EUR")
            pl = p.authenticate(p.login(login, "password123")["token"])
            dep = p.run(lambda s: p.deposit_in(s, pl, "100.00"))
            p.confirm_deposit(dep["id"])
            p.run(lambda s: place_bets(s, pl, "bench", [SlipBet("bet", "1.00", ())], t0 + timedelta(seconds=1)))
            with lock:
                players.append(pl)

        _pool(make, list(range(n)), threads)
        print(f"{n} players registered, funded and bet in {time.perf_counter() - t:.1f} s")
        start = t0 + timedelta(milliseconds=v.betting_ms)
        p.run(lambda s: C.start_round(s, rid, start))
        crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
        assert crash_at is not None
        span = (crash_at - start) * 1.2
        rng = np.random.default_rng(17)
        offsets = sorted(rng.uniform(0, 1, size=n).tolist())
        when = {pl.id: start + span * f for pl, f in zip(players, offsets, strict=True)}
        latencies: list[float] = []
        accepted: dict[int, datetime] = {}
        refused_late = 0

        def cash(pl: Any) -> None:
            nonlocal refused_late
            at = when[pl.id]
            t1 = time.perf_counter()
            try:
                p.run(lambda s: C.cash_out(s, pl, rid, 0, at))
                ok = True
            except CroupierError:
                ok = False
            dt = time.perf_counter() - t1
            with lock:
                latencies.append(dt)
                if ok:
                    accepted[pl.id] = at
                elif at >= crash_at:
                    refused_late += 1

        ordered = sorted(players, key=lambda pl: when[pl.id])
        t = time.perf_counter()
        _pool(cash, ordered, threads)
        wall = time.perf_counter() - t
        p.run(lambda s: C.crash_if_due(s, rid, crash_at))
        paid_late = p.read(lambda s: sum(
            1 for play in s.query(Play).filter_by(round_id=rid)
            if (play.returned_total or 0) > 0 and when[play.player_id] >= crash_at))
        lat = np.array(latencies) * 1000
        late = sum(1 for pl in players if when[pl.id] >= crash_at)
        print(f"cash-outs: {n} requests from {threads} threads in {wall:.2f} s = {n / wall:,.0f}/s; "
              f"latency p50 {np.percentile(lat, 50):.1f} ms, p99 {np.percentile(lat, 99):.1f} ms "
              f"(PostgreSQL)")
        print(f"accepted {len(accepted)}, arrived after the crash {late} (refused {refused_late}), "
              f"paid after the crash: {paid_late}; ledger total {p.audit().total}")
        p.db.dispose()
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _pool(fn: Any, items: list[Any], threads: int) -> None:
    q: queue.Queue[Any] = queue.Queue()
    for it in items:
        q.put(it)
    errors: list[BaseException] = []

    def worker() -> None:
        while True:
            try:
                it = q.get_nowait()
            except queue.Empty:
                return
            try:
                fn(it)
            except BaseException as exc:  # noqa: BLE001
                errors.append(exc)

    ts = [threading.Thread(target=worker) for _ in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if errors:
        raise errors[0]


if __name__ == "__main__":
    main()
