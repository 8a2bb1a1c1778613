"""Casino Hold'em (000 §12.8.1, 003 §3, 004 §5)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from croupier.errors import IllegalAction
from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.dealer_poker import CASINO_HOLDEM, InsufficientFunds
from croupier.games.dealer_poker.analysis import random_deals, run_deal, sample_classes, seed_rng
from croupier.games.dealer_poker.casino_holdem import calls, keyer
from croupier.games.registry import game, load_variant, parse_unchecked

from .poker_helpers import best_five_closed_forms, deal, returned, rtp_of

RNG = parse_unchecked("casino_holdem", "digitain")
LIVE = parse_unchecked("casino_holdem", "live")
E = CASINO_HOLDEM
# deal order: player 2, flop 3, (decision), turn, river, dealer 2


def test_000_12_8_1_dealer_below_a_pair_of_fours_ante_pays_the_table_call_returned() -> None:
    _, s = deal(E, LIVE, {"ante": 100}, "Ah Kh  Qh 7h 2h  3d 9s  3c 5s", "call")
    # player: ace-high flush (2:1); dealer: a pair of threes does not qualify
    assert returned(s) == {"ante": 300, "call": 200}


def test_003_3_3_player_beats_a_qualifying_dealer_ante_by_table_call_1_to_1() -> None:
    _, s = deal(E, LIVE, {"ante": 100}, "Kc Kd  Ks 7h 2c  3d 9s  4c 4s", "call")
    # player: three kings (1:1); dealer: a pair of fours qualifies
    assert returned(s) == {"ante": 200, "call": 400}


def test_004_5_19_a_qualifying_dealer_with_the_better_hand_takes_ante_and_call() -> None:
    _, s = deal(E, LIVE, {"ante": 100}, "Qc Jd  Ks 7h 2c  3d 9s  Kc 5s", "call")
    assert returned(s) == {"ante": 0, "call": 0}


def test_004_5_21_identical_hands_push() -> None:
    _, s = deal(E, LIVE, {"ante": 100}, "2c 3d  As Ah Kc Qd Js  4c 5s", "call")
    assert returned(s) == {"ante": 100, "call": 200}


def test_003_3_2_fold_loses_ante_and_bonus_at_the_live_table() -> None:
    _, s = deal(E, LIVE, {"ante": 100, "bonus": 100}, "Ac 3d  Ad 7h 2c  3c 9s  4c 5s", "fold")
    assert returned(s) == {"ante": 0, "bonus": 0}
    _, s = deal(E, LIVE, {"ante": 100, "bonus": 100}, "Ac 3d  Ad 7h 2c  3c 9s  4c 5s", "call")
    assert returned(s)["bonus"] == 800  # a pair of aces in the first five: 7:1


def test_000_12_8_1_bonus_is_settled_after_a_fold_in_the_rng_game() -> None:
    _, s = deal(E, RNG, {"ante": 100, "bonus": 100}, "Ac 3d  Ad 7h 2c  3c 9s  4c 5s", "fold")
    assert returned(s) == {"ante": 0, "bonus": 800}


def test_000_12_8_1_bonus_counts_only_the_first_five_cards() -> None:
    # aces pair only with the turn card: no bonus
    _, s = deal(E, RNG, {"ante": 100, "bonus": 100}, "Ac 3d  Kd 7h 2c  Ah 9s  4c 5s", "call")
    assert returned(s)["bonus"] == 0


def test_003_3_4_funds_for_ante_and_call_are_needed_at_bet_time() -> None:
    bets = [BetRequest("ante", 100), BetRequest("bonus", 50)]
    assert E.required_funds(LIVE, bets) == 100 + 50 + 200


def _flop_state() -> object:
    state = E.start(LIVE, [BetRequest("ante", 100)], "EUR")
    for _ in range(5):
        state = E.apply(state, DrawAction("card", 0))
    return state


def test_calling_without_funds_for_the_call_is_refused() -> None:
    with pytest.raises(InsufficientFunds, match="call needs 2.00 EUR"):
        E.apply(_flop_state(), Decision("call", {"funds": 150}))  # type: ignore[arg-type]


def test_calling_after_a_fold_is_refused() -> None:
    state = E.apply(_flop_state(), Decision("fold"))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no decision is open"):
        E.apply(state, Decision("call"))


def test_bonus_rtp_matches_the_five_card_closed_forms() -> None:
    counts = best_five_closed_forms(5)
    table = {h: p.net for h, p in RNG.table("bonus").items()}
    bonus = {r.bet: r for r in game("casino_holdem").exact(RNG)}["bonus"]
    assert bonus.rtp == rtp_of(counts, table, comb(52, 5))
    live = {r.bet: r for r in game("casino_holdem").exact(LIVE)}["bonus"]
    assert live.rtp < bonus.rtp  # a fold now forfeits some winning bonuses


def test_the_engine_settles_every_deal_of_a_class_alike() -> None:
    found = sample_classes(LIVE, 5000, 5, 9, keyer)["ante"]
    deals = random_deals(seed_rng(12), 400, 9)
    keys = keyer(deals)["ante"]
    for i, row in enumerate(deals):
        k = int(keys[i])
        if k not in found:
            continue
        _, s = run_deal(E, LIVE, [BetRequest("ante", 100)], [int(c) for c in row], calls)
        _, rep = run_deal(E, LIVE, [BetRequest("ante", 100)], found[k][1], calls)
        assert s.total_returned == rep.total_returned


def test_main_bet_is_reported_as_a_simulation_with_its_interval() -> None:
    ante = {r.bet: r for r in game("casino_holdem").exact(load_variant("casino_holdem", "live"))}["ante"]
    lo, hi = ante.ci99  # type: ignore[attr-defined]
    assert lo < float(ante.rtp) < hi and ante.rounds == LIVE.sim_rounds  # type: ignore[attr-defined]
    assert Fraction(0) < ante.rtp < 1
