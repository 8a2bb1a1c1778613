"""The HTTP API: problem details, Idempotency-Key, auth, bad input (issue 3 "Bad input and
faults"), Games History isolation, and the table WebSocket."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.rng import fair
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


class Api:
    def __init__(self, client: TestClient) -> None:
        self.c = client
        self.n = 0

    def player(self, cur: str = "EUR", deposit: str | None = None) -> dict[str, str]:
        self.n += 1
        login = f"u{self.n}{uuid.uuid4().hex[:6]}"
        r = self.c.post("/api/players", headers=key(), json={
            "login": login, "password": "password123", "date_of_birth": "1985-03-04",
            "document_number": f"D{uuid.uuid4().hex[:10]}", "currency": cur})
        assert r.status_code == 201, r.text
        r = self.c.post("/api/sessions", headers=key(), json={"login": login, "password": "password123"})
        assert r.status_code == 201, r.text
        h = {"Authorization": f"Bearer {r.json()['token']}"}
        if deposit:
            r = self.c.post("/api/deposits", headers={**h, **key()}, json={"amount": deposit})
            assert r.status_code == 202, r.text
            for _ in range(200):
                if self.c.get("/api/wallet", headers=h).json()["pending_deposits_minor"] == 0:
                    break
                time.sleep(0.02)
        return h

    def play(self, h: dict[str, str], bets: list[dict[str, Any]], game: str = "roulette",
             variant: str = "european", headers: dict[str, str] | None = None) -> Any:
        return self.c.post("/api/rounds", headers={**h, **(headers or key())},
                           json={"game": game, "variant": variant, "bets": bets})


@pytest.fixture
def api(db_url: str) -> Iterator[Api]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Api(client)


def ws_auth(ws: Any, token: str) -> None:
    """The table WebSocket's first message (issue 13): the session token, never in the URL."""
    ws.send_json({"type": "auth", "token": token})
    while (m := ws.receive_json())["type"] != "auth":
        pass
    assert m == {"type": "auth", "ok": True}


