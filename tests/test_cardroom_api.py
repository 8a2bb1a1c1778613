"""The card room over HTTP and WebSocket (issue 21 part 3): buy-in, the hand run by the table's
runner in the server, actions (out of turn and illegal raises refused as problems), the table
state with the player's own cards, the hand history and replay, leaving with a cash-out."""

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
from tests.test_platform_api import Api, ws_auth

TID = "nl-api"


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


@pytest.fixture
def room(db_url: str) -> Iterator[tuple[Api, Platform]]:
    p = Platform(make_settings(db_url, deposit_confirm_seconds=0.0, tables=(), run_tables=True))
    p.migrate()
    p.run(lambda s: tables.ensure_table(s, tables.TableSpec(TID, "NL API", "holdem", "no_limit", "EUR", 20)))
    with TestClient(create_app(platform=p)) as client:
        yield Api(client), p
    p.db.dispose()


def _me(api: Api, h: dict[str, str]) -> dict[str, Any]:
    r = api.c.get(f"/api/cardroom/tables/{TID}/me", headers=h)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def _wait_hand(api: Api, h: dict[str, str]) -> dict[str, Any]:
    for _ in range(750):
        state = _me(api, h)
        if state["hand"] is not None and state["hand"]["to_act"] is not None:
            return state
        time.sleep(0.02)
    raise AssertionError("no hand started")


def test_issue21_a_hand_over_http_buy_in_actions_history_replay_and_cash_out(room: tuple[Api, Platform]) -> None:
    api, p = room
    c = api.c
    ann, bob = api.player(deposit="100"), api.player(deposit="100")
    lobby = c.get("/api/cardroom/tables").json()["items"]
    assert [t["id"] for t in lobby] == [TID] and lobby[0]["max_buy_in_minor"] == 2000
    assert c.get("/api/tables").status_code == 200  # the platform's table list still answers
    r = c.post(f"/api/cardroom/tables/{TID}/seats", headers={**ann, **key()}, json={"seat": 0, "buy_in_minor": 2500})
    assert r.status_code == 400 and r.json()["code"] == "buy_in_refused"
    assert "above the table maximum" in r.json()["detail"]
    r = c.post(f"/api/cardroom/tables/{TID}/seats", headers={**ann, **key()}, json={"seat": 0, "buy_in_minor": 2000})
    assert r.status_code == 201, r.text
    r = c.post(f"/api/cardroom/tables/{TID}/seats", headers={**bob, **key()}, json={"seat": 0, "buy_in_minor": 2000})
    assert r.status_code == 409 and r.json()["code"] == "seat_taken"
    r = c.post(f"/api/cardroom/tables/{TID}/seats", headers={**bob, **key()}, json={"seat": 3, "buy_in_minor": 2000})
    assert r.status_code == 201, r.text
    assert c.get("/api/wallet", headers=ann).json()["cash_minor"] == 8000
    state = _wait_hand(api, ann)
    hand = state["hand"]
    assert len(state["you"]["hole"]) == 2 and all(x is not None for x in state["you"]["hole"])
    assert all(card is None for pl in hand["players"] if pl["seat"] != state["you"]["seat"] for card in pl["cards"])
    to_act = hand["to_act"]
    actor, other = (ann, bob) if to_act == state["you"]["seat"] else (bob, ann)
    r = c.post(f"/api/cardroom/tables/{TID}/actions", headers=other,
               json={"hand_id": hand["hand_id"], "action": "call"})
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    assert f"seat {to_act} is to act" in r.json()["detail"]
    r = c.post(f"/api/cardroom/tables/{TID}/actions", headers=actor,
               json={"hand_id": hand["hand_id"], "action": "raise", "to_minor": 25})
    assert r.status_code in (400, 409, 422) and "minimum" in r.json()["detail"]
    mine = _me(api, actor)
    assert {a["action"] for a in mine["you"]["legal"]} == {"fold", "call", "raise"}
    assert mine["you"]["raise_range"] == {"min_to_minor": 40, "max_to_minor": 2000}
    r = c.post(f"/api/cardroom/tables/{TID}/actions", headers=actor,
               json={"hand_id": hand["hand_id"], "action": "fold", "version": mine["hand"]["version"]})
    assert r.status_code == 200, r.text
    for _ in range(200):
        items = c.get("/api/cardroom/hands", headers=ann).json()["items"]
        if items and items[0]["state"] == "settled":
            break
        time.sleep(0.02)
    hid = items[0]["hand_id"]
    assert sorted(i["net_minor"] for i in c.get("/api/cardroom/hands", headers=bob).json()["items"][:1] + items[:1]) \
        in ([-10, 10], [-10, 10])
    view = c.get(f"/api/cardroom/hands/{hid}", headers=ann).json()
    assert view["state"] == "settled" and all(e["type"] != "draw" for e in view["events"])
    rep = c.get(f"/api/cardroom/hands/{hid}/replay", headers=bob).json()
    assert rep["matches_record"] is True
    stranger = api.player()
    assert c.get(f"/api/cardroom/hands/{hid}", headers=stranger).status_code == 404
    # leave: cashed out now, or at the end of the hand being played
    r = c.post(f"/api/cardroom/tables/{TID}/leave", headers={**ann, **key()})
    assert r.status_code == 200, r.text
    for _ in range(400):
        if c.get("/api/wallet", headers=ann).json()["cash_minor"] != 8000:
            break
        time.sleep(0.02)
    audit = p.audit()
    assert audit.total == 0 and not audit.mismatched


