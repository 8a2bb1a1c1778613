"""Side Bet City (000 §12.53)."""

from __future__ import annotations

from math import comb

import pytest

from croupier.errors import UnknownBetCode
from croupier.games.base import BetRequest
from croupier.games.dealer_poker import SIDE_BET_CITY as E
from croupier.games.dealer_poker.analysis import run_deal
from croupier.games.registry import game, load_variant, parse_unchecked

from .poker_helpers import best_five_closed_forms, cards, returned, rtp_of

V = parse_unchecked("side_bet_city", "digitain")
ALL = {"three_card": 100, "five_card": 100, "seven_card": 100, "all_lose": 100}


def play7(text: str) -> dict[str, int]:
    bets = [BetRequest(c, s) for c, s in ALL.items()]
    _, s = run_deal(E, V, bets, cards(text), lambda st, legal: legal[0])
    return returned(s)


def test_000_12_53_each_hand_is_read_from_its_cards() -> None:
    # 3 cards: a pair of kings (1:1); 5 cards: kings up two pair (4:1); 7: a full house (7:1)
    assert play7("Kc Kd 2h 2s 9c Kh 3d") == {"three_card": 200, "five_card": 500, "seven_card": 800, "all_lose": 0}


def test_000_12_53_all_lose_pays_0_7_to_1_when_no_hand_wins() -> None:
    # 3 cards high, 5 cards a pair of nines (below jacks), 7 cards two pair (below trips)
    assert play7("9c Kd 2h 9s 5c 2d 7h") == {"three_card": 0, "five_card": 0, "seven_card": 0, "all_lose": 170}


def test_000_12_53_three_card_ace_king_queen_suited_is_the_royal_flush() -> None:
    assert play7("Ah Kh Qh 2s 5c 8d 9c")["three_card"] == 10100


def test_000_12_53_no_ante_is_needed_and_unknown_bets_are_refused() -> None:
    E.start(V, [BetRequest("all_lose", 10)], "AMD")
    with pytest.raises(UnknownBetCode):
        E.start(V, [BetRequest("ante", 10)], "AMD")


def test_000_12_53_five_and_seven_card_rtps_match_the_closed_forms() -> None:
    rtps = {r.bet: r for r in game("side_bet_city").exact(V)}
    c5 = best_five_closed_forms(5)
    c5 = {**c5, "pair_jacks_or_better": 0}
    # a pair of jacks or better: four of the thirteen pair ranks (J, Q, K, A), by symmetry
    c5["pair_jacks_or_better"] = (c5["pair"] + c5["pair_of_aces"]) * 4 // 13
    table5 = {h: p.net for h, p in V.table("five_card").items()}
    assert rtps["five_card"].rtp == rtp_of(c5, table5, comb(52, 5))
    c7 = best_five_closed_forms(7)
    assert rtps["seven_card"].rtp == rtp_of(c7, {h: p.net for h, p in V.table("seven_card").items()}, comb(52, 7))
    assert rtps["all_lose"].rtp < 1


def test_variant_passes_admission() -> None:
    assert load_variant("side_bet_city", "digitain").game == "side_bet_city"


def test_000_12_53_all_lose_exact_figure_lies_in_the_simulated_interval() -> None:
    exact = {r.bet: r for r in game("side_bet_city").exact(V)}["all_lose"]
    sim = {s.bet: s for s in game("side_bet_city").simulate(V, 400_000, 9, None)}["all_lose"]
    assert sim.ci99[0] <= float(exact.rtp) <= sim.ci99[1]
    assert exact.rtp.denominator > 1 and not hasattr(exact, "ci99")
