"""End to end in a real browser: the crash page (issue 17 point 5, 000 §12.20). A player reaches
the crash table from the lobby, bets, cashes out by hand while the multiplier rises and the
balance moves by exactly stake x the server's cash-out multiplier; then bets with an auto
cash-out, which the server executes, and the balance moves by exactly stake x target. The round
history shows each round's revealed seed with its `croupier verify crash` command.

The server runs with a 2 s betting phase and a fast curve (CROUPIER_CRASH_TIMING), so a round
lasts a few seconds. A round may crash before a click (000 §12.20: the server decides): then the
stake is lost, the balance says so, and the test bets again (a bounded number of rounds)."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _recall, _register_and_deposit

pytestmark = pytest.mark.e2e

ROUNDS = 6  # rounds tried for a cash-out before the crash (each fails with probability < 0.2)


@pytest.fixture(scope="module")
def crash_server(launch: Any) -> str:
    return str(launch("e2e_crash", {
        "CROUPIER_CRASH_TABLES": "crash-eur:crash:standard:EUR,rocketon-eur:rocketon:standard:EUR",
        "CROUPIER_CRASH_TIMING": "2000:0.5",  # 2 s to bet; x2 after 1.4 s
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("CROUPIER_SCREENSHOTS")  # keep the page's picture (set a folder)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def _hundredths(m: str) -> int:
    """A multiplier's text in hundredths ("1.23" -> 123), exactly."""
    whole, _, frac = m.partition(".")
    return int(whole) * 100 + int(frac.ljust(2, "0"))


def _balance(page: Any) -> int:
    return int(page.get_attribute("#balance", "data-minor") or "0")


def _bet_in_betting_phase(page: Any, auto: str) -> int:
    """Wait for a betting phase with time left, bet 1.00; the round id of the bet."""
    page.wait_for_function("""() => {
        const s = document.querySelector('#stage');
        return s.dataset.phase === 'betting' && !/: 0\\.[0-4]/.test(document.querySelector('#multiplier').textContent);
    }""", timeout=30_000)
    page.fill("#stake", "1.00")
    page.fill("#auto", auto)
    page.click("#confirm")
    page.wait_for_function("() => ['bet', 'queued'].includes(document.querySelector('#mine').dataset.state)")
    page.wait_for_function("() => document.querySelector('#mine').dataset.state === 'bet'", timeout=30_000)
    return int(page.get_attribute("#mine", "data-round"))


def _settled(page: Any, rid: int) -> str:
    page.wait_for_function(f"""() => document.querySelector('#mine').dataset.settled === 'true'
        && document.querySelector('#mine').dataset.round === '{rid}'""", timeout=30_000)
    return str(page.get_attribute("#stage", "data-crash"))


