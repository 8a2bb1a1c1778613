"""Load benchmark of the bet API over loopback, the load coming from this (second) process.

For each store it starts ``croupier serve`` as a subprocess (SQLite: 1 worker, the embedded store
is one process; PostgreSQL: 2 workers with Redis fan-out), registers players, deposits, then fires
requests with bounded concurrency for a bounded time, and prints, per endpoint:

* ``POST /api/tables/<id>/bets`` — a slip on the open round of a shared table;
* ``POST /api/rounds`` — a single-player roulette round: debit, draw, settle, history, one commit;

requests/s, accepted bets/s (accepted requests x bets per request), p50/p99 latency, the
concurrency, the bets per request, the load average, and the CPU each request cost the server
(all its workers), the PostgreSQL backends of the benchmark's database and this client.

Each one-bet endpoint is measured twice:

* a **closed loop** of ``BENCH_API_CONCURRENCY`` clients, each sending its next request when the
  last is answered: the server's capacity (the rate when it is never idle), with a latency that is
  the concurrency divided by that rate (Little's law);
* a **fixed rate** of ``BENCH_API_RATE`` requests/s (1,000: the target), sent on schedule whatever
  the answers (an open loop, as independent players send them), each latency counted from the
  request's scheduled time: the latency a player sees while the casino takes that many bets.

The headline figure is one bet per request. ``BENCH_API_SLIP_BETS`` > 1 adds a run of table bets
with that many bets per slip, labelled "slip of N" (accepted bets/s counts every bet of the slip).

The client is a raw asyncio HTTP/1.1 keep-alive client (one connection per concurrent stream,
requests pre-built as bytes, responses parsed by Content-Length) on uvloop when installed: it
costs about a tenth of the server's CPU per request (printed as ``client``), so on a 2-core
machine it is not what limits the figures.

Environment: ``BENCH_API_SECONDS`` (10 per endpoint), ``BENCH_API_CONCURRENCY`` (32),
``BENCH_API_PLAYERS`` (256; each request takes the next player, so a play holds few bets),
``BENCH_API_STORES`` ("sqlite,postgresql"), ``BENCH_API_SLIP_BETS`` (10; 0 or 1: none),
``BENCH_API_WORKERS_PG`` (2), ``BENCH_API_RATE`` (1000 requests/s; 0: no fixed-rate run),
``BENCH_API_RATE_CONNECTIONS`` (128 keep-alive connections for the fixed rate).
``CROUPIER_GROUP_COMMIT_STATS=1`` prints each worker's batch counts at the end.

Issue 24, several nodes: the store ``nodes`` (in ``BENCH_API_STORES`` by default) starts 1, 2,
then 3 ``croupier serve`` processes (``BENCH_API_NODES``, "1,2,3"; one worker each,
``CROUPIER_NODE=i/N``) on their own ports over one PostgreSQL database and one Redis, and drives
the table-bet endpoint in a closed loop with the connections dealt over the nodes in turn (a load
balancer's round robin): accepted bets/s and p99 per node count. On one machine the nodes share
its cores, so the figures show what the extra processes cost, not what extra machines would give
(docs/operations.md).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

PG_ADMIN = os.environ.get("CROUPIER_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("CROUPIER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
TICK = os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg(sql: str, dbname: str | None = None) -> list[Any]:
    from sqlalchemy import create_engine, text

    url = PG_ADMIN if dbname is None else PG_ADMIN.rsplit("/", 1)[0] + "/" + dbname
    eng = create_engine(url, isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        res = c.execute(text(sql))
        rows = list(res) if res.returns_rows else []
    eng.dispose()
    return rows


# -- CPU accounting from /proc ------------------------------------------------------------------


def _proc_cpu(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime
    except (OSError, IndexError, ValueError):
        return 0.0


def _tree(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    parents[int(name)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    out, todo = [root], [root]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parents.items() if pp == p]
        out += kids
        todo += kids
    return out


def _loadavg() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


# -- a lean HTTP/1.1 keep-alive client -----------------------------------------------------------


class _Conn(asyncio.Protocol):
    def __init__(self) -> None:
        self.buf = bytearray()
        self.waiter: asyncio.Future[tuple[int, bytes]] | None = None
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buf += data
        if self.waiter is None:
            return
        end = self.buf.find(b"\r\n\r\n")
        if end < 0:
            return
        head = bytes(self.buf[:end])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        if len(self.buf) < end + 4 + length:
            return
        body = bytes(self.buf[end + 4:end + 4 + length])
        del self.buf[:end + 4 + length]
        waiter, self.waiter = self.waiter, None
        if not waiter.done():
            waiter.set_result((int(head[9:12]), body))

    def connection_lost(self, exc: Exception | None) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(ConnectionError("connection closed"))

    async def request(self, data: bytes) -> tuple[int, bytes]:
        assert self.transport is not None
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(data)
        return await self.waiter


def _request(path: str, token: str, body: bytes) -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {token}\r\n"
            f"Idempotency-Key: {uuid.uuid4().hex}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


@dataclass
class Result:
    requests: int = 0
    accepted: int = 0
    refused: int = 0
    errors: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    codes: dict[str, int] = field(default_factory=dict)
    client_cpu: float = 0.0
    server_cpu: float = 0.0
    db_cpu: float = 0.0
    load_before: str = ""
    load_after: str = ""
    max_in_flight: int = 0

    def pct(self, q: float) -> float:
        if not self.latencies:
            return 0.0
        xs = sorted(self.latencies)
        return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000

    def record(self, status: int, reply: bytes, latency: float) -> None:
        self.latencies.append(latency)
        self.requests += 1
        if status == 201:
            self.accepted += 1
            return
        self.refused += 1
        try:
            code = str(json.loads(reply).get("code", status))
        except ValueError:
            code = str(status)
        self.codes[code] = self.codes.get(code, 0) + 1


async def _measure(port: int | list[int], connections: int,
                   drive: Callable[[Result, list[_Conn]], Awaitable[None]],
                   server_pids: list[int], db_pids: list[int]) -> Result:
    """Open ``connections`` keep-alive connections, let ``drive`` send the requests over them,
    and measure its time, the load average and the CPU of the client, server and database."""
    loop = asyncio.get_running_loop()
    conns = []
    ports = port if isinstance(port, list) else [port]
    for i in range(connections):  # several nodes: the connections dealt over them in turn
        _, proto = await loop.create_connection(_Conn, "127.0.0.1", ports[i % len(ports)])
        conns.append(proto)
    res = Result()
    res.load_before = _loadavg()
    cpu0 = time.process_time()
    srv0 = sum(_proc_cpu(p) for p in server_pids)
    db0 = sum(_proc_cpu(p) for p in db_pids)
    t0 = time.perf_counter()
    await drive(res, conns)
    res.seconds = time.perf_counter() - t0
    res.client_cpu = time.process_time() - cpu0
    res.server_cpu = sum(_proc_cpu(p) for p in server_pids) - srv0
    res.db_cpu = sum(_proc_cpu(p) for p in db_pids) - db0
    res.load_after = _loadavg()
    for c in conns:
        if c.transport is not None:
            c.transport.close()
    return res


async def _load(port: int | list[int], tokens: list[str], path: str, body: bytes, seconds: float,
                concurrency: int, server_pids: list[int], db_pids: list[int]) -> Result:
    """A closed loop: each connection sends its next request when the last is answered."""
    counter = iter(range(10**9))

    async def drive(res: Result, conns: list[_Conn]) -> None:
        stop_at = time.perf_counter() + seconds

        async def stream(conn: _Conn) -> None:
            while time.perf_counter() < stop_at:
                n = next(counter)
                data = _request(path, tokens[n % len(tokens)], body)
                t0 = time.perf_counter()
                try:
                    status, reply = await conn.request(data)
                except ConnectionError:
                    res.errors += 1
                    return
                res.record(status, reply, time.perf_counter() - t0)

        await asyncio.gather(*(stream(c) for c in conns))

    return await _measure(port, concurrency, drive, server_pids, db_pids)


async def _load_rate(port: int, tokens: list[str], path: str, body: bytes, seconds: float,
                     rate: float, max_conns: int, server_pids: list[int],
                     db_pids: list[int]) -> Result:
    """An open loop: requests are sent on a fixed schedule (one every ``1 / rate`` s), whatever
    the answers, as a crowd of independent players does. Each latency runs from the request's
    *scheduled* time, so a request that had to wait for a free connection (or for the client
    itself) counts that wait: a slow server cannot hide its queue by slowing the load down
    ("coordinated omission"). Connections are opened up front (``max_conns``, spread over the
    workers by the kernel) and each request takes an idle one."""

    async def drive(res: Result, conns: list[_Conn]) -> None:
        idle: asyncio.Queue[_Conn] = asyncio.Queue()
        for c in conns:
            idle.put_nowait(c)
        in_flight = 0

        async def one(n: int, due: float) -> None:
            nonlocal in_flight
            data = _request(path, tokens[n % len(tokens)], body)
            conn = await idle.get()
            in_flight += 1
            res.max_in_flight = max(res.max_in_flight, in_flight)
            try:
                status, reply = await conn.request(data)
            except ConnectionError:
                res.errors += 1
                return
            finally:
                in_flight -= 1
            idle.put_nowait(conn)
            res.record(status, reply, time.perf_counter() - due)

        t0 = time.perf_counter()
        tasks = []
        for n in range(int(rate * seconds)):
            due = t0 + n / rate
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            tasks.append(asyncio.create_task(one(n, due)))
        await asyncio.gather(*tasks)

    return await _measure(port, max_conns, drive, server_pids, db_pids)


async def _setup_players(base: str, n: int) -> list[str]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        async def one(i: int) -> str:
            key = {"Idempotency-Key": uuid.uuid4().hex}
            login = f"bench{i}{uuid.uuid4().hex[:6]}"
            r = await client.post("/api/players", headers=key, json={
                "login": login, "password": "password123", "date_of_birth": "1980-01-01",
                "document_number": f"B{uuid.uuid4().hex[:12]}", "currency": "EUR"})
            r.raise_for_status()
            r = await client.post("/api/sessions", headers={"Idempotency-Key": uuid.uuid4().hex},
                                  json={"login": login, "password": "password123"})
            r.raise_for_status()
            token = str(r.json()["token"])
            r = await client.post("/api/deposits", json={"amount": "100000.00"}, headers={
                "Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex})
            r.raise_for_status()
            return token

        tokens: list[str] = []
        for start in range(0, n, 16):
            tokens += await asyncio.gather(*(one(i) for i in range(start, min(n, start + 16))))
        for token in tokens:  # wait for the simulated provider's confirmations
            h = {"Authorization": f"Bearer {token}"}
            for _ in range(400):
                if (await client.get("/api/wallet", headers=h)).json()["pending_deposits_minor"] == 0:
                    break
                await asyncio.sleep(0.05)
        return tokens


def _slip(n: int) -> list[dict[str, Any]]:
    if n <= 1:
        return [{"code": "red", "stake": "1.00", "target": []}]
    return [{"code": "straight", "stake": "0.10", "target": [i % 37]} for i in range(n)]


def _scenarios(slip_bets: int) -> list[tuple[str, str, dict[str, Any], int]]:
    out = [("table bets", "/api/tables/european-eur/bets", {"bets": _slip(1)}, 1),
           ("rounds", "/api/rounds", {"bets": _slip(1), "game": "roulette",
                                      "variant": "european"}, 1)]
    if slip_bets > 1:
        out.append((f"table bets, slip of {slip_bets}", "/api/tables/european-eur/bets",
                    {"bets": _slip(slip_bets)}, slip_bets))
    return out


def run_store(store: str, concurrency: int, seconds: float, n_players: int,
              slip_bets: int, rate: float, rate_conns: int) -> None:
    env = dict(os.environ)
    env.update({"CROUPIER_ARGON2_FAST": "1", "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0",
                "CROUPIER_RATE_LIMITS": "0",
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
        workers = int(os.environ.get("BENCH_API_WORKERS_PG", "2"))
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
        tokens = asyncio.run(_setup_players(base, n_players))
        server_pids = _tree(proc.pid)
        gc = os.environ.get("CROUPIER_GROUP_COMMIT", "1") not in ("0", "false", "no", "off")
        print(f"  {store}: {workers} worker{'s' if workers > 1 else ''}"
              f"{' + Redis' if pg_name else ''}, {len(tokens)} players, concurrency "
              f"{concurrency}, {seconds:.0f} s per endpoint, group commit "
              f"{'on' if gc else 'off'}, {os.cpu_count()} CPUs", flush=True)
        for name, path, body, bets in _scenarios(slip_bets):
            raw = json.dumps(body).encode()
            asyncio.run(_load(port, tokens, path, raw, 1.0, min(concurrency, 8), [], []))  # warm-up
            db_pids = ([int(r[0]) for r in _pg(
                f"SELECT pid FROM pg_stat_activity WHERE datname = '{pg_name}'")]
                if pg_name else [])
            r = asyncio.run(_load(port, tokens, path, raw, seconds, concurrency, server_pids,
                                  db_pids))
            _print(store, name, r, bets, f"concurrency {concurrency}", bool(pg_name))
            if rate > 0 and bets == 1:
                r = asyncio.run(_load_rate(port, tokens, path, raw, seconds, rate, rate_conns,
                                           server_pids, db_pids))
                _print(store, f"{name} at {rate:g}/s", r, bets,
                       f"fixed rate, {r.max_in_flight} in flight at most", bool(pg_name))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        if os.environ.get("CROUPIER_GROUP_COMMIT_STATS") and proc.stderr is not None:
            for line in proc.stderr.read().decode().splitlines():  # each worker's batch counts
                if line.startswith("group commit:"):
                    print(f"  {store}: {line}")
        if pg_name:
            _pg(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')


def _wait_healthy(base: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(600):
        try:
            if httpx.get(base + "/readyz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "server died")
        time.sleep(0.1)
    raise RuntimeError(f"{base} did not become ready")


def run_nodes(counts: list[int], concurrency: int, seconds: float, n_players: int) -> None:
    """Issue 24: table bets through 1, 2, 3 nodes (one database, one Redis), connections dealt
    over the nodes in turn."""
    for count in counts:
        pg_name = f"croupier_bench_{uuid.uuid4().hex[:8]}"
        try:
            _pg(f'CREATE DATABASE "{pg_name}"')
        except Exception as exc:  # noqa: BLE001
            print(f"  nodes: skipped (PostgreSQL not reachable: {exc})")
            return
        env = dict(os.environ)
        env.update({"CROUPIER_ARGON2_FAST": "1", "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0",
                    "CROUPIER_RATE_LIMITS": "0", "CROUPIER_BETTING_SECONDS": "3600",
                    "CROUPIER_DATABASE_URL": PG_ADMIN.rsplit("/", 1)[0] + "/" + pg_name,
                    "CROUPIER_REDIS_URL": REDIS})
        procs: list[subprocess.Popen[bytes]] = []
        ports: list[int] = []
        try:
            for i in range(count):
                ports.append(_free_port())
                procs.append(subprocess.Popen(
                    [sys.executable, "-m", "croupier.cli", "serve", "--port", str(ports[-1]),
                     "--quiet"], env={**env, "CROUPIER_NODE": f"{i}/{count}"},
                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
                if i == 0:  # the first node migrates the new database alone
                    _wait_healthy(f"http://127.0.0.1:{ports[0]}", procs[0])
            for p, proc in zip(ports, procs, strict=True):
                _wait_healthy(f"http://127.0.0.1:{p}", proc)
            time.sleep(1.0)
            tokens = asyncio.run(_setup_players(f"http://127.0.0.1:{ports[0]}", n_players))
            server_pids = [pid for proc in procs for pid in _tree(proc.pid)]
            name, path, body, bets = _scenarios(1)[0]
            raw = json.dumps(body).encode()
            asyncio.run(_load(ports, tokens, path, raw, 1.0, min(concurrency, 8), [], []))
            db_pids = [int(r[0]) for r in _pg(
                f"SELECT pid FROM pg_stat_activity WHERE datname = '{pg_name}'")]
            r = asyncio.run(_load(ports, tokens, path, raw, seconds, concurrency, server_pids,
                                  db_pids))
            _print("nodes", f"{name}, {count} node{'s' if count > 1 else ''}", r, bets,
                   f"concurrency {concurrency} over {count} ports", True)
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
            _pg(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')


def _uvloop() -> None:
    try:
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    except ImportError:  # pragma: no cover - uvicorn[standard] brings it
        pass


def _print(store: str, name: str, r: Result, bets: int, mode: str, pg: bool) -> None:
    rps = r.requests / r.seconds if r.seconds else 0.0
    bps = r.accepted * bets / r.seconds if r.seconds else 0.0
    per = 1000 / r.requests if r.requests else 0.0
    refused = f", refused {r.refused} {r.codes}" if r.refused else ""
    db = f" db {r.db_cpu * per:.2f}" if pg else ""
    print(f"  {store:<10} {name:<30} {rps:7.1f} req/s {bps:8.1f} accepted bets/s  "
          f"p50 {r.pct(0.50):6.1f} ms  p99 {r.pct(0.99):6.1f} ms  | {mode}, "
          f"{bets} bet{'s' if bets > 1 else ''}/request, CPU ms/request: server "
          f"{r.server_cpu * per:.2f}{db} client {r.client_cpu * per:.2f} | load "
          f"{r.load_before} -> {r.load_after}{refused}"
          f"{f', {r.errors} transport errors' if r.errors else ''}", flush=True)


def main() -> None:
    _uvloop()
    concurrency = int(os.environ.get("BENCH_API_CONCURRENCY", "32"))
    seconds = float(os.environ.get("BENCH_API_SECONDS", "10"))
    n_players = int(os.environ.get("BENCH_API_PLAYERS", "256"))
    slip_bets = int(os.environ.get("BENCH_API_SLIP_BETS", "10"))
    stores = os.environ.get("BENCH_API_STORES", "sqlite,postgresql,nodes").split(",")
    rate = float(os.environ.get("BENCH_API_RATE", "1000"))
    rate_conns = int(os.environ.get("BENCH_API_RATE_CONNECTIONS", "128"))
    for store in stores:
        if store.strip() == "nodes":  # issue 24: 1, 2, 3 nodes
            counts = [int(c) for c in os.environ.get("BENCH_API_NODES", "1,2,3").split(",")]
            run_nodes(counts, concurrency, seconds, n_players)
            continue
        run_store(store.strip(), concurrency, seconds, n_players, slip_bets, rate, rate_conns)


if __name__ == "__main__":
    main()
