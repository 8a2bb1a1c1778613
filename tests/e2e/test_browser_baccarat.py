"""End to end in a real browser (issue 5 "Play"): a player joins the live baccarat table from the
lobby, bets on Player, Banker, Tie and side bets, sees the cards dealt (hands, third cards,
totals), the winner and the scoreboards, and the balance moves by exactly the settlement.

The real server runs in a subprocess (uvicorn, a temporary SQLite file, a short betting window);
headless Debian chromium drives the web client. The return shown is checked against one computed
here from the cards on the page and the variant's paytable (``rules.bet_return``), against the
Games History, and against the balance before and after.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest

from croupier.cards import parse
from croupier.games.baccarat.rules import Coup, bet_return
from croupier.games.registry import load_variant
from croupier.money import apply_ratio

pytestmark = pytest.mark.e2e

BETTING_SECONDS = 9



@pytest.fixture(scope="module")
def live_server(launch: Any) -> str:
    return str(launch("e2e-baccarat", {
        "CROUPIER_BETTING_SECONDS": str(BETTING_SECONDS),
        "CROUPIER_RESULT_SECONDS": "1",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.5",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _minor(page: Any, selector: str) -> int:
    return int(page.get_attribute(selector, "data-minor"))


def _get(page: Any, path: str) -> Any:
    return page.evaluate(
        """async (path) => {
            const r = await fetch(path, {headers: {Authorization: `Bearer ${localStorage.getItem('croupier.token')}`}});
            return await r.json();
        }""",
        path,
    )


def _register_and_deposit(page: Any, base: str) -> None:
    page.goto(f"{base}/account.html#register")
    form = page.get_by_role("tabpanel", name="Register")
    form.get_by_label("Login").fill(f"bac_{secrets.token_hex(4)}")
    form.get_by_label("Password").fill("correct horse battery")
    form.get_by_label("Date of birth").fill("1988-03-02")
    form.get_by_label("Passport or ID number").fill(f"BAC{secrets.token_hex(5).upper()}")
    form.get_by_label("Currency").select_option("EUR")
    form.get_by_role("button", name="Register", exact=True).click()
    page.wait_for_selector("#member:not([hidden])")
    page.get_by_label("Deposit amount (EUR)").fill("100.00")
    page.get_by_role("button", name="Deposit", exact=True).click()
    page.wait_for_selector("#deposit-status[data-state='confirmed']")
    page.wait_for_function("() => document.querySelector('#cash')?.dataset.minor === '10000'")


def expected_return(variant_name: str, bets: list[dict[str, Any]], player: list[str],
                    banker: list[str]) -> int:
    """What the bets return on these hands: the variant's paytable on the coup (004 §3.8, §3.11),
    one rounding per bet (money.apply_ratio), the maximum win cap (004 §3.12)."""
    variant = load_variant("baccarat", variant_name)
    coup = Coup(tuple(parse(c) for c in player), tuple(parse(c) for c in banker))
    cap = variant.limits_for("EUR")
    total = 0
    for b in bets:
        r = apply_ratio(b["stake_minor"], bet_return(variant, b["code"], coup))
        if cap is not None and cap.max_win is not None:
            r = min(r, b["stake_minor"] + cap.max_win)
        total += r
    return total


def test_issue5_bet_at_the_baccarat_table_see_the_cards_and_the_settlement(page: Any, live_server: str) -> None:
    base = live_server
    page.set_default_timeout(30_000)
    _register_and_deposit(page, base)

    # -- from the lobby to the baccarat table
    page.goto(f"{base}/")
    page.get_by_role("link", name="Play at Live Baccarat (EUR)").click()
    page.wait_for_url("**/baccarat.html?id=baccarat-eur")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '10000'")
    codes = page.eval_on_selector_all(".spot-btn", "bs => bs.map(b => b.dataset.code)")
    assert codes == ["player", "banker", "tie", "player_pair", "banker_pair", "either_pair",
                     "perfect_pair", "big", "small"]  # every bet of live_004 (004 §3.8, §3.11)
    page.wait_for_function(
        "() => document.querySelector('#phase').textContent === 'Place your bets'"
        " && Number(document.querySelector('#countdown').textContent) >= 5",
        timeout=(BETTING_SECONDS + 20) * 1000,
    )
    before = _minor(page, "#balance")
    page.get_by_role("button", name="chip 1.00 EUR").click()
    for name in ("Player", "Banker", "Tie", "Player Pair", "Big"):
        page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="Player, 1.00 EUR on it", exact=True).click()  # a second chip
    assert _minor(page, "#total-bet") == 600
    assert page.get_attribute(".spot-btn[data-code='player']", "data-amount") == "200"
    page.get_by_role("button", name="Place bets · 6.00 EUR").click()
    page.wait_for_selector("#slip[data-accepted='600']")
    page.wait_for_function(f"() => document.querySelector('#balance')?.dataset.minor === '{before - 600}'")
    round_id = int(page.get_attribute("#slip", "data-round"))

    # -- no more bets, the cards turned one by one, the winner, the settlement
    page.wait_for_selector(f"#winner[data-round='{round_id}']", timeout=(BETTING_SECONDS + 20) * 1000)
    page.wait_for_selector(f"#result[data-round='{round_id}'][data-net]")
    player = page.eval_on_selector_all("#cards-player li.up", "ls => ls.map(l => l.dataset.card)")
    banker = page.eval_on_selector_all("#cards-banker li.up", "ls => ls.map(l => l.dataset.card)")
    assert 2 <= len(player) <= 3 and 2 <= len(banker) <= 3
    stake = int(page.get_attribute("#result", "data-stake"))
    returned = int(page.get_attribute("#result", "data-returned"))
    net = int(page.get_attribute("#result", "data-net"))
    assert stake == 600 and net == returned - stake
    assert _minor(page, "#last-win") == returned
    page.wait_for_function(
        f"() => document.querySelector('#balance')?.dataset.minor === '{before - stake + returned}'")
    assert _minor(page, "#balance") - before == net  # moved by exactly the settlement

    # -- the cards on the page are the round's, and the paytable on them gives the same return
    recall = _get(page, f"/api/history/{round_id}")
    assert recall["state"] == "settled" and recall["fairness"]["scheme"] == "table_shoe"
    outcome = recall["outcome"]
    assert (player, banker) == (outcome["player"], outcome["banker"])
    assert page.get_attribute("#total-player", "data-total") == str(outcome["player_total"])
    assert page.get_attribute("#total-banker", "data-total") == str(outcome["banker_total"])
    assert page.get_attribute("#winner", "data-winner") == outcome["winner"]
    assert (recall["stake_minor"], recall["returned_minor"]) == (stake, returned)
    assert returned == expected_return(recall["variant"], recall["bets"], player, banker)
    assert len(player) + len(banker) == len(outcome["shoe"]["cards"])

    # -- the scoreboards are the server's (games/baccarat/roads.py), drawn cell for cell
    page.wait_for_function(f"() => document.querySelector('#coups li[data-round=\"{round_id}\"]')")
    # the scoreboards are redrawn from the same table view as the coups, but not in the same frame
    page.wait_for_function(
        f"() => [...document.querySelectorAll('#bead-plate li')].some(l => l.dataset.winner === '{outcome['winner']}')",
        timeout=15000)
    table = _get(page, "/api/tables/baccarat-eur")
    for key, sel in (("bead_plate", "#bead-plate li"), ("big_road", "#big-road li")):
        drawn = page.eval_on_selector_all(
            sel, "ls => ls.map(l => [Number(l.dataset.col), Number(l.dataset.row), l.dataset.winner])")
        cells = [[c["col"], c["row"], c["winner"]] for c in table["roads"][key]]
        assert drawn[:len(cells)] == cells[:len(drawn)]
        # every coup is on the bead plate; the big road begins with the shoe's first Player or
        # Banker win (ties before it are counted on that win: roads.streaks), so after only ties
        # it is rightly empty
        if key == "bead_plate" or any(c["winner"] != "tie" for c in table["roads"]["bead_plate"]):
            assert drawn
    bead = page.eval_on_selector_all("#bead-plate li", "ls => ls.map(l => l.dataset.winner)")
    assert outcome["winner"] in bead
    assert page.text_content("#shoe-hash") == table["shoe"]["server_seed_hash"]
    assert page.errors == []

    # -- the account page's Games History and recall show the round's cards (000 §10)
    page.goto(f"{base}/account.html")
    row = page.locator(f"#history-body tr[data-round='{round_id}']")
    row.wait_for()
    assert "Player" in row.inner_text() and "Banker" in row.inner_text()
    page.get_by_role("button", name=f"recall round {round_id}", exact=True).click()
    box = page.locator(f".recall[aria-label='Round {round_id}']")
    box.wait_for()
    hands = {h: box.get_by_role("list", name=re.compile(f"^{h}: ")) for h in ("Player", "Banker")}
    assert hands["Player"].locator(".pcard").evaluate_all("ls => ls.map(l => l.dataset.card)") == player
    assert hands["Banker"].locator(".pcard").evaluate_all("ls => ls.map(l => l.dataset.card)") == banker
    names = box.locator(".pcard").evaluate_all("ls => ls.map(l => l.getAttribute('aria-label'))")
    assert names == [spoken(c) for c in player + banker]
    assert f"cards {outcome['shoe']['first_card']} to {outcome['shoe']['next_card'] - 1}" in box.inner_text()
    assert page.errors == []


def spoken(card: str) -> str:
    """The accessible name of a card (js/cards.js), from croupier.cards' naming."""
    ranks = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
    suits = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
    return f"{ranks.get(card[0], card[0])} of {suits[card[1]]}"
