"""Issue 24 point 1, "Done when" 1: three ``croupier serve`` nodes on one PostgreSQL and one Redis;
many players bet on the roulette table through different nodes; the node that runs the table is
killed (SIGKILL) in the middle of a round. The table goes on on another node (the round in flight
finished by the recovery rule), every player's WebSocket reconnects to another node with
``since=N`` and sees every result, every table event once and in order, the ledger audit holds and
no bet is lost or paid twice.

Waits are on events (a message seen, a lock holder named in ``pg_locks``), each under a generous
deadline: the machine may be slow, the test is not a speed measurement (``make bench`` is).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import func, select, text

from croupier.platform.ledger import audit
from croupier.platform.locks import NAMESPACE
from croupier.store.db import open_database
from croupier.store.models import Account, Bet, GameTable, Play, Round
from tests.platform_fixtures import *  # noqa: F403
from tests.test_platform_workers import REDIS, _port, _redis_or_skip

TABLE = "european-eur"
NODES = 3
PLAYERS = 9
DEPOSIT_MINOR = 100_00
STAKE = "1.00"
#: the longest any one wait may take (a loaded machine): far above what it takes
DEADLINE = 120.0
#: the longest a node may take to start: each computes the exact RTPs of its tables' variants
#: (several CPU seconds), and on a 2-core machine shared with other work that is minutes
START_DEADLINE = 400.0


@dataclass
class Node:
    index: int
    port: int
    proc: subprocess.Popen[bytes]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/api/tables/{TABLE}/ws"


@dataclass
class Client:
    """One player: bets through its own node (the others when that one is gone) and follows
    the table on a WebSocket that resumes on another node."""

    index: int
    token: str = ""
    player_id: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    last_seq: int | None = None
    reconnects: int = 0
    #: round id -> the bets accepted (Idempotency-Key, response body)
    accepted: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))

    def finished(self) -> dict[int, str]:
        return {int(e["round_id"]): e["type"] for e in self.events
                if e.get("type") in ("settled", "voided")}

    def opened(self) -> list[int]:
        return [int(e["round_id"]) for e in self.events if e.get("type") == "betting_open"]


def _start(index: int, env: dict[str, str], logs: Path) -> Node:
    """A node; its log goes to a file (a pipe nobody reads would stop it once full)."""
    port = _port()
    with open(logs / f"node{index}.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "croupier.cli", "serve", "--port",
                                 str(port), "--quiet"],
                                env={**env, "CROUPIER_NODE": f"{index}/{NODES}"},
                                stdout=log, stderr=subprocess.STDOUT)
    return Node(index, port, proc)


async def _until(what: str, check: Any, deadline: float = DEADLINE) -> Any:
    """Wait for ``check()`` to return something true (polled; each poll is cheap)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        got = check()
        if asyncio.iscoroutine(got):
            got = await got
        if got:
            return got
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _runner_pid(url: str) -> int | None:
    """The pid of the node whose lock connection holds the table's runner lock (its
    ``application_name``, platform/locks.py), from ``pg_locks``."""
    db = open_database(url)
    try:
        with db.read.connect() as conn:
            lock_id = conn.execute(select(GameTable.lock_id).where(GameTable.id == TABLE)).scalar()
            name = conn.execute(text(
                "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = :ns"
                " AND l.objid = :key AND l.objsubid = 2"), {"ns": NAMESPACE, "key": lock_id}).scalar()
    finally:
        db.dispose()
    if not name or not str(name).startswith("croupier-runner pid="):
        return None
    return int(str(name).split()[1].removeprefix("pid="))


async def _request(nodes: list[Node], first: int, method: str, path: str,
                   alive: set[int], **kw: Any) -> httpx.Response:
    """One request through node ``first``, or the next live one when a node does not answer
    (the same Idempotency-Key: the retry is the same command)."""
    last: Exception | None = None
    for k in range(NODES * 3):
        node = nodes[(first + k) % NODES]
        if node.index not in alive:
            continue
        try:
            async with httpx.AsyncClient(base_url=node.base, timeout=30) as c:
                return await c.request(method, path, **kw)
        except httpx.HTTPError as exc:  # the node died under the request: the next one
            last = exc
            await asyncio.sleep(0.2)
    raise AssertionError(f"no node answered {method} {path}: {last}")


