"""The fast lane (api/fastlane.py) answers exactly as the FastAPI routes it stands in for, and
a player's WebSocket messages travel on that player's Redis channel only (platform/events.py)."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api import fastlane
from croupier.api.app import create_app
from croupier.platform.events import channel_for, player_channel
from croupier.rng import fair
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings

REDIS = os.environ.get("CROUPIER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
RED = {"bets": [{"code": "red", "stake": "1.00", "target": []}]}


def _key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


def _player(c: TestClient, login: str, deposit: str) -> dict[str, str]:
    assert c.post("/api/players", headers=_key(), json={
        "login": login, "password": "password123", "date_of_birth": "1985-03-04",
        "document_number": f"DOC-{login}"}).status_code == 201
    r = c.post("/api/sessions", headers=_key(), json={"login": login, "password": "password123"})
    h = {"Authorization": f"Bearer {r.json()['token']}"}
    assert c.post("/api/deposits", headers={**h, **_key()}, json={"amount": deposit}).status_code == 202
    for _ in range(250):
        if c.get("/api/wallet", headers=h).json()["pending_deposits_minor"] == 0:
            return h
        time.sleep(0.02)
    raise AssertionError("the deposit was not confirmed")


@pytest.fixture
def lane_served(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The status of every response the lane itself gave (None: it left the request to FastAPI)."""
    served: list[int] = []
    real = fastlane.FastLane.serve

    async def spy(self: fastlane.FastLane, *args: Any) -> Any:
        response = await real(self, *args)
        if response is not None:
            served.append(response.status_code)
        return response

    monkeypatch.setattr(fastlane.FastLane, "serve", spy)
    return served


