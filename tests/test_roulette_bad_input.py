"""Bad input: each case raises its own exception with a clear message, and nothing is settled."""

from __future__ import annotations

from decimal import Decimal

import pytest

from croupier.errors import (
    IllegalAction,
    InvalidAmount,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    TableLimitExceeded,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import BetRequest as B
from croupier.games.base import Decision, DrawAction
from croupier.games.roulette import ENGINE
from croupier.money import Money

from .roulette_helpers import spin, variant

EU = variant("european")


def start(*bets: B, currency: str = "EUR") -> None:
    ENGINE.start(EU, list(bets), currency)


def test_unknown_bet_code() -> None:
    with pytest.raises(UnknownBetCode, match="'banana' is not a bet of European Roulette"):
        start(B("banana", 100, ()))


def test_split_of_non_adjacent_numbers() -> None:
    with pytest.raises(InvalidSelection, match="17, 21 is not a split"):
        start(B("split", 100, (17, 21)))
    with pytest.raises(InvalidSelection, match="split covers 2 numbers"):
        start(B("split", 100, (17,)))
    with pytest.raises(InvalidSelection, match="not a corner"):
        start(B("corner", 100, (1, 2, 3, 4)))
    with pytest.raises(InvalidSelection, match="not a number of the european wheel"):
        start(B("straight", 100, (37,)))
    with pytest.raises(InvalidSelection, match="not a number of the european wheel"):
        start(B("straight", 100, ("00",)))
    with pytest.raises(InvalidSelection):
        start(B("dozen", 100, (4,)))
    with pytest.raises(InvalidSelection, match="pairs of neighbours must be 0 to 8"):
        start(B("neighbours", 100, (17, 9)))
    with pytest.raises(InvalidSelection, match="takes no target"):
        start(B("red", 100, (1,)))
    with pytest.raises(InvalidSelection, match="bool"):
        start(B("straight", 100, (True,)))


def test_004_1_12_stake_below_the_minimum() -> None:
    with pytest.raises(StakeBelowMinimum, match=r"0.09 EUR is below the minimum 0.10 EUR"):
        start(B("straight", 9, (17,)))
    with pytest.raises(StakeBelowMinimum, match=r"below the minimum 1.00 EUR"):
        start(B("red", 99, ()))


def test_004_1_12_stake_above_the_maximum() -> None:
    with pytest.raises(StakeAboveMaximum, match=r"above the maximum 150.00 EUR"):
        start(B("straight", 15001, (17,)))
    # two bets on one position count together
    with pytest.raises(StakeAboveMaximum, match="total"):
        start(B("straight", 10000, (17,)), B("straight", 10000, (17,)))


def test_004_1_4_table_maximum_for_a_round() -> None:
    bets = [B("red", 300000, ()), B("black", 300000, ())]
    with pytest.raises(TableLimitExceeded, match=r"3000.00 EUR"):
        start(*bets)


def test_000_7_amd_stake_above_50_million() -> None:
    with pytest.raises(StakeAboveMaximum):
        start(B("red", 50_000_001, ()), currency="AMD")
    start(B("red", 50_000_000, ()), currency="AMD")
    start(B("straight", 1, (0,)), currency="AMD")


@pytest.mark.parametrize("stake", [0, -100, 1.5, float("nan"), "abc", "10", Decimal("0.5"), None, True])
def test_zero_negative_fractional_nan_and_text_stakes(stake: object) -> None:
    with pytest.raises(InvalidAmount):
        start(B("red", stake, ()))  # type: ignore[arg-type]


def test_fractions_of_a_minor_unit_and_nan_text_are_refused_when_parsed() -> None:
    with pytest.raises(InvalidAmount, match="whole number of minor units"):
        Money.of("0.105", "EUR")
    with pytest.raises(InvalidAmount):
        Money.of("NaN", "EUR")


def test_call_bet_stake_must_split_into_equal_chips() -> None:
    with pytest.raises(InvalidBet, match="9 equal chips"):
        start(B("voisins", 100, ()))


def test_one_bad_bet_rejects_the_whole_slip_and_nothing_is_settled() -> None:
    with pytest.raises(InvalidSelection):
        start(B("red", 100, ()), B("split", 100, (1, 9)))


def test_unknown_currency_for_the_table() -> None:
    with pytest.raises(VariantError, match="no limits in USD"):
        start(B("red", 100, ()), currency="USD")


def test_draws_out_of_order_range_and_after_settlement() -> None:
    state = ENGINE.start(EU, [B("red", 100, ())], "EUR")
    with pytest.raises(IllegalAction, match=r"in \[0, 37\)"):
        ENGINE.apply(state, DrawAction("ball", 37))
    with pytest.raises(IllegalAction, match="waits for a ball draw"):
        ENGINE.apply(state, DrawAction("lucky_count", 0))
    with pytest.raises(IllegalAction, match="no player decision"):
        ENGINE.apply(state, Decision("hit"))
    with pytest.raises(IllegalAction, match="not over"):
        ENGINE.settle(state)
    done, _ = spin(EU, [B("red", 100, ())], 5)
    with pytest.raises(RoundFinished):
        ENGINE.apply(done, DrawAction("ball", 1))


def test_an_empty_slip_is_refused() -> None:
    with pytest.raises(InvalidBet, match="at least one bet"):
        start()


def test_000_7_the_limits_memo_is_not_fooled_by_a_reused_object_id() -> None:
    """The per-position limits are memoised by object ids, and an id can be reused by a new
    object once the old one is gone (an unlimited limit set is made afresh for each "XXX" call):
    CI once saw 50,000,001 AMD on red pass the red maximum and stop only at the table limit. The
    memo now checks the objects it holds; a stale entry under the live AMD limit set's key (put
    there by hand, as the dead object's entry would be) must not be taken."""
    from croupier.games.roulette import engine as eng
    from croupier.games.roulette.layout import layout_for
    from croupier.games.roulette.variant import LimitSet

    limits = EU.limit_set("AMD")
    red = layout_for(EU).resolve("red", ())
    stale = LimitSet.unlimited()  # as if the dead object's entry had this key
    eng._BOUNDS[(id(limits), id(red))] = (stale, red, (1, 1, 10**15))
    assert eng.bounds(limits, red)[2] < 50_000_001
    with pytest.raises(StakeAboveMaximum):
        start(B("red", 50_000_001, ()), currency="AMD")
