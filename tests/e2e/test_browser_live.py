"""End to end in a real browser (issue 16): a live roulette table run from the dealer console.

The real server runs with ``european-eur`` live; a player bets over the API while the dealer and
two floor managers use ``/dealer.html`` in headless chromium: a No Spin then the result entered by
the dealer (004 §1.16–1.17), a reader failure voided with every stake returned (1.18), and a
manual settlement that the maker cannot approve and a second floor manager does (1.20.2).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from tests.e2e.live_client import call, cash, person, wait_until

pytestmark = pytest.mark.e2e

TABLE = "european-eur"


@pytest.fixture(scope="module")
def server(launch: Any) -> tuple[str, dict[str, str]]:
    srv = launch("e2e_live", {
        "CROUPIER_LIVE_TABLES": TABLE, "CROUPIER_BETTING_SECONDS": "2",
        "CROUPIER_RESULT_SECONDS": "0.2", "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1",
        "CROUPIER_LIVE_RESULT_SECONDS": "600",
    })
    return srv.base, srv.env


def bet_next_round(base: str, who: dict[str, Any], bets: list[dict[str, Any]],
                   dealer: dict[str, Any]) -> int:
    """Bet in the next betting window; a round still waiting for its result (nobody bet in it)
    gets one from the dealer first, as a studio would."""
    for _ in range(600):
        rnd = call(base, "GET", f"/api/tables/{TABLE}")["round"]
        if rnd and rnd["state"] == "closed":
            try:
                call(base, "POST", f"/api/live/tables/{TABLE}/dealer-readings",
                     {"pocket": 0, "round_id": rnd["round_id"]}, dealer["token"])
            except urllib.error.HTTPError:
                pass
        if rnd and rnd["state"] == "open":
            try:
                call(base, "POST", f"/api/tables/{TABLE}/bets", {"bets": bets}, who["token"])
                return int(rnd["round_id"])
            except urllib.error.HTTPError:
                pass  # the window closed meanwhile: the next one
        time.sleep(0.05)
    raise AssertionError("no betting window opened")


def console(browser: Any, base: str, who: dict[str, Any]) -> Any:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    ctx.add_init_script(
        f"localStorage.setItem('croupier.token', {json.dumps(who['token'])});"
        f"localStorage.setItem('croupier.player', {json.dumps(json.dumps(who['player']))});")
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.set_default_timeout(20_000)
    page.goto(f"{base}/dealer.html?table={TABLE}")
    return page


def wait_round(page: Any, round_id: int, state: str) -> None:
    page.wait_for_function(
        "([rid, st]) => document.querySelector('#round-line').textContent.includes(`#${rid}): ${st}`)",
        arg=[round_id, state])


def test_004_1_16_1_18_1_20_2_a_live_roulette_table_run_from_the_dealer_console(
        browser: Any, server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    player = person(base, env)
    call(base, "POST", "/api/deposits", {"amount": "50.00"}, player["token"])
    wait_until(lambda: cash(base, player) == 5000, "the deposit was not confirmed")
    dealer, fm1, fm2 = person(base, env, "dealer"), person(base, env, "floor_manager"), \
        person(base, env, "floor_manager")

    # -- 1.16-1.17: No Spin, then the dealer enters the result; bets stayed
    desk = console(browser, base, dealer)
    rid = bet_next_round(base, player, [{"code": "straight", "stake": "1.00", "target": [23]}],
                         dealer)
    wait_round(desk, rid, "closed")
    desk.fill("#inc-reason", "two revolutions only")
    desk.select_option("#inc-case", "few_revolutions")
    desk.click("[data-code='no_spin']")
    desk.wait_for_selector("#incidents li:has-text('no_spin (004 §1.16.1)')")
    assert cash(base, player) == 5000 - 100
    desk.fill("#result-input", "23")
    desk.click("#result-form button[type='submit']")
    wait_until(lambda: cash(base, player) == 5000 - 100 + 3600, "the round was not settled on 23")

    # -- 1.18: reader failure, voided by a floor manager, every stake returned, the reason shown
    floor = console(browser, base, fm1)
    before = cash(base, player)
    rid = bet_next_round(base, player, [{"code": "red", "stake": "2.00"}], dealer)
    wait_round(floor, rid, "closed")
    floor.fill("#inc-reason", "reader offline")
    floor.fill("#inc-evidence", "cam1 12:00:41")
    floor.click("[data-code='reader_failure']")
    floor.wait_for_selector(f"#incidents li:has-text('round {rid}: reader_failure')")
    assert cash(base, player) == before
    recall = call(base, "GET", f"/api/history/{rid}", token=player["token"])
    assert recall["state"] == "voided" and "004 §1.18" in recall["void_reason"]

    # -- 1.20.2: a manual settlement; the maker cannot approve it, a second floor manager does
    rid = bet_next_round(base, player, [{"code": "straight", "stake": "1.00", "target": [32]}],
                         dealer)
    wait_round(floor, rid, "closed")
    floor.fill("#inc-reason", "stream froze; 32 on the video")
    floor.fill("#inc-result", "32")
    floor.click("[data-code='provider_fault_known']")
    floor.wait_for_selector(f"#proposals li:has-text('round {rid}:')")  # held for a checker
    floor.click("#proposals button:has-text('Approve')")
    floor.wait_for_selector("#toast.show:has-text('second person')")
    assert cash(base, player) == before - 100
    checker = console(browser, base, fm2)
    checker.click("#proposals button:has-text('Approve')")
    wait_until(lambda: cash(base, player) == before - 100 + 3600, "the manual settlement was not paid")
    assert desk.errors == [] and floor.errors == [] and checker.errors == []
