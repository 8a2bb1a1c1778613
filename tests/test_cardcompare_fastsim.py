"""The vectorised simulations (cardcompare/fastsim.py) against the engines on identical draws.

A fast path gives every round with the same key the engine's returns for the first such round;
these differential tests play rounds one by one through the engine (the strategy deciding) and
require the same returns, so a key that misses something the returns depend on fails here.
Rounds that are rare but matter (ties, wars, pushes) are picked out of a larger sample.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from croupier.cards import rank_of
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.fastsim import deal_codes, keyed_returns, keyed_simulate
from croupier.games.registry import load_variant

CASES = [
    ("red_dog", "red_dog_000", 3),
    ("top_card", "top_card_trump_000", 12),
    ("top_card", "top_card_trumps_001", 12),
    ("speedy7", "speedy7_000", 7),
    ("draw_hilo", "draw_hilo_000", 5),
    ("war_of_bets", "war_of_bets_000", 2),
]


def _module(game: str) -> Any:
    import importlib

    # Top Card keeps its simulation beside GAME in the package; the others in their engine module
    module = "" if game == "top_card" else ".engine"
    return importlib.import_module(f"croupier.games.cardcompare.{game}{module}")


def _rare(game: str, v: Any, u: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Rows worth checking beyond a random handful: ties of the first two cards (Top Card's
    wars, Red Dog's pairs, Draw HiLo's pushes)."""
    codes = deal_codes(np.asarray(Composition.decks(getattr(v, "decks", 1)).counts), u)
    r = codes >> 2
    if game in ("top_card", "red_dog", "draw_hilo", "war_of_bets"):
        return np.flatnonzero(r[:, 0] == r[:, 1])
    return np.arange(0)


@pytest.mark.parametrize("game,variant,draws", CASES)
def test_fast_returns_equal_the_engine_round_by_round(game: str, variant: str, draws: int) -> None:
    mod = _module(game)
    v = load_variant(game, variant)
    u = np.random.Generator(np.random.PCG64(20261122)).random((20_000, draws))
    plan: dict[Any, Any] = {}  # Speedy 7 caches its decisions by the colours opened
    play: Callable[[Any], Any] = (lambda row: mod.play_row(v, row, plan)) if game == "speedy7" \
        else (lambda row: mod.play_row(v, row))
    width = len(play(u[0].tolist()))
    fast = keyed_returns(lambda x: mod.row_keys(v, x), play, u, width)
    rng = np.random.Generator(np.random.PCG64(1))
    picks = np.concatenate([_rare(game, v, u)[:400], rng.choice(len(u), 300, replace=False)])
    for i in picks.tolist():
        np.testing.assert_array_equal(fast[i], np.asarray(play(u[i].tolist()), dtype=float),
                                      err_msg=f"{game}/{variant}: round {i}")


def test_top_card_repeated_war_rounds_match_the_engine() -> None:
    """001 §9.4 ``repeat``: a tie in the war burns 3 and deals again; keys cover two wars."""
    mod = _module("top_card")
    v = load_variant("top_card", "top_card_trumps_001")
    u = np.random.Generator(np.random.PCG64(5)).random((200_000, 12))
    keys = mod.row_keys(v, u)
    r = deal_codes(np.asarray(Composition.decks(v.decks).counts), u) >> 2
    deep = np.flatnonzero((r[:, 0] == r[:, 1]) & (r[:, 5] == r[:, 6]))
    assert deep.size > 20 and ((keys[deep] >= 65536) | (keys[deep] < 0)).all()
    sample = u[np.concatenate([deep, deep])]  # every key twice: the second copy reads the cache
    fast = keyed_returns(lambda x: mod.row_keys(v, x), lambda row: mod.play_row(v, row), sample, 2)
    for i in range(deep.size, deep.size + 100):
        np.testing.assert_array_equal(fast[i], np.asarray(mod.play_row(v, sample[i].tolist())))


def test_deal_codes_deals_as_the_composition_draw_convention() -> None:
    """Draw ``int(u * left)`` names the card by its index in the sorted remaining composition."""
    u = np.random.Generator(np.random.PCG64(3)).random((50, 6))
    got = deal_codes(np.asarray(Composition.decks(1).counts), u)
    for row, cards in zip(u.tolist(), got.tolist(), strict=True):
        shoe = Composition.decks(1)
        for x, card in zip(row, cards, strict=True):
            expected = shoe.card_at(int(x * shoe.size))
            assert card == expected
            shoe = shoe.remove(card)
    assert {rank_of(c) for c in got.ravel().tolist()} <= set(range(2, 15))


def test_keyed_simulate_counts_only_rounds_where_a_bet_was_placed() -> None:
    sims = keyed_simulate(["a", "b"], 1, lambda u: (u[:, 0] < 0.5).astype(np.int64),
                          lambda row: [1.0, float("nan") if row[0] < 0.5 else 2.0], 10_000, 1)
    a, b = sims
    assert a.rtp == 1.0 and a.rounds == 10_000
    assert b.rtp == 2.0 and 4_000 < b.rounds < 6_000


DEALT = [
    ("dragon_tiger", "dragon_tiger_000"), ("dragon_tiger", "kricketwar_000"),
    ("football_studio", "football_studio_000"), ("andar_bahar", "andar_bahar_000"),
    ("cards32", "cards32_000"),
]


@pytest.mark.parametrize("game,variant", DEALT)
def test_dealt_games_fast_keys_give_the_engines_returns(game: str, variant: str) -> None:
    from croupier.games.cardcompare.dealt import play_row
    from croupier.games.registry import game as spec_of

    engine = spec_of(game).engine
    v = load_variant(game, variant)
    rules = engine.rules
    u = np.random.Generator(np.random.PCG64(11)).random((20_000, rules.fast_draws))
    keys = rules.fast_keys(v, u)
    fast = keyed_returns(lambda x: rules.fast_keys(v, x), lambda row: play_row(engine, v, row), u,
                         len(v.bet_codes))
    # rows sharing a key with an earlier row (those the cache answers), and some uncovered ones
    _, first = np.unique(keys, return_index=True)
    repeats = np.setdiff1d(np.arange(len(u)), first)
    rng = np.random.Generator(np.random.PCG64(2))
    picks = np.concatenate([rng.choice(repeats, min(400, repeats.size), replace=False),
                            np.flatnonzero(keys < 0)[:20]])
    for i in picks.tolist():
        np.testing.assert_array_equal(fast[i], np.asarray(play_row(engine, v, u[i].tolist())),
                                      err_msg=f"{game}/{variant}: round {i}")
