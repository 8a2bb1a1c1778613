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
from tests.test_platform_interactive import FakeClock
from tests.test_platform_interactive_api import Client, clocked_api  # noqa: F401  (fixture)

GAME = {"game": "deal_or_no_deal", "variant": "standard"}
SPIN = [{"code": "spin", "stake": "10.00"}]


@pytest.fixture
def api(db_url: str) -> Iterator[Client]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Client(client)


def seeds(qualify: bool) -> tuple[str, str]:
    """A seed pair whose first spin qualifies (the round waits for the first answer), or not."""
    if qualify:  # the first decision point of a qualified round: the Top Up round
        return find_seed("deal_or_no_deal", "standard", [BetRequest("spin", 1000)], "EUR",
                         lambda s: s.stage.topping)
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
    assert body["default_action"] == "open_cases" and body["table"]["top_up_round"] is True
    body = api.act(h, rid, "open_cases", decision_no=0).json()
    assert {a["name"] for a in body["legal_actions"]} == {"deal", "no_deal"}
    assert body["default_action"] == "no_deal" and len(body["table"]["opened"]) == 3
    offer = body["table"]["offer_minor"]
    assert body["balance"]["cash_minor"] == 9000
    # bad input: nothing moves
    bad = problem(api.act(h, rid, "take_half", decision_no=1), 422, "illegal_action")
    assert bad["detail"] == "'take_half' is not allowed now; allowed: deal, no_deal"
    sw = problem(api.act(h, rid, "switch", decision_no=1), 422, "illegal_action")
    assert sw["detail"] == "'switch' is not allowed now; allowed: deal, no_deal"  # last offer only
    assert balance(api, h) == 9000
    r = api.act(h, rid, "deal", decision_no=1)
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["state"] == "settled" and done["returned_minor"] == offer > 0
    assert balance(api, h) == 9000 + offer
    for n in (1, 2):  # a second decision, stale or not
        again = problem(api.act(h, rid, "no_deal", decision_no=n), 409, "round_finished")
        assert "settled after deal" in again["detail"]
    assert balance(api, h) == 9000 + offer


def test_000_12_28_no_deal_goes_on_to_the_next_offer(api: Client) -> None:
    h = api.player(deposit="100.00")
    api.seeded(h, *seeds(True))
    rid = api.start(h, GAME, SPIN).json()["round_id"]
    assert api.act(h, rid, "open_cases", decision_no=0).status_code == 200
    r = api.act(h, rid, "no_deal", decision_no=1)
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


# -- the Top Up round (000 §12.28) ------------------------------------------------------------------


def test_000_12_28_top_up_through_the_api_debits_one_bet_a_spin(api: Client) -> None:
    """A top-up spin is a decision that adds a stake (as a blackjack double): the bet is debited
    in the decision's transaction, its own bet row (``top_up``); the round's stake grows; the
    balance shows the debit; the settlement pays on the topped-up case; the ledger sums to zero."""
    h = api.player(deposit="100.00")
    api.seeded(h, *seeds(True))
    body = api.start(h, GAME, SPIN).json()
    rid = body["round_id"]
    top = body["table"]["top"]
    actions = {a["name"]: a["adds_stake_minor"] for a in body["legal_actions"]}
    assert actions == {"top_up": 1000, "open_cases": 0}  # the button says what it costs
    body = api.act(h, rid, "top_up", decision_no=0).json()
    assert body["state"] == "open" and body["balance"]["cash_minor"] == 8000 == balance(api, h)
    assert body["stake_minor"] == 2000 and body["table"]["top_ups"] == 1
    added = int(body["table"]["topped_up_bets"])
    assert 5 <= added <= 50 and body["table"]["top"] == str(int(top) + added)
    assert [b["code"] for b in body["bets"]] == ["spin", "top_up"]
    assert {a["name"] for a in body["legal_actions"]} == {"top_up", "open_cases"}  # any number
    body = api.act(h, rid, "open_cases", decision_no=1).json()
    assert "top_up" not in {a["name"] for a in body["legal_actions"]}
    late = problem(api.act(h, rid, "top_up", decision_no=2), 422, "illegal_action")
    assert late["detail"] == "a top-up is allowed only in the Top Up round, before the briefcases open (000 §12.28)"
    assert balance(api, h) == 8000
    n = 2
    while body["state"] == "open":  # No Deal to the end
        body = api.act(h, rid, "no_deal", decision_no=n).json()
        n += 1
    assert body["stake_minor"] == 2000
    assert sum(b["stake_minor"] for b in body["bets"]) == 2000
    assert sum(b["returned_minor"] for b in body["bets"]) == body["returned_minor"]
    assert balance(api, h) == 8000 + body["returned_minor"]
    assert api.platform.audit().total == 0


def test_000_12_28_top_up_the_balance_cannot_cover_moves_nothing(api: Client) -> None:
    h = api.player(deposit="10.00")
    api.seeded(h, *seeds(True))
    body = api.start(h, GAME, SPIN).json()
    rid = body["round_id"]
    assert balance(api, h) == 0
    x = problem(api.act(h, rid, "top_up", decision_no=0), 409, "insufficient_funds")
    assert x["detail"] == "top_up needs 10.00 EUR more at stake; your balance is 0.00 EUR"
    again = api.c.get(f"/api/interactive/{rid}", headers=h).json()
    assert again["state"] == "open" and again["stake_minor"] == 1000 and again["decision_no"] == 0
    assert again["table"]["top_ups"] == 0 and [b["code"] for b in again["bets"]] == ["spin"]
    assert balance(api, h) == 0 and api.platform.audit().total == 0


def test_000_12_28_top_up_when_not_qualified_is_refused(api: Client) -> None:
    h = api.player(deposit="100.00")
    api.seeded(h, *seeds(False))
    body = api.start(h, GAME, SPIN).json()
    assert body["state"] == "settled"
    problem(api.act(h, body["round_id"], "top_up", decision_no=0), 409, "round_finished")
    assert balance(api, h) == 9000


def test_000_12_28_top_up_round_timer_opens_the_cases_and_buys_nothing(
        clocked_api: tuple[Client, FakeClock]) -> None:  # noqa: F811
    """No answer in the Top Up round opens the briefcases (ASSUMPTION: the timer never buys a
    spin); then No Deal at every offer: the stake stays the qualifying spin's."""
    api, clock = clocked_api
    h = api.player(deposit="100.00")
    api.seeded(h, *seeds(True))
    rid = api.start(h, GAME, SPIN).json()["round_id"]
    clock.advance(13.5)
    view = api.c.get(f"/api/interactive/{rid}", headers=h).json()
    assert [t["name"] for t in view["timeouts"]][:1] == ["open_cases"]
    clock.advance(13.5 * 10)
    done = api.c.get(f"/api/interactive/{rid}", headers=h).json()
    assert done["state"] == "settled" and done["stake_minor"] == 1000
    assert [t["name"] for t in done["timeouts"]] == ["open_cases", "no_deal", "no_deal", "no_deal", "no_deal"]
    assert balance(api, h) == 9000 + done["returned_minor"]
