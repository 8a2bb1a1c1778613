"""The match tournaments on matches.html (issue 22: "Tournaments are excluded from rake";
docs/pvp_matches.md "Tournaments") against the real server: an operator files a 2-seat Domino
knock-out; in two browsers the players register by click (one unregisters and is refunded
exactly, then registers again), the full tournament starts, the page shows the bracket with a
link to the match's board, one resigns, and the page shows the winner; the winner has the whole
pool, the house the fees, no rake."""

from __future__ import annotations

from typing import Any

import pytest
from tests.e2e.live_client import call, cash, funded, person, signed_in_page, wait_until

pytestmark = pytest.mark.e2e

BUY_IN, FEE = 500, 50  # EUR minor units


@pytest.fixture(scope="module")
def server(launch: Any) -> Any:
    return launch("e2e_match_tournaments", {"CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1"})


def test_issue22_register_unregister_and_follow_a_tournament_bracket_on_the_page(
        browser: Any, server: Any) -> None:
    base, env = server
    op = person(base, env, "operator")
    t = call(base, "POST", "/api/matches/tournaments", {
        "name": "Domino KO", "game": "domino", "variant": "classic", "currency": "EUR",
        "buy_in_minor": BUY_IN, "fee_minor": FEE, "seats": 2, "move_seconds": 30,
        "game_seconds": 360}, op["token"])
    tid = t["id"]
    ann, bob = funded(base), funded(base)
    a, b = signed_in_page(browser, ann), signed_in_page(browser, bob)
    row = f"#tn-list li[data-tournament='{tid}']"
    for page in (a, b):
        page.goto(f"{base}/matches.html")
        page.wait_for_selector(f"{row} button[data-action='register']")
    a.click(f"{row} button[data-action='register']")
    wait_until(lambda: cash(base, ann) == 10_000 - BUY_IN - FEE, "ann's entry was not held")
    a.click(f"{row} button[data-action='unregister']")
    wait_until(lambda: cash(base, ann) == 10_000, "ann was not refunded exactly")
    a.click(f"{row} button[data-action='register']")
    wait_until(lambda: call(base, "GET", f"/api/matches/tournaments/{tid}")["registered"] == 1,
               "ann did not register again")
    b.reload()
    b.click(f"{row} button[data-action='register']")
    wait_until(lambda: call(base, "GET", f"/api/matches/tournaments/{tid}")["status"] == "running",
               "the full tournament did not start")
    a.wait_for_selector(f"{row} .tn-bracket li[data-round='0'] a")
    v = call(base, "GET", f"/api/matches/tournaments/{tid}")
    mid = v["bracket"][0]["match_id"]
    assert a.get_attribute(f"{row} .tn-bracket a", "href") == f"/domino.html?match={mid}"
    m = call(base, "GET", f"/api/matches/{mid}")
    assert m["mode"] == "tourney"
    loser = ann if m["creator_id"] == ann["player"]["id"] else bob
    winner = bob if loser is ann else ann
    call(base, "POST", f"/api/matches/{mid}/resign", None, loser["token"])
    wait_until(lambda: call(base, "GET", f"/api/matches/tournaments/{tid}")["status"] == "finished",
               "the tournament did not finish")
    a.wait_for_selector(f"{row} .tn-game:has-text('resigned')")
    assert "finished" in a.text_content(row)
    assert cash(base, winner) == 10_000 - BUY_IN - FEE + 2 * BUY_IN
    assert cash(base, loser) == 10_000 - BUY_IN - FEE
    assert call(base, "GET", f"/api/matches/{mid}")["result"]["rake_minor"] == 0
    assert a.errors == [] and b.errors == [], (a.errors, b.errors)
