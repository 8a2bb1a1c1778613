"""End to end in a real browser: register, deposit, bet at a live roulette table, see the result
and see the balance change by exactly the settlement (issue 3 item 7).

The real server runs in a subprocess (uvicorn on a free loopback port, a temporary SQLite file, a
short betting window); headless Debian chromium drives the web client as a player would. The
settlement shown is checked three ways: against the balance shown before and after, against the
player's Games History (000 §10: a bet is accepted once it appears there), and against a return
computed here from the paytable and the winning pocket.
"""

from __future__ import annotations

import json
import secrets
from fractions import Fraction
from typing import Any

import pytest

from croupier.games.registry import load_variant
from croupier.games.roulette.layout import layout_for

pytestmark = pytest.mark.e2e

BETTING_SECONDS = 8  # short window for the test (004 §1.6 default is 23 s)



@pytest.fixture(scope="module")
def live_server(launch: Any) -> str:
    return str(launch("e2e", {
        "CROUPIER_BETTING_SECONDS": str(BETTING_SECONDS),
        "CROUPIER_RESULT_SECONDS": "1",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.5",
        # protection (issue 7): this flow withdraws without the verification step (001 §5.2.13)
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _minor(page: Any, selector: str) -> int:
    return int(page.get_attribute(selector, "data-minor"))


def _expected_return(variant_name: str, bets: list[dict[str, Any]], pocket: str) -> int:
    """The total returned for ``bets`` when the ball lands on ``pocket``: each chip of a position
    pays its own bet kind's paytable entry when its numbers hold the pocket (000 §12.1; 004 §1.12,
    §1.13). Computed here from the paytable, not by the engine's settlement."""
    variant = load_variant("roulette", variant_name)
    lay = layout_for(variant)
    won = variant.wheel.parse_pocket(pocket)
    total = Fraction(0)
    for b in bets:
        pos = lay.resolve(b["code"], b["target"])
        chip_stake = Fraction(b["stake_minor"], len(pos.chips))
        for chip in pos.chips:
            if won in chip.cover:
                total += chip_stake * variant.payouts[chip.kind].total
    assert total.denominator == 1  # whole chips of whole cents: no rounding is involved
    return int(total)


def _register_and_deposit(page: Any, base: str, amount: str, minor: int, currency: str = "EUR") -> str:
    """Register through the account page (000 §9: over 21; 000 §10: one account per document),
    then deposit: pending until the simulated provider confirms it, then cash (000 §10)."""
    login = f"e2e_{secrets.token_hex(4)}"
    page.goto(f"{base}/account.html#register")
    form = page.get_by_role("tabpanel", name="Register")
    form.get_by_label("Login").fill(login)
    form.get_by_label("Password").fill("correct horse battery")
    form.get_by_label("Date of birth").fill("1990-05-17")
    form.get_by_label("Passport or ID number").fill(f"E2E{secrets.token_hex(5).upper()}")
    form.get_by_label("Currency").select_option(currency)
    form.get_by_role("button", name="Register", exact=True).click()
    page.wait_for_selector("#member:not([hidden])")
    page.wait_for_function("() => document.querySelector('#cash')?.dataset.minor === '0'")
    page.get_by_label(f"Deposit amount ({currency})").fill(amount)
    page.get_by_role("button", name="Deposit", exact=True).click()
    page.wait_for_selector("#deposit-status[data-state='confirmed']")
    page.wait_for_function(f"() => document.querySelector('#cash')?.dataset.minor === '{minor}'")
    return login


def _recall(page: Any, round_id: int) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        """async (id) => {
            const r = await fetch(`/api/history/${id}`, {headers: {Authorization: `Bearer ${localStorage.getItem('croupier.token')}`}});
            return await r.json();
        }""",
        round_id,
    )
    return result


def test_issue3_register_deposit_bet_and_the_balance_moves_by_the_settlement(page: Any, live_server: str) -> None:
    base = live_server
    page.set_default_timeout(20_000)

    _register_and_deposit(page, base, "100.00", 10000)

    # -- sit at the live table
    page.goto(f"{base}/table.html?id=european-eur")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '10000'")
    # a round whose betting window still has a few seconds (004 §1.6)
    page.wait_for_function(
        "() => document.querySelector('#phase').textContent === 'Place your bets'"
        " && Number(document.querySelector('#countdown').textContent) >= 5",
        timeout=(BETTING_SECONDS + 10) * 1000,
    )
    before = _minor(page, "#balance")
    page.get_by_role("button", name="chip 1.00 EUR").click()
    for name in ("straight 17", "split 17/20", "corner 1/2/4/5", "dozen 2", "red"):
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="Voisins du Zéro").click()  # nine 1.00 chips (004 §1.13)
    assert _minor(page, "#total-bet") == 1400  # Total Bet (004 §1.7)
    page.get_by_role("button", name="Place bets").click()
    page.wait_for_selector("#slip[data-accepted='1400']")
    page.wait_for_function(f"() => document.querySelector('#balance')?.dataset.minor === '{before - 1400}'")
    round_id = int(page.get_attribute("#slip", "data-round"))

    # -- no more bets, the result, the settlement (004 §1.8-1.9)
    page.wait_for_selector(f"#result[data-round='{round_id}'][data-net]", timeout=(BETTING_SECONDS + 15) * 1000)
    stake = int(page.get_attribute("#result", "data-stake"))
    returned = int(page.get_attribute("#result", "data-returned"))
    net = int(page.get_attribute("#result", "data-net"))
    assert stake == 1400 and net == returned - stake
    assert _minor(page, "#last-win") == returned
    page.wait_for_function(
        f"() => document.querySelector('#balance')?.dataset.minor === '{before - stake + returned}'"
    )
    after = _minor(page, "#balance")
    assert after - before == net  # the balance shown moved by exactly the settlement

    # -- the Games History holds the same round, and the paytable gives the same return
    recall = _recall(page, round_id)
    assert recall["state"] == "settled"
    assert (recall["stake_minor"], recall["returned_minor"], recall["net_minor"]) == (stake, returned, net)
    pocket = recall["outcome"]["pockets"][0]
    assert page.locator("#history li").first.text_content() == str(pocket)
    assert returned == _expected_return(recall["variant"], recall["bets"], pocket)
    sent = sorted((b["code"], json.dumps(b["target"]), b["stake_minor"]) for b in recall["bets"])
    assert sent == sorted([
        ("straight", "[17]", 100), ("split", "[17, 20]", 100), ("corner", "[1, 2, 4, 5]", 100),
        ("dozen", "[2]", 100), ("red", "[]", 100), ("voisins", "[]", 900),
    ])

    # -- the account page: the round in the history, its recall and the provably-fair check
    page.goto(f"{base}/account.html")
    row = page.locator(f"#history-body tr[data-round='{round_id}']")
    row.wait_for()
    assert int(row.locator("td[data-net]").get_attribute("data-net")) == net
    row.get_by_role("button", name=f"recall round {round_id}").click()
    page.get_by_role("button", name="Verify in this browser").click()
    page.wait_for_selector("#recall p.ok")
    assert "matches the published hash" in page.locator("#recall p.ok").text_content()
    assert page.errors == []


def test_001_8_single_player_american_spin_then_rotate_and_verify(page: Any, live_server: str) -> None:
    """A single-player American spin with the five-number bet and 00 (000 §12.1 American; 001 §8),
    the balance moved by exactly its settlement, then the provably-fair seeds rotated and the round
    verified in the browser against the revealed server seed."""
    base = live_server
    page.set_default_timeout(20_000)
    login = _register_and_deposit(page, base, "50.00", 5000)
    page.goto(f"{base}/")
    page.get_by_role("link", name="Play American Roulette single player").click()
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '5000'")
    page.get_by_role("button", name="chip 0.50 EUR").click()
    for name in ("five_number 0/1/2/3/00", "straight 00", "split 2/00", "trio 0/2/00", "black"):
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="Double").click()  # doubles the bets on the layout (004 §1.5.2)
    assert _minor(page, "#total-bet") == 2 * 5 * 50
    page.get_by_role("button", name="Spin").click()
    page.wait_for_selector("#result[data-net]")
    round_id = int(page.get_attribute("#result", "data-round"))
    net = int(page.get_attribute("#result", "data-net"))
    returned = int(page.get_attribute("#result", "data-returned"))
    page.wait_for_function(f"() => document.querySelector('#balance')?.dataset.minor === '{5000 + net}'")
    recall = _recall(page, round_id)
    assert (recall["variant"], recall["stake_minor"], recall["net_minor"]) == ("american", 500, net)
    assert returned == _expected_return("american", recall["bets"], recall["outcome"]["pockets"][0])

    page.goto(f"{base}/account.html")
    page.get_by_label("New client seed").fill("my e2e seed")
    page.get_by_role("button", name="Set client seed").click()
    page.wait_for_function("() => document.querySelector('#client-seed').textContent === 'my e2e seed'")
    page.get_by_role("button", name="Rotate and reveal the server seed").click()
    page.wait_for_function("() => document.querySelector('#fair-status').textContent.includes('matches')")
    page.get_by_role("button", name=f"recall round {round_id}").click()
    page.get_by_role("button", name="Verify in this browser").click()
    page.wait_for_selector("#recall p.ok")
    assert "the recorded outcome" in page.locator("#recall p.ok").text_content()

    # -- withdraw: split into the refund of deposits and winnings (001 §4.4)
    cash = _minor(page, "#cash")
    page.get_by_label("Withdraw amount (EUR)").fill("10.00")
    page.get_by_role("button", name="Withdraw", exact=True).click()
    page.wait_for_function(f"() => document.querySelector('#cash')?.dataset.minor === '{cash - 1000}'")
    assert "refund 10.00 EUR, winnings 0.00 EUR" in page.text_content("#withdraw-status")

    # -- log out, log back in with the login form
    page.get_by_role("button", name="Log out").click()
    page.wait_for_selector("#guest:not([hidden])")
    form = page.get_by_role("tabpanel", name="Log in")
    form.get_by_label("Login").fill(login)
    form.get_by_label("Password").fill("correct horse battery")
    form.get_by_role("button", name="Log in", exact=True).click()
    page.wait_for_function(f"() => document.querySelector('#cash')?.dataset.minor === '{cash - 1000}'")
    assert page.errors == []


def test_004_1_6_a_guest_follows_the_table_without_a_session(browser: Any, live_server: str) -> None:
    """Without a session (the table WebSocket needs one) the page follows the table by polling:
    the betting window with its countdown and the results history; betting asks to log in."""
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(f"{live_server}/table.html?id=european-eur")
        page.wait_for_function(
            "() => document.querySelector('#phase').textContent === 'Place your bets'"
            " && Number(document.querySelector('#countdown').textContent) >= 1",
            timeout=(BETTING_SECONDS + 10) * 1000,
        )
        assert "Log in" in page.text_content("#confirm-hint")
        page.get_by_role("button", name="straight 17", exact=True).click()
        assert page.get_attribute("#total-bet", "data-minor") == "0"
        page.wait_for_selector("#history li", timeout=(BETTING_SECONDS + 10) * 1000)
    finally:
        ctx.close()
