"""End to end in a real browser: the event board of a virtual horse race (issue 23 item 4, 000
§12.42). A player opens the table from the lobby, sees the next event's field, commitment and
markets, puts a win bet and a forecast (two runners picked in order) on the slip; a stake under
the table minimum is refused with the server's precise code and nothing debited; the bets are
placed on the event shown; the event runs, the page plays the finishing order the server revealed
(its seed hashing to the published commitment), shows each bet's win or loss as the server settled
it - the published odds times the stake for a winner, nothing for a loser - and the balance the
server holds.

The server runs an event every 15 s with bets until 4 s before the off (CROUPIER_DRAW_SCHEDULE)."""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _register_and_deposit

pytestmark = pytest.mark.e2e

TABLE = "horse-eur"
DOGS = "dogs-eur"  # a second virtual table: an accumulator's legs are on different tables' events


@pytest.fixture(scope="module")
def virtual_server(launch: Any) -> str:
    return str(launch("e2e_virtual", {
        "CROUPIER_DRAW_TABLES": f"{TABLE}:horse_racing:eight:EUR,{DOGS}:greyhounds:six:EUR",
        "CROUPIER_DRAW_SCHEDULE": "15:4",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _balance(page: Any) -> int:
    return int(page.get_attribute("#balance", "data-minor") or "0")


def _get(page: Any, path: str) -> Any:
    return page.evaluate("""async (path) => {
        const r = await fetch(path, {headers: {Authorization: `Bearer ${localStorage.getItem('croupier.token')}`}});
        return await r.json();
    }""", path)


def _hundredths(odds: str) -> int:
    whole, _, frac = odds.partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def test_000_12_42_virtual_race_board_win_and_forecast_settled_at_the_published_odds(
        page: Any, virtual_server: str) -> None:
    base = virtual_server
    page.set_default_timeout(30_000)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/")
    page.locator(f"a[href='/virtual.html?table={TABLE}']").first.click()
    page.wait_for_url(re.compile(rf"/virtual\.html\?table={TABLE}"))
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '2000'")
    page.wait_for_selector("#markets details[data-code='win'] button.sel")

    # start on a fresh event (just after a cut-off): the whole betting time is left
    shown = page.get_attribute("#event-number", "data-number")
    page.wait_for_function(f"() => document.querySelector('#event-number').dataset.number !== '{shown}'")
    number = int(page.get_attribute("#event-number", "data-number"))
    event = next(u for u in _get(page, f"/api/draws/{TABLE}")["upcoming"] if u["number"] == number)
    assert page.get_attribute("#commitment", "data-hash") == event["server_seed_hash"]
    assert page.locator("#field li").count() == 8  # the runners and their form
    markets = {m["code"]: {tuple(s["target"]): s["odds"] for s in m["selections"]} for m in event["board"]["markets"]}
    assert page.locator("#markets details.market").count() == len(markets)

    # a win on runner 1; a forecast: runner 2 then runner 1, in that order
    page.click("#markets details[data-code='win'] button.sel[data-target='1']")
    fc = page.locator("#markets details[data-code='forecast']")
    fc.locator("button.runner[data-runner='2']").click()
    fc.locator("button.runner[data-runner='1']").click()
    fc.locator("button.add").click()
    assert page.get_attribute("#slip", "data-count") == "2"
    assert page.locator("#slip li[data-code='forecast'][data-target='2,1']").count() == 1
    win_odds, fc_odds = markets["win"][(1,)], markets["forecast"][(2, 1)]
    assert win_odds in page.inner_text("#slip li[data-code='win']")
    assert fc_odds in page.inner_text("#slip li[data-code='forecast']")

    # a stake under the table's minimum (0.10 EUR): the server's precise refusal, nothing debited
    page.fill("#slip li[data-code='win'] input.stake", "0.01")
    page.click("#buy")
    page.wait_for_function("() => document.querySelector('#mine').dataset.error")
    assert page.get_attribute("#mine", "data-error") not in ("", "error", "http_error")
    assert _balance(page) == 2000

    page.fill("#slip li[data-code='win'] input.stake", "1.00")
    page.fill("#slip li[data-code='forecast'] input.stake", "1.00")
    assert page.get_attribute("#total", "data-minor") == "200"
    page.click("#buy")
    page.wait_for_function("() => document.querySelector('#mine').dataset.ticket")
    assert int(page.get_attribute("#mine", "data-first")) == number  # the event shown
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '1800'")

    # the event runs: the race is played to the revealed finishing order, then the bets are settled
    page.wait_for_function(f"() => document.querySelector('#result-view').dataset.done === '{number}'", timeout=40_000)
    page.wait_for_function(f"() => document.querySelector('#mine').dataset.settled === '{number}'")
    done = next(r for r in _get(page, f"/api/draws/{TABLE}")["recent"] if r["number"] == number)
    assert hashlib.sha256(bytes.fromhex(done["server_seed"])).hexdigest() == event["server_seed_hash"]
    order = done["result"]["order"]
    assert page.get_attribute("#result-view .track", "data-order") == ",".join(map(str, order))
    assert page.get_attribute(f"#result-view .track li[data-runner='{order[0]}']", "data-place") == "1"
    win_back = _hundredths(win_odds) if order[0] == 1 else 0
    fc_back = _hundredths(fc_odds) if order[:2] == [2, 1] else 0
    page.wait_for_function(f"() => document.querySelector('#event-bets').dataset.number === '{number}'")
    assert page.get_attribute("#event-bets li[data-code='win']", "data-returned") == str(win_back)
    assert page.get_attribute("#event-bets li[data-code='forecast']", "data-returned") == str(fc_back)
    assert int(page.get_attribute("#mine", "data-returned")) == win_back + fc_back
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{1800 + win_back + fc_back}'")
    assert _balance(page) == _get(page, "/api/wallet")["cash_minor"]
    # the last results list shows the event with its revealed seed
    assert done["server_seed"] in page.inner_text(f"#recent li[data-number='{number}']")
    assert not page.errors and not violations


def test_issue23_an_accumulator_over_two_tables_placed_from_the_board_and_settled(
        page: Any, virtual_server: str) -> None:
    """Accumulator mode: a win on the horse race, then (the slip kept across the pages) a win on
    the greyhounds' event of the other table; a stake under the minimum is refused with the
    server's precise code and nothing debited; placed at the product of the published odds rounded
    down to 0.01; settled by the server once both events have run, the page showing its state."""
    base = virtual_server
    page.set_default_timeout(30_000)
    _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/virtual.html?table={TABLE}")
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '2000'")
    page.wait_for_selector("#markets details[data-code='win'] button.sel")
    shown = page.get_attribute("#event-number", "data-number")
    page.wait_for_function(f"() => document.querySelector('#event-number').dataset.number !== '{shown}'")
    number = int(page.get_attribute("#event-number", "data-number"))
    page.check("#acca-mode")
    assert page.is_visible("#acca") and not page.is_visible("#singles")
    page.click("#markets details[data-code='win'] button.sel[data-target='1']")
    assert page.get_attribute("#acca-legs", "data-count") == "1" and page.is_disabled("#acca-place")
    page.click(f"#acca-tables a[data-table='{DOGS}']")
    page.wait_for_url(re.compile(rf"/virtual\.html\?table={DOGS}"))
    page.wait_for_selector("#markets details[data-code='win'] button.sel[data-target='1']")
    assert page.is_checked("#acca-mode") and page.get_attribute("#acca-legs", "data-count") == "1"
    assert int(page.get_attribute("#event-number", "data-number")) == number
    page.click("#markets details[data-code='win'] button.sel[data-target='1']")
    assert page.get_attribute("#acca-legs", "data-count") == "2"
    page.click("#markets details[data-code='win'] button.sel[data-target='2']")  # the same event again
    assert page.get_attribute("#acca-legs", "data-count") == "2"  # one leg per event
    horse = {tuple(s["target"]): s["odds"] for s in next(
        m for m in next(u for u in _get(page, f"/api/draws/{TABLE}")["upcoming"] if u["number"] == number)
        ["board"]["markets"] if m["code"] == "win")["selections"]}[(1,)]
    dogs = {tuple(s["target"]): s["odds"] for s in next(
        m for m in next(u for u in _get(page, f"/api/draws/{DOGS}")["upcoming"] if u["number"] == number)
        ["board"]["markets"] if m["code"] == "win")["selections"]}[(1,)]
    odds = _hundredths(horse) * _hundredths(dogs) // 100  # rounded down to 0.01
    assert page.get_attribute("#acca-odds", "data-hundredths") == str(odds)

    page.fill("#acca-stake", "0.01")
    page.click("#acca-place")
    page.wait_for_function("() => document.querySelector('#acca-mine').dataset.error")
    assert page.get_attribute("#acca-mine", "data-error") == "stake_below_minimum"
    assert _get(page, "/api/wallet")["cash_minor"] == 2000

    page.fill("#acca-stake", "1.00")
    page.click("#acca-place")
    page.wait_for_function("() => document.querySelector('#acca-mine').dataset.accumulator")
    slip_id = page.get_attribute("#acca-mine", "data-accumulator")
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '1900'")
    slip = _get(page, f"/api/accumulators/{slip_id}")
    assert _hundredths(slip["odds"]) == min(odds, 100_000) and slip["state"] == "open"
    assert [(leg["table_id"], leg["number"]) for leg in slip["legs"]] == [(TABLE, number), (DOGS, number)]
    assert page.get_attribute("#acca-legs", "data-count") == "0"  # the slip is placed and cleared
    page.wait_for_selector(f"#accas li[data-accumulator='{slip_id}'][data-state='open']")

    # both events run; the server decides the slip (lost at once on a losing leg)
    for _ in range(60):
        done = _get(page, f"/api/accumulators/{slip_id}")
        if done["state"] != "open":
            break
        page.wait_for_timeout(1000)
    won = all(leg["state"] == "won" for leg in done["legs"])
    assert done["state"] == ("won" if won else "lost")
    assert done["returned_minor"] == (_hundredths(slip["odds"]) if won else 0)
    page.reload()
    item = page.wait_for_selector(f"#accas li[data-accumulator='{slip_id}']")
    assert item.get_attribute("data-state") == done["state"]
    assert item.get_attribute("data-returned") == str(done["returned_minor"])
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{1900 + done['returned_minor']}'")
