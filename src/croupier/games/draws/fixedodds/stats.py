"""Statistics of an ordered draw that the games' bets read, each with its exact distribution.

Every factory returns a :class:`~.bets.Stat` whose ``measure`` reads the drawn balls directly and
whose ``exact`` counts (see :mod:`.counting`); ``tests/test_draws_lucky_counting.py`` checks the two
against each other by enumerating every draw of small drums.

The ``exact`` side leans on exchangeability: in a uniformly random ordered draw, the balls at any
``j`` given positions are a uniformly random ordered ``j``-tuple of distinct balls, and the first
``j`` balls a uniformly random ``j``-subset.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from croupier.games.base import Target
from croupier.games.draws.fixedodds import counting
from croupier.games.draws.fixedodds.bets import Balls, Stat

BallTest = Callable[[Any, int], bool]
BallValue = Callable[[Any, int], int]
BallKey = Callable[[Any, int], Hashable]


def numbers(variant: Any) -> range:
    r: range = variant.draw.numbers
    return r


def hits() -> Stat:
    """How many of the target's balls are drawn (hypergeometric)."""

    def measure(variant: Any, balls: Balls, target: Target) -> int:
        drawn = set(balls)
        return sum(1 for t in target if t in drawn)

    def exact(variant: Any, target: Target) -> Mapping[Any, Fraction]:
        return counting.hits(variant.draw.balls, variant.draw.drawn, len(target))

    def measure_many(variant: Any, balls: Balls, picks: np.ndarray) -> np.ndarray:
        drawn = np.zeros(variant.draw.last + 1, dtype=np.int64)
        drawn[list(balls)] = 1
        return drawn[picks].sum(axis=1)  # type: ignore[no-any-return]

    return Stat("hits", measure, exact, targeted=True, measure_many=measure_many)


def count(name: str, test: Callable[[Any, int, Target], bool], first: int | None = None,
          targeted: bool = False) -> Stat:
    """How many drawn balls (of the first ``first``; all by default) pass ``test(variant, ball,
    target)`` (hypergeometric in the number of balls of the drum that pass it); ``targeted``:
    the test reads the target."""

    def measure(variant: Any, balls: Balls, target: Target) -> int:
        seen = balls if first is None else balls[:first]
        return sum(1 for b in seen if test(variant, b, target))

    def exact(variant: Any, target: Target) -> Mapping[Any, Fraction]:
        marked = sum(1 for b in numbers(variant) if test(variant, b, target))
        k = variant.draw.drawn if first is None else first
        return counting.hits(variant.draw.balls, k, marked)

    return Stat(name, measure, exact, targeted)


def total(name: str, value: BallValue, include: BallTest | None = None, first: int | None = None) -> Stat:
    """The sum of ``value(ball)`` over the drawn balls that ``include`` keeps (all by default),
    among the first ``first`` balls (all drawn by default). Exact: the subset sums of the kept
    balls, times the ways to draw the other balls among the rest."""

    def kept(variant: Any, b: int) -> bool:
        return include is None or include(variant, b)

    def measure(variant: Any, balls: Balls, target: Target) -> int:
        seen = balls if first is None else balls[:first]
        return sum(value(variant, b) for b in seen if kept(variant, b))

    def exact(variant: Any, target: Target) -> Mapping[Any, Fraction]:
        k = variant.draw.drawn if first is None else first
        values = [value(variant, b) for b in numbers(variant) if kept(variant, b)]
        others = variant.draw.balls - len(values)
        sums = counting.subset_sums(values, k)
        whole = comb(variant.draw.balls, k)
        out: dict[Any, Fraction] = {}
        for j in range(k + 1):
            rest = comb(others, k - j)
            if not rest:
                continue
            for s, n in sums[j].items():
                out[s] = out.get(s, Fraction(0)) + Fraction(n * rest, whole)
        return out

    return Stat(name, measure, exact)


def groups(name: str, group_of: Callable[[Any, int], int], group_count: Callable[[Any], int]) -> Stat:
    """How many drawn balls fall in each group (a tuple indexed by group; multivariate
    hypergeometric)."""

    def measure(variant: Any, balls: Balls, target: Target) -> tuple[int, ...]:
        out = [0] * group_count(variant)
        for b in balls:
            out[group_of(variant, b)] += 1
        return tuple(out)

    def exact(variant: Any, target: Target) -> Mapping[Any, Fraction]:
        sizes = [0] * group_count(variant)
        for b in numbers(variant):
            sizes[group_of(variant, b)] += 1
        return counting.group_counts(sizes, variant.draw.drawn)

    return Stat(name, measure, exact)


def at(name: str, positions: tuple[int, ...], key: BallKey) -> Stat:
    """``key(ball)`` of the balls at ``positions`` (0 = first ball, -1 = last), as a tuple."""

    def measure(variant: Any, balls: Balls, target: Target) -> tuple[Hashable, ...]:
        return tuple(key(variant, balls[p]) for p in positions)

    def exact(variant: Any, target: Target) -> Mapping[Any, Fraction]:
        keys = {b: key(variant, b) for b in numbers(variant)}
        counts: dict[Any, int] = {}
        for t in counting.ordered_tuples(list(numbers(variant)), len(positions)):
            k = tuple(keys[b] for b in t)
            counts[k] = counts.get(k, 0) + 1
        whole = sum(counts.values())
        return {k: Fraction(n, whole) for k, n in counts.items()}

    return Stat(name, measure, exact)


def completion() -> Stat:
    """The position (1-based) of the ball that completes the target's balls, 0 if the draw does
    not hold them all (000 §12.46 rows 1-30)."""

    def measure(variant: Any, balls: Balls, target: Target) -> int:
        where = {b: i for i, b in enumerate(balls)}
        last = 0
        for t in target:
            i = where.get(int(t))
            if i is None:
                return 0
            last = max(last, i + 1)
        return last

    def exact(variant: Any, target: Target) -> Mapping[Any, Fraction]:
        from croupier.games.draws.hypergeom import position_of_last

        n, k, m = variant.draw.balls, variant.draw.drawn, len(target)
        out: dict[Any, Fraction] = {p: position_of_last(n, m, p) for p in range(m, k + 1)}
        out[0] = 1 - sum(out.values(), Fraction(0))
        return {v: p for v, p in out.items() if p}

    def measure_many(variant: Any, balls: Balls, picks: np.ndarray) -> np.ndarray:
        where = np.zeros(variant.draw.last + 1, dtype=np.int64)  # 0: not drawn
        where[list(balls)] = np.arange(1, len(balls) + 1)
        at = where[picks]
        return np.where((at > 0).all(axis=1), at.max(axis=1, initial=0), 0)

    return Stat("completion", measure, exact, targeted=True, measure_many=measure_many)
