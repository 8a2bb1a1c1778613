"""Top Card Trump (000 §12.16) and Top Card Trumps (001 §9.4): casino war."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import parse
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    StakeBelowMinimum,
    VariantRefused,
)
from croupier.games.admission import admit
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.cardcompare.top_card import ENGINE, GAME, always_war
from croupier.games.cardcompare.top_card.variant import parse_variant
from croupier.games.registry import load_variant, read_data

T001 = "top_card_trumps_001"
T000 = "top_card_trump_000"


def run(variant: str, bets: list[BetRequest], script: list[str]):
    """Deal the cards named in ``script``; 'war' / 'fold' answer the pending tie."""
    v = load_variant("top_card", variant)
    state = ENGINE.start(v, bets, "UAH" if variant == T001 else "XXX")
    for step in script:
        if step in ("war", "fold"):
            state = ENGINE.apply(state, Decision(step, {"hand": state.queue[0]}))
        else:
            state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(step))))
    assert ENGINE.is_finished(state)
    s = ENGINE.settle(state)
    assert replay(ENGINE, v, state.events) == s
    return {b.code: b.returned for b in s.bets}, s


def test_001_9_4_higher_card_doubles_the_ante_and_lower_loses() -> None:
    got, _ = run(T001, [BetRequest("ante", 100, (2,))], ["Kc", "Qd"])
    assert got == {"ante": 200}
    got, _ = run(T001, [BetRequest("ante", 100, (2,))], ["2c", "Ad"])  # Ace is high
    assert got == {"ante": 0}


def test_001_9_4_pass_returns_half_the_ante() -> None:
    got, _ = run(T001, [BetRequest("ante", 100, (2,))], ["9c", "9d", "fold"])
    assert got == {"ante": 50}


def test_001_9_4_call_won_pays_ante_plus_two_raises() -> None:
    got, s = run(T001, [BetRequest("ante", 100, (2,))], ["9c", "9d", "war", "2h", "3h", "4h", "Kc", "5d"])
    assert got == {"ante": 100, "raise": 200}
    assert s.total_stake == 200 and s.total_returned == 300  # net +1 ANTE


def test_001_9_4_call_lost_loses_ante_and_raise() -> None:
    got, _ = run(T001, [BetRequest("ante", 100, (2,))], ["9c", "9d", "war", "2h", "3h", "4h", "5d", "Kc"])
    assert got == {"ante": 0, "raise": 0}


def test_001_9_4_a_tie_in_the_war_repeats_without_a_new_wager() -> None:
    got, s = run(T001, [BetRequest("ante", 100, (2,))],
                 ["9c", "9d", "war", "2h", "3h", "4h", "7c", "7d", "2s", "3s", "4s", "Ac", "5d"])
    assert got == {"ante": 100, "raise": 200}
    assert s.total_stake == 200


def test_000_12_16_a_tie_in_the_war_goes_to_the_player() -> None:
    got, _ = run(T000, [BetRequest("ante", 100)], ["9c", "9d", "war", "2h", "3h", "4h", "7c", "7d"])
    assert got == {"ante": 100, "raise": 200}


def test_001_9_4_tie_bet_pays_on_the_middle_hand_only() -> None:
    bets = [BetRequest("ante", 100, (1,)), BetRequest("ante", 100, (2,)), BetRequest("tie", 100)]
    # hand 1 gets 5c, hand 2 gets 9c, dealer 9d: the middle hand ties
    got, s = run(T001, bets, ["5c", "9c", "9d", "fold"])
    assert [b.returned for b in s.bets] == [0, 50, 1100]
    # hand 1 ties the dealer, the middle hand does not: the TIE bet loses
    _, s = run(T001, bets, ["9c", "5c", "9d", "fold"])
    assert [b.returned for b in s.bets] == [50, 0, 0]


def test_001_9_4_several_tied_hands_are_resolved_one_at_a_time() -> None:
    v = load_variant("top_card", T001)
    bets = [BetRequest("ante", 100, (h,)) for h in (1, 2, 3)]
    state = ENGINE.start(v, bets, "UAH")
    for c in ("9c", "9h", "2c", "9d"):
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    assert ENGINE.legal_actions(state) == [Decision("war", {"hand": 1}), Decision("fold", {"hand": 1})]
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Decision("war", {"hand": 2}))
    state = ENGINE.apply(state, Decision("fold", {"hand": 1}))
    assert ENGINE.legal_actions(state)[0].args == {"hand": 2}


def test_bad_bets_are_refused() -> None:
    v = load_variant("top_card", T001)
    with pytest.raises(InvalidBet, match="middle hand"):
        ENGINE.start(v, [BetRequest("ante", 100, (1,)), BetRequest("tie", 100)], "UAH")
    with pytest.raises(InvalidSelection):
        ENGINE.start(v, [BetRequest("ante", 100, (4,))], "UAH")
    with pytest.raises(InvalidBet):
        ENGINE.start(v, [BetRequest("ante", 100, (2,)), BetRequest("ante", 100, (2,))], "UAH")
    with pytest.raises(StakeBelowMinimum):
        ENGINE.start(v, [BetRequest("ante", 99, (2,))], "UAH")


def test_001_9_4_tie_bet_read_literally_as_x10_is_refused_by_admission() -> None:
    data = read_data("top_card", T001)
    literal = parse_variant({**data, "payouts": {**data["payouts"], "tie": "x10"}}, "literal")
    with pytest.raises(VariantRefused, match="tie"):
        admit(GAME, literal)


def test_exact_rtp_matches_closed_forms() -> None:
    t = Fraction(4 * 6 - 1, 52 * 6 - 1)  # P(same rank) with six decks
    rtp = {r.bet: r.rtp for r in GAME.exact(load_variant("top_card", T001))}
    # win (1 - t)/2 pays 2; a tie: war won or lost with 1/2 each (+1 or -1 on the raise) = 1/2
    assert rtp["ante"] == (1 - t) + t / 2
    assert rtp["tie"] == 11 * t
    # 000: the war is won when the hand's card is at least the dealer's, from the shoe less the tie
    v0 = load_variant("top_card", T000)
    n = 52 * 6 - 2
    # the war cards tie: both of the tied rank (22 left) or both of one of the 12 others (24 each)
    p_war_tie = Fraction(22 * 21 + 12 * 24 * 23, n * (n - 1))
    p_win = (1 - p_war_tie) / 2 + p_war_tie
    expected = (1 - t) + t * (2 * p_win - (1 - p_win))
    assert GAME.exact(v0)[0].rtp == expected
    assert abs(float(1 - expected) - 0.0288) < 1e-4  # the published 6-deck casino war edge


def test_simulation_agrees_with_exact() -> None:
    v = load_variant("top_card", T000)
    ex = {r.bet: float(r.rtp) for r in GAME.exact(v)}
    for s in GAME.simulate(v, 20_000, 1, None):
        assert s.ci99[0] <= ex[s.bet] <= s.ci99[1]


def test_always_war_picks_war() -> None:
    assert always_war(None, [Decision("fold", {}), Decision("war", {})]).name == "war"
