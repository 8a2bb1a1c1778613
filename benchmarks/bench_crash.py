"""Crash round under load (issue 17): N players bet in one round, then their cash-outs arrive
spread over the running phase - and 20% of them after the crash - while the table's ticker
executes the auto cash-outs of A more players as the multiplier reaches their targets, crashes the
round and closes it. The cash-outs go the route's way: each request is stamped with the server's
receive time on arrival and handed to the cash-out writer (platform/crash_writer.py), which
decides and writes the requests waiting together in one transaction (the group commit; the round
row's lock is the serialisation point with the crash). Prints the cash-out latency p50/p99, the
batches, the CPU time, the machine's load, how long the close took, and checks that every
accepted cash-out was credited before its answer and no cash-out after the crash was paid.

What it measures: the platform path of a cash-out (the writer and PostgreSQL), not HTTP (the
route adds its parsing, the player's identity and the WebSocket publication).

Open loop: the running phase (from its start to 1.2 x the crash time) is played in
``BENCH_CRASH_SECONDS`` of wall time; one client thread sends each request at its due time (the
server clock of a request - its receive time - is the running phase's time at the wall time it is
sent), whether or not earlier ones were answered: the writer's submit does not block, and the
answer is taken by a callback when the writer's commit is done. So the client adds no queueing of
its own; its lateness (sent - due) is printed. The latency of a request is from the time it was
due to its answer; the service time from the time it was sent. A ticker thread does every 20 ms
what the server's does (``crash.tick``'s steps on the same clock): the due auto cash-outs, the
crash (a short transaction), then the close.

Environment: ``BENCH_CRASH_PLAYERS`` (1000), ``BENCH_CRASH_AUTOS`` (250), ``BENCH_CRASH_SECONDS``
(4), ``BENCH_CRASH_WRITERS`` (2: the writer's threads, as the server's; 0 = the old path for comparison, one
transaction per request from ``BENCH_CRASH_THREADS`` (16) client threads, each blocking on its
answer), ``BENCH_CRASH_PAUSE`` (20: seconds between the setup - after an ANALYZE and a CHECKPOINT
- and the timed part, so the setup's own load has decayed), ``BENCH_CRASH_PG`` (admin URL,
default postgresql+psycopg://postgres@127.0.0.1:5432/postgres). A database of its own is created
and dropped.
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
    from croupier.games.crash.realtime import curve_of
    from croupier.games.registry import load_variant
    from croupier.platform import crash as C
    from croupier.platform.config import Settings
    from croupier.platform.crash_writer import CashOutWriter
    from croupier.platform.rounds import SlipBet
    from croupier.platform.service import Platform
    from croupier.platform.tables import place_bets
    from croupier.store.models import Play, Round

    n = int(os.environ.get("BENCH_CRASH_PLAYERS", "1000"))
    n_auto = int(os.environ.get("BENCH_CRASH_AUTOS", "250"))
    threads = int(os.environ.get("BENCH_CRASH_THREADS", "16"))
    seconds = float(os.environ.get("BENCH_CRASH_SECONDS", "4"))
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
        crash_k = crash_point(v, make_chain(3, top)[0], salt)
        # the auto players' targets: spread over x1.01 .. 1.2 x the crash point (some above it)
        autos = {i: 101 + (crash_k * 6 // 5 - 101) * (i - n) // max(1, n_auto) for i in range(n, n + n_auto)}
        players: list[Any] = []
        auto_players: dict[int, int] = {}  # player id -> auto target (hundredths)
        lock = threading.Lock()

        def make(i: int) -> None:
            login = f"b{i}_{uuid.uuid4().hex[:4]}"
            p.register(login, "password123", date(1980, 1, 1), f"BENCHDOC{i:06d}", "EUR")
            pl = p.authenticate(p.login(login, "password123")["token"])
            dep = p.run(lambda s: p.deposit_in(s, pl, "100.00"))
            p.confirm_deposit(dep["id"])
            auto = autos.get(i)
            target = () if auto is None else (f"{auto // 100}.{auto % 100:02d}",)
            p.run(lambda s: place_bets(s, pl, "bench", [SlipBet("bet", "1.00", target)], t0 + timedelta(seconds=1)))
            with lock:
                if auto is None:
                    players.append(pl)
                else:
                    auto_players[pl.id] = auto

        _pool(make, list(range(n + n_auto)), 8)
        print(f"{n} players registered, funded and bet in {time.perf_counter() - t:.1f} s "
              f"(and {n_auto} with an auto cash-out)")
        # the setup's writes out of the way before the timed part: statistics for the planner, a
        # checkpoint (not one in the middle of the run), and a pause for the machine's load
        with p.db.write.connect() as c:
            c.execute(text("ANALYZE"))
            c.execute(text("CHECKPOINT"))
            c.commit()
        time.sleep(float(os.environ.get("BENCH_CRASH_PAUSE", "20")))
        start = t0 + timedelta(milliseconds=v.betting_ms)
        p.run(lambda s: C.start_round(s, rid, start))
        crash_at = p.read(lambda s: C.crash_time(s.get(Round, rid)))
        assert crash_at is not None
        balances0 = p.read(lambda s: dict(s.execute(text(
            "SELECT player_id, balance FROM accounts WHERE kind = 'player_cash'")).all()))
        span = (crash_at - start) * 1.2
        rng = np.random.default_rng(17)
        offsets = sorted(rng.uniform(0, 1, size=n).tolist())
        due = {pl.id: f * seconds for pl, f in zip(players, offsets, strict=True)}  # wall s from w0
        writers = int(os.environ.get("BENCH_CRASH_WRITERS", "2"))
        writer = CashOutWriter(p, threads=writers) if writers else None
        latencies: list[float] = []
        before: list[bool] = []  # due before the crash time
        service: list[float] = []
        lateness: list[float] = []  # the client's own: sent - due
        accepted: dict[int, tuple[datetime, int]] = {}  # player -> receive time, credit
        refused_late = 0
        answered = threading.Semaphore(0)
        w0 = time.perf_counter() + 0.2

        def server_now() -> datetime:
            """The running phase's clock at this wall time (the server clock of the run)."""
            return start + span * ((time.perf_counter() - w0) / seconds)

        def record(pl: Any, due_at: float, t1: float, at: datetime, out: Any) -> None:
            nonlocal refused_late
            t2 = time.perf_counter()
            with lock:
                latencies.append(t2 - due_at)
                before.append(at < crash_at)
                service.append(t2 - t1)
                lateness.append(t1 - due_at)
                if isinstance(out, dict):
                    accepted[pl.id] = (at, int(out["returned_minor"]))
                elif at >= crash_at:
                    refused_late += 1
            answered.release()

        def send(pl: Any) -> None:
            """Send one request at its due time (stamped on arrival, as the route does)."""
            due_at = w0 + due[pl.id]
            pause = due_at - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            t1 = time.perf_counter()
            at = server_now()
            if writer is not None:
                fut = writer.submit(rid, C.CashOutRequest(pl.id, 0, at))
                fut.add_done_callback(lambda f, pl=pl, d=due_at, t1=t1, at=at: record(
                    pl, d, t1, at, f.exception() or f.result()))
                return
            try:
                out: Any = p.run(lambda s: C.cash_out(s, pl, rid, 0, at))
            except CroupierError as exc:
                out = exc
            record(pl, due_at, t1, at, out)

        stop = threading.Event()
        crashed: list[datetime] = []
        settle_s: list[float] = []
        auto_paid: dict[int, float] = {}  # auto player -> ms late behind its target's time
        auto_ticks: list[float] = []
        ticks: list[tuple[float, float]] = []  # (started, seconds) of every tick

        def ticker() -> None:
            """As the server's ticker (crash.tick's steps): the due auto cash-outs, the crash in
            a short transaction, the close on the next tick."""
            while not stop.is_set() and len(settle_s) < 2:
                now = server_now()
                t3 = time.perf_counter()
                if crashed:
                    p.run(lambda s, n=now: C.settle_crashed(s, rid, n))
                    settle_s.append(time.perf_counter() - t3)
                elif p.run(lambda s, n=now: C.crash_if_due(s, rid, n, settle=False)) is not None:
                    crashed.append(now)
                    settle_s.append(time.perf_counter() - t3)
                else:
                    paid = p.run(lambda s, n=now: C.pay_autos(s, rid, n))
                    if paid:
                        auto_ticks.append(time.perf_counter() - t3)
                    for out in paid:
                        k = round(float(out["at"]) * 100)
                        due_wall = curve.time_of(k) * C.MS / span * seconds  # s after w0
                        ms_late = (time.perf_counter() - w0 - due_wall) * 1000
                        for pid in (q for q, a in auto_players.items() if a == k and q not in auto_paid):
                            auto_paid[pid] = ms_late
                ticks.append((t3, time.perf_counter() - t3))
                time.sleep(0.02)

        curve = curve_of(v)
        tick = threading.Thread(target=ticker)
        ordered = sorted(players, key=lambda pl: due[pl.id])
        load0 = os.getloadavg()
        print(f"machine load before the timed part (1, 5, 15 min): {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}")
        tick.start()
        cpu0 = time.process_time()
        _pool(send, ordered, 1 if writer is not None else threads)
        for _ in ordered:  # every answer in
            answered.acquire()
        wall = time.perf_counter() - w0
        cpu = time.process_time() - cpu0
        load1 = os.getloadavg()
        if writer is not None:
            writer.stop()
        tick.join(timeout=30)
        stop.set()
        tick.join()
        if not crashed:  # pragma: no cover - the ticker always crashes it within the run
            p.run(lambda s: C.crash_if_due(s, rid, crash_at))
        elif len(settle_s) < 2:  # pragma: no cover - stopped between the crash and its close
            p.run(lambda s: C.settle_crashed(s, rid, crash_at))
        returned = p.read(lambda s: {play.player_id: int(play.returned_total or 0)
                                     for play in s.query(Play).filter_by(round_id=rid)})
        # what each play is owed: its accepted cash-out's credit, or its auto target if reached
        owed = {pid: (accepted[pid][1] if pid in accepted else 0) for pid in (pl.id for pl in players)}
        owed.update({pid: (k if k <= crash_k else 0) for pid, k in auto_players.items()})
        paid_wrong = sum(1 for pid, r in returned.items() if r != owed[pid])
        late = p.read(lambda s: s.execute(text(
            "SELECT count(*) FROM crash_cash_outs WHERE round_id = :r AND received_at >= :c"),
            {"r": rid, "c": crash_at}).scalar_one())
        # a cash-out credited in its own transaction: its transfer carries its receive time
        credited_at_once = p.read(lambda s: s.execute(text(
            "SELECT count(*) FROM crash_cash_outs c JOIN transfers t ON t.idempotency_key = "
            "'cashout:' || c.play_id || ':' || c.bet || ':' || c.name AND t.amount > 0 "
            "AND t.created_at = c.received_at WHERE c.round_id = :r AND c.name = 'cash_out'"),
            {"r": rid}).scalar_one())
        after_close = p.read(lambda s: dict(s.execute(text(
            "SELECT player_id, balance FROM accounts WHERE kind = 'player_cash'")).all()))
        balance_wrong = sum(1 for pid, r in returned.items() if after_close[pid] != balances0[pid] + r)
        lat, svc, lag_c = (np.array(x) * 1000 for x in (latencies, service, lateness))

        def pct(a: Any) -> str:
            return f"p50 {np.percentile(a, 50):.1f} ms, p99 {np.percentile(a, 99):.1f} ms"

        how = (f"group-committed by the cash-out writer ({writers} thread(s); one client thread, "
               "open loop)" if writer is not None else
               f"one transaction each (the old path; {threads} blocking client threads)")
        print(f"cash-outs: {n} requests due over {seconds:.1f} s ({n / seconds:,.0f}/s), {how}, "
              f"done in {wall:.2f} s; PostgreSQL; load average {load0[0]:.2f} -> {load1[0]:.2f} "
              f"on {os.cpu_count()} cores; this process's CPU {cpu:.2f} s "
              f"({n / max(cpu, 1e-9):,.0f} requests per CPU-second, with the ticker and the close)")
        pre = np.array(before)
        print(f"  latency (due -> answer) {pct(lat)}; service (sent -> answer) {pct(svc)}; "
              f"client lateness (due -> sent) {pct(lag_c)}")
        if writer is not None:
            print(f"  writer: {writer.batches} transactions for {writer.requests} requests (mean "
                  f"{writer.requests / max(1, writer.batches):.1f}, largest {writer.largest}), "
                  f"{writer.busy * 1000 / max(1, writer.batches):.1f} ms each, "
                  f"{writer.fallbacks} fallbacks")
        took = (f"{settle_s[0] * 1000:.0f} ms, the close of {len(returned)} plays "
                f"{settle_s[1] * 1000:.0f} ms" if len(settle_s) == 2 else "-")
        print(f"  received before the crash: latency {pct(lat[pre])}; after: {pct(lat[~pre])}; "
              f"the crash (public at once) took {took} (in this process)")
        lag = np.array(list(auto_paid.values()) or [0.0])
        reached = sum(1 for k in auto_players.values() if k < crash_k)
        print(f"  auto cash-outs: {len(auto_paid)} of the {reached} whose target was below the crash "
              f"point executed and credited by the ticker before the crash, behind their target's "
              f"time by p50 {np.percentile(lag, 50):.0f} ms, p99 {np.percentile(lag, 99):.0f} ms "
              f"({len(auto_ticks)} ticks paid some, "
              f"p99 {np.percentile(np.array(auto_ticks or [0.0]) * 1000, 99):.1f} ms each)")
        gaps = [b[0] - a[0] for a, b in zip(ticks, ticks[1:], strict=False)] or [0.0]
        print(f"  the ticker: {len(ticks)} ticks, the longest {max(d for _t, d in ticks) * 1000:.0f} ms, "
              f"the longest time between two tick starts {max(gaps) * 1000:.0f} ms (20 ms + a tick)")
        late_ms = ((crashed[0] if crashed else crash_at) - crash_at) / C.MS
        speed = span.total_seconds() / seconds
        print(f"accepted {len(accepted)}, credited at its receive time {credited_at_once}, refused after the crash "
              f"{refused_late}; crashed by the ticker at +{late_ms:.0f} ms of the server clock (which runs "
              f"{speed:.1f} x the wall clock here: +{late_ms / speed:.0f} ms of wall time); ledger total "
              f"{p.audit().total}; plays paid other than owed {paid_wrong}, balances off {balance_wrong}")
        print(f"paid after crash: {late + paid_wrong}")
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