async def _follow(client: Client, nodes: list[Node], stop: asyncio.Event) -> None:
    """The player's table WebSocket: on a drop, the next node, resuming with since=N."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    k = client.index
    while not stop.is_set():
        node = nodes[k % NODES]
        url = node.ws if client.last_seq is None else f"{node.ws}?since={client.last_seq}"
        try:
            async with connect(url, open_timeout=20) as ws:
                await ws.send(json.dumps({"type": "auth", "token": client.token}))
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 0.5)
                    except TimeoutError:
                        continue
                    m = json.loads(raw)
                    if m.get("type") == "snapshot" and client.last_seq is None:
                        client.last_seq = int(m["seq"])
                    if isinstance(m.get("seq"), int) and m.get("type") != "snapshot":
                        assert m["seq"] > (client.last_seq or 0), (client.index, m)
                        client.last_seq = m["seq"]
                        client.events.append(m)
                    assert m.get("type") != "gap", m  # nothing older than kept was asked for
            return
        except (OSError, WebSocketException, TimeoutError):
            if stop.is_set():
                return
            client.reconnects += 1
            k += 1  # another node
            await asyncio.sleep(0.2)


def test_issue24_three_nodes_kill_the_roulette_runner_mid_round_nothing_lost(
        pg_url: str, tmp_path: Path) -> None:
    _redis_or_skip()
    env = {**os.environ, "CROUPIER_DATABASE_URL": pg_url, "CROUPIER_REDIS_URL": REDIS,
           "CROUPIER_BETTING_SECONDS": "3.0", "CROUPIER_RESULT_SECONDS": "0.3",
           "CROUPIER_ARGON2_FAST": "1", "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0",
           "CROUPIER_RATE_LIMITS": "0", "CROUPIER_TAKEOVER_GRACE_SECONDS": "4",
           "CROUPIER_LOCK_POLL_SECONDS": "0.5", "CROUPIER_DRAIN_DELAY_SECONDS": "0",
           "PYTHONPATH": os.pathsep.join(sys.path)}
    nodes = [_start(i, env, tmp_path) for i in range(NODES)]
    try:
        result = asyncio.run(_scenario(nodes, pg_url))
    except BaseException:
        for i in range(NODES):  # what the nodes said, for the failure report
            tail = (tmp_path / f"node{i}.log").read_text(errors="replace")[-3000:]
            print(f"--- node {i} (pid {nodes[i].proc.pid}) log tail:\n{tail}")
        for cl in CLIENTS:
            print(f"player {cl.index}: {len(cl.events)} events, last seq {cl.last_seq}, "
                  f"{cl.reconnects} reconnects, rounds opened {cl.opened()}")
        raise
    finally:
        for n in nodes:
            if n.proc.poll() is None:
                n.proc.send_signal(signal.SIGTERM)
        for n in nodes:
            try:
                n.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                n.proc.kill()
                n.proc.wait()
    _check(pg_url, *result)


T0 = time.monotonic()
#: the players of the running scenario (printed when it fails)
CLIENTS: list[Client] = []


async def _scenario(nodes: list[Node], url: str) -> tuple[list[Client], int, int, int, int]:
    global T0
    T0 = time.monotonic()
    alive = {n.index for n in nodes}
    for n in nodes:
        async def ready(n: Node = n) -> bool:
            with contextlib.suppress(httpx.HTTPError):
                async with httpx.AsyncClient(timeout=5) as c:
                    return (await c.get(n.base + "/readyz")).status_code == 200
            return False
        await _until(f"node {n.index} ready", ready, START_DEADLINE)
    print(f"nodes ready: {time.monotonic() - T0:.1f} s")
    clients = [Client(i) for i in range(PLAYERS)]
    CLIENTS[:] = clients

    async def join(cl: Client) -> None:
        login = f"node{cl.index}{uuid.uuid4().hex[:6]}"
        body = {"login": login, "password": "password123", "date_of_birth": "1980-01-01",
                "document_number": f"N{uuid.uuid4().hex[:8]}"}
        r = await _request(nodes, cl.index, "POST", "/api/players", alive,
                           json=body, headers={"Idempotency-Key": uuid.uuid4().hex})
        assert r.status_code == 201, r.text
        r = await _request(nodes, cl.index, "POST", "/api/sessions", alive,
                           json={"login": login, "password": "password123"},
                           headers={"Idempotency-Key": uuid.uuid4().hex})
        cl.token, cl.player_id = r.json()["token"], int(r.json()["player"]["id"])
        auth = {"Authorization": f"Bearer {cl.token}"}
        r = await _request(nodes, cl.index, "POST", "/api/deposits", alive,
                           json={"amount": "100.00"},
                           headers={**auth, "Idempotency-Key": uuid.uuid4().hex})
        assert r.status_code == 202, r.text

        async def funded(cl: Client = cl, auth: dict[str, str] = auth) -> bool:
            w = (await _request(nodes, cl.index, "GET", "/api/wallet", alive, headers=auth)).json()
            return bool(w["cash_minor"] == DEPOSIT_MINOR)
        await _until(f"player {cl.index} funded", funded)

    await asyncio.gather(*(join(cl) for cl in clients))
    print(f"players funded: {time.monotonic() - T0:.1f} s")

    killed_pid = await _until("a runner for the roulette table", lambda: _runner_pid(url))
    stop = asyncio.Event()
    betting = asyncio.Event()
    betting.set()
    followers = [asyncio.create_task(_follow(cl, nodes, stop)) for cl in clients]
    bets: list[asyncio.Task[None]] = []

    async def bet(cl: Client, round_id: int) -> None:
        key = uuid.uuid4().hex
        r = await _request(nodes, cl.index, "POST", f"/api/tables/{TABLE}/bets", alive,
                           json={"bets": [{"code": "red", "stake": STAKE}]},
                           headers={"Authorization": f"Bearer {cl.token}", "Idempotency-Key": key})
        if r.status_code == 201:
            cl.accepted[int(r.json()["round_id"])].append(key)

    async def bettor(cl: Client) -> None:  # one bet on each round the player sees open
        done: set[int] = set()
        while betting.is_set():
            for rid in cl.opened():
                if rid not in done:
                    done.add(rid)
                    bets.append(asyncio.create_task(bet(cl, rid)))
            await asyncio.sleep(0.05)

    bettors = [asyncio.create_task(bettor(cl)) for cl in clients]
    # every player follows the table (its first round seen opened), then a round with bets in
    first_round = max(await _until("every player sees a round open",
                                   lambda: all(cl.opened() for cl in clients) and
                                   [cl.opened()[0] for cl in clients]))

    def bets_in() -> int | None:
        opened = sorted({r for cl in clients for r in cl.opened() if r > first_round})
        for rid in opened:
            if any(rid in cl.finished() for cl in clients):
                continue  # too late for this one: it finished already
            if sum(len(cl.accepted.get(rid, ())) for cl in clients) >= 3:
                return rid
        return None

    kill_round = await _until("a round with bets in play", bets_in)
    print(f"kill: {time.monotonic() - T0:.1f} s")
    victim = next(n for n in nodes if n.proc.pid == killed_pid)
    alive.discard(victim.index)
    victim.proc.send_signal(signal.SIGKILL)
    victim.proc.wait(timeout=30)
    killed_at = time.monotonic()
    new_pid = await _until("another node takes the table",
                           lambda: (p := _runner_pid(url)) is not None and p != killed_pid and p)
    takeover = time.monotonic() - killed_at
    # two more rounds after the killed one, seen finished by every player
    after = await _until("two rounds after the killed one", lambda: len(
        {r for cl in clients for r in cl.opened() if r > kill_round}) >= 2 and sorted(
        {r for cl in clients for r in cl.opened() if r > kill_round})[1])
    await _until("every player sees every round through to the end",
                 lambda: all(after in cl.finished() and kill_round in cl.finished()
                             for cl in clients))
    betting.clear()
    await asyncio.gather(*bettors)
    await asyncio.gather(*bets)
    stop.set()
    await asyncio.gather(*followers)
    print(f"takeover after SIGKILL: {takeover:.1f} s; reconnects: "
          f"{sum(cl.reconnects for cl in clients)}")
    return clients, killed_pid, new_pid, kill_round, after


def _check(url: str, clients: list[Client], killed_pid: int, new_pid: int, kill_round: int,
           last_round: int) -> None:
    assert new_pid != killed_pid
    assert any(cl.reconnects for cl in clients)  # players of the dead node came back elsewhere
    db = open_database(url)
    try:
        with db.read.connect() as conn:
            rounds = conn.execute(select(Round.id, Round.number, Round.state, Round.opened_at,
                                         Round.settled_at).where(Round.table_id == TABLE)
                                  .order_by(Round.id)).all()
            plays = conn.execute(select(Play.player_id, Play.round_id, Play.stake_total,
                                        Play.returned_total, func.count(Bet.id))
                                 .join(Bet, Bet.play_id == Play.id)
                                 .group_by(Play.id)).all()
            balances: dict[int | None, int] = {
                pid: bal for pid, bal in conn.execute(select(Account.player_id, Account.balance)
                                                      .where(Account.kind == "player_cash"))}
        from sqlalchemy.orm import Session

        with Session(db.read) as s:
            ledger = audit(s)
    finally:
        db.dispose()
    # one runner at a time: consecutive numbers, each round opened after the last one ended
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    for prev, nxt in zip(rounds, rounds[1:], strict=False):
        assert prev.settled_at is not None and nxt.opened_at >= prev.settled_at
    state = {r.id: r.state for r in rounds}
    assert state[kill_round] in ("settled", "voided")  # the recovery rule finished it
    for cl in clients:
        seqs = [int(e["seq"]) for e in cl.events]
        # every table event once, in order, none missing across the reconnection
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), (cl.index, seqs)
        first = cl.opened()[0]
        seen = cl.finished()
        for rid, st in state.items():
            if first <= rid <= last_round:
                assert seen.get(rid) == st, (cl.index, rid, st, seen.get(rid))
    # no bet lost or paid twice: the bets in the store are the bets the players were told were
    # accepted, every one of a finished round returned once, and each balance adds up
    accepted = {(cl.player_id, rid): len(keys) for cl in clients for rid, keys in cl.accepted.items()}
    stored = {(p.player_id, p.round_id): p[4] for p in plays}
    assert stored == accepted
    assert sum(accepted.values()) > 0 and any(rid == kill_round for _, rid in accepted)
    for p in plays:
        if state[p.round_id] in ("settled", "voided"):
            assert p.returned_total is not None
    for cl in clients:
        mine = [p for p in plays if p.player_id == cl.player_id]
        assert balances[cl.player_id] == DEPOSIT_MINOR - sum(p.stake_total for p in mine) + sum(
            p.returned_total or 0 for p in mine)
    assert ledger.total == 0 and not ledger.mismatched and not ledger.negative_players
