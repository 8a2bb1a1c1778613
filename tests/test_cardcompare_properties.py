"""Invariants of every card game of this family, on random draws and random legal decisions:
a draw or a legal decision exists until the round ends, cards are conserved, no bet returns a
negative amount, and replaying a round's record reproduces it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games.base import DrawAction, replay
from croupier.games.registry import game, load_variant

GAMES = [
    ("baccarat", "punto_banco_000"), ("dragon_tiger", "dragon_tiger_000"),
    ("football_studio", "football_studio_000"), ("top_card", "top_card_trumps_001"),
    ("top_card", "top_card_trump_000"), ("red_dog", "red_dog_000"), ("draw_hilo", "draw_hilo_000"),
    ("hilo", "hilo_000"), ("speedy7", "speedy7_000"), ("cards32", "cards32_000"),
    ("war_of_bets", "war_of_bets_000"), ("andar_bahar", "andar_bahar_000"),
]


@pytest.mark.parametrize("name,variant", GAMES)
@settings(max_examples=25, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10**6), min_size=64, max_size=64))
def test_a_round_always_ends_conserves_cards_and_replays(name: str, variant: str,
                                                         choices: list[int]) -> None:
    spec = game(name)
    v = load_variant(name, variant)
    engine: Any = spec.engine
    state = engine.start(v, spec.demo_bets(v, "XXX"), "XXX")
    start_size = state.shoe.size if hasattr(state, "shoe") else None
    steps = 0
    while not engine.is_finished(state):
        pick = choices[steps % len(choices)] + steps
        req = engine.next_draw(state)
        if req is not None:
            state = engine.apply(state, DrawAction(req.kind, pick % req.n))
        else:
            legal = engine.legal_actions(state)
            assert legal, "the round waits for nothing"
            state = engine.apply(state, legal[pick % len(legal)])
        steps += 1
        assert steps < 500
    settlement = engine.settle(state)
    assert all(b.returned >= 0 for b in settlement.bets)
    dealt = sum(1 for e in state.events if e.type == "draw" and e.data["kind"] == "card")
    refilled = any(e.type == "new_shoe" for e in state.events)
    if start_size is not None and not refilled:
        assert start_size - state.shoe.size == dealt
    assert replay(engine, v, state.events) == settlement
