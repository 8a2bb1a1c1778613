"""The match tables page and the lobby entry (issue 22 part 2/4) against the real server: a
player creates a Domino table with the page's form (000 §12.12.2 clocks from the games list),
the lobby lists it with a link, another player joins it from the open tables, the creator
accepts, both stakes go into escrow, and the creator's link opens the board page."""

from __future__ import annotations

from typing import Any

import pytest
from tests.e2e.live_client import call, cash, funded, signed_in_page, wait_until

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(launch: Any) -> str:
    return str(launch("e2e_match_tables", {"CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1"}).base)


def test_000_12_12_2_create_join_accept_a_match_table_from_the_pages(browser: Any, server: str) -> None:
    ann, bob = funded(server), funded(server)
    a, b = signed_in_page(browser, ann), signed_in_page(browser, bob)
    a.goto(f"{server}/matches.html")
    a.wait_for_selector("#mt-game option[value='domino']", state="attached")
    a.select_option("#mt-game", "domino")
    a.select_option("#mt-variant", "classic")
    a.fill("#mt-stake", "5.00")
    a.click("#mt-submit")
    a.wait_for_selector("#mt-mine li[data-match]")
    mid = int(a.get_attribute("#mt-mine li[data-match]", "data-match") or "0")
    table = call(server, "GET", f"/api/matches/{mid}")
    assert (table["game"], table["variant"], table["stake_minor"], table["status"]) == ("domino", "classic", 500, "open")
    b.goto(f"{server}/index.html")
    b.wait_for_selector(f"#match-tables li[data-match='{mid}'] a")
    b.goto(f"{server}/matches.html")
    b.click(f"#mt-open li[data-match='{mid}'] button[data-action='join']")
    wait_until(lambda: call(server, "GET", f"/api/matches/{mid}")["status"] == "pending", "bob did not join")
    a.click(f"#mt-mine li[data-match='{mid}'] button[data-action='accept']")
    wait_until(lambda: call(server, "GET", f"/api/matches/{mid}")["status"] == "playing", "ann did not accept")
    assert cash(server, ann) == cash(server, bob) == 10_000 - 500  # both stakes in escrow
    a.click(f"#mt-mine li[data-match='{mid}'] a")
    a.wait_for_selector("#dm-hand .dm-bone")
    assert a.url.endswith(f"/domino.html?match={mid}")
    assert a.errors == [] and b.errors == [], (a.errors, b.errors)
