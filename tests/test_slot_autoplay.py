"""Slot autoplay run by the server (001 §6.6): it stops when the spins are done, when the funds
run out, when the player stops it, and on the loss and single-win limits; every spin is debited
and settled on its own. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.errors import InvalidBet
from croupier.platform.autoplay import AutoplayRules, run_autoplay
from croupier.platform.rounds import SlipBet
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_interactive_api import Client

AMBER = [{"code": "spin", "stake": "1.00", "target": [20]}]


@pytest.fixture
def api(db_url: str) -> Iterator[Client]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Client(client)


def _auto(api: Client, h: dict[str, str], **extra: object) -> dict[str, object]:
    r = api.c.post("/api/slots/autoplay", headers=h,
                   json={"variant": "amber_caravan", "bets": AMBER, **extra})
    assert r.status_code == 200, r.text
    body: dict[str, object] = r.json()
    return body


def test_001_6_6_a_autoplay_stops_after_the_set_number_of_spins(api: Client) -> None:
    h = api.player(deposit="100.00")
    out = _auto(api, h, spins=12)
    assert out["stopped_by"] == "count" and out["spins"] == 12 and out["stake_minor"] == 1200
    wallet = api.c.get("/api/wallet", headers=h).json()
    assert wallet["cash_minor"] == 10000 + out["net_minor"]  # type: ignore[operator]
    rounds = out["rounds"]
    assert isinstance(rounds, list) and len(set(rounds)) == 12
    for rid in rounds[:3]:
        assert api.c.get(f"/api/interactive/{rid}", headers=h).json()["state"] == "settled"


def test_001_6_6_b_autoplay_stops_when_the_funds_run_out(api: Client) -> None:
    h = api.player(deposit="3.00")
    out = _auto(api, h, spins=1000)
    assert out["stopped_by"] == "funds"
    cash = api.c.get("/api/wallet", headers=h).json()["cash_minor"]
    assert cash < 100 and cash == 300 + out["net_minor"]  # type: ignore[operator]


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
    server, client = "5e" * 32, "autoplay"
    returns = _returns(server, client, 400)
    net, loss_stop = 0, None
    for i, r in enumerate(returns):
        net += r - 100
        if -net >= 700:
            loss_stop = i + 1
            break
    win_stop = next(i + 1 for i, r in enumerate(returns) if r >= 500)
    assert loss_stop is not None
    h = api.player(deposit="100.00")
    api.seeded(h, server, client)
    out = _auto(api, h, spins=400, loss_limit_minor=700)
    assert (out["stopped_by"], out["spins"]) == ("loss_limit", loss_stop)
    h = api.player(deposit="100.00")
    api.seeded(h, server, client)
    out = _auto(api, h, spins=400, single_win_minor=500)
    assert (out["stopped_by"], out["spins"]) == ("single_win", win_stop)
    assert out["returned_minor"] == sum(returns[:win_stop])


def test_001_6_6_c_the_player_stops_autoplay(db_url: str) -> None:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as c:
        api = Client(c)
        h = api.player(deposit="100.00")
        plat = api.platform
        player = plat.authenticate(h["Authorization"].split()[1])
        asked = []

        def stop() -> bool:
            asked.append(1)
            return len(asked) > 3  # the player presses stop during the fourth spin

        out = run_autoplay(plat, player, "slot", "amber_caravan",
                           [SlipBet("spin", "1.00", (20,))], AutoplayRules(50), 13.0, stop)
        assert out.reason == "player" and len(out.rounds) == 3
        assert api.c.post("/api/slots/autoplay/stop", headers=h).json() == {"stopping": False}


def test_bad_input_autoplay_rules() -> None:
    with pytest.raises(InvalidBet):
        AutoplayRules(0)
    with pytest.raises(InvalidBet):
        AutoplayRules(10, loss_limit=0)