def _normal(value: Any) -> Any:
    """A response body without its timestamps (the only parts two fresh databases differ in)."""
    if isinstance(value, dict):
        return {k: "<time>" if k.endswith("_at") or k == "server_time" else _normal(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_normal(v) for v in value]
    return value


def _scenario(c: TestClient) -> list[tuple[str, int, Any, dict[str, str]]]:
    """The same requests, in the same order, on a fresh database: what each one answered."""
    h = _player(c, "lanealice", "5.00")
    platform = c.app.state.croupier.platform  # type: ignore[attr-defined]
    rid = platform.open_round("t-eur")["round_id"]
    k1, k2 = _key(), _key()
    bets = "/api/tables/t-eur/bets"
    calls: list[tuple[str, str, dict[str, str], Any]] = [
        ("first bet (identity not cached yet)", bets, {**h, **_key()}, RED),
        ("accepted bet", bets, {**h, **k1}, RED),
        ("replayed bet", bets, {**h, **k1}, RED),
        ("same key, another bet", bets, {**h, **k1},
         {"bets": [{"code": "black", "stake": "1.00", "target": []}]}),
        ("accepted round", "/api/rounds", {**h, **k2}, RED),
        ("replayed round", "/api/rounds", {**h, **k2}, RED),
        ("same key, another round", "/api/rounds", {**h, **k2},
         {"bets": [{"code": "odd", "stake": "1.00", "target": []}]}),
        ("round, insufficient funds", "/api/rounds", {**h, **_key()},
         {"bets": [{"code": "red", "stake": "9.00", "target": []}]}),
        ("bet, insufficient funds", bets, {**h, **_key()},
         {"bets": [{"code": "red", "stake": "9.00", "target": []}]}),
        ("unknown bet code", "/api/rounds", {**h, **_key()},
         {"bets": [{"code": "purple", "stake": "1.00", "target": []}]}),
        ("unknown table", "/api/tables/nowhere/bets", {**h, **_key()}, RED),
        ("unknown variant", "/api/rounds", {**h, **_key()}, {**RED, "variant": "martian"}),
        ("bad body: a number stake", bets, {**h, **_key()},
         {"bets": [{"code": "red", "stake": 1.0, "target": []}]}),
        ("bad body: an unknown field", "/api/rounds", {**h, **_key()}, {**RED, "extra": 1}),
        ("bad body: no bets", "/api/rounds", {**h, **_key()}, {"bets": []}),
        ("no Idempotency-Key", bets, h, RED),
        ("no Idempotency-Key (round)", "/api/rounds", h, RED),
        ("Idempotency-Key too long", bets, {**h, "Idempotency-Key": "k" * 101}, RED),
        ("unknown token", bets, {"Authorization": "Bearer not-a-token", **_key()}, RED),
        ("no token", "/api/rounds", _key(), RED),
        ("another scheme", bets, {"Authorization": h["Authorization"].replace("Bearer", "Basic"),
                                  **_key()}, RED),
    ]
    seen: list[tuple[str, int, Any, dict[str, str]]] = []

    def record(name: str, r: Any) -> None:
        headers = {k: v for k, v in r.headers.items()
                   if k not in ("content-length", "x-request-id")}  # the id: fresh per request
        assert int(r.headers["content-length"]) == len(r.content)
        body = _normal(r.json()) if "json" in r.headers.get("content-type", "") else r.text
        seen.append((name, r.status_code, body, headers))

    for name, path, headers, body in calls:
        record(name, c.post(path, headers=headers, json=body))
    raw = c.post(bets, headers={**h, **_key()}, content=b'{"bets": [}')
    record("malformed JSON", raw)
    plain = c.post(bets, headers={**h, **_key()}, content=b'{"bets": []}')  # no content type
    record("no content type", plain)
    record("another method", c.get(bets, headers={**h, **_key()}))
    platform.close_round(rid)
    record("betting closed", c.post(bets, headers={**h, **_key()}, json=RED))
    return seen


@pytest.fixture
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seeds in both runs: a round's outcome is then the same."""
    monkeypatch.setattr(fair, "new_server_seed", lambda: "ab" * 32)
    monkeypatch.setattr(fair, "new_client_seed", lambda: "fixedclientseed")


def test_the_fast_lane_answers_as_the_routes_do(tmp_path: Any, fixed_seeds: None,
                                                lane_served: list[int]) -> None:
    results = {}
    for lane in (True, False):
        url = f"sqlite:///{tmp_path / f'lane-{lane}.sqlite3'}"
        with TestClient(create_app(make_settings(url, fast_lane=lane))) as c:
            results[lane] = _scenario(c)
        if lane:
            # the lane served the ordinary cases itself (accepted, replayed, refused)...
            assert sorted(lane_served) == [201, 201, 201, 201, 400, 404, 404, 409, 409, 409,
                                           422, 422]
            lane_served.clear()
    assert not lane_served  # ... and nothing with CROUPIER_FAST_LANE=0
    on, off = results[True], results[False]
    assert [r[0] for r in on] == [r[0] for r in off]
    for a, b in zip(on, off, strict=True):
        assert a == b, a[0]
    by_name = {r[0]: r for r in on}
    assert by_name["replayed bet"][3].get("idempotent-replayed") == "true"
    assert by_name["replayed round"][1] == 201
    assert by_name["same key, another bet"][2]["code"] == "idempotency_key_reused"
    assert by_name["round, insufficient funds"][2]["code"] == "insufficient_funds"
    assert by_name["betting closed"][2]["code"] == "betting_closed"
    assert by_name["bad body: a number stake"][1] == 422
    assert by_name["no Idempotency-Key"][1] == 428
    assert by_name["unknown token"][1] == 401
    assert by_name["unknown token"][3]["www-authenticate"] == "Bearer"


def test_a_request_replayed_through_the_other_path_is_recognised(db_url: str,
                                                                 lane_served: list[int]) -> None:
    """One database, one worker with the lane and one without: the Idempotency-Key's request
    hash is the same on both paths."""
    with TestClient(create_app(make_settings(db_url))) as fast, \
            TestClient(create_app(make_settings(db_url, fast_lane=False))) as slow:
        h = _player(fast, f"replay{uuid.uuid4().hex[:6]}", "10.00")
        fast.app.state.croupier.platform.open_round("t-eur")  # type: ignore[attr-defined]
        fast.post("/api/rounds", headers={**h, **_key()}, json=RED)  # caches the identity
        for first, second in ((fast, slow), (slow, fast)):
            for path in ("/api/tables/t-eur/bets", "/api/rounds"):
                k = _key()
                a = first.post(path, headers={**h, **k}, json=RED)
                b = second.post(path, headers={**h, **k}, json=RED)
                assert a.status_code == b.status_code == 201
                assert "idempotent-replayed" not in a.headers
                assert b.headers["idempotent-replayed"] == "true" and b.json() == a.json()
                other = second.post(path, headers={**h, **k},
                                    json={"bets": [{"code": "black", "stake": "1.00"}]})
                assert other.status_code == 422
                assert other.json()["code"] == "idempotency_key_reused"
        assert len(lane_served) == 6  # 2 firsts, 2 replays, 2 conflicts (the warm-up round cached the identity)
        assert fast.get("/api/wallet", headers=h).json()["cash_minor"] == 1000 - 5 * 100 + sum(
            r["returned_minor"] for r in fast.get("/api/history", headers=h).json()["items"]
            if r["kind"] == "single")


def _redis_or_skip() -> Any:
    try:
        import redis

        client = redis.Redis.from_url(REDIS)
        client.ping()
        return client
    except Exception as exc:  # noqa: BLE001
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"Redis not reachable: {exc}")


def _until(check: Any, what: str) -> None:
    for _ in range(250):
        if check():
            return
        time.sleep(0.02)
    raise AssertionError(what)


@pytest.fixture
def two_workers(db_url: str) -> Iterator[tuple[TestClient, TestClient, str]]:
    _redis_or_skip()
    with TestClient(create_app(make_settings(db_url, redis_url=REDIS))) as a, \
            TestClient(create_app(make_settings(db_url, redis_url=REDIS))) as b:
        yield a, b, channel_for(db_url)


