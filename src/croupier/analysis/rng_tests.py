"""Statistical tests of random sources: Pearson's chi-square goodness of fit.

``chi2_sf`` is the chi-square survival function (the p-value), from the regularized upper
incomplete gamma function Q(k/2, x/2): series for x < a + 1, continued fraction otherwise
(Numerical Recipes, 6.2), in double precision - ample for a p-value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import exp, lgamma, log

from croupier.rng import RandomSource


def _gamma_q(a: float, x: float) -> float:
    if x < 0 or a <= 0:
        raise ValueError("need x >= 0 and a > 0")
    if x == 0:
        return 1.0
    if x < a + 1:  # series for P, then Q = 1 - P
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return 1.0 - total * exp(-x + a * log(x) - lgamma(a))
    # Lentz's continued fraction for Q
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return exp(-x + a * log(x) - lgamma(a)) * h


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X ~ chi-square with ``df`` degrees of freedom."""
    return _gamma_q(df / 2.0, x / 2.0)


@dataclass(frozen=True)
class ChiSquare:
    statistic: float
    df: int
    p_value: float


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> ChiSquare:
    if len(observed) != len(expected) or len(observed) < 2:
        raise ValueError("need matching observed and expected counts over at least two cells")
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    df = len(observed) - 1
    return ChiSquare(stat, df, chi2_sf(stat, df))


def uniformity(draw: Callable[[], int], cells: int, samples: int) -> ChiSquare:
    """Chi-square test that ``draw()`` is uniform over ``range(cells)``."""
    counts = [0] * cells
    for _ in range(samples):
        counts[draw()] += 1
    return chi_square(counts, [samples / cells] * cells)


def wheel_uniformity(source: RandomSource, pockets: int, samples: int) -> ChiSquare:
    return uniformity(lambda: source.randbelow(pockets), pockets, samples)


def shuffle_uniformity(source: RandomSource, items: int, samples: int) -> ChiSquare:
    """Chi-square over all ``items!`` permutations produced by ``source.shuffle``."""
    from itertools import permutations

    index = {p: i for i, p in enumerate(permutations(range(items)))}

    def one() -> int:
        deck = list(range(items))
        source.shuffle(deck)
        return index[tuple(deck)]

    return uniformity(one, len(index), samples)
