"""The account page's in-browser shoe check (js/fair.js) shuffles a table's shoe exactly as the
server does (docs/provably_fair.md "Shoes of card tables", platform/shoes.py ``shuffle_cards``):
HMAC-SHA256 stream, rejection sampling, Fisher-Yates, and each game's starting order."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.cards import name
from croupier.platform.shoes import shuffle_cards
from croupier.rng import fair

pytestmark = pytest.mark.e2e

SEED = "2c6efcecf60887650f301debdbc5a88446094e3fd5c747cc59bbeb9a019e7f9d"


@pytest.mark.parametrize(("game", "variant", "decks"), [
    ("baccarat", "live_004", 8), ("baccarat", "mini_001", 6), ("dragon_tiger", "dragon_tiger_000", 8),
    ("war_of_bets", "war_of_bets_000", 6),
])
def test_shoes_browser_shuffle_is_the_servers(page: Any, static_url: str, game: str, variant: str,
                                              decks: int) -> None:
    client_seed = f"{game}-eur:shoe:7"
    page.goto(f"{static_url}/css/app.css")  # any page of the origin: the modules are imported
    got = page.evaluate(
        """async ([seed, client, game, decks]) => {
            const m = await import('/js/fair.js');
            return await m.shuffleShoe(seed, client, game, decks);
        }""",
        [SEED, client_seed, game, decks],
    )
    want = [name(c) for c in shuffle_cards(game, variant, SEED, client_seed).cards]
    assert len(want) == 52 * decks
    assert got == want


def test_first_draw_is_the_servers(page: Any, static_url: str) -> None:
    """The seed pairs of docs/provably_fair.md's test vectors: the browser's first draw is the
    server's (rng/fair.py), for a one-byte and a two-byte range."""
    page.goto(f"{static_url}/css/app.css")
    rows = [("00" * 32, "player", 0), ("ab" * 32, "hello", 3), (SEED, "lucky:seed", 42)]
    for seed, client, nonce in rows:
        for n in (37, 38, 416):
            got = page.evaluate(
                "async ([s, c, k, n]) => (await import('/js/fair.js')).firstDraw(s, c, k, n)",
                [seed, client, nonce, n])
            assert got == fair.stream(seed, client, nonce).randbelow(n)


def _recall(seed: str, client_seed: str, tamper: bool) -> dict[str, Any]:
    """A settled baccarat table round dealt from a revealed shoe, as GET /api/history/{id} gives it
    (platform/history.py, platform/shoes.py ``deal_round``); ``tamper`` swaps its last card."""
    shoe = shuffle_cards("baccarat", "live_004", seed, client_seed)
    pos = shoe.first + 12
    cards = [name(c) for c in shoe.cards[pos:pos + 4]]
    if tamper:
        cards[-1] = next(n for n in ("2c", "3c") if n != cards[-1])
    return {
        "round_id": 77, "kind": "table", "table_id": "baccarat-eur", "game": "baccarat",
        "variant": "live_004", "state": "settled", "currency": "EUR", "currency_exponent": 2,
        "stake_minor": 100, "returned_minor": 0, "net_minor": -100,
        "outcome": {"player": cards[0::2], "banker": cards[1::2], "winner": "banker",
                    "shoe": {"number": 3, "server_seed_hash": fair.commitment(seed),
                             "client_seed": client_seed, "first_card": pos, "next_card": pos + 4,
                             "cut": shoe.cut, "cards": cards, "to": ["player", "banker"] * 2,
                             "cut_card_out": False}},
        "bets": [{"code": "player", "target": [], "stake_minor": 100, "returned_minor": 0,
                  "outcome": "lose", "carried_in": False}],
        "events": [], "void_reason": None,
        "fairness": {"scheme": "table_shoe", "server_seed_hash": fair.commitment(seed),
                     "client_seed": client_seed, "nonce": pos, "server_seed": seed},
        "created_at": "2026-11-22T10:00:00Z", "settled_at": "2026-11-22T10:00:30Z",
    }


@pytest.mark.parametrize("tamper", [False, True])
def test_recall_verifies_a_revealed_shoe_rounds_cards(page: Any, static_url: str, tamper: bool) -> None:
    """docs/provably_fair.md "Shoes of card tables": the page reshuffles the revealed shoe and
    finds the round's cards at position ``nonce`` (and says so when they are not there). The API is
    stubbed with the recall the server gives for such a round."""
    recall = _recall(SEED, "baccarat-eur:shoe:3", tamper)
    item = {k: recall[k] for k in ("round_id", "kind", "table_id", "game", "variant", "state",
                                   "currency", "stake_minor", "returned_minor", "net_minor",
                                   "outcome", "created_at", "settled_at")}
    answers = {
        "/api/me": {"player": {"login": "tester", "currency": "EUR"},
                    "balance": {"cash_minor": 0, "pending_deposits_minor": 0, "withdrawable_minor": 0}},
        "/api/history": {"items": [item]},
        "/api/history/77": recall,
        "/api/deposits": {"items": []}, "/api/withdrawals": {"items": []},
        "/api/fairness": {"server_seed_hash": "00", "client_seed": "x", "nonce": 0, "revealed": []},
        "/api/games/baccarat/variants/live_004": {"game": "baccarat", "variant": "live_004",
                                                   "title": "Live Baccarat", "bets": [], "limits": {},
                                                   "decks": 8},
    }

    def answer(route: Any) -> None:
        path = route.request.url.split("://", 1)[1].split("/", 1)[1].split("?", 1)[0]
        body = answers.get(f"/{path}")
        if body is None:
            route.fulfill(status=404, json={"title": "not found"})
        else:
            route.fulfill(status=200, json=body)

    page.route("**/api/**", answer)
    page.goto(f"{static_url}/account.html")
    page.evaluate("() => { localStorage.setItem('croupier.token', 't');"
                  " localStorage.setItem('croupier.player', JSON.stringify({login: 'tester'})); }")
    page.goto(f"{static_url}/account.html")
    page.get_by_role("button", name="recall round 77", exact=True).click()
    page.get_by_role("button", name="Verify in this browser").click()
    status = page.locator(".recall p[role=status][data-cards]")
    status.wait_for()
    assert status.get_attribute("data-hash") == "match"
    assert status.get_attribute("data-cards") == ("mismatch" if tamper else "match")
    assert ("NOT this round's" in status.inner_text()) == tamper
    assert page.errors == []
