"""Open Belote in Chromium (issue 22 part 4; 000 §12.12 Open Belote): two players in two
browsers play one match to its end - the trump offer with its buttons, every card by clicking
it (16 cards each a hand, the piles' lower cards opening as the upper ones are played) - with no
resignation: the match ends by its score (one won hand, the table's "wins" target of 1), and
both pages show the result with the rake and the payout; the wallets moved exactly so."""

from __future__ import annotations

import time
from typing import Any

import pytest
from tests.e2e.live_client import call, cash, funded, signed_in_page, wait_until
from tests.e2e.test_browser_belote import _play_turn

pytestmark = pytest.mark.e2e

STAKE = 500  # EUR minor units: a 10.00 fund, 0.40 rake, 9.60 to the winner


@pytest.fixture(scope="module")
def server(launch: Any) -> str:
    return str(launch("e2e_belote_open", {"CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1"}).base)


def test_000_12_12_open_belote_two_browser_players_play_to_the_end_and_see_rake_and_payout(
        browser: Any, server: str) -> None:
    ann, bob = funded(server), funded(server)
    table = call(server, "POST", "/api/matches/tables", {
        "game": "belote", "variant": "open", "stake_minor": STAKE,
        "options": {"mode": "wins", "target": 1}, "move_seconds": 60, "game_seconds": 1800},
        ann["token"])
    mid = table["id"]
    call(server, "POST", f"/api/matches/tables/{mid}/join", None, bob["token"])
    call(server, "POST", f"/api/matches/tables/{mid}/accept", None, ann["token"])
    pages = []
    for who in (ann, bob):
        page = signed_in_page(browser, who)
        page.goto(f"{server}/belote.html?match={mid}")
        page.wait_for_selector("#bl-hand .bl-card")
        pages.append(page)
    # Open: 8 piles each; at the deal the first 4 upper cards lie face up, on both sides
    for p in pages:
        assert len(p.query_selector_all("#bl-hand .bl-card")) == 8
        assert len(p.query_selector_all("#bl-them .bl-card")) == 8
    cards = 0
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline:
        m = call(server, "GET", f"/api/matches/{mid}")
        if m["status"] == "done":
            break
        made = [x for x in (_play_turn(p) for p in pages) if x]
        if made:
            wait_until(lambda v=m["version"]: call(server, "GET", f"/api/matches/{mid}")["version"] > v,
                       "the click did not make a decision")
            cards += made.count("card")
        time.sleep(0.05)
    final = call(server, "GET", f"/api/matches/{mid}")
    assert final["status"] == "done", f"the match did not end by play ({cards} cards clicked)"
    result = final["result"]
    assert result["how"] != "resigned" and result["winner_seat"] in (0, 1)
    assert cards >= 32  # a whole Open hand: 16 cards each, every one by click
    winner = result["winner_seat"]
    for p in pages:
        p.wait_for_selector("#bl-result[data-payout]")
        assert p.get_attribute("#bl-result", "data-payout") == str(2 * STAKE - 40)
        assert p.get_attribute("#bl-result", "data-rake") == "40"
        assert p.get_attribute("#bl-result", "data-winner") == str(winner)
    assert "You won" in pages[winner].text_content("#bl-result")
    assert "You lost" in pages[1 - winner].text_content("#bl-result")
    played = [e for e in result["record"] if e["type"] == "decision" and e["data"]["name"] == "play"]
    assert len(played) == cards
    balances = [cash(server, ann), cash(server, bob)]
    assert balances[winner] == 10_000 - STAKE + 2 * STAKE - 40
    assert balances[1 - winner] == 10_000 - STAKE
    assert all(p.errors == [] for p in pages), [p.errors for p in pages]
