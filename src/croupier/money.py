"""Money: integer minor units with a currency, exact payout ratios, one rounding rule.

* An amount is an ``int`` number of minor units of a :class:`Currency` (cents for EUR and UAH;
  AMD is kept in whole drams, as 000 §7 prices everything in drams). Floats are refused everywhere.
* A :class:`Payout` is an exact ratio that says whether the stake is returned: ``35:1`` returns the
  stake plus 35 times it (36 in total), ``x3`` returns 3 times the stake in total.
* The one rounding rule (:func:`apply_ratio`): the amount a bet returns is
  ``floor(stake * total_ratio)`` in minor units, computed once per bet from exact fractions. The
  only loss is the sub-minor-unit remainder, and it always goes to the house (a 0.95:1 Banker win
  on 5 cents returns 9 cents, not 9.75). See docs/money.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Final

from croupier.errors import CurrencyMismatch, InvalidAmount, UnknownCurrency


@dataclass(frozen=True, slots=True)
class Currency:
    """An ISO 4217 currency with the number of decimal places we keep for it."""

    code: str
    exponent: int

    @property
    def scale(self) -> int:
        return int(10**self.exponent)


CURRENCIES: Final[dict[str, Currency]] = {
    "EUR": Currency("EUR", 2),  # 004: amounts such as 0,10 EUR
    "UAH": Currency("UAH", 2),  # 001: hryvnia with kopiykas
    "AMD": Currency("AMD", 0),  # 000 §7: points, chips and tickets priced in whole drams
    "USD": Currency("USD", 2),
    # ISO 4217 "no currency": exact analysis runs rounds in it, with no table limits.
    "XXX": Currency("XXX", 0),
}

#: 000 §7: the price of a point, a chip or a ticket is 1 to 50,000,000 AMD.
AMD_MIN_STAKE: Final = 1
AMD_MAX_STAKE: Final = 50_000_000


def currency(code: str) -> Currency:
    """Look a currency up by its ISO code."""
    if not isinstance(code, str):
        raise UnknownCurrency(f"currency code must be text, not {type(code).__name__}")
    try:
        return CURRENCIES[code.upper()]
    except KeyError:
        known = ", ".join(sorted(CURRENCIES))
        raise UnknownCurrency(f"unknown currency {code!r}; known: {known}") from None


# ASCII digits only (``\d`` would take any script's digits, "١٠") and no trailing newline
_PLAIN_DECIMAL = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)\Z")
#: an amount a request may carry (issue 13): ASCII digits, at most one point, nothing around
_AMOUNT_TEXT = re.compile(r"^[0-9]+(\.[0-9]+)?\Z")


def parse_minor(value: object, cur: Currency) -> int:
    """Read an amount given in *major* units (``"12.34"`` EUR) and return whole minor units.

    Accepts ``int`` and ``Decimal`` and decimal text. Refuses floats (binary fractions are not
    money), booleans, NaN and infinities, text that is not a plain decimal, and anything finer than
    the currency's minor unit (0.001 EUR). The sign is kept: callers decide whether zero or a
    negative number is acceptable (see :func:`parse_stake`).
    """
    if isinstance(value, bool):
        raise InvalidAmount(f"{value!r} is not an amount")
    if isinstance(value, float):
        raise InvalidAmount(
            f"{value!r}: amounts must be given as exact decimals or integers, not floating point"
        )
    if isinstance(value, int):
        return value * cur.scale
    if isinstance(value, Decimal):
        dec = value
    elif isinstance(value, str):
        text = value.strip()
        if not _PLAIN_DECIMAL.match(text):
            raise InvalidAmount(f"{value!r} is not a decimal amount")
        try:
            dec = Decimal(text)
        except InvalidOperation:  # pragma: no cover - the regex admits only valid decimals
            raise InvalidAmount(f"{value!r} is not a decimal amount") from None
    else:
        raise InvalidAmount(f"{value!r} ({type(value).__name__}) is not an amount")
    if not dec.is_finite():
        raise InvalidAmount(f"{value!r} is not a finite amount")
    minor = dec.scaleb(cur.exponent)
    if minor != minor.to_integral_value():
        raise InvalidAmount(
            f"{value} {cur.code} is not a whole number of minor units "
            f"({cur.code} has {cur.exponent} decimal places)"
        )
    return int(minor)


def parse_amount_text(text: str, cur: Currency) -> int:
    """A request's amount in major units, strictly: ``^[0-9]+(\\.[0-9]+)?$`` (ASCII digits, no
    sign, no spaces, no exponent) with at most the currency's decimal places; minor units out."""
    if not _AMOUNT_TEXT.match(text):
        raise InvalidAmount(f"{text!r} is not an amount: write ASCII digits with an optional "
                            "decimal point, such as \"12.50\"")
    _, _, fraction = text.partition(".")
    if len(fraction) > cur.exponent:
        raise InvalidAmount(f"{text} {cur.code} has more than the {cur.exponent} decimal places "
                            f"of {cur.code}")
    return parse_minor(text, cur)


