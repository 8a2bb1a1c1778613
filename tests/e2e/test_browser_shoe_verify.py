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
