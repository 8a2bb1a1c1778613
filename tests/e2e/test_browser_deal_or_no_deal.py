"""Deal or No Deal Live in Chromium (000 §12.28): on the game page a player spins the vault
(two rings bought: a 1 in 3 chance to qualify) until a spin qualifies, tops up once (the Top Up
button appears only in the Top Up round; the balance shows the debit), opens the cases, then
answers the banker -
No Deal to the first three offers (the cases open 3, 4, 4, 3 on the board), then Switch at the last
offer - and the balance moves by exactly the settlement recalled from Games History."""

from __future__ import annotations

from typing import Any

import pytest
from tests.e2e.test_browser_catalogue import (  # noqa: F401  (fixtures)
    Players,
    _get,
    catalogue_page,
    catalogue_server,
    players,
)
from tests.e2e.test_browser_roulette import _minor, _recall

pytestmark = pytest.mark.e2e


def _spin(page: Any, prev: str | None) -> str:
    """Place one buy_two_rings bet of the smallest chip and send it; the new round's id."""
    chips = sorted(int(v) for v in page.eval_on_selector_all("#chips .chip-btn", "bs => bs.map(b => b.dataset.minor)"))
    page.click(f"#chips .chip-btn[data-minor='{chips[0]}']")
    page.click("#layout .spot-btn[data-code='buy_two_rings']")
    page.wait_for_selector(f"#layout .spot-btn[data-code='buy_two_rings'][data-amount='{chips[0]}']")
    page.click("#confirm")
    page.wait_for_function("(p) => { const s = document.querySelector('#stage');"
                           " return s.dataset.round && s.dataset.round !== p && s.dataset.state; }", arg=prev or "")
    return str(page.get_attribute("#stage", "data-round"))


def result_stake(recall: dict[str, Any]) -> int:
    """The round's stake in its settlement record: the qualifying spin and the top-up spin."""
    settled = next(e["data"] for e in recall["events"] if e["type"] == "round_settled")
    return int(settled["total_stake"])


def _answer(page: Any, name: str) -> None:
    n = page.get_attribute("#stage", "data-decision")
    page.click(f"#act-{name}")
    page.wait_for_function("(n) => { const s = document.querySelector('#stage');"
                           " return s.dataset.decision !== n || s.dataset.state !== 'open'; }", arg=n)


def test_000_12_28_a_game_played_to_the_end_in_the_browser(
        catalogue_page: Any, catalogue_server: str, players: Players) -> None:  # noqa: F811
    page, base = catalogue_page, catalogue_server
    del page.errors[:]
    desc = _get(page, "/api/games/deal_or_no_deal/variants/standard/description")["body"]
    assert desc["play"] == "decision"
    players.use("EUR", 2)
    page.goto(f"{base}/game.html?game=deal_or_no_deal&variant=standard")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor > ''")
    rid: str | None = None
    for _ in range(40):  # P(qualify) = 1/3 a spin
        before = _minor(page, "#balance")
        rid = _spin(page, rid)
        if page.get_attribute("#stage", "data-state") == "open":
            break
        page.wait_for_selector("#result[data-round][data-net]")
        assert _recall(page, int(rid))["returned_minor"] == 0  # not qualified: the stake is lost
        # unsent chips (if any) go; checked and clicked at once, as the page may re-render between
        page.evaluate("() => { const b = document.querySelector('#clear'); if (!b.disabled) b.click(); }")
    else:  # pragma: no cover - (2/3)^40
        raise AssertionError("no spin qualified")
    # the Top Up round (000 §12.28): the Top Up button appears only now, and says its cost
    names = sorted(b.get_attribute("data-action") for b in page.query_selector_all("#decisions button"))
    assert names == ["open_cases", "top_up"]
    assert "Top Up round" in (page.text_content("#headline") or "")
    assert "+" in (page.text_content("#act-top_up") or "")
    cash = _minor(page, "#balance")
    _answer(page, "top_up")  # one spin: one more bet at stake
    view = _get(page, f"/api/interactive/{rid}")["body"]
    cost = view["table"]["top_up_cost_minor"]  # one bet: the stake of two rings bought / 9, rounded up
    assert view["table"]["top_ups"] == 1 and cost > 0
    assert view["stake_minor"] == view["bets"][0]["stake_minor"] + cost
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{cash - cost}'")
    _answer(page, "open_cases")
    names = sorted(b.get_attribute("data-action") for b in page.query_selector_all("#decisions button"))
    assert names == ["deal", "no_deal"]  # no Top Up once the cases open
    assert "Deal or No Deal?" in (page.text_content("#headline") or "")
    for _stage in range(3):
        _answer(page, "no_deal")
    names = sorted(b.get_attribute("data-action") for b in page.query_selector_all("#decisions button"))
    assert names == ["deal", "no_deal", "switch"]  # the last offer (000 §12.28)
    _answer(page, "switch")
    page.wait_for_selector("#result[data-round][data-net]")
    recall = _recall(page, int(rid))
    assert recall["state"] == "settled" and recall["game"] == "deal_or_no_deal"
    assert [e["data"]["name"] for e in recall["events"] if e["type"] == "decision"] == \
        ["top_up", "open_cases", "no_deal", "no_deal", "no_deal", "switch"]
    assert result_stake(recall) == recall["stake_minor"]
    result = next(e["data"] for e in recall["events"] if e["type"] == "result")
    assert len(result["opened"]) == 14 and result["win_bets"] == result["other"]
    after = before - recall["stake_minor"] + recall["returned_minor"]
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{after}'")
    # the headline is drawn after the settlement reaches the page: wait for it, then read it
    page.wait_for_function("(h) => document.querySelector('#headline')?.textContent === h",
                           arg=recall["display"]["headline"])
    assert page.text_content("#headline").startswith("Switch: won")  # type: ignore[union-attr]
    assert page.errors == []
