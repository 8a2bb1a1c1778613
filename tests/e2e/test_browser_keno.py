"""End to end in a real browser: the keno ticket page and live draw board (issue 20, 000 §12.19).
A player picks numbers by hand and by quick pick, buys a ticket for two draws; the board shows
the balls as they come over the WebSocket, the ticket shows its hits and win, and the balance
moves by exactly the stakes and the engine's return. A ticket with no number is refused with
nothing debited.

The server draws every 6 s with a 2 s cut-off and 50 ms between balls (CROUPIER_DRAW_SCHEDULE)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _register_and_deposit

from croupier.games.registry import load_variant

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def keno_server(launch: Any) -> str:
    return str(launch("e2e_keno", {
        "CROUPIER_DRAW_TABLES": "keno-eur:keno:keno10:EUR",
        "CROUPIER_DRAW_SCHEDULE": "6:2:50",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _balance(page: Any) -> int:
    return int(page.get_attribute("#balance", "data-minor") or "0")


def test_000_12_19_keno_ticket_two_draws_balls_hits_and_win(page: Any, keno_server: str) -> None:
    base = keno_server
    page.set_default_timeout(20_000)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/")
    page.locator("a[href='/keno.html?id=keno-eur']").first.click()
    page.wait_for_url(re.compile(r"/keno\.html\?id=keno-eur"))
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '2000'")

    # no number picked: refused precisely, nothing debited
    page.click("#buy")
    page.wait_for_function("() => document.querySelector('#mine').dataset.error === 'invalid_selection'")
    assert _balance(page) == 2000

    # quick pick fills the count asked for; the player then picks one more by hand
    page.fill("#qp-count", "4")
    page.click("#quick-pick")
    assert page.get_attribute("#picked", "data-count") == "4"
    free = page.eval_on_selector("#grid", "g => [...g.querySelectorAll('button')].find(b => b.getAttribute('aria-pressed') === 'false').dataset.n")
    page.click(f"#grid button[data-n='{free}']")
    assert page.get_attribute("#picked", "data-count") == "5"
    picks = [int(b) for b in page.eval_on_selector_all(
        "#grid button[aria-pressed='true']", "bs => bs.map(b => b.dataset.n)")]
    page.fill("#stake", "1.00")
    page.select_option("#draws", "2")
    page.click("#buy")
    page.wait_for_function("() => document.querySelector('#mine').dataset.ticket")
    ticket = int(page.get_attribute("#mine", "data-ticket"))
    first = int(page.get_attribute("#mine", "data-first"))
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '1800'")

    # the live board: balls arrive one by one, then the draw settles with the player's win
    page.wait_for_function(f"() => document.querySelector('#mine').dataset.settled === '{first}'",
                           timeout=30_000)
    balls = [int(b) for b in page.eval_on_selector_all("#balls li", "ls => ls.map(l => l.dataset.ball)")]
    assert len(balls) == 20 == len(set(balls))
    hits = len(set(picks) & set(balls))
    won = int(100 * load_variant("keno", "keno10").paytable[5][hits])
    assert int(page.get_attribute("#mine", "data-returned")) == won
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{1800 + won}'")
    page.wait_for_function(f"""() => document.querySelector("#tickets li[data-ticket='{ticket}'] span[data-number='{first}']")?.dataset.state === 'settled'""")
    span = page.locator(f"#tickets li[data-ticket='{ticket}'] span[data-number='{first}']")
    assert span.get_attribute("data-hits") == str(hits)
    assert span.get_attribute("data-returned") == str(won)
    # the second draw of the ticket follows on the schedule
    page.wait_for_function(f"""() => document.querySelector("#tickets li[data-ticket='{ticket}'] span[data-number='{first + 1}']")?.dataset.state === 'settled'""",
                           timeout=30_000)
    assert not page.errors and not violations
