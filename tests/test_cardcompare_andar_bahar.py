"""Andar Bahar (000 §12.55)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import parse
from croupier.errors import IllegalAction
from croupier.games.base import BetRequest, DrawAction, replay
from croupier.games.cardcompare.andar_bahar.engine import ENGINE, GAME, first_match
from croupier.games.registry import load_variant

V = "andar_bahar_000"


def deal(codes: list[str], joker: str, first: int, cards: str):
    v = load_variant("andar_bahar", V)
    state = ENGINE.start(v, [BetRequest(c, 100) for c in codes], "XXX")
    state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(joker))))
    state = ENGINE.apply(state, DrawAction("first_side", first))
    for c in cards.split():
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    assert ENGINE.is_finished(state)
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    return [b.returned for b in ENGINE.settle(state).bets], state


def test_000_12_55_the_side_dealt_the_matching_rank_wins() -> None:
    # Joker 7h; Andar first: 2c (andar), 3c (bahar), 7s (andar) -> Andar wins on the 3rd card
    got, state = deal(["andar", "bahar", "cards_1_5", "winning_black", "joker_red"], "7h", 0, "2c 3c 7s")
    assert got == [190, 0, 350, 190, 190]
    assert state.events[-1].type == "round_settled"
    # Bahar first: the same cards give Bahar the match
    got, _ = deal(["andar", "bahar"], "7h", 1, "2c 3c 7s")
    assert got == [0, 190]


def test_000_12_55_joker_rank_bets_with_ace_low() -> None:
    got, _ = deal(["joker_under_7", "joker_7", "joker_over_8", "joker_under_8"], "Ah", 0, "Ac")
    assert got == [205, 0, 0, 176]
    got, _ = deal(["joker_7", "joker_over_7", "joker_under_8"], "7d", 0, "7c")
    assert got == [1235, 0, 176]


def test_000_12_55_the_first_side_is_a_fair_draw() -> None:
    v = load_variant("andar_bahar", V)
    state = ENGINE.start(v, [BetRequest("andar", 100)], "XXX")
    state = ENGINE.apply(state, DrawAction("card", 0))
    req = ENGINE.next_draw(state)
    assert req is not None and (req.kind, req.n) == ("first_side", 2)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("first_side", 2))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("card", 0))


def test_first_match_is_a_distribution() -> None:
    assert sum(first_match(k) for k in range(1, 50)) == 1
    assert first_match(1) == Fraction(3, 51)


def test_exact_closed_forms() -> None:
    rtps = {r.bet: r.rtp for r in GAME.exact(load_variant("andar_bahar", V))}
    assert rtps["andar"] == rtps["bahar"] == Fraction(19, 20)
    assert rtps["cards_1_5"] == sum(first_match(k) for k in range(1, 6)) * Fraction("3.5")
    assert rtps["joker_under_7"] == Fraction(6, 13) * Fraction("2.05")
    assert rtps["winning_red"] == Fraction(19, 20)
