"""Variant data helpers of the show games built on branch showsb (Crazy Time, Monopoly Live, Deal
or No Deal): weighted tables, stake limits, and exact distributions as ``{value: probability}``.

Every helper raises a precise :class:`~croupier.errors.VariantError` naming the file and field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from croupier.errors import CroupierError, VariantError
from croupier.games.fields import integer
from croupier.money import currency

T = TypeVar("T")

#: an exact distribution: outcome -> probability (the probabilities sum to 1)
Dist = dict[Any, Fraction]


@dataclass(frozen=True, slots=True)
class Weighted(Generic[T]):
    """A table of values with integer weights; a draw is an index in ``[0, total)`` mapped to a
    value by cumulative weights (the value with the smallest cumulative weight above it)."""

    values: tuple[T, ...]
    weights: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.weights)

    def pick(self, index: int) -> T:
        for v, w in zip(self.values, self.weights, strict=True):
            if index < w:
                return v
            index -= w
        raise ValueError(f"index beyond the total weight {self.total}")

    def probabilities(self) -> list[tuple[T, Fraction]]:
        t = self.total
        return [(v, Fraction(w, t)) for v, w in zip(self.values, self.weights, strict=True) if w]

    def mean(self) -> Fraction:
        return sum((Fraction(v) * p for v, p in self.probabilities()), Fraction(0))  # type: ignore[call-overload]


def weighted(raw: Any, where: str, value: Callable[[Any, str], T]) -> Weighted[T]:
    """``[[value, weight], ...]`` with positive integer weights."""
    if not isinstance(raw, list) or not raw:
        raise VariantError(f"{where}: a non-empty list of [value, weight] pairs")
    vals: list[T] = []
    weights: list[int] = []
    for i, pair in enumerate(raw):
        if not isinstance(pair, list) or len(pair) != 2:
            raise VariantError(f"{where}[{i}]: a [value, weight] pair, got {pair!r}")
        vals.append(value(pair[0], f"{where}[{i}]"))
        weights.append(integer(pair[1], f"{where}[{i}].weight", 1, 10**9))
    if len(set(vals)) != len(vals):
        raise VariantError(f"{where}: a value is listed twice")
    return Weighted(tuple(vals), tuple(weights))


def positive_int(raw: Any, where: str) -> int:
    return integer(raw, where, 1, 10**9)


@dataclass(frozen=True, slots=True)
class StakeLimits:
    """Stake range of one bet in minor units of a currency."""

    minimum: int
    maximum: int


def parse_limits(raw: Any, where: str) -> dict[str, StakeLimits]:
    if not isinstance(raw, Mapping) or not raw:
        raise VariantError(f"{where}: a table of currency = [minimum, maximum]")
    out: dict[str, StakeLimits] = {}
    for code, pair in raw.items():
        try:
            currency(code)
        except CroupierError as exc:
            raise VariantError(f"{where}.{code}: {exc}") from None
        if not (isinstance(pair, list) and len(pair) == 2):
            raise VariantError(f"{where}.{code}: [minimum, maximum] in minor units")
        lo = integer(pair[0], f"{where}.{code}", 1, 10**12)
        hi = integer(pair[1], f"{where}.{code}", lo, 10**12)
        out[code] = StakeLimits(lo, hi)
    return out


def limits_for(title: str, limits: Mapping[str, StakeLimits], cur: str) -> StakeLimits:
    """The stake limits in ``cur``; ``XXX`` (analysis, demonstration) has none."""
    if cur == "XXX":
        return StakeLimits(1, 10**15)
    lim = limits.get(cur)
    if lim is None:
        raise CroupierError(f"{title} has no stake limits in {cur}; it is played in "
                            f"{', '.join(sorted(limits))}")
    return lim


def dist_add(into: Dist, other: Iterable[tuple[Any, Fraction]], weight: Fraction = Fraction(1)) -> None:
    for v, p in other:
        into[v] = into.get(v, Fraction(0)) + weight * p


def dist_map(d: Mapping[Any, Fraction], f: Callable[[Any], Any]) -> Dist:
    out: Dist = {}
    for v, p in d.items():
        k = f(v)
        out[k] = out.get(k, Fraction(0)) + p
    return out


def dist_mean(d: Mapping[Any, Fraction]) -> Fraction:
    return sum((Fraction(v) * p for v, p in d.items()), Fraction(0))
