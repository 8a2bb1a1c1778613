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
from croupier.platform import crash_rounds, crash_timing
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
        rid = p.read(lambda s: crash_rounds._latest(s, "crash-eur").id)  # type: ignore[union-attr]
        rnd = p.read(lambda s, r=rid: s.get(Round, r))
        if rnd.state == "open" and C.crash_hundredths(V, crash_timing._draw(rnd, V)) >= 200:
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
    assert p.run(lambda s: C.tick(s, "crash-eur", clock.now)) == "crashed"
    state = c.get("/api/crash/tables/crash-eur").json()  # public at once, paid on the next tick
    assert state["round"]["phase"] == "resulted" and state["round"]["crash"]
    assert rid not in [h["round_id"] for h in state["history"]]
    assert p.run(lambda s: C.tick(s, "crash-eur", clock.now)) == "settled"
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


def test_000_12_20_fairness_verify_route_recomputes_each_round_of_the_history(
        crash_api: tuple[Api, Platform, Clock]) -> None:
    """000 §12.20 Fairness ("players can verify that the crash point was set beforehand"):
    ``GET /api/crash/verify`` recomputes a played round from its revealed seed and its chain's
    public data alone, with the code of ``croupier verify crash``; a seed out of place fails."""
    import io
    import json

    from croupier.cli import main

    api, p, clock = crash_api
    c = api.c
    for _ in range(16):  # a few rounds: open, run, crash, settle
        p.run(lambda s: C.tick(s, "crash-eur", clock.now, chain_length=40))
        clock.now += timedelta(seconds=200)
    state = c.get("/api/crash/tables/crash-eur").json()
    assert len(state["history"]) >= 3
    chain = state["chains"][0]
    for h in state["history"]:
        q = {"game": "crash", "variant": "standard", "seed": h["seed"], "round": h["number"],
             "terminating_hash": chain["terminating_hash"], "salt": chain["salt"],
             "first_round": chain["first_round"], "published_at_round": chain["published_at_round"],
             "chain_length": chain["length"]}
        r = c.get("/api/crash/verify", params=q)
        assert r.status_code == 200, r.text
        doc = r.json()
        assert doc["crash"] == h["crash"] and doc["chain_position"] == h["chain_position"]
        assert doc["seed_hashes_to_terminating_hash"] is True
        # published when round 0 was the last played: round n was fixed n rounds ahead
        assert doc["determined_rounds_in_advance"] == h["number"] - chain["published_at_round"]
        out = io.StringIO()  # the CLI says the same, key for key
        code = main(["verify", "crash", "--seed", h["seed"], "--round", str(h["number"]),
                     "--terminating-hash", chain["terminating_hash"], "--salt", chain["salt"],
                     "--first-round", str(chain["first_round"]), "--published-at-round",
                     str(chain["published_at_round"]), "--chain-length", str(chain["length"]),
                     "--json"], out=out)
        assert json.loads(out.getvalue()) == {k: v for k, v in doc.items() if k != "ok"}
        assert code == (0 if doc["ok"] else 1)
    h0, h1 = state["history"][0], state["history"][1]
    bad = c.get("/api/crash/verify", params={  # a seed presented as another round's
        "seed": h0["seed"], "round": h1["number"], "terminating_hash": chain["terminating_hash"],
        "salt": chain["salt"], "first_round": chain["first_round"]}).json()
    assert bad["seed_hashes_to_terminating_hash"] is False and bad["ok"] is False
    r = c.get("/api/crash/verify", params={"seed": "zz", "round": 1, "terminating_hash": "00" * 32, "salt": "s"})
    assert r.status_code == 422 and r.json()["code"] == "validation_error"
    r = c.get("/api/crash/verify", params={"seed": h0["seed"], "round": 1, "terminating_hash": "00" * 32,
                                           "salt": "s", "game": "roulette"})
    assert r.status_code == 400 and "not a crash game" in r.json()["detail"]
    r = c.get("/api/crash/verify", params={"seed": h0["seed"], "round": 999, "terminating_hash": "00" * 32,
                                           "salt": "s", "chain_length": 10})
    assert r.status_code == 400 and "not in this chain" in r.json()["detail"]


