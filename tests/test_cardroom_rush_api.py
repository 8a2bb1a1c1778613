"""Rush & Cash over HTTP and WebSocket (000 §12.12.3): join a pool with a buy-in, precise
refusals (a second entry, a buy-in out of range, a fast fold when in no hand), a fast fold that
deals the player into a new hand at once, the pool state with his hand, and leaving with a
cash-out - the pool run by the server's supervisor (anchor table's lock), on SQLite and
PostgreSQL."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform.cardroom import tables
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_api import Api, problem, ws_auth

POOL = "nl20-api"


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


@pytest.fixture
def room(db_url: str) -> Iterator[tuple[Api, Platform]]:
    p = Platform(make_settings(db_url, deposit_confirm_seconds=0.0, tables=(), run_tables=True))
    p.migrate()
    p.run(lambda s: tables.ensure_table(s, tables.TableSpec(
        "rush-api", "Rush NL20", "holdem", "no_limit", "EUR", 20, format="rush", max_seats=2, pool=POOL)))
    with TestClient(create_app(platform=p)) as client:
        yield Api(client), p
    p.db.dispose()


def _me(api: Api, h: dict[str, str]) -> dict[str, Any]:
    r = api.c.get(f"/api/cardroom/rush/{POOL}/me", headers=h)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _wait(api: Api, h: dict[str, str], what: str, cond: Any) -> dict[str, Any]:
    for _ in range(500):
        state = _me(api, h)
        if cond(state):
            return state
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}: {state}")


def test_000_12_12_3_rush_over_http_fast_fold_deals_a_new_hand_at_once_and_precise_errors(
        room: tuple[Api, Platform]) -> None:
    api, p = room
    c = api.c
    ann, bob, cy = (api.player(deposit="100") for _ in range(3))
    pools = c.get("/api/cardroom/rush").json()["items"]
    assert [(x["pool"], x["hand_size"], x["big_blind_minor"]) for x in pools] == [(POOL, 2, 20)]
    r = c.post(f"/api/cardroom/rush/{POOL}/join", headers={**ann, **key()}, json={"buy_in_minor": 2001})
    assert "above the pool maximum" in problem(r, 400, "buy_in_refused")["detail"]
    r = c.post(f"/api/cardroom/rush/{POOL}/join", headers={**ann, **key()}, json={"buy_in_minor": 799})
    assert "below the pool minimum" in problem(r, 400, "buy_in_refused")["detail"]
    r = c.post("/api/cardroom/rush/no-such-pool/join", headers={**ann, **key()}, json={"buy_in_minor": 1000})
    problem(r, 404, "not_found")
    r = c.post(f"/api/cardroom/rush/{POOL}/join", headers={**ann, **key()}, json={"buy_in_minor": 1000})
    assert r.status_code == 201 and r.json()["stack_minor"] == 1000, r.text
    r = c.post(f"/api/cardroom/rush/{POOL}/join", headers={**ann, **key()}, json={"buy_in_minor": 1000})
    problem(r, 409, "already_seated")
    assert c.get("/api/wallet", headers=ann).json()["cash_minor"] == 9000
    r = c.post("/api/cardroom/tables/rush-api/seats", headers={**bob, **key()}, json={"seat": 0, "buy_in_minor": 1000})
    assert "entered through its pool" in problem(r, 409, "round_state")["detail"]
    r = c.post("/api/cardroom/tables/rush-api/predeal", headers=ann, json={"kind": "straddle"})
    assert "no straddle at a rush table" in problem(r, 422, "illegal_action")["detail"]
    r = c.post("/api/cardroom/tables/rush-api/actions", headers=ann, json={"hand_id": 1, "action": "fast_fold"})
    assert "play through its pool" in problem(r, 422, "illegal_action")["detail"]
    # alone in the pool: waiting, no hand - a fast fold is refused precisely
    _wait(api, ann, "ann waiting", lambda s: s.get("you_waiting") is True)
    r = c.post(f"/api/cardroom/rush/{POOL}/actions", headers=ann, json={"hand_id": 1, "action": "fast_fold"})
    assert "waiting for your next hand" in problem(r, 409, "not_in_hand")["detail"]
    with c.websocket_connect("/api/tables/rush-api/ws") as ws:
        ws_auth(ws, ann["Authorization"].split()[1])
        r = c.post(f"/api/cardroom/rush/{POOL}/join", headers={**bob, **key()}, json={"buy_in_minor": 1000})
        assert r.status_code == 201, r.text
        first = _wait(api, ann, "ann's first hand", lambda s: s["hand"] is not None)["hand"]
        for _ in range(100):
            m = ws.receive_json()
            if m["type"] == "poker_state" and m.get("pool") == POOL:
                break
        assert m["hand"]["hand_id"] == first["hand"]["hand_id"] and len(m["you"]["hole"]) == 2
        assert m["you"]["legal"] and any(a["action"] == "fast_fold" for a in m["you"]["legal"])
    hid = first["hand"]["hand_id"]
    r = c.post(f"/api/cardroom/rush/{POOL}/join", headers={**cy, **key()}, json={"buy_in_minor": 1000})
    assert r.status_code == 201, r.text
    _wait(api, cy, "cy waiting", lambda s: s.get("you_waiting") is True)
    # ann fast-folds (in turn or not): dealt into a new hand with cy at once
    r = c.post(f"/api/cardroom/rush/{POOL}/actions", headers=ann, json={"hand_id": hid, "action": "fast_fold"})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["accepted"] and out["hand_id"] == hid and out["next_hand_id"] not in (None, hid)
    now = _me(api, ann)
    assert now["hand"]["hand"]["hand_id"] == out["next_hand_id"] and len(now["hand"]["you"]["hole"]) == 2
    # the hand she left ended without her (bob alone): in her history, with her stake lost
    for _ in range(200):
        items = c.get("/api/cardroom/hands", headers=ann).json()["items"]
        if any(i["hand_id"] == hid and i["state"] == "settled" for i in items):
            break
        time.sleep(0.02)
    old = next(i for i in items if i["hand_id"] == hid)
    assert old["state"] == "settled" and old["returned_minor"] == 0 and old["stake_minor"] in (10, 20)
    view = c.get(f"/api/cardroom/hands/{hid}", headers=ann).json()
    assert view["format"] == "rush" and view["your_seat"] is not None
    # leave during the hand: cashed out when it ends (or at her fold)
    r = c.post(f"/api/cardroom/rush/{POOL}/leave", headers={**ann, **key()})
    assert r.status_code == 200 and r.json()["cashed_out_minor"] is None, r.text
    r = c.post(f"/api/cardroom/rush/{POOL}/actions", headers=ann,
               json={"hand_id": out["next_hand_id"], "action": "fast_fold"})
    assert r.status_code == 200, r.text
    for _ in range(200):
        if _me(api, ann)["entry"] is None:
            break
        time.sleep(0.02)
    wallet = c.get("/api/wallet", headers=ann).json()["cash_minor"]
    assert _me(api, ann)["entry"] is None and 9000 + 1000 - 40 <= wallet <= 10_000
    r = c.post(f"/api/cardroom/rush/{POOL}/actions", headers=ann, json={"hand_id": hid, "action": "fast_fold"})
    assert "not dealt in" in problem(r, 409, "not_in_hand")["detail"]
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched
