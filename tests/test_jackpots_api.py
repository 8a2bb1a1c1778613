"""The jackpot pools over HTTP (issue 16 part 5; 000 §12.45-12.54 "the size of the current
Jackpot is displayed"): public, declared in OpenAPI, each amount the pool's ledger balance."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform.jackpots import account_code
from croupier.platform.ledger import Ledger
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_api import Api, problem


@pytest.fixture
def api(tmp_path: object) -> Iterator[Api]:
    app = create_app(make_settings(f"sqlite:///{tmp_path}/api.sqlite3", deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Api(client)


def test_000_12_54_pools_are_shown_with_their_ledger_balance(api: Api) -> None:
    r = api.c.get("/api/jackpots", params={"currency": "EUR"})
    assert r.status_code == 200, r.text
    pools = {p["pool"]: p for p in r.json()["pools"]}
    assert set(pools) == {"bet21.bet21_000.jackpot", "bet21.bet21_ace_one.jackpot",
                          "blackjack.tdc.777", "blackjack.tdc.mystery",
                          "roulette.one_bet.jackpot", "roulette.one_bet.mega",
                          "roulette.one_bet.one_bet"}  # Jokerbet's funds are in AMD only
    plat = api.c.app.state.croupier.platform  # type: ignore[attr-defined]
    for code, p in pools.items():
        held = plat.read(lambda s, c=code: Ledger(s).balance(account_code(c, "EUR")))
        assert p["amount_minor"] == held == p["seed_minor"]
    assert pools["blackjack.tdc.777"]["wins"] == {"777_spades": "1/5", "suited_777": "1/10"}
    assert pools["bet21.bet21_000.jackpot"]["drop_commitment"]


def test_000_12_54_a_bet_moves_the_displayed_amount(api: Api) -> None:
    h = api.player(deposit="100.00")
    before = api.c.get("/api/jackpots/bet21/bet21_000", params={"currency": "EUR"}).json()
    r = api.play(h, [{"code": "draw", "stake": "10.00", "target": []}], "bet21", "bet21_000")
    assert r.status_code == 201, r.text
    after = api.c.get("/api/jackpots/bet21/bet21_000", params={"currency": "EUR"}).json()
    if r.json()["jackpots"]["wins"]:  # the pool dropped to this play: back to its seed
        assert after["pools"][0]["amount_minor"] == after["pools"][0]["seed_minor"]
    else:  # 1% of the 10.00 stake
        assert after["pools"][0]["amount_minor"] == before["pools"][0]["amount_minor"] + 10


def test_issue_16_jackpot_routes_refuse_what_has_no_pool(api: Api) -> None:
    problem(api.c.get("/api/jackpots/baccarat"), 404, "not_found")
    problem(api.c.get("/api/jackpots/roulette/european"), 404, "not_found")
    problem(api.c.get("/api/jackpots/blackjack/digitain"), 404, "not_found")
    assert api.c.get("/api/jackpots", params={"currency": "eur"}).status_code == 422
    assert api.c.get("/api/jackpots", params={"currency": "XXX"}).json() == {"pools": []}
    paths = api.c.get("/openapi.json").json()["paths"]
    assert {"/api/jackpots", "/api/jackpots/{game}", "/api/jackpots/{game}/{variant}"} <= set(paths)


def test_000_12_54_the_jackpot_websocket_pushes_a_changed_amount(api: Api) -> None:
    h = api.player(deposit="100.00")
    url = "/api/jackpots/ws?game=bet21&variant=bet21_000&currency=EUR"
    with api.c.websocket_connect(url) as ws:
        first = ws.receive_json()
        assert first["type"] == "jackpots"
        assert first["pools"] == api.c.get("/api/jackpots/bet21/bet21_000",
                                           params={"currency": "EUR"}).json()["pools"]
        r = api.play(h, [{"code": "draw", "stake": "10.00", "target": []}], "bet21", "bet21_000")
        assert r.status_code == 201, r.text
        pushed = ws.receive_json()  # within WS_SECONDS: the amount moved
        now = api.c.get("/api/jackpots/bet21/bet21_000", params={"currency": "EUR"}).json()["pools"]
        assert pushed["pools"] == now and now != first["pools"]


def test_issue_16_the_jackpot_websocket_refuses_bad_parameters(api: Api) -> None:
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as exc, \
            api.c.websocket_connect("/api/jackpots/ws?currency=eur") as ws:
        ws.receive_json()
    assert exc.value.code == 4400
