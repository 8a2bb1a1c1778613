"""HI LO (000 §12.21)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import JOKER, parse
from croupier.errors import InvalidBet, InvalidSelection
from croupier.games.base import BetRequest, DrawAction
from croupier.games.cardcompare.hilo.engine import (
    DECK,
    ENGINE,
    GAME,
    next_previous,
    replay_round,
    wins,
)
from croupier.games.registry import load_variant

V = "hilo_000"
HI = {2: "1.09", 3: "1.2", 4: "1.33", 5: "1.5", 6: "1.71", 7: "2", 8: "2.4", 9: "3", 11: "4",
      12: "6", 13: "12"}
ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14)


def play(code: str, card: str, previous: int | None = 7, stake: int = 100) -> int:
    v = load_variant("hilo", V)
    state = ENGINE.start(v, [BetRequest(code, stake)], "XXX", previous=previous)
    c = JOKER if card == "Jk" else parse(card)
    state = ENGINE.apply(state, DrawAction("card", DECK.index_of(c)))
    assert replay_round(v, state.events) == ENGINE.settle(state)
    return ENGINE.settle(state).bets[0].returned


def test_000_12_21_the_deck_is_25_cards_without_tens() -> None:
    assert DECK.size == 25
    assert all(DECK.count(parse(f"T{s}")) == 0 for s in "cdhs")


def test_000_12_21_hi_and_lo_pay_the_odds_of_the_previous_card() -> None:
    assert play("hi", "8h", previous=7) == 200
    assert play("lo", "6h", previous=7) == 240
    assert play("hi", "3s", previous=2) == 109
    assert play("lo", "Ks", previous=14) == 109


def test_000_12_21_an_equal_rank_or_the_joker_loses_hi_and_lo() -> None:
    assert play("hi", "7s") == 0
    assert play("lo", "7s") == 0
    assert play("hi", "Jk") == 0


def test_000_12_21_joker_red_black_and_groups() -> None:
    assert play("joker", "Jk") == 2400
    assert play("red", "Jk") == 0 and play("black", "Jk") == 0
    assert play("red", "5h") == 200 and play("black", "5s") == 200
    assert play("two_to_nine", "9h") == 150 and play("two_to_nine", "Jh") == 0
    assert play("jqka", "Jh") == 300 and play("ka", "Qh") == 0 and play("ka", "Ah") == 600
    assert play("rank_Q", "Qs") == 1200


def test_000_12_21_fractional_odds_round_down() -> None:
    assert play("hi", "5h", previous=4, stake=1) == 1  # 1.33 -> 1


def test_000_12_21_hi_inactive_after_an_ace_and_lo_after_a_2() -> None:
    v = load_variant("hilo", V)
    with pytest.raises(InvalidBet, match="inactive"):
        ENGINE.start(v, [BetRequest("hi", 100)], "XXX", previous=14)
    with pytest.raises(InvalidBet, match="inactive"):
        ENGINE.start(v, [BetRequest("lo", 100)], "XXX", previous=2)
    with pytest.raises(InvalidBet, match="previous card"):
        ENGINE.start(v, [BetRequest("hi", 100)], "XXX")
    with pytest.raises(InvalidBet, match="at most 2"):
        ENGINE.start(v, [BetRequest("red", 1)] * 3, "XXX")
    with pytest.raises(InvalidSelection):
        ENGINE.start(v, [BetRequest("red", 1)], "XXX", previous=10)


def test_000_12_21_a_joker_leaves_the_previous_card() -> None:
    assert next_previous(9, JOKER) == 9
    assert next_previous(9, parse("2h")) == 2


def test_wins_on_every_card() -> None:
    red = sum(wins("red", c, None) for c, n in DECK.codes())
    assert red == 12


@pytest.mark.parametrize("prev", sorted(HI))
def test_000_12_21_hi_rtp_by_the_previous_card(prev: int) -> None:
    higher = 2 * sum(1 for r in ORDER if r > prev)
    rtp = Fraction(higher, 25) * Fraction(HI[prev])
    v = load_variant("hilo", V)
    from croupier.games.cardcompare.hilo.engine import _returns

    assert sum(_returns(v, "hi", prev), Fraction(0)) / 25 == rtp


def test_exact_fixed_bets_are_96_percent_and_hi_lo_between() -> None:
    rtps = {r.bet: r for r in GAME.exact(load_variant("hilo", V))}
    assert all(r.rtp == Fraction(24, 25) for k, r in rtps.items() if k not in ("hi", "lo"))
    closed = [Fraction(2 * sum(1 for r in ORDER if r > p), 25) * Fraction(o) for p, o in HI.items()]
    assert rtps["hi"].rtp == min(closed) == Fraction(18, 25) * Fraction("1.33")
    assert rtps["hi"].rtp_max == Fraction(24, 25)


def test_simulation_agrees_with_exact() -> None:
    v = load_variant("hilo", V)
    ex = {r.bet: float(r.rtp) for r in GAME.exact(v)}
    for s in GAME.simulate(v, 200_000, 4, None):
        assert s.ci99[0] <= ex[s.bet] <= s.ci99[1], s
