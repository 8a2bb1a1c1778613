"""War of Bets (000 §12.39)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import parse
from croupier.games.base import BetRequest, DrawAction, replay
from croupier.games.registry import load_variant
from croupier.games.war_of_bets import ENGINE, GAME, holds

V = "war_of_bets_000"


def settle(code: str, player: str, dealer: str) -> int:
    v = load_variant("war_of_bets", V)
    state = ENGINE.start(v, [BetRequest(code, 100)], "XXX")
    for c in (player, dealer):  # 000 §12.39: the first card always goes to the Player
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    return ENGINE.settle(state).bets[0].returned


def test_000_12_39_highest_card_wins_and_equal_is_war() -> None:
    assert settle("player_wins", "Ah", "Kd") == 207
    assert settle("dealer_wins", "Ah", "Kd") == 0
    assert settle("war", "7h", "7c") == 1298
    assert settle("player_wins", "7h", "7c") == 0  # ASSUMPTION: lose on a War
    assert settle("dealer_wins", "7h", "7c") == 0


@pytest.mark.parametrize("prop,card,expected", [
    ("red", "2h", True), ("red", "2d", True), ("black", "2s", True), ("black", "2c", True),
    ("hearts", "9h", True), ("clubs", "9h", False),
    ("8", "8s", True), ("under_8", "7s", True), ("under_8", "8s", False),
    ("over_8", "9s", True), ("over_8", "As", True), ("over_8", "8s", False),
    ("picture", "Js", True), ("picture", "As", False), ("picture", "Ts", False),
    ("ace_or_number", "As", True), ("ace_or_number", "Ts", True), ("ace_or_number", "Ks", False),
])
def test_000_12_39_card_properties(prop: str, card: str, expected: bool) -> None:
    assert holds(prop, parse(card)) is expected


def test_000_12_39_dealer_and_player_card_bets() -> None:
    assert settle("dealer_red", "2s", "5h") == 192
    assert settle("player_red", "2s", "5h") == 0
    assert settle("player_spades", "2s", "5h") == 384


def test_exact_rtp_closed_forms() -> None:
    rtps = {r.bet: r.rtp for r in GAME.exact(load_variant("war_of_bets", V))}
    t = Fraction(23, 311)
    assert rtps["war"] == t * Fraction("12.98")
    assert rtps["player_wins"] == (1 - t) / 2 * Fraction("2.07")
    assert rtps["dealer_8"] == Fraction(1, 13) * Fraction("12.48")
