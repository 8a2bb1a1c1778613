"""Speedy 7 (000 §12.37)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import parse
from croupier.errors import IllegalAction, UnknownBetCode
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.speedy7.engine import ENGINE, GAME, odds
from croupier.games.registry import load_variant

V = "speedy7_000"


def play(first: str, script: list[str], stake: int = 10_000):
    v = load_variant("speedy7", V)
    state = ENGINE.start(v, [BetRequest(first, stake)], "XXX")
    for step in script:
        if step in ("cash_out", "red", "black"):
            state = ENGINE.apply(state, Decision(step))
        else:
            state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(step))))
    assert ENGINE.is_finished(state)
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    return ENGINE.settle(state).bets[0].returned


def test_odds_follow_the_remaining_colours() -> None:
    v = load_variant("speedy7", V)
    full = Composition.decks(1)
    assert odds(v, full, "red") == Fraction("1.9")  # 0.95 x 52/26
    one_red_gone = full.remove(parse("Ah"))
    assert odds(v, one_red_gone, "red") == Fraction(floor_cents(Fraction(95, 100) * 51 / 25))
    assert odds(v, one_red_gone, "black") == Fraction(floor_cents(Fraction(95, 100) * 51 / 26))


def floor_cents(x: Fraction) -> Fraction:
    return Fraction(int(x * 100), 100)


def test_000_12_37_a_wrong_colour_loses_and_a_cash_out_pays() -> None:
    assert play("red", ["2s"]) == 0
    assert play("red", ["2h", "cash_out"]) == 19_000


def test_000_12_37_winnings_ride_and_the_four_card_bonus_is_added() -> None:
    v = load_variant("speedy7", V)
    comp = Composition.decks(1)
    at_stake = 10_000
    script = []
    for c in ("2h", "3h", "4h", "5h"):
        at_stake = at_stake * odds(v, comp, "red").numerator // odds(v, comp, "red").denominator
        comp = comp.remove(parse(c))
        script += [c, "red"]
    script[-1] = "cash_out"
    assert play("red", script) == at_stake + 10_000  # the initial stake as the 4-card bonus


def test_000_12_37_seven_correct_predictions_add_14_times_the_stake() -> None:
    cards = ["2h", "3h", "4h", "5h", "6h", "7h", "8h"]
    script = []
    for c in cards:
        script += [c, "red"]
    script = script[:-1]
    v = load_variant("speedy7", V)
    comp = Composition.decks(1)
    at_stake = 100
    for c in cards:
        price = odds(v, comp, "red")
        at_stake = at_stake * price.numerator // price.denominator
        comp = comp.remove(parse(c))
    assert play("red", script, stake=100) == at_stake + 100 + 1400  # both bonuses


def test_bad_input() -> None:
    v = load_variant("speedy7", V)
    with pytest.raises(UnknownBetCode):
        ENGINE.start(v, [BetRequest("green", 100)], "XXX")
    state = ENGINE.start(v, [BetRequest("red", 100)], "XXX")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Decision("cash_out"))
    state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse("2h"))))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("card", 0))


def test_exact_best_play_is_cash_out_at_the_margin() -> None:
    r = GAME.exact(load_variant("speedy7", V))[0]
    assert r.rtp == Fraction(19, 20)  # 0.95 x 52/26 x 1/2: riding for the bonuses is worth less