def test_000_12_20_crash_page_manual_and_auto_cash_out_move_the_balance_exactly(page: Any, crash_server: str) -> None:
    base = crash_server
    page.set_default_timeout(15_000)
    violations: list[str] = []  # issue 13: no inline script or handler under the server's CSP
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    login = _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/")
    page.get_by_role("link", name="Play at Crash (EUR)").click()
    page.wait_for_url(re.compile(r"/crash\.html\?id=crash-eur"))
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '2000'")

    # manual cash-out (000 §12.20): the balance moves by stake x the multiplier the server read
    for _ in range(ROUNDS):
        before = _balance(page)
        rid = _bet_in_betting_phase(page, "")
        # running (the button is enabled), or already crashed (x1.00 crashes at once: 000 §12.20)
        page.wait_for_function("""() => !document.querySelector('#cash-out').disabled
            || document.querySelector('#mine').dataset.settled === 'true'""", timeout=30_000)
        _shot(page, "crash-running.png")
        page.eval_on_selector("#cash-out", "b => b.click()")  # a no-op if it crashed meanwhile
        page.wait_for_function(f"""() => {{ const m = document.querySelector('#mine');
            return m.dataset.state === 'cashed' || m.dataset.refused === '{rid}' || m.dataset.settled === 'true'; }}""")
        cashed = page.get_attribute("#mine", "data-state") == "cashed"
        at = page.get_attribute("#mine", "data-at") if cashed else None
        crash = _settled(page, rid)
        want = before - 100 + (round(float(at) * 100) if at else 0)  # 1.00 EUR x at, exact cents
        page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{want}'")
        if cashed:
            assert at is not None and float(at) < float(crash)  # paid only below the crash point
            # every player of the table sees the cash-out live (the WebSocket), login masked
            assert page.text_content(f"#others li[data-round='{rid}']") == f"{login[:2]}*** · x{at}"
            break
    else:
        pytest.fail(f"no manual cash-out before the crash in {ROUNDS} rounds")

    # auto cash-out at x1.01 (000 §12.20): the server pays exactly the target iff the crash reaches it
    for _ in range(ROUNDS):
        before = _balance(page)
        rid = _bet_in_betting_phase(page, "1.01")
        crash = _settled(page, rid)
        won = float(crash) >= 1.01
        assert page.get_attribute("#mine", "data-state") == ("auto" if won else "lost")
        want = before - 100 + (101 if won else 0)
        page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{want}'")
        if won:
            break
    else:
        pytest.fail(f"no auto cash-out in {ROUNDS} rounds")

    # the history: each round with its revealed seed, its verification link (000 §12.20
    # Fairness: the server recomputes it from the public inputs in the link) and the command
    page.wait_for_selector(f"#crash-history li[data-round='{rid}']")
    cmd = page.text_content(f"#crash-history li[data-round='{rid}'] .verify-cmd") or ""
    assert cmd.startswith("croupier verify crash --variant standard --seed ")
    assert "--terminating-hash " in cmd
    href = page.get_attribute(f"#crash-history li[data-round='{rid}'] a.verify-api", "href") or ""
    assert href.startswith("/api/crash/verify?")
    proof = page.evaluate("async (u) => (await fetch(u)).json()", href)
    assert proof["seed_hashes_to_terminating_hash"] is True
    # a table's first chain starts with its next round: round n was fixed n rounds ahead
    assert proof["ok"] is (proof["determined_rounds_in_advance"] >= 10)
    assert proof["crash"] == page.get_attribute(f"#crash-history li[data-round='{rid}']", "data-crash")
    _shot(page, "crash-history.png")
    # the page's own words in Ukrainian and Lithuanian too
    page.select_option("#lang-select", "uk")
    assert page.text_content("#cash-out") == "Забрати"
    page.select_option("#lang-select", "lt")
    assert page.text_content("#autobet-start") == "Pradėti"
    assert not page.errors and violations == []


def test_000_12_26_rocketon_half_cash_out_then_the_rest_by_hand(page: Any, crash_server: str) -> None:
    """Rocketon's 50% cash-out (§12.26 step 4): half the stake at the multiplier then, the other
    half rides to a second cash-out; the balance moves by the round's recalled return, which is
    each half x its multiplier rounded down to the cent."""
    base = crash_server
    page.set_default_timeout(15_000)
    _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/crash.html?id=rocketon-eur")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '2000'")
    assert page.is_visible("#half-out")
    for _ in range(ROUNDS):
        before = _balance(page)
        rid = _bet_in_betting_phase(page, "")
        page.wait_for_function("""() => !document.querySelector('#half-out').disabled
            || document.querySelector('#mine').dataset.settled === 'true'""", timeout=30_000)
        page.eval_on_selector("#half-out", "b => b.click()")
        page.wait_for_function(f"""() => {{ const m = document.querySelector('#mine');
            return m.dataset.state === 'half' || m.dataset.refused === '{rid}' || m.dataset.settled === 'true'; }}""")
        if page.get_attribute("#mine", "data-state") != "half":
            _settled(page, rid)
            continue
        first = str(page.get_attribute("#mine", "data-at"))
        assert page.is_disabled("#half-out")  # once per round (§12.26)
        page.eval_on_selector("#cash-out", "b => b.click()")
        page.wait_for_function(f"""() => {{ const m = document.querySelector('#mine');
            return m.dataset.state === 'cashed' || m.dataset.refused === '{rid}' || m.dataset.settled === 'true'; }}""")
        second = page.get_attribute("#mine", "data-at") if page.get_attribute("#mine", "data-state") == "cashed" else None
        _settled(page, rid)
        want = 50 * _hundredths(first) // 100 + (50 * _hundredths(second) // 100 if second else 0)
        page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{before - 100 + want}'")
        recall = _recall(page, rid)
        assert (recall["stake_minor"], recall["returned_minor"]) == (100, want)
        break
    else:
        pytest.fail(f"no 50% cash-out before the crash in {ROUNDS} rounds")
    assert not page.errors


