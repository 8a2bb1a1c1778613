"""Slot rounds through the platform (issue 15 part 4): a round with free spins and a gamble plays
end to end over HTTP (decision rounds, ``/api/interactive``), survives a restart of the server in
the middle of its gamble, and a slot without a gamble plays as a single request. SQLite and
PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.games.base import BetRequest
from tests.interactive_helpers import find_seed
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_interactive_api import Client

AMBER = {"game": "slot", "variant": "amber_caravan"}
SPIN = [{"code": "spin", "stake": "1.00", "target": [20]}]  # 0.05 a line on 20 lines


def free_spins_and_a_win() -> tuple[str, str]:
    """Seeds whose first Amber Caravan round triggers free spins and waits for collect/gamble."""
    return find_seed("slot", "amber_caravan", [BetRequest("spin", 100, (20,))], "EUR",
                     lambda s: s.gambling is not None and s.free_played > 0)


@pytest.fixture
def api(db_url: str) -> Iterator[Client]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Client(client)


def _gamble_until_settled(api: Client, h: dict[str, str], body: dict[str, Any]) -> dict[str, Any]:
    rid = body["round_id"]
    moves = 0
    while body["state"] == "open":
        names = {a["name"] for a in body["legal_actions"]}
        if "gamble" in names and moves < 2:
            r = api.act(h, rid, "gamble", args={"mode": "colour", "guess": "red"})
            moves += 1
        else:
            r = api.act(h, rid, "collect")
        assert r.status_code == 200, r.text
        body = r.json()
    return body


def test_001_6_8_a_slot_round_with_free_spins_and_a_gamble_plays_over_http(api: Client) -> None:
    h = api.player(deposit="100.00")
    api.seeded(h, *free_spins_and_a_win())
    r = api.start(h, AMBER, SPIN)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["state"] == "open"
    names = [a["name"] for a in body["legal_actions"]]
    assert names[0] == "collect" and "gamble" in names and body["default_action"] == "collect"
    assert all(a["adds_stake_minor"] == 0 for a in body["legal_actions"])
    assert body["balance"]["cash_minor"] == 10000 - 100  # one debit, free spins included
    done = _gamble_until_settled(api, h, body)
    assert done["state"] == "settled" and done["stake_minor"] == 100
    assert done["balance"]["cash_minor"] == 10000 - 100 + done["returned_minor"]
    hist = api.c.get(f"/api/history/{body['round_id']}", headers=h).json()
    assert hist["returned_minor"] == done["returned_minor"]
    outcome = hist["outcome"]
    assert outcome["free_spins"] > 0 and outcome["paid"] == done["returned_minor"]
    assert len(outcome["gamble"]) >= 1


def test_a_slot_round_waiting_for_its_gamble_survives_a_restart(db_url: str) -> None:
    """GLI-19 4.16: after a restart the player returns to the same point of the round (the
    free spins are recomputed from the seeds and the record, the decision is still awaited)."""
    settings = make_settings(db_url, deposit_confirm_seconds=0.0)
    with TestClient(create_app(settings)) as c1:
        api = Client(c1)
        h = api.player(deposit="100.00")
        api.seeded(h, *free_spins_and_a_win())
        first = api.start(h, AMBER, SPIN).json()
        api.c.app.state.croupier.platform.db.dispose()  # type: ignore[attr-defined]
    with TestClient(create_app(settings)) as c2:
        again = c2.get(f"/api/interactive/{first['round_id']}", headers=h)
        assert again.status_code == 200, again.text
        body = again.json()
        assert body["state"] == "open" and body["legal_actions"] == first["legal_actions"]
        assert body["table"] == first["table"]
        done = _gamble_until_settled(Client(c2), h, body)
        assert done["state"] == "settled"


def test_a_slot_without_gamble_plays_as_a_single_request(api: Client) -> None:
    h = api.player(deposit="100.00")
    for _ in range(5):
        r = api.play(h, [{"code": "spin", "stake": "0.25", "target": []}], game="slot",
                     variant="aurora_fjord")
        assert r.status_code == 201, r.text
    wallet = api.c.get("/api/wallet", headers=h).json()
    hist = api.c.get("/api/history", headers=h).json()
    rows = hist["items"] if isinstance(hist, dict) else hist
    returned = sum(x["returned_minor"] for x in rows if x.get("game") == "slot")
    assert wallet["cash_minor"] == 10000 - 5 * 25 + returned


def test_bad_input_over_http_more_lines_than_the_slot_has(api: Client) -> None:
    h = api.player(deposit="100.00")
    r = api.start(h, AMBER, [{"code": "spin", "stake": "1.05", "target": [21]}])
    assert r.status_code in (400, 422), r.text
    assert "this slot has 20 lines" in r.text


def test_the_catalogue_plays_slots_as_decision_rounds(api: Client) -> None:
    """A slot with a gamble waits for collect or gamble after a win (001 §6.7.1): its rounds
    are decision rounds, whatever the first demonstration spin happens to show."""
    games = api.c.get("/api/games").json()["items"]
    assert next(g for g in games if g["name"] == "slot")["play"] == "decision"


def test_gli_19_4_14_the_last_free_spin_events_can_be_recalled(api: Client) -> None:
    h = api.player(deposit="100.00")
    api.seeded(h, *free_spins_and_a_win())
    body = api.start(h, AMBER, SPIN).json()
    done = _gamble_until_settled(api, h, body)
    outcome = api.c.get(f"/api/history/{done['round_id']}", headers=h).json()["outcome"]
    free = [s for s in outcome["spins"] if s["free"]]
    r = api.c.get("/api/slots/free-spins", headers=h)
    assert r.status_code == 200, r.text
    items = r.json()["items"]
    assert len(items) == min(50, len(free))
    assert [i["free_spin"] for i in items] == list(range(len(free), len(free) - len(items), -1))
    assert items[0]["window"] == free[-1]["window"] and items[0]["win_minor"] == free[-1]["win"]
    assert api.c.get("/api/slots/free-spins?limit=51", headers=h).status_code == 422


def test_bad_input_a_spin_while_the_round_with_free_spins_is_open(api: Client) -> None:
    """A new spin while the last round (free spins played, its win waiting for collect or
    gamble) is still open is refused with a precise error; the open round is untouched."""
    h = api.player(deposit="100.00")
    api.seeded(h, *free_spins_and_a_win())
    first = api.start(h, AMBER, SPIN).json()
    r = api.start(h, AMBER, SPIN)
    assert r.status_code == 409 and r.json()["code"] == "round_in_progress", r.text
    again = api.c.get(f"/api/interactive/{first['round_id']}", headers=h).json()
    assert again["state"] == "open" and again["table"] == first["table"]
    assert again["balance"]["cash_minor"] == 10000 - 100
