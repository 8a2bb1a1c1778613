"""Card room load test (issue 21): ``BENCH_CARDROOM_TABLES`` (100) poker tables of 6 bots each,
run by their table runners in one server process (one event loop, the database work in
threads, as in the server), for ``BENCH_CARDROOM_SECONDS`` (20) of wall time.

Each bot decides ``BENCH_CARDROOM_THINK`` (0.25) seconds after its turn comes; the **decision
latency** is from that moment to the new table state published on the table's channel (the
engine's step, the deals it triggers, the state message with every player's private part, the
broker's JSON round trip) - so the event loop's lag in serving 100 tables is in it. Hands are
settled in the store (ledger, record, monitoring) between them. Target (issue 21): p99 < 50 ms.
The process tunes its garbage collector as ``croupier serve`` does at start (platform/gctuning.py),
and collects once after seating (a server's seating happened long before its tables play); the
collector's pauses during the run are printed (a full collection of a large heap stalls the loop).

Prints the latency p50/p99/max, decisions and hands per second, CPU seconds used, the machine's
load average, and the ledger audit after the run (sum zero, every pot account empty).
``BENCH_CARDROOM_DB``: a database URL (default: a SQLite file in a temporary folder).

Then a **Rush & Cash** pool (000 §12.12.3): ``BENCH_CARDROOM_RUSH_BOTS`` (60; 0 skips it) bots in
one pool of hands of six, run by the pool's runner for the same time; besides the bots' own
folds, a seeded source fast-folds a random player out of turn every ``think`` / 4 seconds. It
prints hands and decisions per second, the fast folds, the decision latency, and the ledger
(the pool's pot accounts empty after the hands cut by the stop are voided).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import date
from typing import Any

from croupier.platform.gctuning import tune_gc


@contextlib.contextmanager
def _gc_pauses() -> Iterator[list[tuple[int, float]]]:
    """Each garbage-collector pause while the block runs: (generation, ms)."""
    out: list[tuple[int, float]] = []
    began = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            out.append((info["generation"], (time.perf_counter() - began[0]) * 1000))

    gc.callbacks.append(watch)
    try:
        yield out
    finally:
        gc.callbacks.remove(watch)


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def _setup(p: Any, n_tables: int) -> dict[str, dict[int, Any]]:
    from croupier.games.pvp.poker.bots import preset
    from croupier.platform.cardroom import seats, tables
    from croupier.rng.source import seeded

    out: dict[str, dict[int, Any]] = {}
    habits = ("loose", "tight", "calling", "maniac", "loose", "tight")
    for t in range(n_tables):
        tid = f"bench-{t:03d}"
        p.run(lambda s, tid=tid: tables.ensure_table(s, tables.TableSpec(
            tid, tid, "holdem", "no_limit", "EUR", 20, decision_ms=15_000)))
        bots: dict[int, Any] = {}
        for i in range(6):
            login = f"b{t}x{i}{uuid.uuid4().hex[:4]}"
            p.register(login, "password123", date(1980, 1, 1), f"BENCH{uuid.uuid4().hex[:12]}", "EUR")
            player = p.authenticate(p.login(login, "password123")["token"])
            dep = p.run(lambda s, pl=player: p.deposit_in(s, pl, "1000"))
            p.confirm_deposit(dep["id"])
            p.run(lambda s, pl=player, tid=tid, i=i: seats.buy_in(s, pl, tid, i, 2000, p.clock()))
            bots[player.id] = preset(habits[i], seeded(t * 10 + i))
        out[tid] = bots
    return out


async def _run(p: Any, bots: dict[str, dict[int, Any]], seconds: float, think: float) -> tuple[list[float], list[Any]]:
    from croupier.platform.cardroom.runner import TableRunner
    from croupier.platform.events import Hub, LocalBroker

    hub = Hub()
    broker = LocalBroker()
    await broker.start(hub.deliver)
    latencies: list[float] = []
    runners = [TableRunner(p, broker.publish, tid, bots=b, bot_delay=think, between_hands=0.5,
                           latencies=latencies) for tid, b in bots.items()]
    stop = asyncio.Event()
    tasks = [asyncio.create_task(r.run(stop)) for r in runners]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return latencies, runners


def _rush_setup(p: Any, n_bots: int) -> dict[int, Any]:
    from croupier.games.pvp.poker.bots import preset
    from croupier.platform.cardroom import rush, tables
    from croupier.rng.source import seeded

    p.run(lambda s: tables.ensure_table(s, tables.TableSpec(
        "bench-rush", "bench-rush", "holdem", "no_limit", "EUR", 20, format="rush", pool="bench-rush",
        decision_ms=15_000)))
    habits = ("loose", "tight", "calling", "maniac")
    bots: dict[int, Any] = {}
    for i in range(n_bots):
        login = f"r{i}x{uuid.uuid4().hex[:6]}"
        p.register(login, "password123", date(1980, 1, 1), f"RUSH{uuid.uuid4().hex[:12]}", "EUR")
        player = p.authenticate(p.login(login, "password123")["token"])
        dep = p.run(lambda s, pl=player: p.deposit_in(s, pl, "1000"))
        p.confirm_deposit(dep["id"])
        p.run(lambda s, pl=player: rush.join(s, pl, "bench-rush", 2000, p.clock()))
        bots[player.id] = preset(habits[i % 4], seeded(5000 + i))
    return bots


async def _rush_run(p: Any, bots: dict[int, Any], seconds: float, think: float) -> tuple[list[float], Any, int]:
    from croupier.errors import IllegalAction
    from croupier.platform.cardroom.rush_runner import PoolRunner
    from croupier.platform.events import Hub, LocalBroker
    from croupier.rng.source import seeded

    hub = Hub()
    broker = LocalBroker()
    await broker.start(hub.deliver)
    latencies: list[float] = []
    r = PoolRunner(p, broker.publish, "bench-rush", bots=bots, bot_delay=think, gather=0.5,
                   latencies=latencies)
    stop = asyncio.Event()
    task = asyncio.create_task(r.run(stop))
    rng = seeded("bench-rush-fast-folds")
    folds = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        await asyncio.sleep(think / 4)
        hands = [h for h in r.hands.values() if not h.live.finished]
        if not hands:
            continue
        h = hands[rng.randbelow(len(hands))]
        st = h.live.state
        cands = [x for i, x in enumerate(st.setup.seats)
                 if not st.folded[i] and st.stacks[i] > 0 and x not in h.released]
        if not cands:
            continue
        seat = cands[rng.randbelow(len(cands))]
        try:
            await r.act(h.live.start.seat_players[seat], h.live.hand_id, "fast_fold", {}, None)
            folds += 1
        except IllegalAction:
            pass
    stop.set()
    r.wake.set()
    for h in list(r.hands.values()):
        h.wake.set()
    await asyncio.gather(task, return_exceptions=True)
    return latencies, r, folds


def _rush_bench(p: Any, n_bots: int, seconds: float, think: float) -> None:
    from croupier.platform.cardroom import rush
    from croupier.platform.cardroom.accounts import pot_code
    from croupier.platform.ledger import Ledger

    bots = _rush_setup(p, n_bots)
    load0 = os.getloadavg()
    cpu0 = time.process_time()
    w0 = time.perf_counter()
    latencies, r, folds = asyncio.run(_rush_run(p, bots, seconds, think))
    wall = time.perf_counter() - w0
    cpu = time.process_time() - cpu0
    load1 = os.getloadavg()
    p.run(lambda s: rush.recover(s, "bench-rush", p.clock()))
    ms = [x * 1000 for x in latencies]
    print(f"Rush & Cash: {n_bots} bots in one pool (hands of 6), {wall:.1f} s: hands {r.hands_played} "
          f"({r.hands_played / wall:.1f}/s), decisions {r.decisions} ({r.decisions / wall:.0f}/s), "
          f"random fast folds {folds}; CPU {cpu:.1f} s ({r.hands_played / max(cpu, 1e-9):.1f} hands/CPU-s)")
    print(f"  decision latency p50 {_pct(ms, 0.50):.2f} ms, p99 {_pct(ms, 0.99):.2f} ms, "
          f"max {max(ms) if ms else float('nan'):.2f} ms; load average {load0[0]:.2f} -> {load1[0]:.2f}")
    tids = p.read(lambda s: [c.table_id for c in rush.pool_tables(s, "bench-rush")])
    pots = [p.read(lambda s, t=t: Ledger(s).balance(pot_code(t))) if _has(p, pot_code(t)) else 0 for t in tids]
    audit = p.audit()
    print(f"  pool tables used {len(tids)}; ledger: sum {audit.total}, mismatched {len(audit.mismatched)}, "
          f"pool pots not empty {sum(1 for x in pots if x)}")


def _has(p: Any, code: str) -> bool:
    from sqlalchemy import select

    from croupier.store.models import Account

    return bool(p.read(lambda s: s.scalar(select(Account.id).where(Account.code == code)) is not None))


def main() -> None:
    from sqlalchemy import func, select

    from croupier.platform.cardroom import hands
    from croupier.platform.config import Settings
    from croupier.platform.service import Platform
    from croupier.store.models import Account, Transfer

    n_tables = int(os.environ.get("BENCH_CARDROOM_TABLES", "100"))
    seconds = float(os.environ.get("BENCH_CARDROOM_SECONDS", "20"))
    think = float(os.environ.get("BENCH_CARDROOM_THINK", "0.25"))
    folder = tempfile.mkdtemp(prefix="croupier-cardroom-bench-")
    url = os.environ.get("BENCH_CARDROOM_DB", f"sqlite:///{folder}/bench.sqlite3")
    tune_gc()  # as `croupier serve` does at start
    p = Platform(Settings(database_url=url, tables=(), run_tables=False, argon2_fast=True,
                          deposit_confirm_seconds=0.0, rate_limits=False))
    p.migrate()
    from croupier.platform.cardroom.runner import warm_up

    warm_up()  # the evaluator's tables, built once per process (the server does it at start)
    t0 = time.perf_counter()
    bots = _setup(p, n_tables)
    print(f"card room: {n_tables} tables x 6 bots seated in {time.perf_counter() - t0:.1f} s "
          f"({p.db.dialect}); running {seconds:.0f} s, bots think {think:.2f} s", flush=True)
    gc.collect()  # the seating's objects are old by the time a server's tables play (gen 2)
    load0 = os.getloadavg()
    cpu0 = time.process_time()
    w0 = time.perf_counter()
    with _gc_pauses() as pauses:
        latencies, runners = asyncio.run(_run(p, bots, seconds, think))
    wall = time.perf_counter() - w0
    cpu = time.process_time() - cpu0
    load1 = os.getloadavg()
    for tid in bots:  # hands cut by the stop are voided, as a runner taking over would
        p.run(lambda s, tid=tid: hands.recover(s, tid, p.clock()))
    decisions = sum(r.decisions for r in runners)
    played = sum(r.hands_played for r in runners)
    ms = [x * 1000 for x in latencies]
    print(f"  decisions {decisions} ({decisions / wall:.0f}/s), hands {played} ({played / wall:.1f}/s), "
          f"CPU {cpu:.1f} s of {wall:.1f} s wall ({100 * cpu / wall:.0f}% of a core)")
    print(f"  decision latency p50 {_pct(ms, 0.50):.2f} ms, p90 {_pct(ms, 0.90):.2f} ms, "
          f"p99 {_pct(ms, 0.99):.2f} ms, "
          f"max {max(ms) if ms else float('nan'):.2f} ms (target p99 < 50 ms: "
          f"{'met' if ms and _pct(ms, 0.99) < 50 else 'NOT met'})")
    print(f"  decisions over 50 ms: {sum(1 for x in ms if x > 50)} of {len(ms)}; "
          f"first 10 s excluded p99: {_pct(ms[len(ms) // 4:], 0.99):.2f} ms")
    print(f"  load average before {load0[0]:.2f}, after {load1[0]:.2f} (2 cores, shared); garbage "
          f"collector pauses: {len(pauses)}, over 10 ms {sum(1 for _, x in pauses if x > 10)}, longest "
          f"{max((x for _, x in pauses), default=0):.1f} ms, full (generation 2) {sum(1 for g, _ in pauses if g == 2)}")
    audit = p.audit()
    pots = p.read(lambda s: [
        int(s.scalar(select(func.coalesce(func.sum(Transfer.amount), 0)).where(Transfer.credit_account_id == a.id)) or 0)
        - int(s.scalar(select(func.coalesce(func.sum(Transfer.amount), 0)).where(Transfer.debit_account_id == a.id)) or 0)
        for a in s.scalars(select(Account).where(Account.kind == "table_pot"))])
    print(f"  ledger: sum {audit.total}, mismatched {len(audit.mismatched)}, pots not empty "
          f"{sum(1 for x in pots if x)}, rake {p.system_balance('rake', 'EUR')} minor units")
    n_rush = int(os.environ.get("BENCH_CARDROOM_RUSH_BOTS", "60"))
    if n_rush:
        _rush_bench(p, n_rush, seconds, think)
    p.db.dispose()


if __name__ == "__main__":
    main()
