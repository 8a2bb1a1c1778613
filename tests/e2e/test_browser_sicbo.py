"""End to end in Chromium (issue 19): the Sic Bo board (000 §12.25) at a shared table and in
single rounds, the full board and the simplified version with its dice panel: place bets, see the
dice and the win, the balance moved by the recalled settlement."""

from __future__ import annotations

from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _minor, _recall, _register_and_deposit

pytestmark = pytest.mark.e2e

BETTING_SECONDS = 8


@pytest.fixture(scope="module")
def dice_server(launch: Any) -> str:
    return str(launch("e2e_dice", {
        "CROUPIER_BETTING_SECONDS": str(BETTING_SECONDS),
        "CROUPIER_RESULT_SECONDS": "1",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
        "CROUPIER_DICE_TABLES": "sicbo-eur:sicbo:classic:EUR,duel-eur:dice_duel:dice_duel:EUR",
    }).base)


def _cover_every_roll(page: Any) -> None:
    """Small, Big and Any triple: one of them wins on every roll (000 §12.25)."""
    page.get_by_role("button", name="chip 1.00 EUR").click()
    for name in ("Small", "Big", "Any triple"):
        page.get_by_role("button", name=name, exact=True).click()


def test_000_12_25_sicbo_shared_table_place_bets_see_the_dice_and_the_win(page: Any, dice_server: str) -> None:
    base = dice_server
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "100.00", 10000)
    page.goto(f"{base}/sicbo.html?variant=classic&table=sicbo-eur")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '10000'")
    page.wait_for_function(
        "() => document.querySelector('#phase').textContent === 'Place your bets'"
        " && Number(document.querySelector('#countdown').textContent) >= 4",
        timeout=(BETTING_SECONDS + 10) * 1000)
    assert len(page.text_content("#fair")) > 0  # the commitment is shown while betting is open
    _cover_every_roll(page)
    page.get_by_role("button", name="Total 10", exact=True).click()
    assert _minor(page, "#total-bet") == 400
    page.get_by_role("button", name="Place bets").click()
    page.wait_for_selector("#slip[data-accepted='400']")
    round_id = int(page.get_attribute("#slip", "data-round"))
    page.wait_for_selector(f"#result[data-round='{round_id}'][data-net]", timeout=(BETTING_SECONDS + 15) * 1000)
    page.wait_for_selector("#stage .dice-row")
    returned = int(page.get_attribute("#result", "data-returned"))
    assert returned > 0  # a win on every roll
    recall = _recall(page, round_id)
    assert recall["returned_minor"] == returned and recall["game"] == "sicbo"
    assert len(recall["fairness"]["server_seed_hash"]) == 64
    page.wait_for_function(f"() => document.querySelector('#balance')?.dataset.minor === '{10000 - 400 + returned}'")


def test_000_12_25_sicbo_simplified_version_one_option_per_bet_and_the_dice_panel(page: Any, dice_server: str) -> None:
    base = dice_server
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "50.00", 5000)
    page.goto(f"{base}/sicbo.html?variant=classic&view=simple")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '5000'")
    # only Small, Big, Specific triple and Total as buttons; the rest from the dice panel
    assert page.locator("#layout .spot-btn[data-code='combination']").count() == 0
    assert page.locator("#layout .spot-btn[data-code='single']").count() == 0
    page.get_by_role("button", name="chip 1.00 EUR").click()
    page.get_by_role("button", name="Die 2").click()
    page.get_by_role("button", name="Die 5").click()
    assert page.text_content("#combo").startswith("Combination 2-5")
    page.get_by_role("button", name="Bet on it").click()
    assert _minor(page, "#total-bet") == 100
    page.get_by_role("button", name="Small", exact=True).click()  # replaces the unsent option
    assert _minor(page, "#total-bet") == 100
    assert page.locator("#slip li").count() == 1
    page.get_by_role("button", name="Reset dice").click()
    page.get_by_role("button", name="Die 4").click()
    assert page.text_content("#combo").startswith("Single 4")
    page.get_by_role("button", name="Bet on it").click()
    page.get_by_role("button", name="Play").click()
    page.wait_for_selector("#result[data-round][data-net]")
    page.wait_for_selector("#stage .dice-row")
    rid = int(page.get_attribute("#result", "data-round"))
    recall = _recall(page, rid)
    assert [(b["code"], b["target"]) for b in recall["bets"]] == [("single", [4])]
    dice = [int(d) for d in recall["outcome"]["dice"]] if "outcome" in recall else None
    if dice:
        assert recall["returned_minor"] == (100 * (dice.count(4) + 1) if 4 in dice else 0)
    page.wait_for_function(
        f"() => document.querySelector('#balance')?.dataset.minor === '{5000 - 100 + recall['returned_minor']}'")


def test_000_12_25_super_sicbo_full_board_single_round_wins(page: Any, dice_server: str) -> None:
    base = dice_server
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "50.00", 5000)
    page.goto(f"{base}/sicbo.html?variant=super")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '5000'")
    assert page.locator("#layout .spot-btn").count() == 50  # every position of the board
    _cover_every_roll(page)
    page.get_by_role("button", name="Play").click()
    page.wait_for_selector("#result[data-round][data-net]")
    assert int(page.get_attribute("#result", "data-returned")) > 0


def test_000_12_40_dice_duel_shared_table_on_the_generic_page(page: Any, dice_server: str) -> None:
    """Dice Duel at a shared table (game.html from its description): Red, Draw and Blue cover
    every throw, so the round always pays."""
    base = dice_server
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "50.00", 5000)
    page.goto(f"{base}/game.html?game=dice_duel&variant=dice_duel&table=duel-eur")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '5000'")
    page.wait_for_function(
        "() => document.querySelector('#phase').textContent === 'Place your bets'"
        " && Number(document.querySelector('#countdown').textContent) >= 4",
        timeout=(BETTING_SECONDS + 10) * 1000)
    page.get_by_role("button", name="chip 1.00 EUR").click()
    for code in ("red", "draw", "blue"):
        page.click(f"#layout .spot-btn[data-code='{code}']")
    page.get_by_role("button", name="Place bets").click()
    page.wait_for_selector("#slip[data-accepted='300']")
    round_id = int(page.get_attribute("#slip", "data-round"))
    page.wait_for_selector(f"#result[data-round='{round_id}'][data-net]", timeout=(BETTING_SECONDS + 15) * 1000)
    assert int(page.get_attribute("#result", "data-returned")) > 0
