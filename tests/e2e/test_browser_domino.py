"""The domino board page (issue 22 part 4) against the real server: two players in two browsers
at one Classic Domino match (000 §12.12.2). They put bones down by clicking them (and the open end
when a bone fits more than one), the clocks count down, then one resigns; both pages show the
result with the rake and the payout, and the wallets moved exactly so (fund less 4%). The page
shares the match page module with backgammon (web/js/matches/match_page.js)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from tests.e2e.live_client import call, cash, funded, signed_in_page, wait_until

pytestmark = pytest.mark.e2e

STAKE = 500  # EUR minor units: a 10.00 fund, 0.40 rake, 9.60 to the winner


@pytest.fixture(scope="module")
def server(launch: Any) -> str:
    return str(launch("e2e_domino", {"CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1"}).base)


def _open(browser: Any, base: str, who: dict[str, Any], mid: int) -> Any:
    page = signed_in_page(browser, who)
    page.goto(f"{base}/domino.html?match={mid}")
    page.wait_for_selector("#dm-hand .dm-bone")
    return page


def _play_turn(page: Any) -> bool:
    """One step by clicks if it is this page's turn; True if one was made."""
    if page.get_attribute("#dm-status", "data-turn") != "you":
        return False
    legal = json.loads(page.get_attribute("#dm-hand", "data-legal") or "[]")
    if not legal:
        return False
    page.click("#dm-hand .dm-bone.playable")
    if page.query_selector("#dm-hand .dm-bone.picked"):   # it fits more than one open end
        page.click("#dm-layout .dm-end:not([disabled])")
    return True


def test_000_12_12_2_two_browser_players_play_domino_by_click_and_see_rake_and_payout(
        browser: Any, server: str) -> None:
    ann, bob = funded(server), funded(server)
    table = call(server, "POST", "/api/matches/tables", {
        "game": "domino", "variant": "classic", "stake_minor": STAKE, "options": {},
        "move_seconds": 30, "game_seconds": 360}, ann["token"])
    mid = table["id"]
    call(server, "POST", f"/api/matches/tables/{mid}/join", None, bob["token"])
    call(server, "POST", f"/api/matches/tables/{mid}/accept", None, ann["token"])
    pages = [_open(browser, server, ann, mid), _open(browser, server, bob, mid)]
    assert pages[0].text_content("#dm-clock-you") not in ("", "–")
    made = 0
    deadline = time.monotonic() + 90
    while made < 6 and time.monotonic() < deadline:
        version = call(server, "GET", f"/api/matches/{mid}")["version"]
        if any(_play_turn(p) for p in pages):
            wait_until(lambda v=version: call(server, "GET", f"/api/matches/{mid}")["version"] > v,
                       "the click did not make a step")
            made += 1
        time.sleep(0.1)
    assert made >= 6, "the players could not put their bones down by click"
    assert pages[0].text_content("#dm-down") not in ("", "–", "0")
    pages[1].click("#dm-resign")
    for p in pages:
        p.wait_for_selector("#dm-result[data-payout]")
        assert p.get_attribute("#dm-result", "data-payout") == str(2 * STAKE - 40)
        assert p.get_attribute("#dm-result", "data-rake") == "40"
        assert p.get_attribute("#dm-result", "data-winner") == "0"
    assert "You won" in pages[0].text_content("#dm-result")
    assert "You lost" in pages[1].text_content("#dm-result")
    record = call(server, "GET", f"/api/matches/{mid}")["result"]["record"]
    clicked = [e for e in record if e["type"] == "decision" and e["data"]["name"] == "play"]
    assert len(clicked) >= 6  # bones put down by clicking them
    assert cash(server, ann) == 10_000 - STAKE + 2 * STAKE - 40
    assert cash(server, bob) == 10_000 - STAKE
    assert all(p.errors == [] for p in pages), [p.errors for p in pages]