def _open_autobet(page: Any) -> None:
    if page.get_attribute("#autobet", "open") is None:
        page.click("#autobet summary")


def test_000_12_20_autobet_form_plays_until_the_total_bets_limit(page: Any, crash_server: str) -> None:
    """The AUTOBET form end to end (000 §12.20 Auto mode): base bet 0.10, total bets limit 0.70,
    auto cash-out x2.00, after a win "return to base", after a loss "double". The server bets every
    round without a click; each bet follows the rule from the last result (replayed by the
    session model, games/crash/autobet.py) and the session stops when the next bet would take the
    total above the limit; the balance moves by exactly the returns minus the stakes."""
    from croupier.games.crash.autobet import Autobet

    base = crash_server
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "20.00", 2000)
    page.goto(f"{base}/crash.html?id=crash-eur")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '2000'")
    _open_autobet(page)
    assert [o.get_attribute("value") for o in page.locator("#ab-loss option").all()] == ["base", "double"]
    page.fill("#ab-base", "0.10")
    page.fill("#ab-limit", "0.70")
    page.fill("#ab-auto", "2.00")
    page.select_option("#ab-win", "base")
    page.select_option("#ab-loss", "double")
    page.click("#autobet-start")
    page.wait_for_selector("#autobet-status[data-status='running']")
    # the server plays the rounds (3 to 7 of them; a round is ~2 s betting + the run)
    page.wait_for_selector("#autobet-status[data-status='stopped']", timeout=120_000)
    assert page.get_attribute("#autobet-status", "data-reason") == "limit"
    plays = page.evaluate("""async () => {
        const r = await fetch('/api/history?limit=50', {headers: {Authorization: `Bearer ${localStorage.getItem('croupier.token')}`}});
        return await r.json();
    }""")
    items = plays["items"] if isinstance(plays, dict) else plays
    rounds = sorted((i for i in items if i["table_id"] == "crash-eur"), key=lambda i: i["round_id"])
    model = Autobet.begin(10, 70, 200, "base", "double")
    for item in rounds:
        crash = _hundredths(item["outcome"]["crash"])
        assert item["stake_minor"] == model.stake
        assert item["returned_minor"] == (2 * model.stake if crash >= 200 else 0)  # auto at exactly x2
        model = model.after(crash >= 200)
    assert model.stake is None and len(rounds) >= 3  # stopped exactly where the rules stop it
    total = sum(i["stake_minor"] for i in rounds)
    assert page.get_attribute("#autobet-status", "data-total") == str(total) and total <= 70
    assert int(page.get_attribute("#autobet-status", "data-rounds") or 0) == len(rounds)
    want = 2000 - total + sum(i["returned_minor"] for i in rounds)
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{want}'")
    assert not page.errors


def test_crash_page_fits_a_390px_screen(browser: Any, crash_server: str) -> None:
    """The crash page on a phone (390 x 844): no horizontal scrolling, and the multiplier, the
    bet and cash-out controls, the AUTOBET form and the history are on the screen and usable."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        page.set_default_timeout(20_000)
        _register_and_deposit(page, crash_server, "20.00", 2000)
        page.goto(f"{crash_server}/crash.html?id=rocketon-eur")
        page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '2000'")
        page.wait_for_selector("#crash-history li")  # the server has played a round by now
        _open_autobet(page)
        page.click("#crash-history li a.verify-link")  # the seed and the command open in place
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        for sel in ("#curve", "#multiplier", "#stake", "#auto", "#confirm", "#cash-out", "#half-out",
                    "#ab-base", "#ab-limit", "#ab-auto", "#ab-win", "#ab-loss", "#autobet-start",
                    "#autobet-stop", "#crash-history", "#crash-history li .verify-cmd"):
            loc = page.locator(sel).first
            loc.scroll_into_view_if_needed()
            box = loc.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, sel
        # usable: a bet placed with a tap goes in (this round or the next)
        page.fill("#stake", "0.10")
        page.fill("#auto", "")
        page.click("#confirm")
        page.wait_for_function("() => ['bet', 'queued'].includes(document.querySelector('#mine').dataset.state)")
        _shot(page, "crash-390x844.png")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()
