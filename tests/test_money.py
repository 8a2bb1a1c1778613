"""Money: integer minor units, exact payouts, one rounding rule (DESIGN.md Money; 000 §7)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import CurrencyMismatch, InvalidAmount, UnknownCurrency
from croupier.money import (
    AMD_MAX_STAKE,
    AMD_MIN_STAKE,
    LOSE,
    PUSH,
    Money,
    Payout,
    apply_ratio,
    currency,
    format_minor,
    parse_minor,
    parse_stake,
)

EUR = currency("EUR")
AMD = currency("AMD")


def test_000_7_amd_stakes_from_1_to_50_000_000_are_whole_drams() -> None:
    assert parse_minor("1", AMD) == AMD_MIN_STAKE == 1
    assert parse_minor("50000000", AMD) == AMD_MAX_STAKE == 50_000_000
    with pytest.raises(InvalidAmount, match="whole number of minor units"):
        parse_minor("1.5", AMD)


def test_cent_currencies_eur_and_uah_keep_two_decimals() -> None:
    assert parse_minor("0.10", EUR) == 10
    assert parse_minor("3000", EUR) == 300_000
    assert parse_minor("12.34", currency("UAH")) == 1234
    assert format_minor(1234, EUR) == "12.34 EUR"
    assert format_minor(-5, EUR) == "-0.05 EUR"
    assert format_minor(50_000_000, AMD) == "50000000 AMD"


@pytest.mark.parametrize("bad", ["0.001", "1e-3", "abc", "", "NaN", "nan", "Infinity", "1,5", " 1 2"])
def test_bad_amount_text_is_refused(bad: str) -> None:
    with pytest.raises(InvalidAmount):
        parse_minor(bad, EUR)


@pytest.mark.parametrize("bad", [1.5, float("nan"), float("inf"), True, None, [1], Decimal("NaN")])
def test_floats_nan_bools_and_objects_are_not_amounts(bad: object) -> None:
    with pytest.raises(InvalidAmount):
        parse_minor(bad, EUR)


@pytest.mark.parametrize("bad", [0, -1, -100, 1.0, "5", Decimal("5"), True])
def test_a_stake_is_a_positive_int_of_minor_units(bad: object) -> None:
    with pytest.raises(InvalidAmount):
        parse_stake(bad)


def test_unknown_currency_and_mixing_currencies_are_errors() -> None:
    with pytest.raises(UnknownCurrency):
        currency("XYZ")
    with pytest.raises(CurrencyMismatch):
        Money(1, EUR) + Money(1, AMD)
    assert Money.of("1.25", "EUR") + Money.of("0.75", "EUR") == Money(200, EUR)


def test_payout_net_odds_return_the_stake_and_totals_do_not() -> None:
    assert Payout.parse("35:1").total == 36  # 000 §12.1 straight: stake back plus 35
    assert Payout.parse("x3").total == 3  # 000 §12.18 dozen "multiplied by 3 times": 3 in total
    assert Payout.parse("0.95:1").total == Fraction(39, 20)  # 004 §3 Banker 0.95:1
    assert Payout.parse("3.5:1").total == Fraction(9, 2)
    assert str(Payout.parse("35:1")) == "35:1"
    assert str(Payout.parse("0.95:1")) == "0.95:1"
    assert LOSE.total == 0 and PUSH.total == 1
    for bad in ["35", "1:0:1", "x", "-1:1", "abc"]:
        with pytest.raises(ValueError):
            Payout.parse(bad)


def test_rounding_rule_floors_in_the_house_favour_once() -> None:
    # a 0.95:1 win on 5 cents returns 9.75 cents: 9 are paid, the remainder stays with the house
    assert apply_ratio(5, Payout.parse("0.95:1").total) == 9
    assert apply_ratio(3, Fraction(1, 2)) == 1  # La Partage half of 3 cents
    assert apply_ratio(100, Fraction(36)) == 3600


@given(st.integers(min_value=1, max_value=50_000_000), st.fractions(min_value=0, max_value=2000))
def test_rounding_never_pays_more_than_exact_and_loses_under_one_unit(stake: int, ratio: Fraction) -> None:
    paid = apply_ratio(stake, ratio)
    exact = stake * ratio
    assert paid <= exact < paid + 1
    assert isinstance(paid, int)
