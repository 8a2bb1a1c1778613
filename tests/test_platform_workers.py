"""Two API workers on PostgreSQL with Redis: each table has exactly one runner, and every
worker's WebSocket clients get its events (issue 3 §4)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from croupier.store.db import open_database
from croupier.store.models import Round
from tests.platform_fixtures import *  # noqa: F403

REDIS = os.environ.get("CROUPIER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _redis_or_skip() -> None:
    try:
        import redis

        redis.Redis.from_url(REDIS).ping()
    except Exception as exc:  # noqa: BLE001
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"Redis not reachable: {exc}")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _key() -> dict[str, str]:
    return {"Idempotency-Key": uuid.uuid4().hex}


def test_two_workers_one_runner_per_table_and_events_everywhere(pg_url: str) -> None:
    from websockets.sync.client import connect

    _redis_or_skip()
    port = _port()
    env = {**os.environ, "CROUPIER_DATABASE_URL": pg_url, "CROUPIER_REDIS_URL": REDIS,
           "CROUPIER_BETTING_SECONDS": "1.0", "CROUPIER_RESULT_SECONDS": "0.3",
           "CROUPIER_ARGON2_FAST": "1", "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "croupier.cli", "serve", "--port", str(port),
                             "--workers", "2", "--quiet"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        with httpx.Client(base_url=base, timeout=10) as c:
            c.post("/api/players", headers=_key(), json={
                "login": "wsuser", "password": "password123", "date_of_birth": "1980-01-01",
                "document_number": "WS000001"}).raise_for_status()
            token = c.post("/api/sessions", headers=_key(),
                           json={"login": "wsuser", "password": "password123"}).json()["token"]
        # several connections: the kernel spreads them over both workers
        stack = contextlib.ExitStack()
        sockets = [stack.enter_context(connect(
            f"ws://127.0.0.1:{port}/api/tables/european-eur/ws", open_timeout=10))
            for _ in range(6)]
        for ws in sockets:  # issue 13: the token is the first message, never in the URL
            ws.send(json.dumps({"type": "auth", "token": token}))
        seen: dict[int, set[str]] = defaultdict(set)
        deadline = time.time() + 8
        for i, ws in enumerate(sockets):
            assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
            while time.time() < deadline:
                m: dict[str, Any] = json.loads(ws.recv(timeout=10))
                seen[i].add(f"{m['type']}:{m.get('round_id')}")
                if m["type"] == "settled":
                    break
        settled = [{s for s in v if s.startswith("settled:")} for v in seen.values()]
        assert all(settled), seen  # every connection, on either worker, saw a settlement
        stack.close()
        time.sleep(2.5)  # let a few more rounds run
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    db = open_database(pg_url)
    with db.read.connect() as conn:
        rows = conn.execute(select(Round.number, Round.opened_at, Round.settled_at)
                            .where(Round.table_id == "european-eur").order_by(Round.id)).all()
    db.dispose()
    # one runner: consecutive numbers, and each round opens only after the previous one ended
    assert [r.number for r in rows] == list(range(1, len(rows) + 1)) and len(rows) >= 2
    for prev, nxt in zip(rows, rows[1:], strict=False):
        assert prev.settled_at is not None and nxt.opened_at >= prev.settled_at
