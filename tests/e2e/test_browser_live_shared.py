"""End to end in a real browser (issue 16): a player plays a live Casino Hold'em table (004 §5,
one set of common cards for every player) from ``/live-shared.html`` while the dealer closes
betting and scans the cards: the page takes the Ante, shows the player's cards, the common
cards and the Call/Fold decision, and the settled result; the same page at a live Unlimited
Blackjack table (004 §4) takes the main bet and offers the player's own decisions on the common
hand, the dealer's hole card hidden."""

from __future__ import annotations

from typing import Any

import pytest
from tests.e2e.test_browser_live_blackjack import call, cash, page_as, person, wait_until

pytestmark = pytest.mark.e2e

TABLE = "casino-holdem-eur"
UBJ = "unlimited-blackjack-eur"


@pytest.fixture(scope="module")
def server(launch: Any) -> tuple[str, dict[str, str]]:
    srv = launch("e2e_live_shared", {
        "CROUPIER_LIVE_TABLES": f"{TABLE},{UBJ}", "CROUPIER_BETTING_SECONDS": "600",
        "CROUPIER_RESULT_SECONDS": "0.2", "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1",
        "CROUPIER_LIVE_RESULT_SECONDS": "600", "CROUPIER_DECISION_SECONDS": "120",
    })
    return srv.base, srv.env


def open_round(base: str, table: str = TABLE) -> int:
    box: list[int] = []

    def ready() -> bool:
        rnd = call(base, "GET", f"/api/tables/{table}")["round"]
        if rnd and rnd["state"] == "open":
            box.append(int(rnd["round_id"]))
            return True
        return False

    wait_until(ready, "no betting window opened")
    return box[-1]


def test_004_5_a_live_casino_holdem_table_from_the_player_page(
        browser: Any, server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    player = person(base, env)
    call(base, "POST", "/api/deposits", {"amount": "50.00"}, player["token"])
    wait_until(lambda: cash(base, player) == 5000, "the deposit was not confirmed")
    dealer = person(base, env, "dealer")
    open_round(base)
    page = page_as(browser, base, player, f"/live-shared.html?table={TABLE}")
    page.wait_for_selector("#table-title:has-text(\"Live Casino Hold'em\")")
    page.fill("#stake-input", "1.00")
    page.click("#bet-button")
    wait_until(lambda: cash(base, player) == 4900, "the Ante was not taken")
    call(base, "POST", f"/api/live/tables/{TABLE}/close-betting", {}, dealer["token"])
    for card in ("Ah", "Ad", "As", "7c", "2d"):  # the player's two, then the flop
        call(base, "POST", f"/api/live/tables/{TABLE}/dealer-readings", {"card": card},
             dealer["token"])
    page.wait_for_selector("[data-action='call']")
    assert page.locator("[data-action='fold']").count() == 1
    assert "Ah Ad" in page.locator("#hands").text_content()
    assert "As 7c 2d" in page.locator("#board").text_content()
    page.click("[data-action='call']")
    wait_until(lambda: cash(base, player) == 4700, "the Call was not debited")
    for card in ("9h", "4s", "Kc", "Qd"):  # turn, river, the dealer's two
        call(base, "POST", f"/api/live/tables/{TABLE}/dealer-readings", {"card": card},
             dealer["token"])
    wait_until(lambda: cash(base, player) == 5100, "the round was not settled")
    page.wait_for_selector("#outcome:has-text('Returned 4.00 of 3.00')")
    assert "Kc Qd" in page.locator("#dealer-cards").text_content()
    page.select_option("#lang-select", "uk")  # Ukrainian: the title and the result follow
    page.wait_for_selector("#outcome:has-text('Повернено 4.00 із 3.00')")
    assert "Живий Casino Hold'em" in page.locator("#table-title").text_content()
    assert page.errors == []


def test_004_4_a_live_unlimited_blackjack_table_from_the_same_page(
        browser: Any, server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    player = person(base, env)
    call(base, "POST", "/api/deposits", {"amount": "50.00"}, player["token"])
    wait_until(lambda: cash(base, player) == 5000, "the deposit was not confirmed")
    dealer = person(base, env, "dealer")
    open_round(base, UBJ)
    page = page_as(browser, base, player, f"/live-shared.html?table={UBJ}")
    page.wait_for_selector("#table-title:has-text('Live Unlimited Blackjack')")
    page.fill("#stake-input", "5.00")
    page.click("#bet-button")
    wait_until(lambda: cash(base, player) == 4500, "the main bet was not taken")
    call(base, "POST", f"/api/live/tables/{UBJ}/close-betting", {}, dealer["token"])
    for card in ("Th", "7c", "6s", "Ts"):  # the common hand 16 against 7 + the hole card
        call(base, "POST", f"/api/live/tables/{UBJ}/dealer-readings", {"card": card},
             dealer["token"])
    page.wait_for_selector("[data-action='hit']")
    dealer_line = page.locator("#dealer-cards").text_content()
    assert "7c" in dealer_line and "Ts" not in dealer_line  # 004 §4: the hole card face down
    assert "Th 6s" in page.locator("#hands").text_content()
    assert page.errors == []
