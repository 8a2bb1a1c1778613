"""5 Card Stud, player against player (000 §12.9), on the PvP poker engine."""

from __future__ import annotations

import pytest

from croupier.errors import InvalidBet
from croupier.games.pvp.poker.core import open_cards_key
from croupier.games.pvp.poker.engine import ENGINE
from croupier.games.pvp.poker.variant import load_variant
from tests.pvp_poker_helpers import act, cards, check_down, deal, start

STUD = load_variant("five_card_stud", "fixed_limit")


def test_000_12_9_one_52_card_deck_up_to_7_players() -> None:
    assert STUD.deck_size == 52 and STUD.max_players == 7
    with pytest.raises(InvalidBet, match="2 to 7 players"):
        start(STUD, [1000] * 8)


def test_000_12_9_first_hand_makes_a_mandatory_closed_bet() -> None:
    s = start(STUD, [1000] * 3, button=3, bb=20)
    posted = [(e.data["seat"], e.data["kind"], e.data["amount"]) for e in s.events if e.type == "posted"]
    assert posted == [(1, "first_hand", 20)]


def test_000_12_9_two_cards_one_closed_one_open_clockwise() -> None:
    s = start(STUD, [1000] * 3, button=3, bb=20)
    s = deal(s, "2c 3c 4c 5d Kd Qs")
    assert s.hole == tuple(tuple(cards(h)) for h in ("2c 5d", "3c Kd", "4c Qs"))
    dealt = next(e for e in s.events if e.type == "dealt")
    assert [up for _, _, up in dealt.data["cards"]] == [False] * 3 + [True] * 3


def test_000_12_9_betting_starts_with_the_highest_open_card() -> None:
    s = deal(start(STUD, [1000] * 3, button=3, bb=20), "2c 3c 4c 5d Qd Ks")
    assert ENGINE.to_act(s) == 3


def test_000_12_9_equal_open_cards_the_player_left_of_the_dealer_starts() -> None:
    s = deal(start(STUD, [1000] * 3, button=3, bb=20), "2c 3c 4c 5d Kd Ks")
    assert ENGINE.to_act(s) == 2  # seats 2 and 3 show a King; seat 2 is nearer the dealer's left
    s = deal(start(STUD, [1000] * 3, button=1, bb=20), "2c 3c 4c 5d Kd Ks")
    # button 1: the deal starts at seat 2 (5d), seat 3 (Kd), seat 1 (Ks); seat 3 is nearer the left
    assert ENGINE.to_act(s) == 3


def test_000_12_9_later_rounds_start_with_the_highest_open_combination() -> None:
    s = deal(start(STUD, [1000] * 3, button=3, bb=20), "2c 3c 4c 5d Kd Qs")
    s = check_down(s)
    s = deal(s, "5h 2d 9s")  # seat 1 shows a pair of fives, seat 2 K-2, seat 3 Q-9
    assert ENGINE.to_act(s) == 1
    assert open_cards_key(cards("5d 5h")) > open_cards_key(cards("Kd Ad"))


def test_000_12_9_five_cards_highest_combination_takes_the_bank() -> None:
    s = deal(start(STUD, [1000] * 2, button=2, bb=20), "2c 3c 5d Kd")
    s = check_down(s)
    for street in ("5h 2d", "5s 9d", "7c 4d"):
        s = check_down(deal(s, street))
    assert all(len(h) == 5 for h in s.hole)
    se = ENGINE.settle(s)
    # seat 1: 2c 5d 5h 5s 7c (three fives) beats seat 2: 3c Kd 2d 9d 4d (high card)
    assert [b.returned for b in se.bets] == [40, 0]


def test_000_12_9_tie_splits_the_bank() -> None:
    s = deal(start(STUD, [1000] * 2, button=2, bb=20), "2c 2d Ac Ad")
    s = check_down(s)
    for street in ("Kc Kd", "Qc Qd", "9h 9s"):
        s = check_down(deal(s, street))
    assert [b.returned for b in ENGINE.settle(s).bets] == [20, 20]


def test_000_12_9_fixed_limit_doubles_in_later_rounds() -> None:
    s = deal(start(STUD, [1000] * 2, button=2, bb=20), "2c 3c 5d Kd")
    assert ENGINE.raise_range(s) == (40, 40)
    s = check_down(s)
    s = deal(s, "5h 2d")
    assert ENGINE.raise_range(s) == (20, 20)
    s = deal(check_down(s), "5s 9d")
    assert ENGINE.raise_range(s) == (40, 40)


def test_000_12_9_all_in_deals_every_remaining_card_face_up_then_compares() -> None:
    s = deal(start(load_variant("five_card_stud", "no_limit"), [1000, 300], button=2, bb=20), "2c 3c 5d Kd")
    s = act(s, 2, "raise", to=300)  # seat 2 shows the King: he starts, and goes all-in
    s = act(s, 1, "call")
    assert s.phase == "deal" and len(s.queue) == 6  # no run-it-twice in stud: the rest at once
    s = deal(s, "5h 2d 5s 9d 7c 4d")
    assert all(len(h) == 5 for h in s.hole)
    se = ENGINE.settle(s)
    assert [b.returned for b in se.bets] == [600, 0]
