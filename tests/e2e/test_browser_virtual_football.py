"""End to end in a real browser: the football event board shows 12.59 rows 24-32 (issue 23) — cards,
penalties, first and last kick, shirt-number sums, free-kick directions — with the published odds;
a first-kick bet and a round-1 direction bet are placed on the event shown; the match ticker
plays the server's incidents and free kicks, and each bet is settled as the server revealed it.

The server runs an event every 15 s with bets until 4 s before the off (CROUPIER_DRAW_SCHEDULE)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _register_and_deposit
from tests.e2e.test_browser_virtual import _balance, _get, _hundredths

pytestmark = pytest.mark.e2e

TABLE = "football-e2e"
NEW = ("yellow_cards", "yellow_cards_half1", "red_cards", "red_cards_half1", "penalties", "penalties_half1",
       "first_kick", "last_kick", "kick_sum", "kick_sum_home", "kick_sum_away", "free_kick_round1",
       "free_kick_round5")


@pytest.fixture(scope="module")
def football_server(launch: Any) -> str:
    return str(launch("e2e_virtual_football", {
        "CROUPIER_DRAW_TABLES": f"{TABLE}:football:standard:EUR",
        "CROUPIER_DRAW_SCHEDULE": "15:4",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def test_000_12_59_24_to_32_board_shows_incident_and_free_kick_markets_and_the_ticker_settles_them(
        page: Any, football_server: str) -> None:
    base = football_server
    page.set_default_timeout(30_000)
    _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/virtual.html?table={TABLE}")
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '2000'")
    page.wait_for_selector("#markets details[data-code='first_kick'] button.sel")
    shown = page.get_attribute("#event-number", "data-number")
    page.wait_for_function(f"() => document.querySelector('#event-number').dataset.number !== '{shown}'")
    number = int(page.get_attribute("#event-number", "data-number"))
    event = next(u for u in _get(page, f"/api/draws/{TABLE}")["upcoming"] if u["number"] == number)
    markets = {m["code"]: {tuple(s["target"]): s["odds"] for s in m["selections"]} for m in event["board"]["markets"]}
    for code in NEW:  # every new market is on the board with its offered selections
        box = page.locator(f"#markets details[data-code='{code}']")
        assert box.count() == 1, code
        assert box.locator("button.sel").count() == len(markets[code]), code

    page.click("#markets details[data-code='first_kick'] button.sel[data-target='10']")
    page.click("#markets details[data-code='free_kick_round1'] button.sel[data-target='2 woodwork']")
    page.fill("#slip li[data-code='first_kick'] input.stake", "1.00")
    page.fill("#slip li[data-code='free_kick_round1'] input.stake", "1.00")
    page.click("#buy")
    page.wait_for_function("() => document.querySelector('#mine').dataset.ticket")
    assert int(page.get_attribute("#mine", "data-first")) == number
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '1800'")

    page.wait_for_function(f"() => document.querySelector('#result-view').dataset.done === '{number}'", timeout=40_000)
    page.wait_for_function(f"() => document.querySelector('#mine').dataset.settled === '{number}'")
    done = next(r for r in _get(page, f"/api/draws/{TABLE}")["recent"] if r["number"] == number)["result"]
    kicks = done["free_kicks"]
    assert page.locator("#result-view li.free-kick").count() == len(kicks) == 10
    assert page.locator("#result-view li.incident").count() == len(done["incidents"])
    for rnd, team, shirt, way in kicks:
        li = page.locator(f"#result-view li.free-kick[data-round='{rnd}'][data-team='{team}']")
        assert (li.get_attribute("data-shirt"), li.get_attribute("data-direction")) == (str(shirt), way)
    first = next(s for r, t, s, _ in kicks if r == 1 and t == 1)
    away1 = next(w for r, t, _, w in kicks if r == 1 and t == 2)
    back = (_hundredths(markets["first_kick"][("10",)]) if first == 10 else 0) + \
        (_hundredths(markets["free_kick_round1"][("2 woodwork",)]) if away1 == "woodwork" else 0)
    page.wait_for_function(f"() => document.querySelector('#event-bets').dataset.number === '{number}'")
    assert int(page.get_attribute("#mine", "data-returned")) == back
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{1800 + back}'")
    assert _balance(page) == _get(page, "/api/wallet")["cash_minor"]
    assert re.search(r"\d+:\d+", done["headline"])