def test_a_players_messages_reach_its_socket_on_another_worker_only(
        two_workers: tuple[TestClient, TestClient, str]) -> None:
    a, b, channel = two_workers
    r = _redis_or_skip()
    alice = _player(a, f"wsa{uuid.uuid4().hex[:6]}", "10.00")
    carol = _player(a, f"wsc{uuid.uuid4().hex[:6]}", "10.00")
    ids = {name: a.get("/api/me", headers=h).json()["player"]["id"]
           for name, h in (("alice", alice), ("carol", carol))}
    rid = a.app.state.croupier.platform.open_round("t-eur")["round_id"]  # type: ignore[attr-defined]

    def subscribers(pid: int) -> int:
        return int(dict(r.pubsub_numsub(player_channel(channel, pid)))[
            player_channel(channel, pid).encode()])

    assert subscribers(ids["alice"]) == 0  # nobody listens before a socket connects
    tok = {name: h["Authorization"].split()[1] for name, h in (("alice", alice), ("carol", carol))}
    with b.websocket_connect("/api/tables/t-eur/ws") as ws_alice, \
            b.websocket_connect("/api/tables/t-eur/ws") as ws_carol:
        assert ws_alice.receive_json()["type"] == "snapshot"
        assert ws_carol.receive_json()["type"] == "snapshot"
        for ws, who in ((ws_alice, "alice"), (ws_carol, "carol")):
            ws.send_json({"type": "auth", "token": tok[who]})
            assert ws.receive_json() == {"type": "auth", "ok": True}
        _until(lambda: subscribers(ids["alice"]) == 1 and subscribers(ids["carol"]) == 1,
               "worker B did not subscribe to its players' channels")
        # Alice bets on worker A (through the fast lane: her identity is cached by now)
        a.post("/api/tables/t-eur/bets", headers={**alice, **_key()}, json=RED).raise_for_status()
        ok = a.post("/api/tables/t-eur/bets", headers={**alice, **_key()}, json=RED)
        assert ok.status_code == 201
        got = [ws_alice.receive_json() for _ in range(4)]
        assert [m["type"] for m in got] == ["bet_accepted", "balance", "bet_accepted", "balance"]
        assert got[2]["round_id"] == rid and got[2]["round_stake_minor"] == 200
        assert got[3]["balance"] == ok.json()["balance"]
        # Carol's socket got none of that: her first message is her own bet
        a.post("/api/tables/t-eur/bets", headers={**carol, **_key()},
               json={"bets": [{"code": "black", "stake": "3.00", "target": []}]}).raise_for_status()
        mine = ws_carol.receive_json()
        assert mine["type"] == "bet_accepted" and mine["round_stake_minor"] == 300
        assert ws_carol.receive_json()["balance"]["cash_minor"] == 700
    # the last socket of a player gone: its worker leaves the channel
    _until(lambda: subscribers(ids["alice"]) == 0 and subscribers(ids["carol"]) == 0,
           "worker B did not unsubscribe")


def test_publications_are_sent_in_order_flushed_at_stop_and_survive_a_redis_failure() -> None:
    """A worker's publications reach the other workers in order; a Redis failure costs the
    messages of that moment, not the feed; stop() sends what is still queued."""
    import asyncio

    import redis

    from croupier.platform.events import Connection, Hub, RedisBroker, table_message

    _redis_or_skip()
    channel = f"croupier:test:{uuid.uuid4().hex}"

    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
        hub_a, hub_b = Hub(), Hub()
        a, b = RedisBroker(REDIS, channel), RedisBroker(REDIS, channel)
        await a.start(hub_a.deliver)
        await b.start(hub_b.deliver)
        conn = Connection(player_id=7, table_id="t")
        hub_b.add(conn)
        await asyncio.sleep(0.2)
        for n in range(50):
            await a.publish(table_message("t", {"type": "tick", "n": n}))
        in_order = [await asyncio.wait_for(conn.queue.get(), timeout=5) for _ in range(50)]
        real, failures = a._redis.pipeline, 0

        def flaky(*args: Any, **kw: Any) -> Any:
            nonlocal failures
            if failures == 0:
                failures += 1
                raise redis.ConnectionError("Redis went away")
            return real(*args, **kw)

        a._redis.pipeline = flaky
        await a.publish(table_message("t", {"type": "lost"}))
        await asyncio.sleep(0.4)  # the failed batch is logged and dropped; the worker goes on
        await a.publish(table_message("t", {"type": "after"}))
        await a.publish(table_message("t", {"type": "last"}))
        await a.stop()  # at once: what is queued is sent before the connection closes
        later = [await asyncio.wait_for(conn.queue.get(), timeout=5) for _ in range(2)]
        await b.stop()
        return in_order, later, failures

    in_order, later, failures = asyncio.run(run())
    assert [m["n"] for m in in_order] == list(range(50))
    assert failures == 1 and [m["type"] for m in later] == ["after", "last"]
