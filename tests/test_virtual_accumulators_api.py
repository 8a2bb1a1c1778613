"""Accumulators over HTTP (issue 23 "Done when": "an accumulator with two legs of the same event
— precise errors, nothing debited"; docs/virtual.md "Accumulators"): each refusal is a problem with
its own code and status, the wallet unchanged; a placed slip is recalled by its owner only."""

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

TABLES = (TableConfig("speedway-eur", "Speedway", "racing", "speedway", "EUR"),
          TableConfig("dogs-eur", "Greyhounds", "greyhounds", "six", "EUR"))
EVENT = 15_000_000


class Clock:
    def __init__(self) -> None:
        self.now = datetime.fromtimestamp((EVENT - 1) * 120 + 5, UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def api(tmp_path: Any) -> Iterator[Api]:
    p = Platform(make_settings(f"sqlite:///{tmp_path}/api.sqlite3", deposit_confirm_seconds=0.0,
                               tables=(*TEST_TABLES, *TABLES)), clock=Clock())
    with TestClient(create_app(platform=p)) as client:
        yield Api(client)


def test_issue23_accumulator_problems_over_http_nothing_debited(api: Api) -> None:
    c = api.c
    h = api.player(deposit="10")
    leg_a = {"table_id": "speedway-eur", "code": "win", "target": [1]}
    leg_b = {"table_id": "dogs-eur", "code": "win", "target": [2]}
    for legs, status, code in [
        ([leg_a, {**leg_a, "target": [2]}], 400, "same_event_legs"),
        ([leg_a, {**leg_b, "number": EVENT - 1}], 409, "leg_closed"),
        ([leg_a] * 9, 400, "too_many_legs"),
        ([leg_a], 400, "too_few_legs"),
        ([leg_a, {**leg_b, "code": "nope"}], 400, "unknown_bet_code"),
        ([leg_a, {"table_id": "t-eur", "code": "red", "target": []}], 422, "unsupported_game"),
    ]:
        r = c.post("/api/accumulators", headers=h, json={"legs": legs, "stake": "1.00"})
        assert (r.status_code, r.json()["code"]) == (status, code), r.text
    assert c.get("/api/wallet", headers=h).json()["cash_minor"] == 1000
    r = c.post("/api/accumulators", headers=h, json={"legs": [leg_a, leg_b], "stake": "1.50", "key": "k1"})
    assert r.status_code == 201, r.text
    slip = r.json()
    assert slip["stake_minor"] == 150 and slip["balance"]["cash_minor"] == 850 and len(slip["legs"]) == 2
    again = c.post("/api/accumulators", headers=h, json={"legs": [leg_a, leg_b], "stake": "1.50", "key": "k1"})
    assert again.json()["accumulator_id"] == slip["accumulator_id"]  # idempotent: debited once
    assert c.get("/api/wallet", headers=h).json()["cash_minor"] == 850
    got = c.get(f"/api/accumulators/{slip['accumulator_id']}", headers=h).json()
    assert [leg["table_id"] for leg in got["legs"]] == ["speedway-eur", "dogs-eur"]
    assert [s["accumulator_id"] for s in c.get("/api/accumulators", headers=h).json()["accumulators"]] == [
        slip["accumulator_id"]]
    other = api.player(deposit="1")
    assert c.get(f"/api/accumulators/{slip['accumulator_id']}", headers=other).status_code == 404
    # Games History: the leg's event, with the leg in its recall
    rid = got["legs"][0]["round_id"]
    rec = c.get(f"/api/history/{rid}", headers=h)
    assert rec.status_code == 200, rec.text
    assert rec.json()["accumulator_legs"][0]["accumulator_id"] == slip["accumulator_id"]
