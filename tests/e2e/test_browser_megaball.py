"""End to end in a real browser: the Mega Ball page (000 §12.43, issue 20) on megaball.html. A
player deals 10 cards (5x5, free centre), buys them for one draw; the board marks the balls as
they come over the WebSocket; after the draw the page shows the Mega Balls with their
multipliers and each card's win, which are exactly the engine's settlement of those cards on
that draw, and the balance moves by exactly the stakes and the returns. A bet below the minimum
is refused precisely, nothing debited.

The server draws every 6 s with a 2 s cut-off and 50 ms between balls (CROUPIER_DRAW_SCHEDULE)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _register_and_deposit

from croupier.games.draws.megaball.engine import ENGINE, mega_balls
from croupier.games.draws.ticket import PlacedBet
from croupier.games.registry import load_variant

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def megaball_server(launch: Any) -> str:
    return str(launch("e2e_megaball", {
        "CROUPIER_DRAW_TABLES": "megaball-eur:megaball:megaball_000:EUR",
        "CROUPIER_DRAW_SCHEDULE": "6:2:50",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _balance(page: Any) -> int:
    return int(page.get_attribute("#balance", "data-minor") or "0")


def test_000_12_43_ten_cards_settled_on_the_live_draw_as_the_engine_settles_them(
        page: Any, megaball_server: str) -> None:
    base = megaball_server
    page.set_default_timeout(20_000)
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/")
    page.locator("a[href='/megaball.html?id=megaball-eur']").first.click()
    page.wait_for_url(re.compile(r"/megaball\.html\?id=megaball-eur"))
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '2000'")
    assert page.eval_on_selector_all("#card-count option", "os => os.map(o => o.value)") == ["1", "10", "25", "100"]

    # a bet below the minimum: refused precisely, nothing debited
    page.fill("#stake", "0.01")
    page.click("#buy")
    page.wait_for_function("() => document.querySelector('#mine').dataset.error === 'stake_below_minimum'")
    assert _balance(page) == 2000

    page.select_option("#card-count", "10")
    page.wait_for_function("() => document.querySelector('#cards').dataset.count === '10'")
    cards = [tuple(int(n) for n in s.split()) for s in page.eval_on_selector_all(
        "#cards li.mega-card", "ls => ls.map(l => l.dataset.numbers)")]
    assert len(cards) == 10 and all(len(set(c)) == 24 and all(1 <= n <= 51 for n in c) for c in cards)
    assert page.locator("#cards li.mega-card").first.locator("td.free").count() == 1
    page.fill("#stake", "0.10")
    page.select_option("#draws", "1")
    page.click("#buy")
    page.wait_for_function("() => document.querySelector('#mine').dataset.ticket")
    first = int(page.get_attribute("#mine", "data-first"))
    page.wait_for_function("() => document.querySelector('#balance').dataset.minor === '1900'")

    page.wait_for_function(f"() => document.querySelector('#mine').dataset.settled === '{first}'", timeout=30_000)
    page.wait_for_function(f"() => document.querySelector('#mega').dataset.number === '{first}'")
    balls = [int(b) for b in json.loads(page.get_attribute("#mega", "data-balls") or "[]")]
    assert len(balls) == 20 == len(set(balls))
    extras = [(str(k), int(v)) for k, v in json.loads(page.get_attribute("#mega", "data-extras") or "[]")]
    v = load_variant("megaball", "megaball_000")
    outcome = ENGINE.outcome(v, balls, extras)
    _rounds, megas = mega_balls(v, outcome)
    shown = page.eval_on_selector_all("#mega li", "ls => ls.map(l => [Number(l.dataset.multiplier), Number(l.dataset.ball)])")
    assert [tuple(x) for x in shown] == megas and len(megas) in (1, 2)
    want = [ENGINE.bet_return(v, PlacedBet(i, "card", 10, c), outcome, v.limits_for("EUR")) for i, c in enumerate(cards)]
    page.wait_for_function("() => document.querySelectorAll('#cards p.won[data-returned]').length === 10")
    per_card = [int(x) for x in page.eval_on_selector_all("#cards p.won", "ps => ps.map(p => p.dataset.returned)")]
    assert per_card == want
    assert int(page.get_attribute("#mine", "data-returned")) == sum(want)
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{1900 + sum(want)}'")
    assert not page.errors and not violations
