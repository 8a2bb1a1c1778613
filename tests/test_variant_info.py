"""``GET /api/games/{game}/variants/{variant}`` for every shape of limits a family keeps.

Issue 14 found the older variant endpoint answering 500 for blackjack and the poker games: it read
every non-roulette limit set as one range. It now reads limits through the one reader the
description uses (``games.describe.stake_limits``)."""

from __future__ import annotations

import pytest

from croupier.api.app import _variant_info
from croupier.games.describe import stake_limits
from croupier.games.registry import load_variant


@pytest.mark.parametrize(("game", "variant"), [
    ("baccarat", "live_004"),  # one range for every bet and a maximum win
    ("roulette", "european"),  # a limit set per position, with table minimum and maximum
    ("blackjack", "live_004"),  # main and side-bet ranges
    ("three_card_poker", "live"),  # a range per bet code
    ("top_card", "top_card_trumps_001"),  # one range for every bet and a maximum win
])
def test_variant_info_limits_per_bet_come_from_the_variant(game: str, variant: str) -> None:
    info = _variant_info(game, variant)
    v = load_variant(game, variant)
    assert info["limits"], "every variant here has limits"
    for cur, lim in info["limits"].items():
        assert set(lim["bets"]) <= {b["code"] for b in info["bets"]}
        for code, rng in lim["bets"].items():
            assert rng == stake_limits(v, code)[cur]
            assert lim["table_min_minor"] <= rng[0] <= rng[1]
