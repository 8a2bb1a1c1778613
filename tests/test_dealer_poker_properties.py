"""Invariants of every dealer-poker game: cards conserved, a legal decision exists until the round
ends, replay reproduces the round, returns are never negative."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games.base import BetRequest, Decision, play, replay
from croupier.games.registry import game, parse_unchecked, variant_names
from croupier.rng import seeded

POKER = ["three_card_poker", "triple_edge_poker", "casino_holdem", "texas_holdem", "caribbean_stud",
         "five_card_poker", "five_card_poker_exchange", "six_card_poker", "poker_with_joker",
         "russian_poker", "side_bet_city", "three_card_rummy"]
SIDE = {"three_card_poker": ["pair_plus", "six_card_bonus"], "casino_holdem": ["bonus"],
        "texas_holdem": ["blind", "trips"], "caribbean_stud": ["bonus"], "three_card_rummy": ["bonus"]}


def bets_for(name: str, variant: Any) -> list[BetRequest]:
    if name == "side_bet_city":
        return [BetRequest(c, 100) for c in ("three_card", "five_card", "seven_card", "all_lose")]
    codes = ["ante"] + [c for c in SIDE.get(name, []) if c == "blind" or variant.table(c)]
    return [BetRequest(c, 200 if c == "ante" else 100 if c != "blind" else 200) for c in codes]


@pytest.mark.parametrize("name", POKER)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), picks=st.lists(st.integers(0, 10), min_size=6, max_size=6))
def test_rounds_conserve_cards_offer_a_decision_and_replay(name: str, seed: int, picks: list[int]) -> None:
    spec = game(name)
    variant = parse_unchecked(name, variant_names(name)[0])
    choices = iter(picks)

    def decide(state: Any, legal: list[Decision]) -> Decision:
        assert legal, "the round waits for a decision and offers none"
        d = legal[next(choices, 0) % len(legal)]
        if d.name == "exchange":
            return Decision("exchange", {"cards": [0, 1]} if name == "russian_poker" else {"card": 0})
        return d

    state, settlement = play(spec.engine, variant, bets_for(name, variant), "XXX", seeded(seed), decide)
    dealt = [c for _, c in state.cards]
    assert len(dealt) == len(set(dealt))
    assert all(b.returned >= 0 for b in settlement.bets)
    assert replay(spec.engine, variant, state.events) == settlement
