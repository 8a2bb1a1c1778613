"""Slot autoplay run by the server (001 §6.6): it stops when the spins are done, when the funds
run out, when the player stops it, and on the loss and single-win limits; every spin is debited
and settled on its own. The series is a database row played by the worker runner: a restart in
the middle resumes it, and a stop asked through another worker stops it. SQLite and PostgreSQL."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.errors import InvalidBet
from croupier.platform.autoplay import (
    AutoplayRules,
    claim,
    open_series,
    play_next,
    run_autoplay,
)
from croupier.platform.rounds import SlipBet
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings, new_player
from tests.test_platform_interactive_api import Client

AMBER = [{"code": "spin", "stake": "1.00", "target": [20]}]


def _slip(bets: list[dict[str, Any]]) -> list[SlipBet]:
    return [SlipBet(b["code"], b["stake"], tuple(b["target"])) for b in bets]


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


@pytest.fixture
def api(db_url: str) -> Iterator[Client]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Client(client)


def _begin(api: Client, h: dict[str, str], **extra: object) -> dict[str, Any]:
    r = api.c.post("/api/slots/autoplay", headers={**h, **key()},
                   json={"variant": "amber_caravan", "bets": AMBER, **extra})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def _follow(api: Client, h: dict[str, str], sid: int, until: Any = None,
            timeout: float = 30.0) -> dict[str, Any]:
    """Poll the series until it ends (or ``until(series)`` holds)."""
    deadline = time.monotonic() + timeout
    while True:
        r = api.c.get(f"/api/slots/autoplay/{sid}", headers=h)
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        if (until(body) if until else body["status"] == "ended"):
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.05)


def _auto(api: Client, h: dict[str, str], **extra: object) -> dict[str, Any]:
    first = _begin(api, h, **extra)
    return _follow(api, h, int(first["id"]))


def test_001_6_6_a_autoplay_stops_after_the_set_number_of_spins(api: Client) -> None:
    h = api.player(deposit="100.00")
    out = _auto(api, h, spins=6)
    assert out["stopped_by"] == "count" and out["spins"] == 6 and out["stake_minor"] == 600
    wallet = api.c.get("/api/wallet", headers=h).json()
    assert wallet["cash_minor"] == 10000 + out["net_minor"]
    rounds = out["rounds"]
    assert isinstance(rounds, list) and len(set(rounds)) == 6
    for rid in rounds[:3]:
        assert api.c.get(f"/api/interactive/{rid}", headers=h).json()["state"] == "settled"
    listed = api.c.get("/api/slots/autoplay", headers=h).json()["items"]
    assert listed[0]["id"] == out["id"] and listed[0]["status"] == "ended"


def test_001_6_6_b_autoplay_stops_when_the_funds_run_out(api: Client) -> None:
    h = api.player(deposit="1.50")
    out = _auto(api, h, spins=1000)
    assert out["stopped_by"] == "funds"
    cash = api.c.get("/api/wallet", headers=h).json()["cash_minor"]
    assert cash < 100 and cash == 150 + out["net_minor"]


def _returns(server: str, client: str, n: int) -> list[int]:
    """What the first ``n`` rounds of these seeds return, collecting every win (the engine)."""
    from croupier.games.base import BetRequest, Decision, play
    from croupier.games.registry import game, load_variant
    from croupier.rng import fair

    spec, v = game("slot"), load_variant("slot", "amber_caravan")
    out = []
    for nonce in range(n):
        _, st = play(spec.engine, v, [BetRequest("spin", 100, (20,))], "EUR",
                     fair.stream(server, client, nonce), lambda s, legal: Decision("collect"))
        out.append(st.total_returned)
    return out


def test_autoplay_stops_on_the_loss_limit_and_on_a_single_win(api: Client) -> None:
    server = "5e" * 32
    returns = _returns(server, "loss4", 15)  # seeds whose series loses 5.00 within 15 spins
    net, loss_stop = 0, None
    for i, r in enumerate(returns):
        net += r - 100
        if -net >= 500:
            loss_stop = i + 1
            break
    assert loss_stop is not None and any(returns[:loss_stop])  # wins on the way count too
    h = api.player(deposit="100.00")
    api.seeded(h, server, "loss4")
    out = _auto(api, h, spins=400, loss_limit_minor=500)
    assert (out["stopped_by"], out["spins"]) == ("loss_limit", loss_stop)
    returns = _returns(server, "autoplay", 15)
    win_stop = next(i + 1 for i, r in enumerate(returns) if r >= 500)
    h = api.player(deposit="100.00")
    api.seeded(h, server, "autoplay")
    out = _auto(api, h, spins=400, single_win_minor=500)
    assert (out["stopped_by"], out["spins"]) == ("single_win", win_stop)
    assert out["returned_minor"] == sum(returns[:win_stop])


def test_001_6_6_c_the_player_stops_autoplay(platform: Platform) -> None:
    player = new_player(platform, deposit="100.00")
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 3  # the player presses stop during the third spin

    out = run_autoplay(platform, player, "slot", "amber_caravan",
                       [SlipBet("spin", "1.00", (20,))], AutoplayRules(50), 13.0, stop)
    assert out["stopped_by"] == "player" and len(out["rounds"]) == out["spins"] == 3


def _ledger_balances(p: Platform) -> None:
    audit = p.audit()
    assert audit.total == 0 and audit.mismatched == () and audit.negative_players == ()


def test_001_6_6_autoplay_resumes_after_a_restart_and_ends_with_the_set_spins(db_url: str) -> None:
    settings = make_settings(db_url, deposit_confirm_seconds=0.0, autoplay_spin_seconds=0.05)
    with TestClient(create_app(settings)) as c:
        api = Client(c)
        h = api.player(deposit="100.00")
        sid = int(_begin(api, h, spins=15)["id"])
        _follow(api, h, sid, lambda s: s["spins"] >= 3)
    # the server is down: the series waits where it was, handed back by its runner
    with TestClient(create_app(settings)) as c:
        api = Client(c)
        mid = api.c.get(f"/api/slots/autoplay/{sid}", headers=h).json()
        assert mid["status"] == "running" and 3 <= mid["spins"] < 15
        out = _follow(api, h, sid)
        assert (out["stopped_by"], out["spins"], len(set(out["rounds"]))) == ("count", 15, 15)
        stakes = sum(api.c.get(f"/api/history/{r}", headers=h).json()["stake_minor"]
                     for r in out["rounds"])
        assert stakes == out["stake_minor"] == 1500
        assert api.c.get("/api/wallet", headers=h).json()["cash_minor"] == 10000 + out["net_minor"]
        _ledger_balances(api.platform)


def test_001_6_6_c_a_stop_through_another_worker_stops_the_series(db_url: str) -> None:
    settings = make_settings(db_url, deposit_confirm_seconds=0.0, autoplay_spin_seconds=0.03)
    with TestClient(create_app(settings)) as ca, TestClient(create_app(settings)) as cb:
        a, b = Client(ca), Client(cb)
        h = a.player(deposit="100.00")
        sid = int(_begin(a, h, spins=500)["id"])
        _follow(b, h, sid, lambda s: s["spins"] >= 2)
        assert b.c.post("/api/slots/autoplay/stop", headers=h).json() == {"stopping": True}
        out = _follow(b, h, sid)
        assert out["stopped_by"] == "player" and 2 <= out["spins"] < 500
        assert len(set(out["rounds"])) == out["spins"]
        assert b.c.post("/api/slots/autoplay/stop", headers=h).json() == {"stopping": False}
        _ledger_balances(b.platform)


def test_a_lapsed_lease_hands_the_series_to_another_worker(platform: Platform) -> None:
    player = new_player(platform, deposit="100.00")
    now = platform.clock()
    slip = [SlipBet("spin", "1.00", (20,))]
    sid = platform.run(lambda s: open_series(s, player, "slot", "amber_caravan", slip,
                                             AutoplayRules(10), now, 13.0, "A", 15.0))["id"]
    assert platform.run(lambda s: claim(s, "B", now, 15.0)) == []  # A holds it
    later = now + timedelta(seconds=16)
    assert platform.run(lambda s: claim(s, "B", later, 15.0)) == [sid]  # A's lease lapsed
    assert platform.run(lambda s: play_next(s, sid, "A", later)) is None  # A plays no more
    assert platform.run(lambda s: play_next(s, sid, "B", later))["spins"] == 2


def test_bad_input_autoplay(api: Client) -> None:
    with pytest.raises(InvalidBet):
        AutoplayRules(0)
    with pytest.raises(InvalidBet):
        AutoplayRules(10, loss_limit=0)
    h = api.player(deposit="5.00")
    bad = [{"code": "spin", "stake": "1.00", "target": [21]}]  # more lines than the slot has
    r = api.c.post("/api/slots/autoplay", headers={**h, **key()},
                   json={"variant": "amber_caravan", "bets": bad, "spins": 5})
    assert r.status_code == 400 and "line" in r.json()["detail"]
    r = api.c.post("/api/slots/autoplay", headers={**h, **key()},
                   json={"variant": "amber_caravan", "bets": AMBER, "spins": 5000})
    assert r.status_code == 422
    r = api.c.post("/api/slots/autoplay", headers={**h, **key()},
                   json={"game": "roulette", "variant": "european", "bets": AMBER, "spins": 5})
    assert r.status_code == 422 and r.json()["type"].endswith("unsupported_game")
    plat = api.platform
    player = plat.authenticate(h["Authorization"].split()[1])
    plat.run(lambda s: open_series(s, player, "slot", "amber_caravan", _slip(AMBER),
                                   AutoplayRules(5), plat.clock(), 13.0, "elsewhere", 60.0))
    r = api.c.post("/api/slots/autoplay", headers={**h, **key()},  # one series at a time
                   json={"variant": "amber_caravan", "bets": AMBER, "spins": 5})
    assert r.status_code == 409 and "running" in r.json()["detail"]
    h2 = api.player(deposit="0.50")  # cannot pay the first spin: refused, nothing recorded
    r = api.c.post("/api/slots/autoplay", headers={**h2, **key()},
                   json={"variant": "amber_caravan", "bets": AMBER, "spins": 5})
    assert r.status_code == 409 and r.json()["type"].endswith("insufficient_funds")
    assert api.c.get("/api/slots/autoplay", headers=h2).json()["items"] == []
    assert api.c.get("/api/slots/autoplay/999999", headers=h2).status_code == 404
