"""End to end in a real browser: the fixed-odds draw tables (issue 20; Lucky 5, Lucky 7, Lucky 6
with digit balls and with 48 balls, Fruitrace - 000 §12.34, §12.35, §12.38, §12.46, §12.45) on
lucky.html. A player adds two bets from the engine's description (each on its picker's target),
buys a ticket for one draw; the board shows the balls as they come over the WebSocket; the ticket
is settled as the engine settles those bets on those balls, and the balance moves by exactly the
stakes and the returns. A bet with too few numbers is refused precisely, nothing debited.

The server draws every 6 s with a 2 s cut-off and 50 ms between balls (CROUPIER_DRAW_SCHEDULE)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _register_and_deposit

from croupier.games.base import BetRequest
from croupier.games.draws.ticket import PlacedBet
from croupier.games.registry import game, load_variant

pytestmark = pytest.mark.e2e

TABLES = [("lucky5-eur", "lucky5", "lucky5_000"), ("lucky7-eur", "lucky7", "lucky7_000"),
          ("lucky6-eur", "lucky6", "lucky6_000"), ("lucky6-48-eur", "lucky6_48", "lucky6_48_000"),
          ("lucky6-48c-eur", "lucky6_48", "lucky6_48_chosen"), ("fruitrace-eur", "fruitrace", "fruitrace_000")]


@pytest.fixture(scope="module")
def lucky_server(launch: Any) -> str:
    return str(launch("e2e_lucky", {
        "CROUPIER_DRAW_TABLES": ",".join(f"{t}:{g}:{v}:EUR" for t, g, v in TABLES),
        "CROUPIER_DRAW_SCHEDULE": "6:2:50",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _balance(page: Any) -> int:
    return int(page.get_attribute("#balance", "data-minor") or "0")


@pytest.mark.parametrize(("table", "name", "variant"), TABLES, ids=[v for _, _, v in TABLES])
def test_issue20_a_lucky_ticket_is_settled_on_the_live_draw_as_the_engine_settles_it(
        page: Any, lucky_server: str, table: str, name: str, variant: str) -> None:
    base = lucky_server
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/")  # the lobby links the draw table to its page
    page.locator(f"a[href='/lucky.html?id={table}']").first.click()
    page.wait_for_url(f"**/lucky.html?id={table}")
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '2000'")
    page.wait_for_selector("#layout .add-bet")

    # a bet on numbers with one number unticked: refused precisely, nothing debited
    short = page.query_selector("#layout fieldset.numbers-pick")
    if short is not None:
        box = short.query_selector("input:checked")
        box.uncheck()
        short.evaluate("f => f.closest('.draw-bet').querySelector('.add-bet').click()")
        page.click("#buy")
        page.wait_for_function("() => document.querySelector('#mine').dataset.error === 'invalid_selection'")
        assert _balance(page) == 2000
        page.click("#clear")
        box.check()  # the picker back on its example target

    buttons = page.query_selector_all("#layout .add-bet")
    codes = [b.get_attribute("data-code") for b in buttons]
    picked = [0, len(buttons) - 1] if len(buttons) > 1 else [0]
    for i in picked:
        buttons[i].click()
    assert page.get_attribute("#slip", "data-count") == str(len(picked))
    page.fill("#stake", "1.00")
    page.select_option("#draws", "1")
    page.click("#buy")
    page.wait_for_function("() => document.querySelector('#mine').dataset.ticket")
    ticket = int(page.get_attribute("#mine", "data-ticket"))
    first = page.get_attribute("#mine", "data-first")
    stake = 100 * len(picked)
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{2000 - stake}'")

    page.wait_for_function(f"() => document.querySelector('#mine').dataset.settled === '{first}'", timeout=40_000)
    v = load_variant(name, variant)
    balls = [int(b) for b in page.eval_on_selector_all("#balls li", "ls => ls.map(l => l.dataset.ball)")]
    assert len(balls) == v.draw.drawn == len(set(balls))
    view = page.evaluate("""async (id) => {
        const r = await fetch(`/api/draws/tickets/${id}`,
            {headers: {Authorization: `Bearer ${localStorage.getItem('croupier.token')}`}});
        return r.json(); }""", ticket)
    bets = view["draws"][0]["bets"]
    assert [b["code"] for b in bets] == [codes[i] for i in picked]
    engine: Any = game(name).engine
    outcome = engine.outcome(v, balls)
    want = [engine.bet_return(v, PlacedBet(0, b["code"], 100, engine.place(v, BetRequest(b["code"], 100,
                                                                                         tuple(b["target"])))),
                              outcome, v.limits_for("EUR")) for b in bets]
    assert [b["returned_minor"] for b in bets] == want
    assert int(page.get_attribute("#mine", "data-returned")) == sum(want)
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{2000 - stake + sum(want)}'")
    assert page.errors == []
