"""Exact figures of a bet, computed from the engine's own settlement over every outcome."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt


@dataclass(frozen=True, slots=True)
class BetRTP:
    """Exact return to player of one bet code.

    ``rtp`` is the lowest over every selection the code allows (every number of a straight, every
    split...), ``rtp_max`` the highest; both equal when the code pays the same everywhere.
    ``variance`` is the variance of the return per unit staked, ``max_return`` the largest total
    return per unit staked, ``hit_frequency`` the chance the bet returns more than the stake.
    All are exact and taken over the selection with the lowest RTP.
    """

    bet: str
    rtp: Fraction
    rtp_max: Fraction
    selections: int
    hit_frequency: Fraction
    variance: Fraction
    max_return: Fraction
    note: str = ""

    @property
    def house_edge(self) -> Fraction:
        return 1 - self.rtp

    @property
    def std_dev(self) -> float:
        return sqrt(self.variance)


@dataclass(frozen=True, slots=True)
class Distribution:
    """The exact distribution of one bet's total return per unit staked: (probability, return)."""

    points: tuple[tuple[Fraction, Fraction], ...]

    @classmethod
    def of(cls, pairs: Iterable[tuple[Fraction, Fraction]]) -> Distribution:
        merged: dict[Fraction, Fraction] = {}
        for p, r in pairs:
            if p:
                merged[r] = merged.get(r, Fraction(0)) + p
        total = sum(merged.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"outcome probabilities sum to {total}, not 1")
        return cls(tuple(sorted((p, r) for r, p in merged.items())))

    @property
    def mean(self) -> Fraction:
        return sum((p * r for p, r in self.points), Fraction(0))

    @property
    def variance(self) -> Fraction:
        m = self.mean
        return sum((p * (r - m) ** 2 for p, r in self.points), Fraction(0))

    @property
    def hit_frequency(self) -> Fraction:
        return sum((p for p, r in self.points if r > 1), Fraction(0))

    @property
    def max_return(self) -> Fraction:
        return max(r for p, r in self.points)


def summarize(bet: str, dists: Iterable[Distribution], note: str = "") -> BetRTP:
    """One :class:`BetRTP` from the distributions of every selection of a bet code."""
    items = list(dists)
    if not items:
        raise ValueError(f"bet {bet!r} has no selection to analyse")
    worst = min(items, key=lambda d: d.mean)
    return BetRTP(
        bet=bet,
        rtp=worst.mean,
        rtp_max=max(d.mean for d in items),
        selections=len(items),
        hit_frequency=worst.hit_frequency,
        variance=worst.variance,
        max_return=max(d.max_return for d in items),
        note=note,
    )
