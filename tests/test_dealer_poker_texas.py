"""Texas Hold'em against the dealer (000 §12.8.2)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from croupier.cards.poker_counts import best_five_counts
from croupier.errors import IllegalAction, InvalidBet
from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.dealer_poker import TEXAS_HOLDEM as E
from croupier.games.dealer_poker.analysis import (
    best_k_classes,
    random_deals,
    run_deal,
    sample_classes,
    seed_rng,
)
from croupier.games.dealer_poker.texas import keyer, plays
from croupier.games.registry import game, load_variant, parse_unchecked

from .poker_helpers import deal, returned

V = parse_unchecked("texas_holdem", "digitain")
BETS = {"ante": 100, "blind": 100}
# deal order: player 2, (pre-flop decision), flop 3, (decision), turn, river, (decision), dealer 2


def test_000_12_8_2_player_wins_ante_play_1_to_1_and_blind_by_its_table() -> None:
    _, s = deal(E, V, BETS, "Ah Kh  Qh 7h 2h  3d 9s  3c 3s", "play4")
    # flush: Blind 3/2:1; dealer pair of threes qualifies
    assert returned(s) == {"ante": 200, "blind": 250, "play": 800}


def test_000_12_8_2_dealer_without_a_pair_the_ante_is_returned() -> None:
    _, s = deal(E, V, BETS, "Ah Kd  Qh 7c 2h  3d 9s  4c 5s", "check", "check", "play1")
    assert returned(s) == {"ante": 100, "blind": 100, "play": 200}  # ace high wins; blind pushes


def test_000_12_8_2_dealer_wins_takes_blind_and_play() -> None:
    _, s = deal(E, V, BETS, "2h 3d  Qh 7c 9h  Td 4s  Qc 5s", "play3")
    assert returned(s) == {"ante": 0, "blind": 0, "play": 0}


def test_000_12_8_2_fold_at_the_river_loses_ante_and_blind_trips_still_pays() -> None:
    _, s = deal(E, V, {**BETS, "trips": 100}, "2h 3d  2c 2s 9h  Td Ks  Qc 5s", "check", "check", "fold")
    assert returned(s) == {"ante": 0, "blind": 0, "trips": 400}  # three of a kind 3:1


def test_000_12_8_2_the_player_raises_only_once() -> None:
    state = E.start(V, [BetRequest(c, s) for c, s in BETS.items()], "AMD")
    for _ in range(2):
        state = E.apply(state, DrawAction("card", 0))
    state = E.apply(state, Decision("play4"))
    for _ in range(3):
        state = E.apply(state, DrawAction("card", 0))
    with pytest.raises(IllegalAction, match="no decision is open"):
        E.apply(state, Decision("play2"))


def test_000_12_8_2_the_blind_equals_the_ante() -> None:
    with pytest.raises(InvalidBet, match="Blind"):
        E.start(V, [BetRequest("ante", 100)], "AMD")
    with pytest.raises(InvalidBet, match="Blind"):
        E.start(V, [BetRequest("ante", 100), BetRequest("blind", 50)], "AMD")


def test_seven_card_class_counts_from_rank_multisets_match_exhaustion_for_5_and_6_cards() -> None:
    for k in (5, 6):
        exhaustive = {c: n for c, (n, _) in best_k_classes(k).items()}
        counts = best_five_counts(k)
        names = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
                 "full_house", "four_of_a_kind", "straight_flush", "five_of_a_kind", "royal_flush",
                 "pair_of_aces"]
        assert {names[c]: n for c, n in exhaustive.items()} == {h: n for h, n in counts.items() if n}
        assert sum(counts.values()) == comb(52, k)


def test_trips_rtp_from_the_seven_card_counts() -> None:
    counts = best_five_counts(7)
    assert sum(counts.values()) == comb(52, 7)
    table = {h: p.total for h, p in V.table("trips").items()}
    expected = sum(counts[h] * table[h] for h in table) / comb(52, 7)
    trips = {r.bet: r for r in game("texas_holdem").exact(V)}["trips"]
    assert trips.rtp == expected


def test_the_engine_settles_every_deal_of_a_class_alike() -> None:
    found = sample_classes(V, 5000, 5, 9, keyer)["ante"]
    deals = random_deals(seed_rng(13), 300, 9)
    keys = keyer(deals)["ante"]
    bets = [BetRequest(c, s) for c, s in BETS.items()]
    for i, row in enumerate(deals):
        k = int(keys[i])
        if k in found:
            _, s = run_deal(E, V, bets, [int(c) for c in row], plays)
            _, rep = run_deal(E, V, bets, found[k][1], plays)
            assert s.total_returned - s.total_stake == rep.total_returned - rep.total_stake
    assert np.all(keys >= 0)


def test_variant_passes_admission() -> None:
    assert load_variant("texas_holdem", "digitain").game == "texas_holdem"
