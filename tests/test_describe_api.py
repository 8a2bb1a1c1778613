"""Issue 14 over HTTP: ``GET /api/games/{game}/variants/{variant}/description``, and the
normalised outcome view served as ``display`` beside ``outcome`` (round recall, the answer of
``POST /api/rounds``, the interactive round view, the shared tables' snapshot and result)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.api.describe import DescriptionOut
from croupier.games.roulette.wheel import RED
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_settings, new_player, slip
from tests.test_platform_api import Api, key, problem


@pytest.fixture
def api(db_url: str) -> Iterator[Api]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Api(client)


def test_issue_14_description_of_a_variant_over_http(api: Api) -> None:
    r = api.c.get("/api/games/roulette/variants/european/description")
    assert r.status_code == 200, r.text
    desc = DescriptionOut.model_validate(r.json())
    assert desc.game == "roulette" and desc.outcome.kind == "pocket" and desc.play == "single"
    straight = next(b for b in desc.bets if b.code == "straight")
    assert straight.rtp == "36/37" and straight.payout == "35:1"  # 000 §12.1: 35:1 of 37 pockets
    assert straight.target.kind == "positions"
    assert len(straight.target.model_extra["positions"]) == 37  # type: ignore[index]
    # the test platform's tables of this variant, from its settings
    assert {(t.id, t.currency) for t in desc.tables} == {
        (t.id, t.currency) for t in TEST_TABLES if (t.game, t.variant) == ("roulette", "european")}
    assert {t.id for t in api.c.get("/api/games/baccarat/variants/live_004/description").json()[
        "tables"]} == set()


def test_issue_14_description_of_unknown_games_and_variants_are_problems(api: Api) -> None:
    problem(api.c.get("/api/games/tiddlywinks/variants/x/description"), 404, "unknown_game")
    problem(api.c.get("/api/games/roulette/variants/martian/description"), 404, "unknown_variant")


def test_issue_14_description_is_declared_in_openapi(api: Api) -> None:
    spec = api.c.get("/openapi.json").json()
    path = spec["paths"]["/api/games/{game_name}/variants/{variant_name}/description"]
    ref = path["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert ref.endswith("/DescriptionOut")


def test_issue_14_round_answer_and_recall_carry_the_display(api: Api) -> None:
    h = api.player(deposit="100.00")
    r = api.play(h, [{"code": "red", "stake": "1.00", "target": []}])
    assert r.status_code == 201, r.text
    body = r.json()
    pocket = body["outcome"]["pockets"][0]
    colour = "red" if int(pocket) in RED else "black" if pocket != "0" else "green"
    assert body["display"] == {"kind": "pocket", "pockets": [pocket], "colours": [colour],
                               "headline": f"{pocket} {colour}"}
    recall = api.c.get(f"/api/history/{body['round_id']}", headers=h).json()
    assert recall["display"] == body["display"]
    listed = api.c.get("/api/history", headers=h).json()["items"][0]
    assert listed["display"] == body["display"]


def test_issue_14_interactive_round_view_carries_the_display(api: Api) -> None:
    h = api.player(deposit="100.00")
    r = api.c.post("/api/interactive", headers={**h, **key()}, json={
        "game": "three_card_poker", "variant": "live",
        "bets": [{"code": "ante", "stake": "1.00", "target": []}]})
    assert r.status_code == 201, r.text
    view = r.json()
    assert view["display"]["kind"] == "cards" and view["display"]["headline"]
    player = next(hd for hd in view["display"]["hands"] if hd["label"] == "Player")
    assert player["cards"] == view["table"]["hands"]["player"]
    done = api.c.post(f"/api/interactive/{view['round_id']}/actions", headers={**h, **key()},
                      json={"action": "fold"}).json()
    assert done["state"] == "settled" and done["display"]["kind"] == "cards"
    recall = api.c.get(f"/api/history/{view['round_id']}", headers=h).json()
    assert recall["display"] == done["display"]


def test_issue_14_table_result_and_snapshot_carry_the_display(platform: Platform) -> None:
    a = new_player(platform, deposit="50.00")
    rid = platform.open_round("t-eur")["round_id"]
    platform.bet(a, "t-eur", slip(("red", "1.00", ())))
    platform.close_round(rid)
    res = platform.result_round(rid)
    assert res["display"]["kind"] == "pocket"
    assert res["display"]["pockets"] == res["outcome"]["pockets"]
    platform.settle_round(rid)
    view = platform.table("t-eur")
    assert view["recent"][0]["display"] == res["display"]
    assert view["round"]["display"] == res["display"]