def check_minor(value: object) -> int:
    """Validate an amount already given in minor units: a plain ``int`` (not bool, not float)."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float):
            raise InvalidAmount(
                f"{value!r}: an amount in minor units must be a whole number, not floating point"
            )
        raise InvalidAmount(f"{value!r} ({type(value).__name__}) is not a whole number of minor units")
    return value


def parse_stake(value: object) -> int:
    """A stake in minor units: a positive ``int``. Zero and negative stakes are refused."""
    minor = check_minor(value)
    if minor <= 0:
        raise InvalidAmount(f"a stake must be positive, got {minor}")
    return minor


@dataclass(frozen=True, slots=True, order=True)
class Money:
    """An amount of a currency, in integer minor units."""

    minor: int
    currency: Currency

    def __post_init__(self) -> None:
        check_minor(self.minor)

    @classmethod
    def of(cls, value: object, code: str) -> Money:
        """``Money.of("12.34", "EUR")``: parse a major-unit amount exactly."""
        cur = currency(code)
        return cls(parse_minor(value, cur), cur)

    def _same(self, other: Money) -> None:
        if other.currency != self.currency:
            raise CurrencyMismatch(f"cannot combine {self.currency.code} and {other.currency.code}")

    def __add__(self, other: Money) -> Money:
        self._same(other)
        return Money(self.minor + other.minor, self.currency)

    def __sub__(self, other: Money) -> Money:
        self._same(other)
        return Money(self.minor - other.minor, self.currency)

    def __neg__(self) -> Money:
        return Money(-self.minor, self.currency)

    def __str__(self) -> str:
        return format_minor(self.minor, self.currency)


def format_minor(minor: int, cur: Currency) -> str:
    """``format_minor(1234, EUR) == "12.34 EUR"``."""
    if cur.exponent == 0:
        return f"{minor} {cur.code}"
    sign = "-" if minor < 0 else ""
    whole, frac = divmod(abs(minor), cur.scale)
    return f"{sign}{whole}.{frac:0{cur.exponent}d} {cur.code}"


_RATIO = re.compile(r"^\s*(?:(?P<net>\d+(?:\.\d+)?(?:/\d+)?)\s*:\s*(?P<den>\d+)|x\s*(?P<tot>\d+(?:\.\d+)?(?:/\d+)?))\s*$")


@dataclass(frozen=True, slots=True)
class Payout:
    """An exact payout ratio, expressed as the total returned per unit staked.

    ``Payout.to_one(35)`` is "35:1" (stake back plus 35: total 36); ``Payout.times(3)`` is "x3"
    (3 in total, stake included). :data:`LOSE` returns nothing and :data:`PUSH` the stake.
    """

    total: Fraction

    def __post_init__(self) -> None:
        if not isinstance(self.total, Fraction):
            raise TypeError("Payout.total must be a Fraction")
        if self.total < 0:
            raise ValueError(f"a payout cannot return a negative amount ({self.total})")

    @classmethod
    def to_one(cls, net: int | str | Fraction) -> Payout:
        return cls(Fraction(net) + 1)

    @classmethod
    def times(cls, total: int | str | Fraction) -> Payout:
        return cls(Fraction(total))

    @classmethod
    def parse(cls, text: str) -> Payout:
        """Read ``"35:1"``, ``"0.95:1"``, ``"17/2:1"`` (net odds) or ``"x3"`` (total return)."""
        if not isinstance(text, str):
            raise ValueError(f"a payout must be text such as '35:1' or 'x3', got {text!r}")
        m = _RATIO.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a payout: write net odds 'n:1' or a total 'xN'")
        if m.group("tot") is not None:
            return cls.times(Fraction(m.group("tot")))
        return cls(Fraction(m.group("net")) / Fraction(m.group("den")) + 1)

    @property
    def net(self) -> Fraction:
        return self.total - 1

    def returned(self, stake: int) -> int:
        return apply_ratio(stake, self.total)

    def __str__(self) -> str:
        net = self.net
        if net < 0:
            return f"x{_fmt(self.total)}"
        return f"{_fmt(net)}:1"


def _fmt(f: Fraction) -> str:
    if f.denominator == 1:
        return str(f.numerator)
    as_dec = Decimal(f.numerator) / Decimal(f.denominator)
    if as_dec * f.denominator == f.numerator:
        return format(as_dec.normalize(), "f")
    return f"{f.numerator}/{f.denominator}"


#: Returns nothing: a lost bet.
LOSE: Final = Payout(Fraction(0))
#: Returns exactly the stake: a push, or a bet settled "at odds of 1" (000 §10).
PUSH: Final = Payout(Fraction(1))


def apply_ratio(stake: int, ratio: Fraction) -> int:
    """The one rounding rule: ``floor(stake * ratio)`` minor units, in the house's favour.

    Applied exactly once per bet to the bet's total return. ``stake`` is an ``int`` of minor units
    and ``ratio`` an exact :class:`~fractions.Fraction`; no float is ever involved.
    """
    return (stake * ratio.numerator) // ratio.denominator
