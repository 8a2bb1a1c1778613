"""The shoe dealer of card tables (platform/shoes.py), without a database: property tests.

A round's draws are stored in the fresh-shoe convention (the index of each card in the sorted
fresh composition) so every player's bets settle through the ordinary path; these tests check,
differentially, that this settles exactly like the engine run on the shoe's true remaining
composition (``TableShoe.deal_coup`` for baccarat, ``start(..., shoe=...)`` for Dragon Tiger), and
that rounds take the shoe's cards contiguously, in order, from the first card after the burn."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games.baccarat.shoe import TableShoe, burn_count
from croupier.games.base import BetRequest, DrawAction
from croupier.games.cardcompare.composition import Composition
from croupier.games.registry import game, load_variant
from croupier.platform import shoes
from croupier.rng import fair

seeds = st.binary(min_size=32, max_size=32).map(bytes.hex)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, rounds=st.integers(1, 12))
def test_004_3_2_baccarat_rounds_take_the_shoe_in_order_and_settle_as_the_true_shoe(
        seed: str, rounds: int) -> None:
    spec, variant = game("baccarat"), load_variant("baccarat", "live_004")
    shoe = shoes.shuffle_cards("baccarat", "live_004", seed, "t:shoe:1")
    assert shoe.first == 1 + burn_count(shoe.cards[0])  # 004 §3.2
    assert shoe.cut == len(shoe.cards) - variant.cut_card_from_end
    bets = [BetRequest(code, 100 + 7 * i) for i, code in enumerate(variant.bet_codes)]
    pos = shoe.first
    for _ in range(rounds):
        d = shoes.deal(spec, variant, shoe.cards, pos)
        assert d.cards == list(shoe.cards[pos:d.next_position]) and 4 <= len(d.cards) <= 6
        state = spec.engine.start(variant, bets, "EUR")  # a fresh shoe, as settle_play does
        for a in d.actions:
            state = spec.engine.apply(state, a)
        true_state, true_settlement, after = TableShoe(shoe.cards, pos, shoe.cut).deal_coup(
            variant, bets, "EUR")
        assert after.position == d.next_position
        assert (state.player, state.banker) == (true_state.player, true_state.banker)
        assert spec.engine.settle(state) == true_settlement
        pos = d.next_position


@settings(max_examples=25, deadline=None)
@given(seed=seeds, rounds=st.integers(1, 20))
def test_000_12_24_dragon_tiger_rounds_settle_as_the_true_shoe(seed: str, rounds: int) -> None:
    spec, variant = game("dragon_tiger"), load_variant("dragon_tiger", "dragon_tiger_000")
    shoe = shoes.shuffle_cards("dragon_tiger", "dragon_tiger_000", seed, "t:shoe:1")
    assert shoe.first == 0 and sorted(shoe.cards) == sorted(
        c for c, n in Composition.decks(8).codes() for _ in range(n))
    bets = [BetRequest(code, 300) for code in variant.bet_codes]
    pos = 0
    for _ in range(rounds):
        d = shoes.deal(spec, variant, shoe.cards, pos)
        assert d.cards == list(shoe.cards[pos:pos + 2]) and d.to == ["dragon", "tiger"]
        state = spec.engine.start(variant, bets, "EUR")
        for a in d.actions:
            state = spec.engine.apply(state, a)
        true = spec.engine.start(variant, bets, "EUR", shoe=Composition.of(shoe.cards[pos:]))
        for card in shoe.cards[pos:pos + 2]:
            true = spec.engine.apply(true, DrawAction("card", true.shoe.index_of(card)))
        assert spec.engine.settle(state) == spec.engine.settle(true)
        pos = d.next_position


@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_a_shoe_is_a_function_of_its_seed_pair(seed: str) -> None:
    a = shoes.shuffle_cards("baccarat", "live_004", seed, "t:shoe:1")
    assert shoes.shuffle_cards("baccarat", "live_004", seed, "t:shoe:1") == a
    assert shoes.shuffle_cards("baccarat", "live_004", seed, "t:shoe:2").cards != a.cards
    assert shoes.verify_shoe("baccarat", "live_004", seed, "t:shoe:1", fair.commitment(seed), a.cards)


def test_a_shoe_that_runs_out_raises_a_shoe_error() -> None:
    spec, variant = game("baccarat"), load_variant("baccarat", "live_004")
    shoe = shoes.shuffle_cards("baccarat", "live_004", "ab" * 32, "t:shoe:1")
    with pytest.raises(shoes.ShoeError):
        shoes.deal(spec, variant, shoe.cards, len(shoe.cards) - 3)
