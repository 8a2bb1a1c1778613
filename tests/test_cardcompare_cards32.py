"""32 Cards (000 §12.57)."""

from __future__ import annotations

import pytest

from croupier.cards import parse
from croupier.errors import UnknownBetCode
from croupier.games.base import BetRequest, DrawAction, replay
from croupier.games.cardcompare.cards32.engine import ENGINE, GAME, POINTS, standing
from croupier.games.registry import load_variant


def dealt(text: str) -> tuple[tuple[str, int], ...]:
    return tuple(("x", parse(c)) for c in text.split())


def test_000_12_57_points_table() -> None:
    assert [POINTS[r] for r in (6, 7, 8, 9, 14, 11, 12, 13)] == [6, 7, 8, 9, 10, 11, 12, 13]


def test_000_12_57_highest_total_wins() -> None:
    # 8+6=14, 9+7=16, 10+8=18, 11+6=17 -> player 10
    assert standing(dealt("6c 7c 8c 6d")) == ((10,), None)
    # 8+K=21 beats 11+Q=23? no: 11+12 = 23 wins
    assert standing(dealt("Kc 6c 6d Qc")) == ((11,), None)


def test_000_12_57_only_the_tied_leaders_draw_again() -> None:
    # 8+K=21, 9+Q=21, 10+6=16, 11+6=17: players 8 and 9 tie and draw again
    assert standing(dealt("Kc Qc 6c 6d")) == ((8, 9), "player_8")
    assert standing(dealt("Kc Qc 6c 6d 7h")) == ((8, 9), "player_9")
    assert standing(dealt("Kc Qc 6c 6d 7h 9h")) == ((9,), None)
    # a tie again: they draw once more
    assert standing(dealt("Kc Qc 6c 6d 7h 7s")) == ((8, 9), "player_8")


@pytest.mark.parametrize("code,returned", [("player_8", 1200), ("player_9", 0)])
def test_000_12_57_table_of_winnings(code: str, returned: int) -> None:
    v = load_variant("cards32", "cards32_000")
    state = ENGINE.start(v, [BetRequest(code, 100)], "XXX")
    for c in "Kc Qc 6c 6d 9h 7h".split():
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    assert ENGINE.settle(state).bets[0].returned == returned
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)


def test_000_12_57_payouts_with_fractional_odds_round_down() -> None:
    v = load_variant("cards32", "cards32_000")
    state = ENGINE.start(v, [BetRequest("player_9", 3)], "XXX")
    for c in "6c Kc 6d 6h".split():  # 9+13=22 wins
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    assert ENGINE.settle(state).bets[0].returned == 16  # 3 x 5.5 = 16.5 -> 16


def test_the_deck_has_32_cards_and_bad_codes_are_refused() -> None:
    v = load_variant("cards32", "cards32_000")
    state = ENGINE.start(v, [BetRequest("player_8", 100)], "XXX")
    assert state.shoe.size == 32
    with pytest.raises(UnknownBetCode):
        ENGINE.start(v, [BetRequest("player_12", 100)], "XXX")


def test_exact_probabilities_sum_to_one_and_simulation_agrees() -> None:
    v = load_variant("cards32", "cards32_000")
    rtps = {r.bet: r for r in GAME.exact(v)}
    total = sum(r.hit_frequency for r in rtps.values())
    assert total == 1  # exactly one player wins every round
    for s in GAME.simulate(v, 30_000, 2, None):
        assert s.ci99[0] <= float(rtps[s.bet].rtp) <= s.ci99[1]
