"""The RNG table shoe: 004 §3.2 burn procedure, the cut card, and coups that replay."""

from __future__ import annotations

import pytest

from croupier.cards import parse
from croupier.errors import IllegalAction
from croupier.games.baccarat.engine import replay_round
from croupier.games.baccarat.shoe import TableShoe, burn_count
from croupier.games.base import BetRequest
from croupier.games.registry import load_variant
from croupier.rng import seeded


@pytest.mark.parametrize("card,burned", [
    ("Ah", 1), ("2c", 2), ("5d", 5), ("9s", 9), ("Th", 10), ("Jc", 10), ("Qd", 10), ("Ks", 10),
])
def test_004_3_2_burn_as_many_cards_as_the_shown_card_is_worth(card: str, burned: int) -> None:
    assert burn_count(parse(card)) == burned


def test_004_3_2_a_new_shoe_shows_one_card_and_burns_its_value() -> None:
    v = load_variant("baccarat", "live_004")
    shoe = TableShoe.new(v, seeded(42))
    assert shoe.shown == shoe.cards[0]
    assert len(shoe.burned) == burn_count(shoe.cards[0])
    assert shoe.position == 1 + len(shoe.burned)
    assert sorted(shoe.cards) == sorted(load_shoe_cards(v.decks))


def load_shoe_cards(decks: int) -> list[int]:
    from croupier.cards import deck

    return deck(decks)


def test_no_burn_for_variants_without_the_procedure() -> None:
    shoe = TableShoe.new(load_variant("baccarat", "mini_001"), seeded(1))
    assert shoe.position == 0 and shoe.shown is None


def test_004_3_2_the_shoe_is_dealt_in_order_to_the_cut_card_and_every_coup_replays() -> None:
    v = load_variant("baccarat", "live_004")
    shoe = TableShoe.new(v, seeded(3))
    start = shoe.position
    coups = 0
    while not shoe.finished:
        state, settlement, nxt = shoe.deal_coup(v, [BetRequest("player", 100)], "EUR")
        dealt = nxt.cards[shoe.position:nxt.position]
        # cards come out of the shoe in its order, Player first (002 "Game Start")
        assert list(dealt[:4]) == [state.player[0], state.banker[0], state.player[1], state.banker[1]]
        assert replay_round(v, state.events) == settlement
        shoe = nxt
        coups += 1
    assert shoe.position >= shoe.cut > start
    assert shoe.position - shoe.cut < 6  # the coup that reached the cut card was finished
    assert coups > 50
    with pytest.raises(IllegalAction, match="cut card"):
        shoe.deal_coup(v, [BetRequest("player", 100)], "EUR")
