"""Issue 24 points 2 and 3: health, readiness, drain, Prometheus metrics, request ids, JSON logs
(``api/ops.py``, ``platform/metrics.py``)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text

from croupier.api import logs, ops
from croupier.api.app import create_app
from croupier.api.drain import Drain, drain_then_exit
from croupier.platform import metrics
from croupier.platform.locks import table_lock
from croupier.platform.runner import supervise
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings
from tests.test_platform_api import Api, key, problem

REDIS = os.environ.get("CROUPIER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
def api(db_url: str) -> Iterator[Api]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Api(client)


def scrape(api: Api) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    r = api.c.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


# -- health and readiness ------------------------------------------------------------------------


def test_issue_24_2_healthz_answers_alive_and_readyz_checks_database_migrations_redis(
        api: Api) -> None:
    assert api.c.get("/healthz").json() == {"status": "alive"}
    r = api.c.get("/readyz")
    assert r.status_code == 200, r.text
    assert r.json() == {"status": "ready", "checks": {
        "database": "ok", "migrations": "ok", "redis": "not configured", "draining": "no"}}


def test_issue_24_2_readyz_is_503_naming_the_migrations_when_the_database_is_behind_head(
        api: Api) -> None:
    plat = api.c.app.state.croupier.platform  # type: ignore[attr-defined]
    with plat.db.write.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0001_initial'"))
    r = api.c.get("/readyz")
    assert r.status_code == 503
    body = r.json()
    assert body["status"] == "not_ready" and body["checks"]["database"] == "ok"
    assert body["checks"]["migrations"].startswith("at 0001_initial, head is ")
    with plat.db.write.begin() as conn:
        conn.execute(text("DELETE FROM alembic_version"))
    assert api.c.get("/readyz").json()["checks"]["migrations"].startswith("at none, head is ")


def test_issue_24_2_redis_is_checked_with_a_ping_when_configured() -> None:
    assert asyncio.run(ops.redis_check(None)) == "not configured"
    assert asyncio.run(ops.redis_check("redis://127.0.0.1:1/0", timeout=1.0)).startswith(
        "unreachable")
    assert asyncio.run(ops.redis_check(REDIS)) == "ok"


def test_issue_24_2_the_ops_routes_need_no_session_and_are_in_the_openapi_document(
        api: Api) -> None:
    doc = api.c.get("/openapi.json").json()
    for path in ("/healthz", "/readyz", "/metrics"):
        op = doc["paths"][path]["get"]
        assert "security" not in op and "Idempotency-Key" not in json.dumps(op)
    ready = doc["paths"]["/readyz"]["get"]["responses"]["503"]["content"]
    assert ready["application/json"]["schema"] == {"$ref": "#/components/schemas/ReadyOut"}
    assert "text/plain" in doc["paths"]["/metrics"]["get"]["responses"]["200"]["content"]
    assert "draining" in doc["paths"]["/api/deposits"]["post"]["responses"]["503"]["description"]


# -- drain ---------------------------------------------------------------------------------------


def test_issue_24_2_draining_turns_readyz_503_and_refuses_new_state_changing_requests(
        api: Api) -> None:
    h = api.player()
    api.c.app.state.ops_drain.begin()  # type: ignore[attr-defined]
    r = api.c.get("/readyz")
    assert r.status_code == 503 and r.json()["status"] == "draining"
    assert r.json()["checks"]["draining"] == "yes"
    r = api.c.post("/api/deposits", headers={**h, **key()}, json={"amount": "5.00"})
    problem(r, 503, "draining")
    assert r.headers["Retry-After"] == "1"
    assert api.c.get("/api/wallet", headers=h).status_code == 200  # reads still answered
    assert api.c.get("/healthz").status_code == 200


def test_issue_24_2_the_drain_waits_for_the_requests_in_flight_then_exits() -> None:
    async def scenario() -> tuple[bool, list[str], bool]:
        drain = Drain()
        drain.enter()  # a request in flight
        events: list[str] = []

        async def request() -> None:
            await asyncio.sleep(0.2)
            events.append("request answered")
            drain.leave()

        task = asyncio.create_task(request())
        began = asyncio.create_task(drain_then_exit(
            drain, 0.0, 5.0, lambda: events.append("exit")))
        await asyncio.sleep(0.05)
        draining_at_once = drain.draining
        finished = await began
        await task
        return finished, events, draining_at_once

    finished, events, draining_at_once = asyncio.run(scenario())
    assert draining_at_once and finished
    assert events == ["request answered", "exit"]


def test_issue_24_2_the_drain_gives_up_after_its_timeout_and_exits_anyway() -> None:
    drain = Drain()
    drain.enter()  # never answered
    exits: list[int] = []
    finished = asyncio.run(drain_then_exit(drain, 0.0, 0.1, lambda: exits.append(1)))
    assert finished is False and exits == [1] and drain.inflight == 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_issue_24_2_sigterm_drains_croupier_serve_readyz_503_first_then_exit_0(
        tmp_path: Path) -> None:
    port = _free_port()
    env = {**os.environ, "CROUPIER_DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
           "CROUPIER_DRAIN_DELAY_SECONDS": "1.5", "CROUPIER_LOG_FORMAT": "json",
           "CROUPIER_ARGON2_FAST": "1", "CROUPIER_BETTING_SECONDS": "60"}
    env.pop("CROUPIER_REDIS_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "croupier.cli", "serve", "--port", str(port)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, proc.communicate()[1][-2000:]
            try:
                if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server never became ready"
            time.sleep(0.2)
        rid = uuid.uuid4().hex
        assert httpx.get(f"{base}/api/tables", headers={"X-Request-ID": rid}).status_code == 200
        proc.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        r = httpx.get(f"{base}/readyz", timeout=2)
        assert r.status_code == 503 and r.json()["status"] == "draining"
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err[-2000:]
    lines = [json.loads(line) for line in err.splitlines() if line.strip()]  # every line JSON
    access = [x for x in lines if x["logger"] == "croupier.access" and x["request_id"] == rid]
    assert len(access) == 1 and access[0]["route"] == "/api/tables" and access[0]["status"] == 200
    assert {"time", "level", "message", "duration_ms"} <= set(access[0])
    assert any("draining" in x["message"] for x in lines)


# -- metrics -------------------------------------------------------------------------------------


def test_issue_24_3_requests_are_counted_by_route_template_and_status(api: Api) -> None:
    table = TEST_TABLES[0].id
    before = scrape(api)
    assert api.c.get(f"/api/tables/{table}").status_code == 200
    assert api.c.get("/api/tables/no-such-table").status_code == 404
    after = scrape(api)
    name = "croupier_http_requests_total"
    route = "/api/tables/{table_id}"
    assert value(after, name, method="GET", route=route, status="200") == \
        value(before, name, method="GET", route=route, status="200") + 1
    assert value(after, name, method="GET", route=route, status="404") == \
        value(before, name, method="GET", route=route, status="404") + 1
    assert not any(f"/api/tables/{table}" in dict(k[1]).get("route", "") for k in after)
    assert value(after, "croupier_http_request_duration_seconds_count", method="GET",
                 route=route) == value(before, "croupier_http_request_duration_seconds_count",
                                       method="GET", route=route) + 2


def test_issue_24_3_bets_accepted_and_refused_by_reason_and_group_commit_batches(
        api: Api) -> None:
    rich = api.player(deposit="50.00")
    poor = api.player()
    before = scrape(api)
    bet = [{"code": "red", "stake": "1.00"}]
    assert api.play(rich, bet).status_code == 201
    refused = api.play(poor, bet)
    assert refused.status_code >= 400
    reason = refused.json()["code"]
    after = scrape(api)
    assert value(after, "croupier_bets_accepted_total", kind="round") == \
        value(before, "croupier_bets_accepted_total", kind="round") + 1
    assert value(after, "croupier_bets_refused_total", kind="round", reason=reason) == \
        value(before, "croupier_bets_refused_total", kind="round", reason=reason) + 1
    assert value(after, "croupier_group_commit_batch_size_count") >= \
        value(before, "croupier_group_commit_batch_size_count") + 1


def test_issue_24_3_websocket_connections_and_the_ledger_audit_are_exposed(api: Api) -> None:
    table = TEST_TABLES[0].id
    before = value(scrape(api), "croupier_websocket_connections")
    with api.c.websocket_connect(f"/api/tables/{table}/ws") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        assert value(scrape(api), "croupier_websocket_connections") == before + 1
    for _ in range(100):
        if value(scrape(api), "croupier_websocket_connections") == before:
            break
        time.sleep(0.02)
    assert value(scrape(api), "croupier_websocket_connections") == before
    api.c.app.state.croupier.platform.audit()  # type: ignore[attr-defined]
    samples = scrape(api)
    assert value(samples, "croupier_ledger_audit_ok") == 1
    assert value(samples, "croupier_ledger_audit_problems") == 0
    assert value(samples, "croupier_ledger_audit_timestamp_seconds") > 0


def test_issue_24_3_a_runner_taking_a_table_another_process_held_counts_a_takeover(
        platform: Platform) -> None:
    table = TEST_TABLES[0].id
    other = table_lock(platform.db, table)  # the node that runs the table
    assert other.acquire()
    locks = metrics.RUNNER_LOCKS.labels(table)._value.get()
    takeovers = metrics.RUNNER_TAKEOVERS.labels(table)._value.get()

    async def scenario() -> None:
        stop = asyncio.Event()

        async def publish(_msg: dict[str, Any]) -> None:
            return None

        task = asyncio.create_task(supervise(platform, publish, stop))
        await asyncio.sleep(0.5)
        assert metrics.RUNNER_LOCKS.labels(table)._value.get() == locks  # held elsewhere
        await asyncio.to_thread(other.release)  # that node died
        for _ in range(100):
            if metrics.RUNNER_LOCKS.labels(table)._value.get() > locks:
                break
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.wait_for(task, 20)

    asyncio.run(scenario())
    assert metrics.RUNNER_LOCKS.labels(table)._value.get() == locks + 1
    assert metrics.RUNNER_TAKEOVERS.labels(table)._value.get() == takeovers + 1


def test_issue_24_3_table_phases_follow_the_published_events_and_takeovers_are_counted() -> None:
    sent: list[dict[str, Any]] = []

    async def publish(msg: dict[str, Any]) -> None:
        sent.append(msg)

    table = f"t-{uuid.uuid4().hex[:8]}"
    observed = ops.observed(publish)
    msg = {"scope": "table", "table_id": table, "message": {"type": "no_more_bets"}}
    asyncio.run(observed(msg))
    assert sent == [msg]
    phase = metrics.TABLE_PHASE
    assert phase.labels(table, "no_more_bets")._value.get() == 1
    assert phase.labels(table, "betting_open")._value.get() == 0
    asyncio.run(observed({"scope": "table", "table_id": table, "message": {"type": "settled"}}))
    assert phase.labels(table, "no_more_bets")._value.get() == 0
    assert phase.labels(table, "settled")._value.get() == 1
    metrics.lock_acquired(table, after_waiting=False)
    metrics.lock_acquired(table, after_waiting=True)
    assert metrics.RUNNER_LOCKS.labels(table)._value.get() == 2
    assert metrics.RUNNER_TAKEOVERS.labels(table)._value.get() == 1


# -- request ids and logs ------------------------------------------------------------------------


def test_issue_24_3_the_request_id_is_taken_or_made_and_echoed(api: Api) -> None:
    assert api.c.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers[
        "X-Request-ID"] == "abc-123"
    made = api.c.get("/healthz").headers["X-Request-ID"]
    assert len(made) == 32 and int(made, 16) >= 0
    odd = api.c.get("/healthz", headers={"X-Request-ID": "a b\"{}"}).headers["X-Request-ID"]
    assert odd != "a b\"{}" and len(odd) == 32


def test_issue_24_3_json_log_lines_carry_the_request_id_route_status_and_duration(
        api: Api, caplog: pytest.LogCaptureFixture) -> None:
    table = TEST_TABLES[0].id
    with caplog.at_level(logging.INFO, logger="croupier.access"):
        api.c.get(f"/api/tables/{table}", headers={"X-Request-ID": "req-42"})
    records = [r for r in caplog.records if r.name == "croupier.access"]
    assert records
    line = json.loads(logs.JsonFormatter().format(records[-1]))
    assert line["request_id"] == "req-42" and line["route"] == "/api/tables/{table_id}"
    assert line["status"] == 200 and line["duration_ms"] >= 0 and line["level"] == "info"
    assert line["logger"] == "croupier.access" and line["time"].endswith("Z")


def test_issue_24_3_the_log_format_is_json_or_text_and_nothing_else(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CROUPIER_LOG_FORMAT", raising=False)
    assert ops.OpsConfig.from_env().log_format == "text"
    monkeypatch.setenv("CROUPIER_LOG_FORMAT", "xml")
    with pytest.raises(ValueError, match="json or text"):
        ops.OpsConfig.from_env()
    monkeypatch.setenv("CROUPIER_LOG_FORMAT", "json")
    monkeypatch.setenv("CROUPIER_DRAIN_DELAY_SECONDS", "-1")
    with pytest.raises(ValueError, match="at least 0"):
        ops.OpsConfig.from_env()


_WORKER = """
import sys
from croupier.platform import metrics
for _ in range(int(sys.argv[1])):
    metrics.bet_accepted("table")
metrics.websocket_opened()
"""


def test_issue_24_3_with_several_workers_metrics_sums_every_process(tmp_path: Path) -> None:
    """``croupier serve --workers N`` sets PROMETHEUS_MULTIPROC_DIR: /metrics, on any worker,
    shows the sum of every worker's counters."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    for n in (3, 4):  # two worker processes
        subprocess.run([sys.executable, "-c", _WORKER, str(n)], env=env, check=True)
    reader = ("import os, sys; from croupier.platform import metrics; "
              "sys.stdout.write(metrics.exposition()[0].decode())")
    out = subprocess.run([sys.executable, "-c", reader], env=env, check=True,
                         capture_output=True, text=True).stdout
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for f in text_string_to_metric_families(out) for s in f.samples}
    assert samples[("croupier_bets_accepted_total", (("kind", "table"),))] == 7
