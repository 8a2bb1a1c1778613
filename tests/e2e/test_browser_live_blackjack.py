"""End to end in a real browser (issue 16): a live blackjack table (004 §2) run from the dealer
console while a player plays it from ``/live-blackjack.html``, both pages open at once.

The dealer closes betting and scans the cards on the console; the player's page shows the cards,
waits for the player's Hit, and shows the settled result; then a floor manager voids a round for
three dropped cards (004 §2.19.3) and the player's page shows the reason with the stake returned.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.e2e.live_client import call, cash, person, wait_until

pytestmark = pytest.mark.e2e

TABLE = "blackjack-eur"


@pytest.fixture(scope="module")
def server(launch: Any) -> tuple[str, dict[str, str]]:
    srv = launch("e2e_live_bj", {
        "CROUPIER_LIVE_TABLES": TABLE, "CROUPIER_BETTING_SECONDS": "600",
        "CROUPIER_RESULT_SECONDS": "0.2", "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1",
        "CROUPIER_LIVE_RESULT_SECONDS": "600", "CROUPIER_DECISION_SECONDS": "120",
    })
    return srv.base, srv.env


def open_round(base: str) -> int:
    box: list[int] = []

    def ready() -> bool:
        rnd = call(base, "GET", f"/api/tables/{TABLE}")["round"]
        if rnd and rnd["state"] == "open":
            box.append(int(rnd["round_id"]))
            return True
        return False

    wait_until(ready, "no betting window opened")
    return box[-1]


def page_as(browser: Any, base: str, who: dict[str, Any], path: str) -> Any:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    ctx.add_init_script(
        f"localStorage.setItem('croupier.token', {json.dumps(who['token'])});"
        f"localStorage.setItem('croupier.player', {json.dumps(json.dumps(who['player']))});")
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.set_default_timeout(30_000)
    page.goto(f"{base}{path}")
    return page


def scan(desk: Any, *cards: str) -> None:
    """The dealer scans each card once the console shows the round waiting for one (a card sent
    before, while the round is still closing, is refused and never read)."""
    for card in cards:
        desk.wait_for_function("() => document.querySelector('#round-line').textContent"
                               ".includes('waiting for a card')", timeout=60_000)
        n = desk.locator("#readings").text_content().count(",")
        desk.fill("#result-input", card)
        desk.click("#result-form button[type='submit']")
        desk.wait_for_function("([n, c]) => document.querySelector('#readings').textContent"
                               ".includes(c)", arg=[n, card])


def test_004_2_a_live_blackjack_table_from_the_dealer_console_and_a_player_page(
        browser: Any, server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    player = person(base, env)
    call(base, "POST", "/api/deposits", {"amount": "50.00"}, player["token"])
    wait_until(lambda: cash(base, player) == 5000, "the deposit was not confirmed")
    dealer, fm = person(base, env, "dealer"), person(base, env, "floor_manager")

    rid = open_round(base)
    seat = page_as(browser, base, player, f"/live-blackjack.html?table={TABLE}")
    desk = page_as(browser, base, dealer, f"/dealer.html?table={TABLE}")
    seat.select_option("#seat-select", "1")
    seat.fill("#stake-input", "5.00")
    seat.click("#bet-button")
    wait_until(lambda: cash(base, player) == 4500, "the seat's bet was not taken")
    desk.click("#close-betting")
    desk.wait_for_function("(rid) => document.querySelector('#round-line').textContent"
                           ".includes(`#${rid}): closed`)", arg=rid)
    scan(desk, "Th", "7c", "6s", "Ts")  # seat 1: 16 against 7 + 10
    seat.wait_for_selector("[data-action='hit']")
    assert "7c" in seat.locator("#dealer-cards").text_content()
    assert "Ts" not in seat.locator("#dealer-cards").text_content()  # the hole card is hidden
    seat.click("[data-action='hit']")
    seat.wait_for_selector("#turn:has-text('The dealer deals')")
    scan(desk, "5d")  # 21; the dealer stands on 17 (004 §2.11)
    wait_until(lambda: cash(base, player) == 5500, "the round was not settled")
    seat.wait_for_selector("#outcome:has-text('Returned 10.00 of 5.00')")

    # -- 004 §2.19.3: three cards dropped, the round voided, the stake returned, the reason shown
    rid = open_round(base)
    seat.select_option("#seat-select", "2")
    seat.click("#bet-button")
    wait_until(lambda: cash(base, player) == 5000, "the second bet was not taken")
    desk.click("#close-betting")
    floor = page_as(browser, base, fm, f"/dealer.html?table={TABLE}")
    floor.wait_for_function("(rid) => document.querySelector('#round-line').textContent"
                            ".includes(`#${rid}): closed`)", arg=rid)
    floor.fill("#inc-reason", "three cards fell")
    floor.fill("#inc-count", "3")
    floor.click("[data-code='cards_dropped']")
    wait_until(lambda: cash(base, player) == 5500, "the void did not return the stake")
    seat.wait_for_selector("#outcome:has-text('004 §2.19.3')")
    assert seat.errors == [] and desk.errors == [] and floor.errors == []
