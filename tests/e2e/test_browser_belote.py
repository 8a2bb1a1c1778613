"""The Belote board page (issue 22 part 4) against the real server: two players in two browsers
at one Classic Belote match (000 §12.12). The trump offer is played with its buttons and the
cards by clicking them (each page sees only its own cards; the opponent's show as "?"), the
clocks count down, then one resigns; both pages show the result with the rake and the payout,
and the wallets moved exactly so (fund less 4%). The page shares the match page module with
backgammon and domino (web/js/matches/match_page.js)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests.e2e.live_client import call, cash, funded, signed_in_page, wait_until

pytestmark = pytest.mark.e2e

STAKE = 500  # EUR minor units: a 10.00 fund, 0.40 rake, 9.60 to the winner


@pytest.fixture(scope="module")
def server(launch: Any) -> str:
    return str(launch("e2e_belote", {"CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1"}).base)


def _open(browser: Any, base: str, who: dict[str, Any], mid: int) -> Any:
    page = signed_in_page(browser, who)
    page.goto(f"{base}/belote.html?match={mid}")
    page.wait_for_selector("#bl-hand .bl-card")
    return page


def _play_turn(page: Any) -> str | None:
    """One decision by clicks if it is this page's turn: its name, or None."""
    if page.get_attribute("#bl-status", "data-turn") != "you":
        return None
    if json.loads(page.get_attribute("#bl-hand", "data-legal") or "[]"):
        try:
            page.click("#bl-hand .bl-card.playable", timeout=5000)
        except PlaywrightTimeout:  # the table moved on between the read and the click (CI load)
            return None
        return "card"
    buttons = page.eval_on_selector_all("#bl-actions button", "es => es.map(e => e.dataset.action)")
    for wanted in ("take", "trump", "keep", "accept", "pass"):
        if wanted in buttons:
            page.click(f"#bl-actions button[data-action='{wanted}']")
            return wanted
    return None


def test_000_12_12_two_browser_players_play_belote_by_click_and_see_rake_and_payout(
        browser: Any, server: str) -> None:
    ann, bob = funded(server), funded(server)
    table = call(server, "POST", "/api/matches/tables", {
        "game": "belote", "variant": "classic", "stake_minor": STAKE, "options": {},
        "move_seconds": 60, "game_seconds": 1800}, ann["token"])
    mid = table["id"]
    call(server, "POST", f"/api/matches/tables/{mid}/join", None, bob["token"])
    call(server, "POST", f"/api/matches/tables/{mid}/accept", None, ann["token"])
    pages = [_open(browser, server, ann, mid), _open(browser, server, bob, mid)]
    assert pages[0].text_content("#bl-clock-you") not in ("", "–")
    # each sees his own 6 cards and the opponent's 6 face down
    for p in pages:
        assert len(p.query_selector_all("#bl-hand .bl-card:not(.hidden)")) == 6
        assert len(p.query_selector_all("#bl-them .bl-card.hidden")) == 6
    cards = 0
    deadline = time.monotonic() + 120
    while cards < 6 and time.monotonic() < deadline:
        version = call(server, "GET", f"/api/matches/{mid}")["version"]
        made = [x for x in (_play_turn(p) for p in pages) if x]
        if made:
            wait_until(lambda v=version: call(server, "GET", f"/api/matches/{mid}")["version"] > v,
                       "the click did not make a decision")
            cards += made.count("card")
        time.sleep(0.1)
    assert cards >= 6, "the players could not play their cards by click"
    assert pages[0].text_content("#bl-trump") not in ("", "–")
    pages[0].click("#bl-resign")
    for p in pages:
        p.wait_for_selector("#bl-result[data-payout]")
        assert p.get_attribute("#bl-result", "data-payout") == str(2 * STAKE - 40)
        assert p.get_attribute("#bl-result", "data-rake") == "40"
        assert p.get_attribute("#bl-result", "data-winner") == "1"
    assert "You won" in pages[1].text_content("#bl-result")
    assert "You lost" in pages[0].text_content("#bl-result")
    record = call(server, "GET", f"/api/matches/{mid}")["result"]["record"]
    played = [e for e in record if e["type"] == "decision" and e["data"]["name"] == "play"]
    assert len(played) >= 6  # cards played by clicking them
    assert cash(server, ann) == 10_000 - STAKE
    assert cash(server, bob) == 10_000 - STAKE + 2 * STAKE - 40
    assert all(p.errors == [] for p in pages), [p.errors for p in pages]
