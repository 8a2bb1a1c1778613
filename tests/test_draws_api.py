"""Draw tables over HTTP (issue 20, docs/draws.md): board, ticket purchase with precise
problems and nothing debited, ticket recall; a Keno Express table on the same generic schedule."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform.config import TableConfig
from croupier.platform.service import Platform
from tests.platform_fixtures import TEST_TABLES, make_settings

from .test_platform_api import Api

KENO = TableConfig("keno-eur", "Keno", "keno", "keno10", "EUR")
EXPRESS = TableConfig("express-eur", "Keno Express", "keno_express", "standard", "EUR")


class Clock:
    def __init__(self) -> None:
        self.now = datetime.fromtimestamp(29_000_000 * 60 + 5, UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def draws_api(tmp_path: Any) -> Iterator[tuple[Api, Platform]]:
    p = Platform(make_settings(f"sqlite:///{tmp_path}/api.sqlite3", deposit_confirm_seconds=0.0,
                               tables=(*TEST_TABLES, KENO, EXPRESS)), clock=Clock())
    with TestClient(create_app(platform=p)) as client:
        yield Api(client), p


def test_draw_tables_over_http(draws_api: tuple[Api, Platform]) -> None:
    api, _p = draws_api
    c = api.c
    assert c.get("/api/draws/nope").status_code == 404
    board = c.get("/api/draws/keno-eur").json()
    assert board["schedule"]["every_seconds"] == 60 and board["max_picks"] == 10
    h = api.player(deposit="10")
    url = "/api/draws/keno-eur/tickets"
    for body, status, code in [
        ({"bets": [{"code": "keno", "stake": "1.00", "target": list(range(1, 12))}], "draws": 1}, 400, "invalid_selection"),
        ({"bets": [{"code": "keno", "stake": "1.00", "target": [0, 5]}], "draws": 1}, 400, "invalid_selection"),
        ({"bets": [{"code": "keno", "stake": "1.00", "target": [5, 5]}], "draws": 1}, 400, "invalid_selection"),
        ({"bets": [{"code": "keno", "stake": "1.00", "target": [5]}], "draws": 0}, 400, "invalid_draws"),
        ({"bets": [{"code": "keno", "stake": "1.00", "target": [5]}], "draws": 1,
          "first_draw": 29_000_000}, 409, "betting_closed"),
    ]:
        r = c.post(url, headers=h, json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), r.text
    assert c.get("/api/wallet", headers=h).json()["cash_minor"] == 1000
    r = c.post(url, headers=h, json={"bets": [{"code": "keno", "stake": "1.00", "target": [7, 3, 5]}],
                                     "draws": 3})
    assert r.status_code == 201, r.text
    t = r.json()
    assert t["stake_total_minor"] == 300 and t["balance"]["cash_minor"] == 700
    assert t["draws"][0]["bets"][0]["target"] == [3, 5, 7]
    got = c.get(f"/api/draws/tickets/{t['ticket_id']}", headers=h).json()
    assert got["ticket_id"] == t["ticket_id"] and len(got["draws"]) == 3
    other = api.player(deposit="1")
    assert c.get(f"/api/draws/tickets/{t['ticket_id']}", headers=other).status_code == 404
    mine = c.get("/api/draws/keno-eur/tickets", headers=h).json()["tickets"]
    assert [x["ticket_id"] for x in mine] == [t["ticket_id"]]
    # Keno Express runs on the same generic schedule
    r = c.post("/api/draws/express-eur/tickets", headers=h,
               json={"bets": [{"code": "in_range", "stake": "1.00", "target": [10, 37]}], "draws": 2})
    assert r.status_code == 201, r.text
    assert c.get("/api/draws/express-eur").json()["schedule"]["every_seconds"] == 15
