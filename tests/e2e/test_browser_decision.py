"""End to end in a real browser: a blackjack round and Three Card Poker rounds at the decision
tables (issues 4 and 6 "web tables"), played as a player would, the balance shown moving by
exactly the settlement (checked against Games History), and the decision timer's default
(004 §2.9.4 / 003 §3.2: Fold when no decision comes in time).

The real server runs in a subprocess (uvicorn, a temporary SQLite file, a short decision timer,
no roulette tables); headless Debian chromium drives the pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.e2e.test_browser_roulette import _minor, _recall, _register_and_deposit

pytestmark = pytest.mark.e2e

DECISION_SECONDS = 8  # short, yet long enough for a loaded CI machine to click first


@pytest.fixture(scope="module")
def decision_server(launch: Any) -> str:
    return str(launch("e2e_decision", {
        "CROUPIER_DECISION_SECONDS": str(DECISION_SECONDS),
        "CROUPIER_RUN_TABLES": "0",
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.5",
        "CROUPIER_KYC_REQUIRED": "0",
    }).base)


def _settled(page: Any, before: int) -> tuple[int, int, int, int]:
    """Wait for the result; the round id, stake, returned, and the balance shown after it."""
    page.wait_for_selector("#result[data-round][data-net]")
    rid = int(page.get_attribute("#result", "data-round"))
    stake = int(page.get_attribute("#result", "data-stake"))
    returned = int(page.get_attribute("#result", "data-returned"))
    net = int(page.get_attribute("#result", "data-net"))
    assert net == returned - stake
    page.wait_for_function(
        f"() => document.querySelector('#balance')?.dataset.minor === '{before - stake + returned}'")
    return rid, stake, returned, _minor(page, "#balance")


def _check_history(page: Any, rid: int, game: str, stake: int, returned: int,
                   decided: bool = True) -> dict[str, Any]:
    recall = _recall(page, rid)
    assert (recall["game"], recall["kind"], recall["state"]) == (game, "decision", "settled")
    assert (recall["stake_minor"], recall["returned_minor"]) == (stake, returned)
    assert sum(b["stake_minor"] for b in recall["bets"]) == stake
    assert sum(b["returned_minor"] for b in recall["bets"]) == returned
    # a blackjack dealt to the player (or the dealer's, seen at the peek) ends the round undecided
    assert any(e["type"] == "decision" for e in recall["events"]) == decided
    return recall


def test_issue4_blackjack_round_in_the_browser_moves_the_balance_by_the_settlement(
        page: Any, decision_server: str) -> None:
    base = decision_server
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "100.00", 10000)
    page.goto(f"{base}/")
    page.get_by_role("link", name="Play Blackjack").click()
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '10000'")
    page.get_by_label("Seat").select_option("3")
    page.get_by_label("Main bet").fill("10.00")
    page.get_by_role("button", name="Deal").click()
    decided: list[str] = []
    page.wait_for_selector("#felt[data-state]")
    while page.get_attribute("#felt", "data-state") == "open":
        assert page.text_content("#countdown").strip().isdigit()  # the decision timer runs
        names = [b.get_attribute("data-action") for b in page.query_selector_all("#decisions button")]
        # the dealer's hole card stays face down while the player decides (004 §2.5)
        assert len(page.query_selector_all("#dealer .pcard:not(.back)")) == 1
        choice = "decline" if "decline" in names else "hit" if "hit" in names and not decided else "stand"
        n = int(page.get_attribute("#felt", "data-decision"))
        page.click(f"#act-{choice}")
        decided.append(choice)
        page.wait_for_function(
            "(n) => document.querySelector('#felt')?.dataset.decision !== String(n)", arg=n)
    rid, stake, returned, after = _settled(page, 10000)
    assert after - 10000 == returned - stake  # the balance shown moved by exactly the settlement
    recall = _check_history(page, rid, "blackjack", stake, returned, decided=bool(decided))
    assert recall["bets"][0]["target"] == [3]
    assert page.locator("#dealer .pcard.back").count() == 0  # the hole card is turned at the end
    assert page.errors == []

    # -- the account page recalls the round: the dealer's and the seat's cards, the decisions
    page.goto(f"{base}/account.html")
    page.get_by_role("button", name=f"recall round {rid}", exact=True).click()
    box = page.locator(f".recall[aria-label='Round {rid}']")
    box.wait_for()
    outcome = recall["outcome"]
    dealer = box.get_by_role("list", name=re.compile(r"^Dealer: "))
    assert dealer.locator(".pcard").evaluate_all("ls => ls.map(l => l.dataset.card)") == outcome["dealer"]["cards"]
    seat = box.get_by_role("list", name=re.compile(r"^Seat 3: "))
    assert seat.locator(".pcard").evaluate_all("ls => ls.map(l => l.dataset.card)") == \
        outcome["boxes"][0]["hands"][0]["cards"]
    labels = {"hit": "Hit", "stand": "Stand", "decline": "No insurance"}
    assert ", ".join(f"{labels[d]} (you)" for d in decided) in box.inner_text()
    assert page.errors == []


def test_issue6_three_card_poker_play_then_a_timed_out_fold(page: Any, decision_server: str) -> None:
    base = decision_server
    page.set_default_timeout(20_000)
    _register_and_deposit(page, base, "50.00", 5000)
    page.goto(f"{base}/")
    page.get_by_role("link", name="Play Three Card Poker").click()
    page.wait_for_function("() => document.querySelector('#balance')?.dataset.minor === '5000'")
    page.get_by_label("Ante").fill("5.00")
    page.get_by_label("Pair Plus (optional)").fill("1.00")
    page.get_by_role("button", name="Deal").click()
    page.wait_for_selector("#act-play")
    assert page.locator("#hand-player .pcard").count() == 3
    assert page.locator("#hand-dealer .pcard").count() == 0  # dealt after the decision (003 §5.1)
    assert page.get_by_role("button", name=re.compile(r"^Play \(\+5\.00")).is_visible()
    page.get_by_role("button", name=re.compile(r"^Play")).click()
    rid, stake, returned, after = _settled(page, 5000)
    assert stake == 1100 and after == 5000 - stake + returned
    _check_history(page, rid, "three_card_poker", stake, returned)
    assert page.locator("#hand-dealer .pcard").count() == 3

    # -- the next round: no decision in time -> the hand folds (ASSUMPTION as 003 §3.2)
    before = after
    page.get_by_role("button", name="Deal").click()
    page.wait_for_selector("#act-fold")
    assert "Fold" in page.text_content("#default-note")
    page.wait_for_selector(f"#result[data-round]:not([data-round='{rid}'])",
                           timeout=(DECISION_SECONDS + 15) * 1000)
    rid2, stake2, returned2, after2 = _settled(page, before)
    assert stake2 == 600 and after2 - before == returned2 - stake2
    assert "Fold taken for you" in page.text_content("#result")
    recall = _check_history(page, rid2, "three_card_poker", stake2, returned2)
    assert [b["code"] for b in recall["bets"]] == ["ante", "pair_plus"]
    assert page.errors == []


def _pools_shown(page: Any) -> dict[str, int]:
    page.wait_for_selector("#jackpots:not([hidden]) .jackpot-amount")
    return {e.get_attribute("data-pool"): int(e.query_selector(".jackpot-amount").get_attribute("data-minor"))
            for e in page.query_selector_all("#jackpots .jackpot")}


def test_002_000_12_54_game_pages_show_their_jackpot_pools_from_the_ledger(
        page: Any, decision_server: str) -> None:
    """issue 16 part 5: TDC Blackjack shows its 777 Jackpot and Mystery Jackpot (002 Bonus),
    21 Bet its jackpot (000 §12.54), each amount as GET /api/jackpots gives it (the ledger)."""
    for game, variant, titles in (("blackjack", "tdc", ("Jackpot", "Mystery Jackpot")),
                                  ("bet21", "bet21_000", ("21 Bet Jackpot",))):
        page.goto(f"{decision_server}/game.html?game={game}&variant={variant}")
        shown = _pools_shown(page)
        api = page.evaluate(f"async () => (await (await fetch('/api/jackpots/{game}/{variant}"
                            "?currency=EUR')).json()).pools")
        assert shown == {p["pool"]: p["amount_minor"] for p in api}
        assert all(t in page.inner_text("#jackpots") for t in titles)
    assert page.errors == []


def test_000_12_54_a_bet_moves_the_21_bet_jackpot_on_the_page_live(
        page: Any, decision_server: str) -> None:
    """issue 16 part 5: the amount shown follows the ledger without a reload (pushed by
    /api/jackpots/ws) when another player's 21 Bet stake feeds the pool."""
    code = "bet21.bet21_000.jackpot"
    page.goto(f"{decision_server}/game.html?game=bet21&variant=bet21_000")
    before = _pools_shown(page)[code]
    r = page.evaluate("""async () => {
        const post = async (path, body, token) => {
            const h = {"Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID()};
            if (token) h.Authorization = `Bearer ${token}`;
            return await (await fetch(path, {method: 'POST', headers: h, body: JSON.stringify(body)})).json();
        };
        const login = `jp${crypto.randomUUID().slice(0, 8)}`;
        await post('/api/players', {login, password: 'password123', date_of_birth: '1985-03-04',
                                    document_number: `D${crypto.randomUUID().slice(0, 10)}`, currency: 'EUR'});
        const {token} = await post('/api/sessions', {login, password: 'password123'});
        await post('/api/deposits', {amount: '50.00'}, token);
        for (let i = 0; i < 100; i++) {
            const w = await (await fetch('/api/wallet', {headers: {Authorization: `Bearer ${token}`}})).json();
            if (w.pending_deposits_minor === 0) break;
            await new Promise((res) => setTimeout(res, 100));
        }
        return await post('/api/rounds', {game: 'bet21', variant: 'bet21_000',
                                          bets: [{code: 'draw', stake: '20.00'}]}, token);
    }""")
    now = before + 20 if not r["jackpots"]["wins"] else 10000  # 1% of 20.00, or the reseeded pool
    page.wait_for_function(
        f"() => document.querySelector('#jackpots [data-pool=\"{code}\"] .jackpot-amount')"
        f"?.dataset.minor === '{now}'", timeout=15000)
    assert page.errors == []
