"""Three Card Poker / Teen Patti (000 §12.7, 003 §5) and Triple Edge Poker (001 §9.5)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    RoundFinished,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.base import BetRequest, Decision, DrawAction, play, replay
from croupier.games.dealer_poker import THREE_CARD, TRIPLE_EDGE, InsufficientFunds
from croupier.games.dealer_poker.analysis import run_deal, sample_classes
from croupier.games.dealer_poker.three_card import keyer, q64
from croupier.games.registry import game, load_variant, parse_unchecked
from croupier.rng import seeded

from .poker_helpers import best_five_closed_forms, deal, returned, rtp_of

LIVE = parse_unchecked("three_card_poker", "live")
TEEN = parse_unchecked("three_card_poker", "teen_patti")
EDGE = parse_unchecked("triple_edge_poker", "beton")
BETS = {"ante": 100, "pair_plus": 100, "six_card_bonus": 100}


def test_000_12_7_dealer_below_queen_high_ante_pays_1_to_1_and_play_is_returned() -> None:
    _, s = deal(THREE_CARD, LIVE, {"ante": 100}, "2c 5d 9h  Jc 8d 3h", "play")
    assert returned(s) == {"ante": 200, "play": 100}


def test_003_5_1_better_hand_wins_ante_and_play_1_to_1() -> None:
    _, s = deal(THREE_CARD, LIVE, {"ante": 100}, "Kc Kd 9h  Qc 8d 3h", "play")
    assert returned(s) == {"ante": 200, "play": 200}


def test_003_5_1_dealer_wins_takes_ante_and_play() -> None:
    _, s = deal(THREE_CARD, LIVE, {"ante": 100}, "Qc 7d 2h  Kc 8d 3h", "play")
    assert returned(s) == {"ante": 0, "play": 0}


def test_000_12_7_tie_with_a_qualifying_dealer_pushes() -> None:
    _, s = deal(THREE_CARD, LIVE, {"ante": 100}, "Qc 7d 2h  Qd 7h 2s", "play")
    assert returned(s) == {"ante": 100, "play": 100}


def test_003_5_1_ante_bonus_is_paid_even_if_the_dealer_wins() -> None:
    # player straight 2-3-4 (bonus 1:1) loses to the dealer's three of a kind
    _, s = deal(THREE_CARD, LIVE, {"ante": 100}, "2c 3d 4h  5c 5d 5h", "play")
    assert returned(s) == {"ante": 100, "play": 0}
    # straight flush wins and collects the 5:1 bonus on top of the 1:1
    _, s = deal(THREE_CARD, LIVE, {"ante": 100}, "9h Th Jh  Ac 5d 3h", "play")
    assert returned(s) == {"ante": 200 + 500, "play": 200}


def test_001_9_5_ante_bonus_not_paid_when_beaten_in_triple_edge() -> None:
    _, s = deal(TRIPLE_EDGE, EDGE, {"ante": 100}, "2c 3d 4h  5c 5d 5h", "play")
    assert returned(s) == {"ante": 0, "play": 0}


def test_003_5_1_fold_loses_the_ante_but_pair_plus_and_six_card_bonus_are_paid() -> None:
    _, s = deal(THREE_CARD, LIVE, BETS, "7c 7d 2h  7h Kc Ks", "fold")
    # pair plus: a pair 1:1; six cards: 7-7-7-K-K full house 20:1
    assert returned(s) == {"ante": 0, "pair_plus": 200, "six_card_bonus": 2100}


def test_001_9_5_pass_forfeits_pair_plus() -> None:
    _, s = deal(TRIPLE_EDGE, EDGE, {"ante": 100, "pair_plus": 100}, "7c 7d 2h  9h Kc Ks", "fold")
    assert returned(s) == {"ante": 0, "pair_plus": 0}


def test_003_5_2_mini_royal_pays_100_to_1_on_pair_plus() -> None:
    _, s = deal(THREE_CARD, LIVE, {"ante": 100, "pair_plus": 100}, "Qd Kd Ad  2c 3c 5h", "play")
    assert returned(s)["pair_plus"] == 10100


# -- input errors ----------------------------------------------------------------------------------

def test_side_bets_need_an_ante_and_unknown_bets_are_refused() -> None:
    with pytest.raises(InvalidBet, match="Ante"):
        THREE_CARD.start(LIVE, [BetRequest("pair_plus", 100)], "EUR")
    with pytest.raises(UnknownBetCode):
        THREE_CARD.start(LIVE, [BetRequest("ante", 100), BetRequest("call", 100)], "EUR")
    with pytest.raises(UnknownBetCode, match="six_card_bonus"):
        TRIPLE_EDGE.start(EDGE, [BetRequest("ante", 100), BetRequest("six_card_bonus", 100)], "UAH")
    with pytest.raises(StakeBelowMinimum):
        THREE_CARD.start(LIVE, [BetRequest("ante", 5)], "EUR")


def _after_deal() -> object:
    state = THREE_CARD.start(LIVE, [BetRequest("ante", 100)], "EUR")
    for _ in range(3):
        state = THREE_CARD.apply(state, DrawAction("card", 0))
    return state


def test_playing_without_funds_for_the_play_bet_is_refused() -> None:
    state = _after_deal()
    with pytest.raises(InsufficientFunds, match="needs 1.00 EUR"):
        THREE_CARD.apply(state, Decision("play", {"funds": 99}))  # type: ignore[arg-type]
    ok = THREE_CARD.apply(state, Decision("play", {"funds": 100}))  # type: ignore[arg-type]
    assert ok.stake("play") == 100


def test_deciding_twice_or_playing_after_a_fold_is_refused() -> None:
    state = THREE_CARD.apply(_after_deal(), Decision("fold"))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no decision is open"):
        THREE_CARD.apply(state, Decision("play"))
    with pytest.raises(IllegalAction, match="waits for a player decision"):
        THREE_CARD.apply(_after_deal(), DrawAction("card", 0))  # type: ignore[arg-type]
    for _ in range(3):
        state = THREE_CARD.apply(state, DrawAction("card", 0))
    with pytest.raises(RoundFinished):
        THREE_CARD.apply(state, Decision("play"))


def test_a_draw_out_of_range_is_refused() -> None:
    state = THREE_CARD.start(LIVE, [BetRequest("ante", 100)], "EUR")
    with pytest.raises(IllegalAction, match=r"\[0, 52\)"):
        THREE_CARD.apply(state, DrawAction("card", 52))


# -- invariants and replay -------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_rounds_conserve_cards_and_replay_exactly(seed: int, fold: bool) -> None:
    bets = [BetRequest(c, s) for c, s in BETS.items()]

    def decide(state: object, legal: list[Decision]) -> Decision:
        assert legal  # a legal decision exists while the round waits for one
        return Decision("fold") if fold else Decision("play")

    state, settlement = play(THREE_CARD, LIVE, bets, "EUR", seeded(seed), decide)
    dealt = [c for _, c in state.cards]
    assert len(dealt) == 6 == len(set(dealt))
    assert replay(THREE_CARD, LIVE, state.events) == settlement
    assert all(b.returned >= 0 for b in settlement.bets)


def test_the_engine_settles_every_deal_of_a_class_alike() -> None:
    """Differential test: the classes of the analysis determine the engine's settlement."""
    found = sample_classes(LIVE, 3000, 5, 6, keyer(LIVE))
    from croupier.games.dealer_poker.analysis import random_deals, seed_rng

    deals = random_deals(seed_rng(11), 600, 6)
    keys = keyer(LIVE)(deals)
    bets = [BetRequest(c, s) for c, s in BETS.items()]
    for i, row in enumerate(deals):
        _, s = run_deal(THREE_CARD, LIVE, bets, [int(c) for c in row], q64)
        for code in ("ante", "pair_plus", "six_card_bonus"):
            k = int(keys[code][i])
            if k in found[code]:
                _, rep = run_deal(THREE_CARD, LIVE, bets, found[code][k][1], q64)
                if code == "ante":
                    assert returned(s)["ante"] + returned(s).get("play", 0) == \
                        returned(rep)["ante"] + returned(rep).get("play", 0)
                else:
                    assert returned(s)[code] == returned(rep)[code]