def problem(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    assert body["code"] == code and body["status"] == status and body["title"] and body["detail"]
    return body


def test_register_deposit_play_and_recall(api: Api) -> None:
    h = api.player(deposit="100.00")
    r = api.play(h, [{"code": "straight", "stake": "1.00", "target": [17]},
                     {"code": "red", "stake": "2.00", "target": []}])
    assert r.status_code == 201, r.text
    body = r.json()
    pocket = int(body["outcome"]["pockets"][0])
    from croupier.games.roulette.wheel import RED

    expected = (3600 if pocket == 17 else 0) + (400 if pocket in RED else 0)
    assert body["returned_minor"] == expected and body["stake_minor"] == 300
    assert body["balance"]["cash_minor"] == 10000 - 300 + expected
    hist = api.c.get("/api/history", headers=h).json()["items"]
    assert hist[0]["round_id"] == body["round_id"]  # 000 §10: the accepted bet is in the history
    recall = api.c.get(f"/api/history/{body['round_id']}", headers=h).json()
    assert recall["fairness"]["server_seed"] is None  # hidden until rotation
    rot = api.c.post("/api/fairness/rotate", headers={**h, **key()})
    assert rot.status_code == 200, rot.text
    recall = api.c.get(f"/api/history/{body['round_id']}", headers=h).json()
    seed = recall["fairness"]["server_seed"]
    assert fair.matches(seed, recall["fairness"]["server_seed_hash"])
    # anyone can recompute the pocket from the revealed seed (European wheel: 37 pockets)
    stream = fair.stream(seed, recall["fairness"]["client_seed"], recall["fairness"]["nonce"])
    assert stream.randbelow(37) == pocket


def test_provably_fair_client_seed_applies_to_the_next_round(api: Api) -> None:
    h = api.player(deposit="10.00")
    r = api.c.put("/api/fairness/client-seed", headers={**h, **key()}, json={"client_seed": "my lucky seed"})
    assert r.status_code == 200 and r.json()["client_seed"] == "my lucky seed"
    body = api.play(h, [{"code": "red", "stake": "1.00", "target": []}]).json()
    assert body["fairness"]["client_seed"] == "my lucky seed" and body["fairness"]["nonce"] == 0
    assert api.c.get("/api/fairness", headers=h).json()["nonce"] == 1


@pytest.mark.parametrize("stake,code", [
    ("-1.00", "invalid_amount"),          # negative
    ("0", "invalid_amount"),              # zero
    ("0.001", "invalid_amount"),          # a fraction of a cent
    ("NaN", "invalid_amount"),
    ("Infinity", "invalid_amount"),
    ("1e2", "invalid_amount"),
    ("3000.01", "stake_above_maximum"),   # above the table maximum (004 §1.12: 3 000 EUR on red)
    ("99999999999999999999", "invalid_amount"),  # absurdly large
])
def test_bad_stakes_are_refused_with_problem_details(api: Api, stake: str, code: str) -> None:
    h = api.player(deposit="10.00")
    r = api.play(h, [{"code": "red", "stake": stake, "target": []}])
    problem(r, 400, code)
    assert api.c.get("/api/wallet", headers=h).json()["cash_minor"] == 1000


@pytest.mark.parametrize("stake", [1.5, 1, float("nan")])
def test_json_number_stakes_are_refused(api: Api, stake: float) -> None:
    h = api.player(deposit="10.00")
    r = api.c.post("/api/rounds", headers={**h, **key(), "Content-Type": "application/json"},
                   content=('{"bets":[{"code":"red","stake":%s,"target":[]}]}' % (
                       "NaN" if stake != stake else stake)).encode())
    problem(r, 422, "validation_error")


def test_000_7_stake_above_50_000_000_amd_is_refused(api: Api) -> None:
    h = api.player(cur="AMD", deposit="1000")
    problem(api.play(h, [{"code": "red", "stake": "50000001", "target": []}]), 400, "stake_above_maximum")
    # 50,000,000 AMD itself is a legal stake (000 §7); this player cannot cover it
    problem(api.play(h, [{"code": "red", "stake": "50000000", "target": []}]), 409, "insufficient_funds")


def test_unknown_games_variants_and_bet_codes(api: Api) -> None:
    h = api.player(deposit="10.00")
    problem(api.play(h, [{"code": "red", "stake": "1.00", "target": []}], game="tiddlywinks"), 404, "unknown_game")
    problem(api.play(h, [{"code": "red", "stake": "1.00", "target": []}], variant="martian"), 404, "unknown_variant")
    problem(api.play(h, [{"code": "purple", "stake": "1.00", "target": []}]), 400, "unknown_bet_code")
    problem(api.play(h, [{"code": "split", "stake": "1.00", "target": [1, 36]}]), 400, "invalid_selection")
    problem(api.c.get("/api/games/tiddlywinks/variants/x"), 404, "unknown_game")
    problem(api.c.get("/api/tables/nowhere"), 404, "unknown_table")


def test_insufficient_funds(api: Api) -> None:
    h = api.player(deposit="1.00")
    problem(api.play(h, [{"code": "red", "stake": "1.01", "target": []}]), 409, "insufficient_funds")


def test_a_replayed_request_is_done_once(api: Api) -> None:
    h = api.player(deposit="10.00")
    k = key()
    bets = [{"code": "straight", "stake": "1.00", "target": [0]}]
    first = api.play(h, bets, headers=k)
    second = api.play(h, bets, headers=k)
    assert first.status_code == second.status_code == 201
    assert second.headers.get("Idempotent-Replayed") == "true"
    assert first.json()["round_id"] == second.json()["round_id"]
    assert len(api.c.get("/api/history", headers=h).json()["items"]) == 1
    cash = api.c.get("/api/wallet", headers=h).json()["cash_minor"]
    assert cash == first.json()["balance"]["cash_minor"]
    # the same key for a different request is an error
    problem(api.play(h, [{"code": "straight", "stake": "2.00", "target": [0]}], headers=k), 422,
            "idempotency_key_reused")


def test_state_changing_requests_need_an_idempotency_key(api: Api) -> None:
    h = api.player(deposit="10.00")
    r = api.c.post("/api/rounds", headers=h, json={"bets": [{"code": "red", "stake": "1.00"}]})
    problem(r, 428, "idempotency_key_missing")
    problem(api.c.post("/api/deposits", headers=h, json={"amount": "1.00"}), 428, "idempotency_key_missing")


def test_every_player_endpoint_needs_auth(api: Api) -> None:
    calls = [("get", "/api/me"), ("get", "/api/wallet"), ("get", "/api/deposits"),
             ("get", "/api/deposits/1"), ("post", "/api/deposits"), ("post", "/api/withdrawals"),
             ("get", "/api/withdrawals"), ("post", "/api/rounds"), ("get", "/api/history"),
             ("get", "/api/history/1"), ("get", "/api/fairness"), ("put", "/api/fairness/client-seed"),
             ("post", "/api/fairness/rotate"), ("post", "/api/tables/t-eur/bets"),
             ("delete", "/api/sessions/current")]
    for method, path in calls:
        for h in ({}, {"Authorization": "Bearer not-a-token"}):
            r = api.c.request(method, path, headers={**h, **key()})
            problem(r, 401, "unauthorized")


def test_a_player_cannot_read_another_players_history(api: Api) -> None:
    alice = api.player(deposit="10.00")
    bob = api.player(deposit="10.00")
    rid = api.play(alice, [{"code": "red", "stake": "1.00", "target": []}]).json()["round_id"]
    problem(api.c.get(f"/api/history/{rid}", headers=bob), 404, "not_found")
    assert api.c.get("/api/history", headers=bob).json()["items"] == []
    dep = api.c.get("/api/deposits", headers=alice).json()["items"][0]["id"]
    problem(api.c.get(f"/api/deposits/{dep}", headers=bob), 404, "not_found")


def test_registration_rules_over_http(api: Api) -> None:
    body = {"login": "kid", "password": "password123", "date_of_birth": "2020-01-01",
            "document_number": "KID00001"}
    problem(api.c.post("/api/players", headers=key(), json=body), 422, "under_age")
    ok = {**body, "login": "grown", "date_of_birth": "1970-01-01"}
    assert api.c.post("/api/players", headers=key(), json=ok).status_code == 201
    again = {**ok, "login": "grown2"}
    problem(api.c.post("/api/players", headers=key(), json=again), 409, "document_already_registered")
    problem(api.c.post("/api/sessions", headers=key(), json={"login": "grown", "password": "wrongpass"}),
            401, "unauthorized")


def test_withdrawal_over_http(api: Api) -> None:
    h = api.player(deposit="10.00")
    r = api.c.post("/api/withdrawals", headers={**h, **key()}, json={"amount": "4.00"})
    assert r.status_code == 201 and r.json()["refund_minor"] == 400 and r.json()["winnings_minor"] == 0
    problem(api.c.post("/api/withdrawals", headers={**h, **key()}, json={"amount": "6.01"}), 409,
            "insufficient_funds")


def test_games_catalogue_and_variant_info(api: Api) -> None:
    games = api.c.get("/api/games").json()["items"]
    roulette = next(g for g in games if g["name"] == "roulette")
    assert "european" in [v["name"] for v in roulette["variants"]]
    info = api.c.get("/api/games/roulette/variants/european").json()
    straight = next(b for b in info["bets"] if b["code"] == "straight")
    assert straight["payout"] == "35:1" and straight["rtp"] == "36/37"
    assert info["limits"]["EUR"]["table_max_minor"] == 300000
    assert len(info["wheel_order"]) == 37


def test_games_catalogue_says_where_each_game_is_played(api: Api) -> None:
    """The lobby lists single rounds (POST /api/rounds) apart from decision rounds
    (/api/interactive): a game is a decision game exactly when its engine asks the player."""
    modes = {g["name"]: g["play"] for g in api.c.get("/api/games").json()["items"]}
    assert modes["roulette"] == modes["dragon_tiger"] == modes["baccarat"] == "single"
    assert modes["blackjack"] == modes["three_card_poker"] == modes["casino_holdem"] == "decision"
    assert modes["top_card"] == "decision"  # 000 §12.16: a tie asks war or fold (not every round)
    assert set(modes.values()) == {"single", "decision"}
    # a shoe's composition for the in-browser shoe check (docs/provably_fair.md "Shoes")
    assert api.c.get("/api/games/baccarat/variants/live_004").json()["decks"] == 8
    assert api.c.get("/api/games/roulette/variants/european").json()["decks"] is None


def test_openapi_is_the_contract(api: Api) -> None:
    spec = api.c.get("/openapi.json").json()
    for path in ("/api/players", "/api/sessions", "/api/rounds", "/api/history/{round_id}",
                 "/api/tables/{table_id}/bets", "/api/fairness/rotate", "/api/deposits"):
        assert path in spec["paths"]


def test_table_websocket_broadcasts_every_phase(db_url: str) -> None:  # noqa: F811
    settings = make_settings(db_url, run_tables=True, betting_seconds=2.0, result_seconds=0.1,
                             deposit_confirm_seconds=0.0)
    with TestClient(create_app(settings)) as client:
        api = Api(client)
        h = api.player(deposit="10.00")
        token = h["Authorization"].split()[1]
        seen: list[str] = []
        with client.websocket_connect("/api/tables/t-eur/ws") as ws:
            assert ws.receive_json()["type"] == "snapshot"
            ws_auth(ws, token)
            while True:
                m = ws.receive_json()
                if m["type"] == "betting_open":
                    assert m["countdown"] > 0 and m["server_seed_hash"]
                    break
            r = client.post("/api/tables/t-eur/bets", headers={**h, **key()},
                            json={"bets": [{"code": "red", "stake": "1.00", "target": []}]})
            assert r.status_code == 201, r.text
            rid = r.json()["round_id"]
            assert rid == m["round_id"]
            settled = None
            for _ in range(20):
                m = ws.receive_json()
                seen.append(m["type"])
                if m["type"] == "settled" and m["round_id"] == rid:
                    settled = m
                if settled and m["type"] == "balance":
                    break
            assert seen.index("no_more_bets") < seen.index("result") < seen.index("settled")
            assert "bet_accepted" in seen
            assert settled is not None and settled["you"]["stake_minor"] == 100
            cash = client.get("/api/wallet", headers=h).json()["cash_minor"]
            assert cash == 1000 - 100 + settled["you"]["returned_minor"]
            r = client.post("/api/tables/t-eur/bets", headers={**h, **key()},
                            json={"bets": [{"code": "red", "stake": "1.00", "target": []}]})
            # between rounds (or a new window): either refused as closed or accepted in a new round
            assert r.status_code in (201, 409)
            if r.status_code == 409:
                problem(r, 409, "betting_closed")


def test_websocket_refuses_a_bad_token(api: Api) -> None:
    from starlette.websockets import WebSocketDisconnect

    with api.c.websocket_connect("/api/tables/t-eur/ws") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        ws.send_json({"type": "auth", "token": "nope"})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4401


def test_004_1_6_a_bet_after_no_more_bets_is_refused_over_http(api: Api) -> None:
    h = api.player(deposit="10.00")
    platform = api.c.app.state.croupier.platform  # type: ignore[attr-defined]
    rid = platform.open_round("t-eur")["round_id"]
    bets = {"bets": [{"code": "red", "stake": "1.00", "target": []}]}
    k = key()
    ok = api.c.post("/api/tables/t-eur/bets", headers={**h, **k}, json=bets)
    assert ok.status_code == 201 and ok.json()["round_id"] == rid
    again = api.c.post("/api/tables/t-eur/bets", headers={**h, **k}, json=bets)  # a replay
    assert again.json() == ok.json() and again.headers.get("Idempotent-Replayed") == "true"
    platform.close_round(rid)
    problem(api.c.post("/api/tables/t-eur/bets", headers={**h, **key()}, json=bets), 409, "betting_closed")
    assert api.c.get("/api/wallet", headers=h).json()["cash_minor"] == 900  # debited once
    table = api.c.get("/api/tables/t-eur").json()
    assert table["round"]["state"] == "closed"


def test_a_guest_subscribes_to_a_table_read_only(db_url: str) -> None:  # noqa: F811
    """No token: the table's public events (here the next betting window), no private ones."""
    settings = make_settings(db_url, run_tables=True, betting_seconds=1.0, result_seconds=0.1,
                             deposit_confirm_seconds=0.0)
    with TestClient(create_app(settings)) as client, \
            client.websocket_connect("/api/tables/t-eur/ws") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        kinds = set()
        for _ in range(12):
            m = ws.receive_json()
            kinds.add(m["type"])
            assert "you" not in m and m["type"] not in ("balance", "bet_accepted")
            if m["type"] == "betting_open":
                break
        assert "betting_open" in kinds


def test_variant_info_is_computed_once_per_process(api: Api) -> None:
    from croupier.api.app import _variant_info

    first = api.c.get("/api/games/roulette/variants/european")
    hits = _variant_info.cache_info().hits
    again = api.c.get("/api/games/roulette/variants/european")
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert _variant_info.cache_info().hits == hits + 1