def test_000_12_20_and_12_26_bad_input_gets_precise_errors_and_moves_nothing(
        crash_api: tuple[Api, Platform, Clock]) -> None:
    """Issue 17 "Done when": a cash-out twice, a 50% cash-out twice, an auto target below 1.01 or
    with three decimals, a change of the auto target after the start, a bet in the running phase -
    each a precise error, and nothing moved (balance, bets, stored cash-outs, ledger)."""
    from sqlalchemy import func, select

    from croupier.store.crash_models import CrashCashOut
    from croupier.store.models import Bet

    api, p, clock = crash_api
    c = api.c
    rv = shipped("rocketon")
    p.run(lambda s: C.ensure_crash_table(s, "rocket-eur", "Rocketon", "rocketon", "standard", "EUR"))
    while True:  # a round that runs to at least x3.00
        p.run(lambda s: C.tick(s, "rocket-eur", clock.now, chain_length=200))
        rnd = p.read(lambda s: crash_rounds._latest(s, "rocket-eur"))
        assert rnd is not None
        if rnd.state == "open" and C.crash_hundredths(rv, crash_timing._draw(rnd, rv)) >= 300:
            break
        clock.now += timedelta(seconds=300)
    rid = rnd.id
    h = api.player(deposit="50")

    def moved() -> tuple[int, int, int, int]:
        cash = c.get("/api/wallet", headers=h).json()["cash_minor"]
        bets = p.read(lambda s: s.scalar(select(func.count()).select_from(Bet)))
        outs = p.read(lambda s: s.scalar(select(func.count()).select_from(CrashCashOut)))
        return cash, int(bets or 0), int(outs or 0), p.audit().total

    def refused(r: Any, status: int, words: str) -> None:
        assert r.status_code == status and words in r.json()["detail"], r.text

    bet_url, auto_url = "/api/crash/tables/rocket-eur/bets", f"/api/crash/rounds/{rid}/auto"
    before = moved()
    refused(c.post(bet_url, headers=h, json={"stake": "1.00", "auto_cash_out": "1.00"}), 400, "below the minimum 1.01")
    refused(c.post(bet_url, headers=h, json={"stake": "1.00", "auto_cash_out": "1.015"}), 400, "decimals")
    assert moved() == before
    assert c.post(bet_url, headers=h, json={"stake": "1.00", "auto_cash_out": "5.00"}).status_code == 201
    r = c.post(auto_url, headers=h, json={"bet": 0, "auto_cash_out": "4.00"})  # betting phase: allowed
    assert r.status_code == 200 and r.json()["auto_cash_out"] == "4.00", r.text
    refused(c.post(auto_url, headers=h, json={"bet": 0, "auto_cash_out": "1.001"}), 400, "decimals")
    clock.now += timedelta(milliseconds=rv.betting_ms)
    p.run(lambda s: C.tick(s, "rocket-eur", clock.now))  # the running phase
    started = clock.now
    before = moved()
    refused(c.post(auto_url, headers=h, json={"bet": 0, "auto_cash_out": "2.00"}), 422,
            "cannot be changed after the round starts")
    refused(c.post(bet_url, headers=h, json={"stake": "1.00"}), 409, "")
    assert c.post(bet_url, headers=h, json={"stake": "1.00"}).json()["type"].endswith("betting_closed")
    assert moved() == before
    clock.now = started + curve_of(rv).time_of(150) * C.MS
    assert c.post(f"/api/crash/rounds/{rid}/cash-out", headers=h, json={"bet": 0, "half": True}).json()["at"] == "1.50"
    before = moved()
    clock.now = started + curve_of(rv).time_of(160) * C.MS
    refused(c.post(f"/api/crash/rounds/{rid}/cash-out", headers=h, json={"bet": 0, "half": True}), 422,
            "once per round")
    assert moved() == before
    assert c.post(f"/api/crash/rounds/{rid}/cash-out", headers=h, json={"bet": 0}).json()["at"] == "1.60"
    before = moved()
    refused(c.post(f"/api/crash/rounds/{rid}/cash-out", headers=h, json={"bet": 0}), 422, "already cashed out")
    refused(c.post(f"/api/crash/rounds/{rid}/cash-out", headers=h, json={"bet": 1}), 422, "no bet 1")
    assert moved() == before
    clock.now += timedelta(seconds=400)
    p.run(lambda s: C.tick(s, "rocket-eur", clock.now))  # the crash: half at 1.50, the rest at 1.60
    p.run(lambda s: C.tick(s, "rocket-eur", clock.now))  # paid
    assert c.get("/api/wallet", headers=h).json()["cash_minor"] == 5000 - 100 + 50 * 150 // 100 + 50 * 160 // 100
