"""Game-show tables in Chromium (issue 18 part 4): Crazy Time's Cash Hunt at a shared table — two
players bet on Cash Hunt, the wheel (the round's seed replaced, before "no more bets", by one that
lands on Cash Hunt, its commitment with it) stops on Cash Hunt, the first player aims at a cell in
the decision window, the second does not and gets the RNG's pick (000 §12.31); each balance
moves exactly by what the wall shows under their cell. Dream Catcher plays a round at a table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, select, update
from tests.e2e.test_browser_roulette import _recall, _register_and_deposit
from tests.show_table_helpers import seed_landing_on

from croupier.rng import fair
from croupier.store.models import Round

pytestmark = pytest.mark.e2e

BETTING_SECONDS = 10
PICK_SECONDS = 8


@pytest.fixture(scope="module")
def show_server(launch: Any) -> Any:
    return launch("e2e_shows", {
        "CROUPIER_BETTING_SECONDS": str(BETTING_SECONDS),
        "CROUPIER_RESULT_SECONDS": "1",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
        "CROUPIER_SHOW_PICK_SECONDS": str(PICK_SECONDS),
        "CROUPIER_EXTRA_TABLES": "ct-eur:crazy_time:standard:EUR,dc-eur:dream_catcher:standard:EUR",
    })


@pytest.fixture
def second(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    ctx.close()


def _open_round(page: Any) -> int:
    page.wait_for_function(
        "() => document.querySelector('#phase').textContent === 'Place your bets'"
        " && Number(document.querySelector('#countdown').textContent) >= 7",
        timeout=(BETTING_SECONDS + PICK_SECONDS + 15) * 1000)
    return int(page.evaluate("async () => (await (await fetch('/api/tables/ct-eur')).json()).round.round_id"))


def _force_cash_hunt(db_url: str, round_id: int, segment: str = "cash_hunt") -> None:
    eng = create_engine(db_url)
    with eng.begin() as c:
        client_seed = c.execute(select(Round.client_seed).where(Round.id == round_id)).scalar_one()
        seed = seed_landing_on(client_seed, segment, top_slot=False)
        c.execute(update(Round).where(Round.id == round_id, Round.state == "open").values(
            server_seed=seed, server_seed_hash=fair.commitment(seed)))
    eng.dispose()


def _bet(page: Any, name: str) -> None:
    page.get_by_role("button", name="chip 1.00 EUR").click()
    page.get_by_role("button", name=name, exact=True).click()
    page.get_by_role("button", name="Place bets").click()
    page.wait_for_selector("#slip[data-accepted='100']")


def test_000_12_31_cash_hunt_at_a_shared_table_pick_default_and_the_balances(
        page: Any, second: Any, show_server: Any) -> None:
    base = show_server.base
    for pg in (page, second):
        pg.set_default_timeout(20_000)
        _register_and_deposit(pg, base, "50.00", 5000)
        pg.goto(f"{base}/crazytime.html?table=ct-eur")
        pg.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '5000'")
    rid = _open_round(page)
    _force_cash_hunt(show_server.env["CROUPIER_DATABASE_URL"], rid)
    _bet(page, "Cash Hunt")
    _bet(second, "Cash Hunt")
    window = (BETTING_SECONDS + 10) * 1000
    page.wait_for_selector(f"#bonus[data-state='window'][data-round='{rid}'] #pick-board .cell:not([disabled])", timeout=window)
    second.wait_for_selector(f"#bonus[data-state='window'][data-round='{rid}']", timeout=window)
    assert int(page.text_content("#pick-countdown") or "0") > 0  # the countdown runs
    page.wait_for_selector("#stage[data-kind='segment'] svg.wheel")  # the wheel as it stopped
    assert page.text_content("#stage .segment-label") == "cash_hunt"
    assert "You watch" not in (page.text_content("#pick-note") or "")
    page.click("#pick-board .cell[data-cell='16']")
    page.wait_for_selector("#pick-board[data-picked='16']")
    for pg in (page, second):
        pg.wait_for_selector(f"#result[data-round='{rid}'][data-net]", timeout=(PICK_SECONDS + 15) * 1000)
        pg.wait_for_selector("#bonus[data-state='result'] #wall .cell")
    ra, rb = _recall(page, rid), _recall(second, rid)
    outcome = ra["outcome"]
    wall = outcome["cash_hunt"]["wall"]
    picks = outcome["cash_hunt"]["picks"]
    a_id = page.evaluate("() => JSON.parse(localStorage.getItem('croupier.player')).id")
    b_id = second.evaluate("() => JSON.parse(localStorage.getItem('croupier.player')).id")
    fairness = ra["fairness"]  # 000 §12.31 "a random spot": the default from the revealed seed
    default = fair.stream(fairness["server_seed"], f"{fairness['client_seed']}:default:{b_id}", 0).randbelow(108)
    assert picks == {str(a_id): 16, str(b_id): default}
    assert ra["returned_minor"] == 100 + 100 * wall[16]
    assert rb["returned_minor"] == 100 + 100 * wall[default]
    page.wait_for_function(f"() => document.querySelector('#balance')?.dataset.minor === '{5000 - 100 + ra['returned_minor']}'")
    second.wait_for_function(f"() => document.querySelector('#balance')?.dataset.minor === '{5000 - 100 + rb['returned_minor']}'")
    assert page.get_attribute("#wall .cell.mine", "data-cell") == "16"
    assert second.get_attribute("#wall .cell.mine", "data-cell") == str(default)
    assert page.errors == [] and second.errors == []


def test_000_12_22_dream_catcher_page_plays_a_round_at_a_table(page: Any, show_server: Any) -> None:
    base = show_server.base
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "50.00", 5000)
    page.goto(f"{base}/")  # the lobby links each show table to its own page
    assert page.get_by_role("link", name="Play at Crazy_time (EUR)").get_attribute("href") == \
        "/crazytime.html?table=ct-eur"
    page.get_by_role("link", name="Play at Dream_catcher (EUR)").click()
    page.wait_for_url("**/dreamcatcher.html?table=dc-eur")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '5000'")
    page.wait_for_function(
        "() => document.querySelector('#phase').textContent === 'Place your bets'"
        " && Number(document.querySelector('#countdown').textContent) >= 4",
        timeout=(BETTING_SECONDS + 15) * 1000)
    page.get_by_role("button", name="chip 1.00 EUR").click()
    for code in ("1", "2"):
        page.click(f"#layout .spot-btn[data-code='{code}']")
    page.get_by_role("button", name="Place bets").click()
    page.wait_for_selector("#slip[data-accepted='200']")
    rid = int(page.get_attribute("#slip", "data-round") or "0")
    page.wait_for_selector(f"#result[data-round='{rid}'][data-net]", timeout=(BETTING_SECONDS + 20) * 1000)
    page.wait_for_selector("#stage[data-kind='segment'] svg.wheel")
    recall = _recall(page, rid)
    assert recall["game"] == "dream_catcher"
    page.wait_for_function(f"() => document.querySelector('#balance')?.dataset.minor === '{5000 - 200 + recall['returned_minor']}'")
    assert page.errors == []


def test_000_12_31_crazy_time_bonus_choose_a_flapper(page: Any, show_server: Any) -> None:
    base = show_server.base
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "50.00", 5000)
    page.goto(f"{base}/crazytime.html?table=ct-eur")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '5000'")
    rid = _open_round(page)
    _force_cash_hunt(show_server.env["CROUPIER_DATABASE_URL"], rid, "crazy_time")
    _bet(page, "Crazy Time")
    page.wait_for_selector(f"#bonus[data-state='window'][data-round='{rid}'] #pick-board .flapper:not([disabled])",
                           timeout=(BETTING_SECONDS + 10) * 1000)
    page.get_by_role("button", name="Flapper blue").click()
    page.wait_for_selector("#pick-board[data-picked='blue']")
    page.wait_for_selector(f"#result[data-round='{rid}'][data-net]", timeout=(PICK_SECONDS + 15) * 1000)
    page.wait_for_selector("#bonus[data-state='result'] #flappers li.mine[data-flapper='blue']")
    recall = _recall(page, rid)
    mult = recall["outcome"]["crazy_time"]["multipliers"]
    assert recall["returned_minor"] == 100 + 100 * mult["blue"]
    assert page.get_attribute("#flappers li.mine", "data-multiplier") == str(mult["blue"])
    page.wait_for_function(f"() => document.querySelector('#balance')?.dataset.minor === '{5000 - 100 + recall['returned_minor']}'")
    assert page.errors == []
