"""Crash tables over HTTP (issue 17): state without the crash point, bets with an auto target,
cash-outs judged by the server clock; errors are problem answers."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.games.crash.realtime import curve_of
from croupier.platform import crash as C
from croupier.platform.service import Platform
from croupier.store.models import Round
from tests.platform_fixtures import make_settings

from .crash_helpers import shipped
from .test_platform_api import Api

V = shipped()


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def crash_api(tmp_path: Any) -> Iterator[tuple[Api, Platform, Clock]]:
    clock = Clock()
    p = Platform(make_settings(f"sqlite:///{tmp_path}/api.sqlite3", deposit_confirm_seconds=0.0), clock=clock)
    with TestClient(create_app(platform=p)) as client:
        p.run(lambda s: C.ensure_crash_table(s, "crash-eur", "Crash", "crash", "standard", "EUR"))
        yield Api(client), p, clock


def test_000_12_20_crash_table_over_http(crash_api: tuple[Api, Platform, Clock]) -> None:
    api, p, clock = crash_api
    c = api.c
    assert c.get("/api/crash/tables/nope").status_code == 404
    # find a round that runs to at least x1.50
    while True:
        p.run(lambda s: C.tick(s, "crash-eur", clock.now, chain_length=200))
        rid = p.read(lambda s: C._latest(s, "crash-eur").id)  # type: ignore[union-attr]
        rnd = p.read(lambda s, r=rid: s.get(Round, r))
        if rnd.state == "open" and C.crash_hundredths(V, C._draw(rnd, V)) >= 200:
            break
        clock.now += timedelta(seconds=300)
    h = api.player(deposit="50")
    r = c.post("/api/crash/tables/crash-eur/bets", headers=h, json={"stake": "1.00", "auto_cash_out": "1.005"})
    assert r.status_code == 400 and r.headers["content-type"].startswith("application/problem+json")
    assert "decimals" in r.json()["detail"]
    r = c.post("/api/crash/tables/crash-eur/bets", headers=h, json={"stake": "2.00"})
    assert r.status_code == 201, r.text
    state = c.get("/api/crash/tables/crash-eur").json()
    assert state["round"]["phase"] == "betting" and state["round"]["crash"] is None
    # the page's curve (web/js/crash/curve.js) is the variant's, given by the server
    assert state["curve"] == {"growth_per_second": float(V.growth_per_second), "max_multiplier": "10000.00",
                              "betting_ms": V.betting_ms, "min_auto": "1.01",
                              "half_cash_out": V.half_cash_out, "autobet": V.autobet}
    listed = c.get("/api/tables")  # the generic table list shows it, without its crash point
    assert listed.status_code == 200 and "crash-eur" in listed.text
    clock.now += timedelta(milliseconds=V.betting_ms)
    p.run(lambda s: C.tick(s, "crash-eur", clock.now))
    r = c.post("/api/crash/tables/crash-eur/bets", headers=h, json={"stake": "1.00"})
    assert r.status_code == 409 and "betting_closed" in r.json()["type"]
    r = c.post("/api/crash/tables/crash-eur/bets", headers=h,  # 000 §12.20 flow 1
               json={"stake": "1.00", "auto_cash_out": "1.50", "next_round": True})
    assert r.status_code == 201 and r.json()["queued"], r.text
    started = clock.now
    clock.now = started + curve_of(V).time_of(150) * C.MS
    state = c.get("/api/crash/tables/crash-eur").json()
    assert state["round"]["phase"] == "running" and state["round"]["multiplier"] == "1.50"
    r = c.post(f"/api/crash/rounds/{rid}/cash-out", headers=h, json={"bet": 0})
    assert r.status_code == 200 and r.json()["at"] == "1.50"
    r = c.post(f"/api/crash/rounds/{rid}/cash-out", headers=h, json={"bet": 0})
    assert r.status_code >= 400 and "already cashed out" in r.json()["detail"]
    clock.now += timedelta(seconds=400)
    p.run(lambda s: C.tick(s, "crash-eur", clock.now))
    state = c.get("/api/crash/tables/crash-eur").json()
    assert state["history"][0]["round_id"] == rid and state["history"][0]["seed"]
    assert c.get("/api/wallet", headers=h).json()["cash_minor"] == 5000 - 200 + 300
    p.run(lambda s: C.tick(s, "crash-eur", clock.now))  # the next round takes the queued bet
    nxt = c.get("/api/crash/tables/crash-eur").json()["round"]
    assert nxt["phase"] == "betting" and nxt["round_id"] != rid
    assert c.get("/api/wallet", headers=h).json()["cash_minor"] == 5000 - 200 + 300 - 100
    r = c.post("/api/crash/tables/crash-eur/autobet", headers=h,
               json={"base": "0.50", "limit": "5.00", "auto_cash_out": "2.00", "after_loss": "double"})
    assert r.status_code == 201 and r.json()["next_bet_minor"] == 50, r.text
    r = c.post("/api/crash/tables/crash-eur/autobet/stop", headers=h)
    assert r.status_code == 200 and r.json()["status"] == "stopped"
    r = c.post("/api/crash/tables/crash-eur/autobet/stop", headers=h)
    assert r.status_code >= 400 and "no AUTOBET" in r.json()["detail"]
