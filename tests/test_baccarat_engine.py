"""The baccarat engine: bad input is refused precisely; cards are conserved; rounds replay."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    IllegalAction,
    InvalidAmount,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
    VariantError,
    VariantRefused,
)
from croupier.games.admission import admit
from croupier.games.baccarat import GAME
from croupier.games.baccarat.engine import ENGINE, replay_round
from croupier.games.baccarat.rules import point
from croupier.games.baccarat.variant import parse_variant
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.cardcompare.composition import Composition
from croupier.games.registry import load_variant, read_data

LIVE = "live_004"


def v004():
    return load_variant("baccarat", LIVE)


def test_unknown_bet_code_is_refused_with_the_offered_bets() -> None:
    with pytest.raises(UnknownBetCode, match="big"):
        ENGINE.start(load_variant("baccarat", "mini_001"), [BetRequest("big", 100)], "EUR")


@pytest.mark.parametrize("stake,error", [(0, InvalidAmount), (-5, InvalidAmount),
                                         (1.5, InvalidAmount), (True, InvalidAmount)])
def test_stake_must_be_a_positive_whole_number_of_minor_units(stake: object, error: type) -> None:
    with pytest.raises(error):
        ENGINE.start(v004(), [BetRequest("player", stake)], "EUR")  # type: ignore[arg-type]


def test_004_3_12_stake_limits_in_euro() -> None:
    with pytest.raises(StakeBelowMinimum, match="0.50 EUR"):
        ENGINE.start(v004(), [BetRequest("player", 49)], "EUR")
    with pytest.raises(StakeAboveMaximum, match="5000.00 EUR"):
        ENGINE.start(v004(), [BetRequest("player", 500_001)], "EUR")
    ENGINE.start(v004(), [BetRequest("player", 50), BetRequest("tie", 500_000)], "EUR")


def test_004_3_12_maximum_win_caps_a_bet() -> None:
    state = ENGINE.start(v004(), [BetRequest("perfect_pair", 100_000)], "EUR")
    for c in (29, 8, 29, 9):  # 7c 2c 7c 2d: Player perfect pair; totals 4 and 4
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(c)))
    while not ENGINE.is_finished(state):
        state = ENGINE.apply(state, DrawAction("card", 0))
    assert ENGINE.settle(state).bets[0].returned == 100_000 + 1_250_000


def test_bets_take_no_target_and_a_round_needs_a_bet() -> None:
    with pytest.raises(InvalidSelection):
        ENGINE.start(v004(), [BetRequest("player", 100, (1,))], "EUR")
    with pytest.raises(InvalidBet):
        ENGINE.start(v004(), [], "EUR")
    with pytest.raises(InvalidBet):
        ENGINE.start(v004(), [BetRequest("player", 100)], "EUR", carried=[BetRequest("player", 1)])


def test_001_9_2_side_bets_may_be_placed_alone() -> None:
    state = ENGINE.start(v004(), [BetRequest("big", 100)], "EUR")
    assert ENGINE.next_draw(state) is not None


def test_draws_out_of_range_or_of_the_wrong_kind_are_illegal() -> None:
    state = ENGINE.start(v004(), [BetRequest("player", 100)], "EUR")
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("card", 416))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("card", -1))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("ball", 0))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Decision("hit"))
    with pytest.raises(IllegalAction):
        ENGINE.settle(state)


def test_a_settled_round_takes_no_more_cards() -> None:
    state = ENGINE.start(v004(), [BetRequest("player", 100)], "EUR")
    while not ENGINE.is_finished(state):
        state = ENGINE.apply(state, DrawAction("card", 0))
    with pytest.raises(RoundFinished):
        ENGINE.apply(state, DrawAction("card", 0))


def test_variant_errors_name_the_field() -> None:
    data = read_data("baccarat", LIVE)
    with pytest.raises(VariantError, match="unknown field"):
        parse_variant({**data, "colour": "red"}, "x")
    with pytest.raises(VariantError, match="payouts.banker"):
        parse_variant({**data, "payouts": {**data["payouts"], "banker": "a lot"}}, "x")
    with pytest.raises(VariantError, match="unknown bet code"):
        parse_variant({**data, "payouts": {"dragon": "1:1"}}, "x")
    with pytest.raises(VariantError, match="decks"):
        parse_variant({**data, "decks": 0}, "x")
    with pytest.raises(VariantError, match="burn"):
        parse_variant({**data, "burn": "sometimes"}, "x")


def test_000_12_13_player_pair_at_25_to_1_as_printed_is_refused_by_admission() -> None:
    """000 §12.13 prints Player Pair 25:1: it would return ~194% of the stake."""
    data = read_data("baccarat", "punto_banco_000")
    printed = parse_variant({**data, "payouts": {**data["payouts"], "player_pair": "25:1"}}, "as_printed")
    with pytest.raises(VariantRefused, match="player_pair"):
        admit(GAME, printed)


draw_lists = st.lists(st.integers(min_value=0, max_value=10**6), min_size=6, max_size=6)


@settings(max_examples=60, deadline=None)
@given(draws=draw_lists, variant=st.sampled_from(["live_004", "mini_001", "punto_banco_000",
                                                  "tdc_no_commission_002"]))
def test_cards_are_conserved_and_totals_are_mod_10(draws: list[int], variant: str) -> None:
    v = load_variant("baccarat", variant)
    state = ENGINE.start(v, GAME.demo_bets(v, "XXX"), "XXX")
    start = state.shoe
    for raw in draws:
        if ENGINE.is_finished(state):
            break
        req = ENGINE.next_draw(state)
        assert req is not None
        state = ENGINE.apply(state, DrawAction("card", raw % req.n))
    assert ENGINE.is_finished(state)
    dealt = state.player + state.banker
    assert 4 <= len(dealt) <= 6
    assert Composition.of([*dealt]).size == len(dealt)
    # conserved: what is left plus what was dealt is the shoe we started with
    back = state.shoe
    for c in dealt:
        back = Composition(tuple(n + (i == c) for i, n in enumerate(back.counts)))
    assert back == start
    result = next(e.data for e in state.events if e.type == "result")
    assert result["player_total"] == sum(point(c) for c in state.player) % 10
    assert result["banker_total"] == sum(point(c) for c in state.banker) % 10
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    s = ENGINE.settle(state)
    assert all(0 <= b.returned for b in s.bets)


def test_a_round_from_a_table_shoe_replays_from_its_record() -> None:
    v = v004()
    shoe = Composition.decks(8).remove(8).remove(9)
    state = ENGINE.start(v, [BetRequest("banker", 100)], "EUR", shoe=shoe)
    while not ENGINE.is_finished(state):
        state = ENGINE.apply(state, DrawAction("card", 7))
    assert replay_round(v, state.events) == ENGINE.settle(state)
