"""Load benchmark of the bet API over loopback, the load coming from this (second) process.

For each store it starts ``croupier serve`` as a subprocess (SQLite: 1 worker, the embedded store
is one process; PostgreSQL: 2 workers with Redis fan-out), registers players, deposits, then fires
bets with bounded concurrency for a bounded count and time, and prints accepted bets/s and the
p50/p99 latency of

* ``POST /api/rounds`` — a single-player roulette round: debit, draw, settle, history, one commit;
* ``POST /api/tables/<id>/bets`` — a bet on the open round of a shared table.

Environment: ``BENCH_API_REQUESTS`` (default 1500 per endpoint), ``BENCH_API_SECONDS`` (20),
``BENCH_API_CONCURRENCY`` (32), ``BENCH_API_STORES`` ("sqlite,postgresql").
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from typing import Any

import httpx

PG_ADMIN = os.environ.get("CROUPIER_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("CROUPIER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg(sql: str) -> None:
    from sqlalchemy import create_engine, text

    eng = create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(text(sql))
    eng.dispose()


def _key() -> dict[str, str]:
    return {"Idempotency-Key": uuid.uuid4().hex}


async def _setup_players(client: httpx.AsyncClient, n: int) -> list[dict[str, str]]:
    out = []
    for i in range(n):
        login = f"bench{i}{uuid.uuid4().hex[:6]}"
        r = await client.post("/api/players", headers=_key(), json={
            "login": login, "password": "password123", "date_of_birth": "1980-01-01",
            "document_number": f"B{uuid.uuid4().hex[:12]}", "currency": "EUR"})
        r.raise_for_status()
        r = await client.post("/api/sessions", headers=_key(),
                              json={"login": login, "password": "password123"})
        r.raise_for_status()
        h = {"Authorization": f"Bearer {r.json()['token']}"}
        r = await client.post("/api/deposits", headers={**h, **_key()}, json={"amount": "100000.00"})
        r.raise_for_status()
        out.append(h)
    for h in out:  # wait for the simulated provider's confirmations
        for _ in range(200):
            if (await client.get("/api/wallet", headers=h)).json()["pending_deposits_minor"] == 0:
                break
            await asyncio.sleep(0.05)
    return out


async def _load(client: httpx.AsyncClient, players: list[dict[str, str]], path: str,
                body: dict[str, Any], total: int, seconds: float, concurrency: int) -> dict[str, Any]:
    latencies: list[float] = []
    accepted = refused = errors = 0
    counter = iter(range(total))
    deadline = time.perf_counter() + seconds

    async def worker(w: int) -> None:
        nonlocal accepted, refused, errors
        h = players[w % len(players)]
        for _ in counter:
            if time.perf_counter() > deadline:
                return
            t0 = time.perf_counter()
            try:
                r = await client.post(path, headers={**h, **_key()}, json=body)
            except httpx.HTTPError:
                errors += 1
                continue
            latencies.append(time.perf_counter() - t0)
            if r.status_code == 201:
                accepted += 1
            else:
                refused += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(worker(w) for w in range(concurrency)))
    elapsed = time.perf_counter() - t0
    latencies.sort()
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {"accepted": accepted, "refused": refused, "errors": errors, "seconds": elapsed,
            "rate": accepted / elapsed if elapsed else 0.0,
            "p50_ms": q[49] * 1000, "p99_ms": q[98] * 1000}


async def _bench(base: str, concurrency: int, total: int, seconds: float) -> dict[str, dict[str, Any]]:
    limits = httpx.Limits(max_connections=concurrency + 8, max_keepalive_connections=concurrency + 8)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        players = await _setup_players(client, min(concurrency, 32))
        slip = {"bets": [{"code": "red", "stake": "1.00", "target": []},
                         {"code": "straight", "stake": "0.10", "target": [17]}]}
        warm = await _load(client, players, "/api/rounds", {**slip, "game": "roulette",
                                                             "variant": "european"}, 50, 10, 4)
        del warm
        out = {"rounds": await _load(client, players, "/api/rounds",
                                     {**slip, "game": "roulette", "variant": "european"},
                                     total, seconds, concurrency)}
        out["table bets"] = await _load(client, players, "/api/tables/european-eur/bets", slip,
                                        total, seconds, concurrency)
        return out


def run_store(store: str, concurrency: int, total: int, seconds: float) -> None:
    env = dict(os.environ)
    env.update({"CROUPIER_ARGON2_FAST": "1", "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0",
                "CROUPIER_BETTING_SECONDS": "3600"})
    tmp = tempfile.mkdtemp(prefix="croupier-bench-")
    pg_name = None
    workers = 1
    if store == "sqlite":
        env["CROUPIER_DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
        env.pop("CROUPIER_REDIS_URL", None)
    else:
        pg_name = f"croupier_bench_{uuid.uuid4().hex[:8]}"
        try:
            _pg(f'CREATE DATABASE "{pg_name}"')
        except Exception as exc:  # noqa: BLE001
            print(f"  {store}: skipped (PostgreSQL not reachable: {exc})")
            return
        env["CROUPIER_DATABASE_URL"] = PG_ADMIN.rsplit("/", 1)[0] + "/" + pg_name
        env["CROUPIER_REDIS_URL"] = REDIS
        workers = 2
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "croupier.cli", "serve", "--port", str(port), "--workers",
         str(workers), "--quiet"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None:
                raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "server died")
            time.sleep(0.1)
        time.sleep(1.0)  # let every worker finish its start-up
        results = asyncio.run(_bench(base, concurrency, total, seconds))
        for name, r in results.items():
            print(f"  {store:<10} {workers} worker{'s' if workers > 1 else ' '} {name:<10}: "
                  f"{r['rate']:8.1f} accepted bets/s  p50 {r['p50_ms']:6.1f} ms  "
                  f"p99 {r['p99_ms']:6.1f} ms  ({r['accepted']} accepted, {r['refused']} refused, "
                  f"{r['errors']} transport errors, "
                  f"{r['seconds']:.1f} s, concurrency {concurrency})", flush=True)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        if pg_name:
            _pg(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')


def main() -> None:
    concurrency = int(os.environ.get("BENCH_API_CONCURRENCY", "32"))
    total = int(os.environ.get("BENCH_API_REQUESTS", "1500"))
    seconds = float(os.environ.get("BENCH_API_SECONDS", "20"))
    stores = os.environ.get("BENCH_API_STORES", "sqlite,postgresql").split(",")
    for store in stores:
        run_store(store.strip(), concurrency, total, seconds)


if __name__ == "__main__":
    main()
