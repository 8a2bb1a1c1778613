"""Match tables over HTTP and WebSocket (issue 22 part 2): a Chingachung match between two
players from the lobby to the payout, with the precise problems - joining one's own table, a
stake not covered, a move out of turn, an illegal move - and the match's WebSocket events."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_api import Api, problem, ws_auth

STAKE = 500


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


@pytest.fixture
def api(db_url: str) -> Iterator[Api]:
    p = Platform(make_settings(db_url, deposit_confirm_seconds=0.0, tables=()))
    p.migrate()
    with TestClient(create_app(platform=p)) as client:
        yield Api(client)
    p.db.dispose()


def _me(api: Api, mid: int, h: dict[str, str]) -> dict[str, Any]:
    r = api.c.get(f"/api/matches/{mid}/me", headers=h)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_000_12_12_a_match_over_http_from_the_lobby_to_the_payout(api: Api) -> None:
    c = api.c
    games = {g["game"]: g for g in c.get("/api/matches/games").json()["items"]}
    assert set(games) == {"backgammon", "belote", "domino", "toto21", "toto11", "baron", "goal_penalty",
                          "chingachung", "hexagon"}
    ann, bob = api.player("AMD", deposit="100000"), api.player("AMD", deposit="100000")
    poor = api.player("AMD", deposit="100")
    r = c.post("/api/matches/tables", headers=ann, json={
        "game": "chingachung", "variant": "standard", "stake_minor": STAKE,
        "options": {"target": 2}, "move_seconds": 30, "game_seconds": 300})
    assert r.status_code == 201, r.text
    mid = r.json()["id"]
    assert [t["id"] for t in c.get("/api/matches/tables").json()["items"]] == [mid]
    problem(c.post(f"/api/matches/tables/{mid}/join", headers=ann), 409, "own_table")
    problem(c.post(f"/api/matches/tables/{mid}/join", headers=poor), 409, "stake_not_covered")
    r = c.post(f"/api/matches/tables/{mid}/join", headers=bob)
    assert r.status_code == 200 and r.json()["status"] == "pending"
    r = c.post(f"/api/matches/tables/{mid}/accept", headers={**ann, **key()})
    assert r.status_code == 200 and r.json()["status"] == "playing", r.text
    assert c.get("/api/wallet", headers=ann).json()["cash_minor"] == 100000 - STAKE
    with c.websocket_connect(f"/api/matches/{mid}/ws") as ws:
        assert ws.receive_json()["type"] == "match_state"
        ws_auth(ws, bob["Authorization"].split()[1])
        mine = ws.receive_json()
        assert mine["match"]["you"]["seat"] == 1
        seen = 0
        for _ in range(200):
            views = {1: _me(api, mid, ann), 2: _me(api, mid, bob)}
            if views[1]["status"] == "done":
                break
            actor, other = (ann, bob) if views[1]["you"]["legal_actions"] else (bob, ann)
            legal = _me(api, mid, actor)["you"]["legal_actions"]
            assert legal and _me(api, mid, other)["you"]["legal_actions"] == []
            problem(c.post(f"/api/matches/{mid}/moves", headers=other, json=legal[0]), 409, "not_your_turn")
            problem(c.post(f"/api/matches/{mid}/moves", headers=actor,
                           json={"name": "fly", "args": {}}), 422, "illegal_action")
            pick = legal[(seen // 2 + (actor is bob)) % len(legal)]  # different steps: no drawn rounds
            r = c.post(f"/api/matches/{mid}/moves", headers=actor, json=pick)
            assert r.status_code == 200, r.text
            msg = ws.receive_json()
            assert msg["type"] == "match_state" and msg["match"]["id"] == mid
            assert msg["you"]["seat"] == 1  # bob's private part
            seen += 1
        assert seen > 0
    out = _me(api, mid, ann)
    assert out["status"] == "done" and out["result"]["rake_minor"] == 40
    cash = {name: c.get("/api/wallet", headers=h).json()["cash_minor"] for name, h in (("ann", ann), ("bob", bob))}
    winner = "ann" if out["result"]["winner_seat"] == 0 else "bob"
    assert cash[winner] == 100000 - STAKE + 2 * STAKE - 40
    assert sum(cash.values()) == 200000 - 40
    problem(c.post(f"/api/matches/{mid}/resign", headers=ann), 409, "match_state")


def test_000_12_12_7_a_step_after_the_clock_is_refused_and_loses(db_url: str) -> None:
    from tests.protection_fixtures import FakeClock

    clock = FakeClock()
    p = Platform(make_settings(db_url, deposit_confirm_seconds=0.0, tables=()), clock=clock)
    p.migrate()
    with TestClient(create_app(platform=p)) as client:
        api = Api(client)
        c = api.c
        ann, bob = api.player("AMD", deposit="100000"), api.player("AMD", deposit="100000")
        mid = c.post("/api/matches/tables", headers=ann, json={
            "game": "chingachung", "variant": "standard", "stake_minor": STAKE,
            "move_seconds": 5, "game_seconds": 60}).json()["id"]
        c.post(f"/api/matches/tables/{mid}/join", headers=bob)
        assert c.post(f"/api/matches/tables/{mid}/accept", headers={**ann, **key()}).status_code == 200
        actor = ann if _me(api, mid, ann)["you"]["legal_actions"] else bob
        legal = _me(api, mid, actor)["you"]["legal_actions"]
        clock.advance(seconds=5.5)
        problem(c.post(f"/api/matches/{mid}/moves", headers=actor, json=legal[0]), 409, "clock_expired")
        out = _me(api, mid, actor)
        assert out["status"] == "done" and out["result"]["how"] == "time_out"
        assert out["result"]["winner_seat"] != out["you"]["seat"]  # 000 §12.12.7: he loses
    p.db.dispose()
