"""Russian Poker (002): exchange, sixth card, insurance, two combinations."""

from __future__ import annotations

import pytest

from croupier.cards.poker import hand_name
from croupier.cards.russian import ACE_KING, two_combinations
from croupier.errors import IllegalAction
from croupier.games.base import BetRequest, Decision
from croupier.games.dealer_poker import RUSSIAN_POKER as E
from croupier.games.dealer_poker.analysis import random_deals, run_deal, sample_classes, seed_rng
from croupier.games.dealer_poker.russian import bets_with, keyer
from croupier.games.registry import load_variant, parse_unchecked

from .poker_helpers import cards, deal, returned

V = parse_unchecked("russian_poker", "tdc")
# deal order: player 5, dealer's face-up card, (decisions, new cards), dealer's other 4


def names(text: str) -> tuple[str, str | None]:
    p, s = two_combinations(cards(text))
    return hand_name(p), None if s is None else "ace_king" if s == ACE_KING else hand_name(s)


def test_002_ace_king_is_the_only_five_card_second_combination() -> None:
    assert names("7c 7d Ah Ks 2c") == ("pair", "ace_king")
    assert names("Ac Kd Qh 5s 2c") == ("high_card", None)
    assert names("7c 7d 9h 9s Kc") == ("two_pair", None)
    assert names("Ac Ad Kc Kd 5h") == ("two_pair", None)  # both A and K are in the primary


def test_002_six_cards_give_more_second_combinations() -> None:
    assert names("5c 6d 7h 8s 9c 9d") == ("straight", "straight")
    assert names("2h 5h 8h Jh Kh Ah") == ("flush", "flush")


def test_002_a_winner_is_paid_on_the_bet_for_both_combinations_and_the_ante_is_returned() -> None:
    _, s = deal(E, V, {"ante": 100}, "7c 7d Ah Ks 2c  Kd Ac 9c 5s 3d", "bet")
    assert returned(s) == {"ante": 100, "bet": 200 + 200 + 200}  # pair 1:1 and Ace-King 1:1


def test_002_dealer_without_a_game_pays_the_ante_1_to_1() -> None:
    _, s = deal(E, V, {"ante": 100}, "7c 7d Ah Ks 2c  Qd Jc 9c 5s 3d", "bet")
    assert returned(s) == {"ante": 200, "bet": 200}


def test_002_exchange_up_to_five_cards_once_for_the_ante() -> None:
    st, s = deal(E, V, {"ante": 100}, "7c 7d 2h 4s 9c  Kd  7h 7s  Ad Kc 9d 5s",
                 Decision("exchange", {"cards": ["2h", "4s"]}), "bet")
    assert hand_name(two_combinations(st.hand("player"))[0]) == "four_of_a_kind"
    assert returned(s) == {"ante": 100, "purchase": 0, "bet": 200 + 20 * 200}
    with pytest.raises(IllegalAction, match="not allowed now"):
        deal(E, V, {"ante": 100}, "7c 7d 2h 4s 9c  Kd  7h 7s",
             Decision("exchange", {"cards": [2, 3]}), Decision("exchange", {"cards": [0]}))
    with pytest.raises(IllegalAction, match="1 to 5 cards"):
        deal(E, V, {"ante": 100}, "7c 7d 2h 4s 9c  Kd", Decision("exchange", {"cards": []}))


def test_002_a_sixth_card_for_the_ante() -> None:
    _, s = deal(E, V, {"ante": 100}, "5c 6d 7h 8s Kc  Ad  9d  Ah Kd 9c 5s", "buy", "bet")
    assert returned(s) == {"ante": 100, "purchase": 0, "bet": 200 + 4 * 200}  # the straight only


def test_002_insurance_needs_three_of_a_kind_and_stays_in_its_range() -> None:
    with pytest.raises(IllegalAction, match="three of a kind"):
        deal(E, V, {"ante": 100}, "7c 7d 2h 4s 9c  Kd", Decision("bet", {"insurance": 100}))
    with pytest.raises(IllegalAction, match="half the anticipated"):
        deal(E, V, {"ante": 100}, "7c 7d 7h 4s 9c  Kd", Decision("bet", {"insurance": 400}))
    _, s = deal(E, V, {"ante": 100}, "7c 7d 7h 4s 9c  Qd Jc 8c 5s 3d", Decision("bet", {"insurance": 300}))
    assert returned(s) == {"ante": 200, "bet": 200, "insurance": 600}  # no game: insurance 1:1


def test_the_engine_settles_every_deal_of_a_class_alike() -> None:
    found = sample_classes(V, 5000, 5, 10, keyer)["ante"]
    deals = random_deals(seed_rng(14), 300, 10)
    keys = keyer(deals)["ante"]
    for i, row in enumerate(deals):
        k = int(keys[i])
        if k in found:
            _, s = run_deal(E, V, [BetRequest("ante", 100)], [int(c) for c in row], bets_with)
            _, rep = run_deal(E, V, [BetRequest("ante", 100)], found[k][1], bets_with)
            assert s.net == rep.net


def test_variant_passes_admission() -> None:
    assert load_variant("russian_poker", "tdc").game == "russian_poker"