def test_issue21_the_table_websocket_sends_poker_state_with_the_players_own_cards(room: tuple[Api, Platform]) -> None:
    api, _p = room
    c = api.c
    ann, bob = api.player(deposit="100"), api.player(deposit="100")
    with c.websocket_connect(f"/api/tables/{TID}/ws") as ws:
        ws_auth(ws, ann["Authorization"].split()[1])
        for h, seat in ((ann, 1), (bob, 2)):
            r = c.post(f"/api/cardroom/tables/{TID}/seats", headers={**h, **key()},
                       json={"seat": seat, "buy_in_minor": 1000})
            assert r.status_code == 201
        for _ in range(50):
            m = ws.receive_json()
            if m["type"] == "poker_state" and m["event"] == "hand_started":
                break
        assert m["you"]["seat"] == 1 and len(m["you"]["hole"]) == 2
        other = next(pl for pl in m["hand"]["players"] if pl["seat"] == 2)
        assert other["cards"] == [None, None]
        assert len(m["hand"]["server_seed_hash"]) == 64


def test_000_12_12_3_sit_and_go_entries_over_http_open_its_table_in_the_running_server(room: tuple[Api, Platform]) -> None:
    from fractions import Fraction

    from croupier.platform.cardroom import tournaments

    api, p = room
    c = api.c
    spec = tournaments.TournamentSpec("SNG", "holdem", "no_limit", "EUR", 500, 50, 1000, 2, 300,
                                      (20, 40), (Fraction(1),))
    tid = p.run(lambda s: tournaments.create(s, spec).id)
    for _ in range(100):  # the server's first card room runner lets the room open new tables
        if c.get(f"/api/cardroom/tables/{TID}").json()["running"]:
            break
        time.sleep(0.02)
    ann, bob = api.player(deposit="100"), api.player(deposit="100")
    r = c.post(f"/api/cardroom/tournaments/{tid}/entries", headers={**ann, **key()})
    assert r.status_code == 201, r.text
    r = c.post(f"/api/cardroom/tournaments/{tid}/entries", headers={**bob, **key()})
    assert r.status_code == 201 and r.json()["state"] == "running"
    assert c.get("/api/wallet", headers=ann).json()["cash_minor"] == 10_000 - 550
    table = r.json()["table_id"]
    for _ in range(750):
        state = c.get(f"/api/cardroom/tables/{table}").json()
        if state["running"] and state["hand"] is not None:
            break
        time.sleep(0.02)
    assert state["table"]["format"] == "tournament" and state["table"]["rake"] is None, state
    assert state["hand"] is not None, state
    assert state["hand"]["big_blind_minor"] == 20
