"""Match-game tournaments over HTTP (issue 22; docs/pvp_matches.md "Tournaments"): an operator
files a Chingachung knock-out, players register and unregister with an Idempotency-Key (refunded
exactly), the precise problems (registering twice, a full tournament, insufficient funds,
unregistering after the start, not an operator), and the bracket's matches played to the prizes
by resignation over the match API, which advances the bracket."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform.protection import roles
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_api import Api, problem


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


@pytest.fixture
def api(db_url: str) -> Iterator[tuple[Api, Platform]]:
    p = Platform(make_settings(db_url, deposit_confirm_seconds=0.0, tables=()))
    p.migrate()
    with TestClient(create_app(platform=p)) as client:
        yield Api(client), p
    p.db.dispose()


def _cash(api: Api, h: dict[str, str]) -> int:
    return int(api.c.get("/api/wallet", headers=h).json()["cash_minor"])


def test_issue22_tournament_over_http_from_filing_to_the_prizes(api: tuple[Api, Platform]) -> None:
    a, p = api
    c = a.c
    op = a.player("AMD")
    login = c.get("/api/me", headers=op).json()["player"]["login"]
    body = {"name": "Chingachung KO", "game": "chingachung", "variant": "standard", "currency": "AMD",
            "buy_in_minor": 1_000, "fee_minor": 100, "seats": 4, "move_seconds": 30,
            "game_seconds": 300, "autostart": False}
    problem(c.post("/api/matches/tournaments", headers=op, json=body), 403, "operator_only")
    p.run(lambda s: roles.grant(s, login, p.clock()))
    r = c.post("/api/matches/tournaments", headers=op, json=body)
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    assert r.json()["prizes"] == ["7/10", "3/10"] and r.json()["rake_minor"] == 0
    ps = [a.player("AMD", deposit="10000") for _ in range(5)]
    poor = a.player("AMD", deposit="1000")
    for h in ps[:4]:
        r = c.post(f"/api/matches/tournaments/{tid}/register", headers={**h, **key()})
        assert r.status_code == 200, r.text
        assert _cash(a, h) == 10_000 - 1_100
    problem(c.post(f"/api/matches/tournaments/{tid}/register", headers={**ps[0], **key()}), 409,
            "already_registered")
    problem(c.post(f"/api/matches/tournaments/{tid}/register", headers={**ps[4], **key()}), 409,
            "tournament_full")
    problem(c.post(f"/api/matches/tournaments/{tid}/unregister", headers={**ps[4], **key()}), 409,
            "not_registered")
    r = c.post(f"/api/matches/tournaments/{tid}/unregister", headers={**ps[3], **key()})
    assert r.status_code == 200 and r.json()["registered"] == 3 and _cash(a, ps[3]) == 10_000
    problem(c.post(f"/api/matches/tournaments/{tid}/register", headers={**poor, **key()}), 409,
            "insufficient_funds")
    assert _cash(a, poor) == 1_000
    assert [t["id"] for t in c.get("/api/matches/tournaments").json()["items"]] == [tid]
    problem(c.post(f"/api/matches/tournaments/{tid}/start", headers=ps[0]), 403, "operator_only")
    r = c.post(f"/api/matches/tournaments/{tid}/start", headers=op)
    assert r.status_code == 200 and r.json()["status"] == "running", r.text
    problem(c.post(f"/api/matches/tournaments/{tid}/unregister", headers={**ps[0], **key()}), 409,
            "tournament_started")
    tokens = {c.get("/api/me", headers=h).json()["player"]["id"]: h for h in ps[:3]}
    for _ in range(5):
        v: dict[str, Any] = c.get(f"/api/matches/tournaments/{tid}").json()
        live = [g for g in v["bracket"] if g["match_status"] == "playing"]
        if not live:
            break
        for g in live:  # seat 1 resigns over the match API: seat 0 goes through
            m = c.get(f"/api/matches/{g['match_id']}").json()
            assert m["mode"] == "tourney"
            r = c.post(f"/api/matches/{g['match_id']}/resign", headers=tokens[m["opponent_id"]])
            assert r.status_code == 200, r.text
            assert r.json()["result"]["rake_minor"] == 0 and r.json()["result"]["spin"] is None
    v = c.get(f"/api/matches/tournaments/{tid}").json()
    assert v["status"] == "finished" and v["server_seed"]
    prizes = {e["place"]: e["prize_minor"] for e in v["entries"]}
    assert prizes == {1: 2_100, 2: 900, 3: 0}  # 70/30 of 3,000; 3rd of 3 entrants nothing
    assert sorted(_cash(a, h) for h in tokens.values()) == sorted(10_000 - 1_100 + x for x in prizes.values())
