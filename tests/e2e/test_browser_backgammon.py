"""The backgammon board page (issue 22 part 4, minimal) against the real server: two players in
two browsers at one Short Backgammon match. They roll and move by clicking points (the steps of a
legal move, from the page's own legal list), the clocks count down, then one resigns; both pages
show the result with the rake and the payout, and the wallets moved exactly so (fund less 4%)."""

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
    return str(launch("e2e_backgammon", {"CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1"}).base)


def _open(browser: Any, base: str, who: dict[str, Any], mid: int) -> Any:
    page = signed_in_page(browser, who)
    page.goto(f"{base}/backgammon.html?match={mid}")
    page.wait_for_selector("#bg-board .bg-point")
    return page


def _target(point: int) -> str:
    return {25: "#bg-bar", 0: "#bg-off"}.get(point, f"#bg-board [data-point='{point}']")


def _play_turn(page: Any) -> bool:
    """One decision by clicks if it is this page's turn; True if one was made."""
    if page.get_attribute("#bg-status", "data-turn") != "you":
        return False
    buttons = page.eval_on_selector_all("#bg-actions button", "es => es.map(e => e.dataset.action)")
    for wanted in ("roll", "take"):
        if wanted in buttons:
            page.click(f"#bg-actions button[data-action='{wanted}']")
            return True
    legal = json.loads(page.get_attribute("#bg-board", "data-legal") or "[]")
    if not legal:
        return False
    for src, dst in legal[0]:
        page.click(_target(src))
        page.click(_target(dst))
    return True


def test_000_12_12_1_two_browser_players_move_by_click_and_see_rake_and_payout(browser: Any, server: str) -> None:
    ann, bob = funded(server), funded(server)
    table = call(server, "POST", "/api/matches/tables", {
        "game": "backgammon", "variant": "short", "stake_minor": STAKE, "options": {},
        "move_seconds": 30, "game_seconds": 360}, ann["token"])
    mid = table["id"]
    call(server, "POST", f"/api/matches/tables/{mid}/join", None, bob["token"])
    call(server, "POST", f"/api/matches/tables/{mid}/accept", None, ann["token"])
    pages = [_open(browser, server, ann, mid), _open(browser, server, bob, mid)]
    assert pages[0].text_content("#bg-clock-you") not in ("", "–")
    made = 0
    deadline = time.monotonic() + 90
    while made < 8 and time.monotonic() < deadline:
        version = call(server, "GET", f"/api/matches/{mid}")["version"]
        if any(_play_turn(p) for p in pages):
            wait_until(lambda v=version: call(server, "GET", f"/api/matches/{mid}")["version"] > v,
                       "the click did not make a move")
            made += 1
        time.sleep(0.1)
    assert made >= 8, "the players could not make their moves by click"
    pages[0].click("#bg-resign")
    for p in pages:
        p.wait_for_selector("#bg-result[data-payout]")
        assert p.get_attribute("#bg-result", "data-payout") == str(2 * STAKE - 40)
        assert p.get_attribute("#bg-result", "data-rake") == "40"
        assert p.get_attribute("#bg-result", "data-winner") == "1"
    assert "You won" in pages[1].text_content("#bg-result")
    assert "You lost" in pages[0].text_content("#bg-result")
    record = call(server, "GET", f"/api/matches/{mid}")["result"]["record"]
    clicked = [e for e in record if e["type"] == "decision" and e["data"]["name"] == "move"]
    assert len(clicked) >= 3  # checkers moved by clicking points
    assert cash(server, ann) == 10_000 - STAKE
    assert cash(server, bob) == 10_000 - STAKE + 2 * STAKE - 40
    assert all(p.errors == [] for p in pages), [p.errors for p in pages]
