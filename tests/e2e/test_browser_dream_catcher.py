"""Dream Catcher in Chromium (000 §12.22): a round on the game page shows the wheel landing on the
recalled number, the bets and the balance; the segment renderer lands on every spin of a
multiplier round in turn and stacks the multipliers (2x, then 7x: x2, x14) before the number."""

from __future__ import annotations

from typing import Any

import pytest
from tests.e2e.test_browser_catalogue import (  # noqa: F401  (fixtures)
    Players,
    _get,
    _place_a_legal_bet,
    catalogue_page,
    catalogue_server,
    players,
)
from tests.e2e.test_browser_roulette import _recall

from croupier.games.registry import load_variant

pytestmark = pytest.mark.e2e


def test_000_12_22_game_page_shows_the_wheel_result_and_the_bets(
        catalogue_page: Any, catalogue_server: str, players: Players) -> None:  # noqa: F811
    page, base = catalogue_page, catalogue_server
    del page.errors[:]
    desc = _get(page, "/api/games/dream_catcher/variants/standard/description")["body"]
    players.use("EUR", 2)
    page.goto(f"{base}/game.html?game=dream_catcher&variant=standard")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor > ''")
    placed = _place_a_legal_bet(page, desc, "EUR")
    page.wait_for_selector("#result[data-round][data-net]")
    recall = _recall(page, int(page.get_attribute("#result", "data-round")))
    assert [b["code"] for b in recall["bets"]] == [bet["code"] for bet, _ in placed]
    page.wait_for_selector("#stage[data-kind='segment'] svg.wheel")
    number = recall["display"]["label"]
    assert page.text_content("#stage .segment-label").startswith(number)  # type: ignore[union-attr]
    assert page.text_content("#headline") == recall["display"]["headline"]
    assert page.errors == []


def test_000_12_22_multipliers_stack_on_the_wheel(catalogue_page: Any) -> None:  # noqa: F811
    page = catalogue_page
    del page.errors[:]
    v = load_variant("dream_catcher", "standard")
    labels = [v.wheel.at(p).label for p in range(v.wheel.size)]
    positions = [labels.index("2x"), labels.index("7x"), labels.index("5")]
    display = {"kind": "segment", "segments": labels, "index": positions[-1], "positions": positions,
               "label": "5", "multiplier": "14", "stacked": ["2x", "7x"],
               "headline": "2x, 7x, then 5: odds x14"}
    page.evaluate("""async (d) => {
        const { renderDisplay } = await import('/js/renderers/index.js');
        const stage = document.createElement('section');
        stage.id = 'dc-test';
        document.body.append(stage);
        await renderDisplay(stage, d, { animate: false });
    }""", display)
    page.wait_for_selector("#dc-test[data-shown='true']")
    stack = page.eval_on_selector_all("#dc-test .segment-multiplier", "xs => xs.map(x => x.dataset.multiplier)")
    assert stack == ["2", "14"]
    assert page.text_content("#dc-test .segment-label") == "5 (odds x14)"
    hit = page.eval_on_selector_all("#dc-test .slot.hit", "xs => xs.map(x => x.dataset.slot)")
    assert hit == [str(positions[-1])]
    assert page.errors == []
