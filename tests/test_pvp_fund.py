"""The winning fund of a two-player game less the 4% rake (000 §12.12, §12.12.1, §12.12.2,
§12.12.7, §12.12.8), rounded down (default) or up, exact to the minor unit."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import InvalidBet, VariantError
from croupier.games.pvp.fund import RAKE_PERCENT, FundRake, settle_fund


def test_000_12_12_rake_is_4_percent_of_the_winning_fund() -> None:
    assert RAKE_PERCENT == Fraction(4, 100)
    se = settle_fund("AMD", (1, 2), 500, 2, FundRake())
    assert se.rake == 40 and [b.returned for b in se.bets] == [0, 960]
    # 000 §12.12.2 Lucky Spin example: "a 960 AMD backgammon win" is a 500 + 500 fund less 4%


def test_000_12_12_rake_rounding_down_by_default_up_as_an_option() -> None:
    assert FundRake().of(2 * 13) == 1        # 1.04 -> 1
    assert FundRake(rounding="up").of(26) == 2
    assert FundRake().of(2) == 0 and FundRake(rounding="up").of(2) == 1
    assert FundRake().of(50) == FundRake(rounding="up").of(50) == 2  # exact: no rounding


@given(stake=st.integers(1, 50_000_000), up=st.booleans())
def test_000_12_12_fund_is_conserved_and_rake_is_within_one_unit_of_4_percent(stake: int, up: bool) -> None:
    rule = FundRake(rounding="up" if up else "down")
    se = settle_fund("AMD", (4, 9), stake, 4, rule)
    exact = Fraction(2 * stake * 4, 100)
    assert se.total_stake == se.total_returned + se.rake
    assert 0 <= abs(se.rake - exact) < 1 and (se.rake >= exact if up else se.rake <= exact)


def test_000_12_12_tournaments_no_rake_and_a_void_returns_both_stakes() -> None:
    se = settle_fund("AMD", (1, 2), 500, 1, None)
    assert se.rake == 0 and [b.returned for b in se.bets] == [1000, 0]
    void = settle_fund("AMD", (1, 2), 500, None, FundRake())
    assert void.rake == 0 and [b.returned for b in void.bets] == [500, 500]


def test_fund_bad_input() -> None:
    with pytest.raises(VariantError, match="'down' or 'up'"):
        FundRake(rounding="half")
    with pytest.raises(VariantError, match=r"fraction in \[0, 1\)"):
        FundRake(Fraction(3, 2))
    with pytest.raises(InvalidBet, match="seat 5 is not at this table"):
        settle_fund("AMD", (1, 2), 500, 5, FundRake())
