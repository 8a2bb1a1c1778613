"""Craps over HTTP (000 §12.41, issue 19): precise problems for bad bets, nothing taken; a
single-request round rolls until every bet is decided and answers with every roll."""

from __future__ import annotations

from tests.platform_fixtures import *  # noqa: F403
from tests.test_platform_api import Api, api, problem  # noqa: F401


def test_000_12_41_bad_craps_bets_are_precise_problems(api: Api) -> None:  # noqa: F811
    h = api.player(deposit="50.00")
    for bet, code in [({"code": "come", "stake": "1.00", "target": []}, "bet_closed"),
                      ({"code": "place_win", "stake": "1.00", "target": [7]}, "invalid_selection"),
                      ({"code": "odds", "stake": "1.00", "target": [6]}, "missing_base_bet")]:
        body = problem(api.play(h, [bet], game="craps", variant="standard"), 400, code)
        assert body["detail"]
    assert api.c.get("/api/wallet", headers=h).json()["cash_minor"] == 5000


def test_000_12_41_a_single_request_round_rolls_until_decided(api: Api) -> None:  # noqa: F811
    h = api.player(deposit="50.00")
    r = api.play(h, [{"code": "pass", "stake": "2.00", "target": []},
                     {"code": "field", "stake": "1.00", "target": []}], game="craps", variant="standard")
    assert r.status_code == 201, r.text
    out = r.json()
    rolls = out.get("rolls", [out])
    assert out["stake_minor"] == 300
    assert out["returned_minor"] == sum(int(x["returned_minor"] or 0) for x in rolls)
    last = rolls[-1]
    assert all(b["outcome"] != "carried" for b in last["bets"])  # every bet decided
    assert out["net_minor"] == out["returned_minor"] - 300
    assert out["balance"]["cash_minor"] == 5000 - 300 + out["returned_minor"]
