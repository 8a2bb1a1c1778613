"""Draw HiLo (000 §12.15)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import parse
from croupier.errors import IllegalAction, InvalidBet, VariantRefused
from croupier.games.admission import admit
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.draw_hilo.engine import ENGINE, GAME, odds, parse_variant, value
from croupier.games.registry import load_variant, read_data

V = "draw_hilo_000"


def play(script: list[str], stake: int = 10_000) -> int:
    v = load_variant("draw_hilo", V)
    state = ENGINE.start(v, [BetRequest("ante", stake)], "XXX")
    for step in script:
        if step in ("higher", "lower", "cash_out"):
            state = ENGINE.apply(state, Decision(step))
        else:
            state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(step))))
    assert ENGINE.is_finished(state)
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    return ENGINE.settle(state).bets[0].returned


def test_000_12_15_king_high_ace_low() -> None:
    assert value(parse("Kc")) == 13 and value(parse("Ac")) == 1


def test_000_12_15_a_correct_guess_pays_the_odds_and_cashes_out() -> None:
    # after a 7: 24 higher of 48 decisive cards -> 0.95 x 2 = x1.9
    assert play(["7c", "higher", "9d", "cash_out"]) == 19_000
    assert play(["7c", "higher", "5d"]) == 0


def test_000_12_15_an_equal_rank_is_a_push_and_the_game_continues() -> None:
    assert play(["7c", "higher", "7d", "lower", "2d", "cash_out"]) == 19_000


def test_odds_formula_and_inactive_predictions() -> None:
    v = load_variant("draw_hilo", V)
    shoe = Composition.decks(1).remove(parse("Kc"))
    assert odds(v, shoe, parse("Kc"), "higher") is None
    assert odds(v, shoe, parse("Kc"), "lower") == Fraction("0.95")


def test_bad_input() -> None:
    v = load_variant("draw_hilo", V)
    with pytest.raises(InvalidBet):
        ENGINE.start(v, [], "XXX")
    state = ENGINE.start(v, [BetRequest("ante", 100)], "XXX")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Decision("higher"))
    state = ENGINE.apply(state, DrawAction("card", 0))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Decision("cash_out"))  # nothing won yet


def test_000_12_15_tie_bet_at_10_to_1_is_refused_by_admission() -> None:
    printed = parse_variant({**read_data("draw_hilo", V), "tie": "10:1"}, "printed")
    with pytest.raises(VariantRefused, match="tie"):
        admit(GAME, printed)


def test_exact_is_the_margin() -> None:
    assert GAME.exact(load_variant("draw_hilo", V))[0].rtp == Fraction(19, 20)
