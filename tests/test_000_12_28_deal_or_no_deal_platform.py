"""Deal or No Deal (000 §12.28) played through the platform's decision rounds
(``/api/interactive``): a qualifying spin opens the round, the banker's offer waits for the
player, Deal credits the offer; bad input (an unknown decision, Switch before the last offer, a
second decision, a decision when none is due) gets a precise problem and moves no money.
SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import _play_mode, create_app
from croupier.games.base import BetRequest
from tests.interactive_helpers import find_seed, first_decision
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_api import problem
from tests.test_platform_interactive_api import Client

GAME = {"game": "deal_or_no_deal", "variant": "standard"}
SPIN = [{"code": "spin", "stake": "10.00"}]


@pytest.fixture
def api(db_url: str) -> Iterator[Client]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Client(client)


def seeds(qualify: bool) -> tuple[str, str]:
    """A seed pair whose first spin qualifies (the round waits for the first answer), or not."""
    if qualify:
        return find_seed("deal_or_no_deal", "standard", [BetRequest("spin", 1000)], "EUR",
                         lambda s: s.stage.asking)
    for i in range(100):
        st = first_decision("deal_or_no_deal", "standard", [BetRequest("spin", 1000)], "EUR", f"{i:064x}", "tests")
        if st.settlement is not None:
            return f"{i:064x}", "tests"
    raise LookupError("no seed in range fails to qualify")  # pragma: no cover


def balance(api: Client, h: dict[str, str]) -> int:
    return int(api.c.get("/api/wallet", headers=h).json()["cash_minor"])


def test_000_12_28_is_played_as_a_decision_game() -> None:
    assert _play_mode("deal_or_no_deal") == "decision"


def test_000_12_28_qualified_round_waits_for_the_answer_and_deal_credits_the_offer(api: Client) -> None:
    h = api.player(deposit="100.00")
    api.seeded(h, *seeds(True))
    r = api.start(h, GAME, SPIN)
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    rid = body["round_id"]
    assert body["state"] == "open" and body["table"]["rings"] == [True, True, True]
    assert {a["name"] for a in body["legal_actions"]} == {"deal", "no_deal"}
    assert body["default_action"] == "no_deal" and len(body["table"]["opened"]) == 3
    offer = body["table"]["offer_minor"]
    assert body["balance"]["cash_minor"] == 9000
    # bad input: nothing moves
    bad = problem(api.act(h, rid, "take_half", decision_no=0), 422, "illegal_action")
    assert bad["detail"] == "'take_half' is not allowed now; allowed: deal, no_deal"
    sw = problem(api.act(h, rid, "switch", decision_no=0), 422, "illegal_action")
    assert sw["detail"] == "'switch' is not allowed now; allowed: deal, no_deal"  # last offer only
    assert balance(api, h) == 9000
    r = api.act(h, rid, "deal", decision_no=0)
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["state"] == "settled" and done["returned_minor"] == offer > 0
    assert balance(api, h) == 9000 + offer
    for n in (0, 1):  # a second decision, stale or not
        again = problem(api.act(h, rid, "no_deal", decision_no=n), 409, "round_finished")
        assert "settled after deal" in again["detail"]
    assert balance(api, h) == 9000 + offer


def test_000_12_28_no_deal_goes_on_to_the_next_offer(api: Client) -> None:
    h = api.player(deposit="100.00")
    api.seeded(h, *seeds(True))
    rid = api.start(h, GAME, SPIN).json()["round_id"]
    r = api.act(h, rid, "no_deal", decision_no=0)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["state"] == "open" and len(body["table"]["opened"]) == 7  # 3 + 4 (000 §12.28)
    assert len(body["table"]["offers"]) == 2 and body["table"]["answers"] == ["no_deal"]


def test_000_12_28_decision_when_none_is_due(api: Client) -> None:
    h = api.player(deposit="100.00")
    api.seeded(h, *seeds(False))
    r = api.start(h, GAME, SPIN)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["state"] == "settled" and body["returned_minor"] == 0 and body["legal_actions"] == []
    assert body["display"]["headline"] == "Not qualified: spin again"
    x = problem(api.act(h, body["round_id"], "deal", decision_no=0), 409, "round_finished")
    assert "deal" in x["detail"]
    assert balance(api, h) == 9000
