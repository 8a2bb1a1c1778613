"""The web client's roulette layout in a real browser (preview mode, no server behind it).

The board must offer exactly the engine's positions: every bet spot's (code, target) is resolved by
``croupier.games.roulette.layout`` and the set of spots equals the engine's set of positions (001 §8;
000 §12.1; 004 §1.10-1.13). Chips, undo, clear, double (001 §8.11; 004 §1.5), the total bet
(004 §1.7) and the hover highlight (001 §8.12.2) are driven as a player would.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from croupier.games.registry import load_variant
from croupier.games.roulette.layout import layout_for, request_target

pytestmark = pytest.mark.e2e


def _spots(page: Any) -> list[tuple[str, list[Any]]]:
    raw = page.eval_on_selector_all(
        "#board .spot", "els => els.map(e => [e.dataset.code, e.dataset.target])"
    )
    return [(code, json.loads(target)) for code, target in raw]


def _engine_positions(variant_name: str) -> set[tuple[str, str]]:
    lay = layout_for(load_variant("roulette", variant_name))
    out = set()
    for pos in lay.all_positions():
        if pos.code == "neighbours":
            continue  # one racetrack spot per number, its pairs set by the ± selector (checked below)
        out.add((pos.code, json.dumps(sorted(map(str, request_target(pos))))))
    return out


@pytest.mark.parametrize("variant", ["european", "american"])
def test_001_8_layout_offers_exactly_the_engine_positions(page: Any, static_url: str, variant: str) -> None:
    page.goto(f"{static_url}/table.html?preview={variant}")
    page.wait_for_selector("#board .spot")
    lay = layout_for(load_variant("roulette", variant))
    client: set[tuple[str, str]] = set()
    neighbour_numbers = set()
    for code, target in _spots(page):
        if code == "neighbours":
            neighbour_numbers.add(str(target[0]))
            pos = lay.resolve(code, target)  # the engine accepts the client's target as sent
            assert pos.code == "neighbours"
            continue
        pos = lay.resolve(code, target)
        assert pos.code == code
        client.add((code, json.dumps(sorted(map(str, target)))))
    assert client == _engine_positions(variant)
    wheel = lay.variant.wheel
    assert neighbour_numbers == {("00" if p == 37 else str(p)) for p in wheel.pockets}
    assert page.errors == []


def test_001_8_every_bet_spot_has_an_accessible_name(page: Any, static_url: str) -> None:
    page.goto(f"{static_url}/table.html?preview=american")
    page.wait_for_selector("#board .spot")
    unnamed = page.eval_on_selector_all(
        "button", "els => els.filter(e => !(e.getAttribute('aria-label') || e.textContent.trim())).length"
    )
    assert unnamed == 0
    for name in ("straight 17", "straight 00", "split 17/20", "corner 17/18/20/21", "street 13/14/15",
                 "six_line 31/32/33/34/35/36", "five_number 0/1/2/3/00", "trio 0/2/00", "dozen 2",
                 "column 1", "red", "black", "odd", "even", "low", "high"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name


def test_004_1_5_chips_undo_clear_double_and_total_bet(page: Any, static_url: str) -> None:
    page.goto(f"{static_url}/table.html?preview=european")
    page.wait_for_selector("#board .spot")
    page.get_by_role("button", name="chip 1.00 EUR").click()
    page.get_by_role("button", name="straight 17", exact=True).click()
    page.get_by_role("button", name="split 17/20", exact=True).click()
    page.get_by_role("button", name="corner 1/2/4/5", exact=True).click()
    page.get_by_role("button", name="dozen 2", exact=True).click()

    def total() -> int:
        return int(page.get_attribute("#total-bet", "data-minor"))

    assert total() == 400
    page.get_by_role("button", name="Voisins du Zéro").click()  # nine chips (004 §1.13)
    assert total() == 400 + 9 * 100
    page.get_by_role("button", name="Undo").click()
    assert total() == 400
    page.get_by_role("button", name="more neighbours").click()  # 2 -> 3 pairs
    page.get_by_role("button", name="neighbours 17", exact=True).click()  # 17 and 3 pairs: 7 chips
    assert total() == 400 + 700
    assert page.get_by_text("neighbours 17±3").count() == 1
    page.get_by_role("button", name="Double").click()
    assert total() == 2 * 1100
    page.get_by_role("button", name="Clear").click()
    assert total() == 0


def test_004_1_5_keyboard_places_a_bet(page: Any, static_url: str) -> None:
    page.goto(f"{static_url}/table.html?preview=european")
    page.wait_for_selector("#board .spot")
    page.get_by_role("button", name="chip 0.50 EUR").click()
    page.get_by_role("button", name="straight 32", exact=True).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert page.get_attribute("#total-bet", "data-minor") == "100"
    page.keyboard.press("Control+z")
    assert page.get_attribute("#total-bet", "data-minor") == "50"
    # arrow keys walk the number field as drawn: 32 -> right 35 -> up 36 -> left 33
    for key, name in (("ArrowRight", "straight 35"), ("ArrowUp", "straight 36"), ("ArrowLeft", "straight 33")):
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == name


def test_001_8_12_2_hover_highlights_the_covered_numbers(page: Any, static_url: str) -> None:
    page.goto(f"{static_url}/table.html?preview=european")
    page.wait_for_selector("#board .spot")
    page.get_by_role("button", name="corner 17/18/20/21", exact=True).hover()
    covered = page.eval_on_selector_all(
        "#board .field .num.covered", "els => els.map(e => e.dataset.target).sort()"
    )
    assert sorted(json.loads(t)[0] for t in covered) == [17, 18, 20, 21]
    page.get_by_role("button", name="Tiers du Cylindre").hover()
    covered = page.eval_on_selector_all("#board .field .num.covered", "els => els.length")
    assert covered == 12  # 27,13,36,11,30,8,23,10,5,24,16,33 (004 §1.13)


def test_account_forms_label_every_field(page: Any, static_url: str) -> None:
    page.goto(f"{static_url}/account.html#register")
    page.wait_for_selector("#register-form:not([hidden])")
    unlabelled = page.eval_on_selector_all(
        "input, select",
        "els => els.filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map(e => e.id)",
    )
    assert unlabelled == []
    # the registration form refuses an incomplete form in the browser, before any request
    page.get_by_role("tabpanel", name="Register").get_by_role("button", name="Register", exact=True).click()
    assert "Please check" in page.text_content("#register-error")


def test_money_client_reads_amounts_exactly_as_the_server(page: Any, static_url: str) -> None:
    """The client's amount parser (js/money.js) is a pre-check: whenever it accepts a text, its
    minor units equal croupier.money.parse_minor's, and it never accepts what the server refuses;
    formatting minor units back gives the same amount."""
    import random
    from decimal import Decimal

    from croupier.errors import CroupierError
    from croupier.money import currency, parse_minor

    rng = random.Random(20261122)
    cases = ["0", "1", "12.34", "12.3", "12.", "0.001", "1.5", "1e3", "NaN", "Infinity", "-1",
             "+1", " 7.10 ", "1,000.00", ".5", "", "abc", "99999999999999999999", "0.10", "00.50"]
    for _ in range(200):
        whole = str(rng.randrange(0, 10 ** rng.randrange(1, 9)))
        frac = "".join(rng.choice("0123456789") for _ in range(rng.randrange(0, 4)))
        cases.append(whole + ("." + frac if rng.random() < 0.7 else ""))
    page.goto(f"{static_url}/table.html?preview=european")
    for code in ("EUR", "AMD"):
        got = page.evaluate(
            """async ([cases, code]) => {
                const m = await import('/js/money.js');
                return cases.map((c) => {
                    const v = m.parseMajor(c, code);
                    return [v, v === null ? null : m.toMajorString(v, code)];
                });
            }""",
            [cases, code],
        )
        cur = currency(code)
        for text, (minor, back) in zip(cases, got, strict=True):
            if minor is None:
                continue
            try:
                expected = parse_minor(text.replace(",", ""), cur)
            except CroupierError:
                raise AssertionError(f"the client accepts {text!r} {code}, the server refuses it") from None
            assert minor == expected, (text, code)
            assert parse_minor(back, cur) == expected and Decimal(back) == Decimal(expected).scaleb(-cur.exponent)