# -- exact figures ---------------------------------------------------------------------------------

def _net(table: dict[str, object]) -> dict[str, Fraction]:
    return {h: p.net for h, p in table.items()}  # type: ignore[attr-defined]


def test_000_12_7_pair_plus_rtp_matches_the_three_card_closed_forms() -> None:
    seqs = 12
    counts = {"mini_royal": 4, "straight_flush": seqs * 4 - 4, "three_of_a_kind": 52,
              "straight": seqs * 64 - seqs * 4, "flush": 4 * comb(13, 3) - seqs * 4,
              "pair": 13 * 6 * 48}
    rtps = {r.bet: r for r in game("three_card_poker").exact(LIVE)}
    assert rtps["pair_plus"].rtp == rtp_of(counts, _net(dict(LIVE.table("pair_plus"))), comb(52, 3))
    edge_pp = {r.bet: r for r in game("triple_edge_poker").exact(EDGE)}["pair_plus"]
    # Triple Edge: no mini royal row (a mini royal is a straight flush), PASS forfeits Pair Plus
    assert edge_pp.rtp < 1


def test_000_12_7_six_card_bonus_rtp_matches_the_six_card_closed_forms() -> None:
    counts = best_five_closed_forms(6)
    rtps = {r.bet: r for r in game("three_card_poker").exact(TEEN)}
    assert rtps["six_card_bonus"].rtp == rtp_of(counts, _net(dict(TEEN.table("six_card_bonus"))), comb(52, 6))


def test_003_5_ante_with_q64_strategy_has_the_known_house_edge() -> None:
    ante = {r.bet: r for r in game("three_card_poker").exact(LIVE)}["ante"]
    # published cross-check: 3.37% per Ante with the Q-6-4 strategy
    assert abs(float(ante.house_edge) - 0.03373) < 0.00005


def test_every_three_card_variant_passes_admission() -> None:
    for g, v in (("three_card_poker", "live"), ("three_card_poker", "teen_patti"), ("triple_edge_poker", "beton")):
        assert load_variant(g, v).name == v


def test_simulation_confirms_the_exact_figures() -> None:
    spec = game("three_card_poker")
    exact = {r.bet: r for r in spec.exact(LIVE)}
    for s in spec.simulate(LIVE, 200_000, 3, None):
        assert s.ci99[0] <= float(exact[s.bet].rtp) <= s.ci99[1], s
