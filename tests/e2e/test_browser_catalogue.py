"""End to end in a real browser, issue 14: every game and variant of ``GET /api/games`` is
playable from its generic page (``game.html``), driven by nothing but the engine's description.

For each variant the test opens the page, places the description's first bet that needs no
other (or a bet with the bets it requires) on its ``example_target`` with the smallest legal
chip, plays the round to its end (taking the default decision, the one the "If the time runs out" note names, whenever one
is asked) and checks the balance shown against the round's recall in Games History. The list of
variants is read from the API (and checked against the registry), so a new variant file is
covered without touching this test. One case per variant (so pytest-xdist spreads the walk over
the workers and a failure names its variant); each worker runs one server, one browser and one page
reused by its cases, no tables running."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _minor, _recall, _register_and_deposit

from croupier.games.registry import all_variants

pytestmark = pytest.mark.e2e

DECISION_SECONDS = 20  # long enough that the test's own click decides, not the timer


@pytest.fixture(scope="module")
def catalogue_server(launch: Any) -> str:
    return str(launch("e2e_catalogue", {
        "CROUPIER_DECISION_SECONDS": str(DECISION_SECONDS),
        "CROUPIER_RUN_TABLES": "0",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _get(page: Any, path: str) -> Any:
    return page.evaluate("""async (p) => {
        const t = localStorage.getItem('croupier.token');
        const r = await fetch(p, {headers: t ? {Authorization: `Bearer ${t}`} : {}});
        return {status: r.status, body: await r.json()};
    }""", path)


def _chip_for(page: Any, low: int, high: int) -> int:
    """The smallest chip on the page that is a legal stake for a bet of limits [low, high]."""
    chips = sorted(int(v) for v in page.eval_on_selector_all("#chips .chip-btn", "bs => bs.map(b => b.dataset.minor)"))
    legal = [c for c in chips if low <= c <= high]
    assert legal, f"no chip of {chips} is within [{low}, {high}]"
    return legal[0]


class Players:
    """One player per currency (a variant is played in the currencies it has limits in), each
    registered and funded once through the account page; switching is swapping the session."""

    def __init__(self, page: Any, base: str) -> None:
        self.page, self.base = page, base
        self.sessions: dict[str, Any] = {}

    def use(self, currency: str, exponent: int) -> None:
        if currency in self.sessions:
            self.page.evaluate("([t, p]) => { localStorage.setItem('croupier.token', t);"
                               " localStorage.setItem('croupier.player', p); }", self.sessions[currency])
            return
        self.page.evaluate("() => { localStorage.removeItem('croupier.token'); localStorage.removeItem('croupier.player'); }")
        units = 5000 if exponent else 500000  # 5,000 units (500,000 where there is no minor unit)
        amount = f"{units}.{'0' * exponent}" if exponent else str(units)
        _register_and_deposit(self.page, self.base, amount, units * 10**exponent, currency)
        self.sessions[currency] = self.page.evaluate(
            "() => [localStorage.getItem('croupier.token'), localStorage.getItem('croupier.player')]")


def _slip_of(desc: dict[str, Any], first: dict[str, Any]) -> list[dict[str, Any]]:
    """A bet and every bet it requires (a side bet its main bet, the Blind its Ante), in order."""
    by_code = {b["code"]: b for b in desc["bets"]}
    slip: list[dict[str, Any]] = []
    todo = [first]
    while todo:
        bet = todo.pop(0)
        if bet not in slip:
            slip.append(bet)
            todo.extend(by_code[c] for c in bet["requires"])
    return slip


def _place_a_legal_bet(page: Any, desc: dict[str, Any], currency: str) -> list[tuple[dict[str, Any], int]]:
    """Place a bet with what it requires, each on its example target with the smallest chip legal
    for all of them, and send the slip: the bets that stand alone first, then those that need
    another (HI LO's HI, open only once a card is out, is left). A slip refused all the same is
    cleared with its message and the next one tried. Returns [(bet, stake)] as placed."""
    refused = []
    firsts = [b for b in desc["bets"] if not b["decision_only"] and not b.get("condition")]
    for first in sorted(firsts, key=lambda b: len(b["requires"]) > 0):
        slip = _slip_of(desc, first)
        limits = [(b["limits"] or {}).get(currency) or (0, 10**12) for b in slip]
        chip = _chip_for(page, max(lo for lo, _ in limits), min(hi for _, hi in limits))
        page.click(f"#chips .chip-btn[data-minor='{chip}']")
        placed = []
        for bet in reversed(slip):  # the required bets first
            page.click(f"#layout .spot-btn[data-code='{bet['code']}']")
            stake = chip * bet.get("chips", 1)  # a package bet takes its chips at once
            page.wait_for_selector(f"#layout .spot-btn[data-code='{bet['code']}'][data-amount='{stake}']")
            placed.append((bet, stake))
        page.click("#confirm")
        page.wait_for_function("() => document.querySelector('#result').dataset.round"
                               " || document.querySelector('#stage').dataset.state"
                               " || document.querySelector('#toast').textContent")
        message = page.text_content("#toast")
        if not message:
            return placed
        refused.append(([b["code"] for b in slip], message))
        page.evaluate("() => { document.querySelector('#toast').textContent = ''; }")
        page.click("#clear")
    raise AssertionError(f"{desc['game']} {desc['variant']}: every slip was refused: {refused}")


def _play_decisions(page: Any) -> None:
    """Take the default decision (or the only one) until the round is over."""
    page.wait_for_selector("#stage[data-state]")
    while page.get_attribute("#stage", "data-state") == "open":
        n = page.get_attribute("#stage", "data-decision")
        page.wait_for_selector("#decisions button")
        default = page.query_selector("#decisions button[aria-describedby='default-note']")
        (default or page.query_selector("#decisions button")).click()
        page.wait_for_function(
            "(n) => { const s = document.querySelector('#stage');"
            " return s.dataset.decision !== n || s.dataset.state !== 'open'; }", arg=n)


@pytest.fixture(scope="module")
def catalogue_page(browser: Any, catalogue_server: str) -> Iterator[Any]:
    """One page for every case of the module (a worker's share of the walk), on the home page."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    pg.set_default_timeout(20_000)
    pg.goto(f"{catalogue_server}/")
    yield pg
    ctx.close()


@pytest.fixture(scope="module")
def players(catalogue_page: Any, catalogue_server: str) -> Players:
    return Players(catalogue_page, catalogue_server)


def test_issue14_the_catalogue_lists_every_variant_file(catalogue_page: Any) -> None:
    games = _get(catalogue_page, "/api/games")["body"]["items"]
    pairs = [(g["name"], v["name"]) for g in games for v in g["variants"]]
    assert sorted(pairs) == sorted(all_variants())  # the API lists every variant file


@pytest.mark.parametrize(("game", "variant"), all_variants(), ids=[f"{g}-{v}" for g, v in all_variants()])
def test_issue14_every_variant_of_the_catalogue_plays_a_round_from_its_description(
        catalogue_page: Any, catalogue_server: str, players: Players, game: str, variant: str) -> None:
    page, base = catalogue_page, catalogue_server
    del page.errors[:]  # the errors of this variant's page only
    answer = _get(page, f"/api/games/{game}/variants/{variant}/description")
    assert answer["status"] == 200, (game, variant, answer)
    desc = answer["body"]
    currency = "EUR" if "EUR" in desc["currencies"] else sorted(desc["currencies"])[0]
    players.use(currency, desc["currencies"][currency]["exponent"])
    page.goto(f"{base}/game.html?game={game}&variant={variant}")
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor > ''")
    before = _minor(page, "#balance")
    placed = _place_a_legal_bet(page, desc, currency)
    if desc["play"] == "decision":
        _play_decisions(page)
    page.wait_for_selector("#result[data-round][data-net]")
    rid = int(page.get_attribute("#result", "data-round"))
    recall = _recall(page, rid)
    assert (recall["game"], recall["variant"], recall["state"]) == (game, variant, "settled"), recall
    assert sorted((b["code"], b["target"], b["stake_minor"]) for b in recall["bets"]) == sorted(
        (bet["code"], bet["example_target"], stake) for bet, stake in placed)
    assert recall["stake_minor"] == sum(stake for _, stake in placed)
    after = before - recall["stake_minor"] + recall["returned_minor"]
    page.wait_for_function(f"() => document.querySelector('#balance').dataset.minor === '{after}'")
    assert int(page.get_attribute("#result", "data-returned")) == recall["returned_minor"]
    assert page.text_content("#headline") == (recall.get("display") or {}).get("headline", "")
    assert page.errors == []
