"""Red Dog (000 §12.14)."""

from __future__ import annotations

import pytest

from croupier.cards import parse
from croupier.errors import IllegalAction, InvalidBet, VariantError
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.cardcompare.red_dog.engine import ENGINE, GAME, spread
from croupier.games.cardcompare.red_dog.engine import parse_variant as parse_red_dog
from croupier.games.registry import load_variant, read_data

V = "red_dog_000"


def play(script: list[str], stake: int = 100) -> list[int]:
    v = load_variant("red_dog", V)
    state = ENGINE.start(v, [BetRequest("ante", stake)], "XXX")
    for step in script:
        if step in ("ride", "stand"):
            state = ENGINE.apply(state, Decision(step))
        else:
            state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(step))))
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    return [b.returned for b in ENGINE.settle(state).bets]


@pytest.mark.parametrize("a,b,s", [("2c", "Ad", 11), ("5c", "7d", 1), ("5c", "6d", 0), ("9c", "9d", -1)])
def test_000_12_14_spread(a: str, b: str, s: int) -> None:
    assert spread(parse(a), parse(b)) == s


def test_000_12_14_consecutive_cards_push_without_a_third_card() -> None:
    assert play(["5c", "6d"]) == [100]


def test_000_12_14_pair_then_three_of_a_kind_pays_11_to_1() -> None:
    assert play(["9c", "9d", "9h"]) == [1200]
    assert play(["9c", "9d", "2h"]) == [100]


@pytest.mark.parametrize("low,high,third,net", [
    ("5c", "7d", "6h", 5), ("5c", "8d", "6h", 4), ("5c", "9d", "6h", 2), ("5c", "Td", "6h", 1),
    ("2c", "Ad", "Kh", 1),
])
def test_000_12_14_spread_odds_on_ante_and_ride(low: str, high: str, third: str, net: int) -> None:
    assert play([low, high, "stand", third]) == [100 * (1 + net)]
    assert play([low, high, "ride", third]) == [100 * (1 + net)] * 2


def test_000_12_14_an_end_rank_or_outside_loses() -> None:
    assert play(["5c", "9d", "ride", "9h"]) == [0, 0]
    assert play(["5c", "9d", "stand", "Kh"]) == [0]


def test_decisions_only_when_offered() -> None:
    v = load_variant("red_dog", V)
    state = ENGINE.start(v, [BetRequest("ante", 100)], "XXX")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Decision("ride"))
    for c in ("5c", "9d"):
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("card", 0))
    with pytest.raises(InvalidBet):
        ENGINE.start(v, [BetRequest("ante", 1), BetRequest("ante", 1)], "XXX")


def test_spread_table_must_cover_1_to_11() -> None:
    data = read_data("red_dog", V)
    with pytest.raises(VariantError, match="every spread"):
        parse_red_dog({**data, "spread": {"1": "5:1"}}, "x")


def test_exact_cross_check_and_simulation() -> None:
    v = load_variant("red_dog", V)
    rtp = GAME.exact(v)[0].rtp
    assert abs(float(1 - rtp) - 0.0275) < 0.0005  # published 8-deck Red Dog edge (cross-check)
    sim = GAME.simulate(v, 20_000, 1, None)[0]
    assert sim.ci99[0] <= float(rtp) <= sim.ci99[1]
