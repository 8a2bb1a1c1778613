"""Exact counts for draws without replacement, as integers or :class:`~fractions.Fraction`.

Everything here counts equally likely draws; nothing samples. The functions are small on purpose:
the tests check each against a brute-force enumeration of draws on small drums.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import permutations
from math import comb

from croupier.games.draws.hypergeom import hit_distribution


def hits(population: int, drawn: int, picks: int) -> dict[int, Fraction]:
    """P(h of a player's ``picks`` balls are drawn), as ``{h: p}`` (see :mod:`..hypergeom`)."""
    return {h: p for h, p in enumerate(hit_distribution(population, drawn, picks)) if p}


def subset_sums(values: Iterable[int], most: int) -> list[dict[int, int]]:
    """``out[j][s]`` = how many j-subsets of the balls (``values``: each ball's value; equal
    values are different balls) add up to ``s``, for j = 0..most."""
    out: list[dict[int, int]] = [{0: 1}] + [{} for _ in range(most)]
    for v in values:
        for j in range(most, 0, -1):
            below = out[j - 1]
            if not below:
                continue
            row = out[j]
            for s, n in below.items():
                row[s + v] = row.get(s + v, 0) + n
    return out


def sum_distribution(values: Sequence[int], drawn: int) -> dict[int, Fraction]:
    """P(the ``drawn`` balls add up to s), the balls' values being ``values``."""
    counts = subset_sums(values, drawn)[drawn]
    total = comb(len(values), drawn)
    return {s: Fraction(n, total) for s, n in counts.items()}


def two_group_sums(first: Sequence[int], second: Sequence[int], drawn: int) -> dict[tuple[int, int, int], Fraction]:
    """P(j balls of the first group adding up to s1 and drawn - j of the second adding up to
    s2) as ``{(j, s1, s2): p}``: the product of the two groups' subset-sum counts."""
    a = subset_sums(first, drawn)
    b = subset_sums(second, drawn)
    total = comb(len(first) + len(second), drawn)
    out: dict[tuple[int, int, int], Fraction] = {}
    for j in range(drawn + 1):
        for s1, n1 in a[j].items():
            for s2, n2 in b[drawn - j].items():
                out[(j, s1, s2)] = Fraction(n1 * n2, total)
    return out


def group_counts(sizes: Sequence[int], drawn: int) -> dict[tuple[int, ...], Fraction]:
    """The multivariate hypergeometric distribution: P(c_i balls of group i), the groups having
    ``sizes`` balls, ``drawn`` balls drawn from all of them."""
    total = comb(sum(sizes), drawn)
    out: dict[tuple[int, ...], Fraction] = {}

    def walk(i: int, left: int, counts: tuple[int, ...], ways: int) -> None:
        if i == len(sizes) - 1:
            w = ways * comb(sizes[i], left)
            if w:
                out[counts + (left,)] = Fraction(w, total)
            return
        for c in range(0, min(sizes[i], left) + 1):
            walk(i + 1, left - c, counts + (c,), ways * comb(sizes[i], c))

    walk(0, drawn, (), 1)
    return out


def ordered_tuples(balls: Sequence[int], count: int) -> Iterator[tuple[int, ...]]:
    """The balls at ``count`` given positions of an ordered draw: every ordered tuple of distinct
    balls, each as likely as any other (a uniformly random draw is exchangeable); there are
    ``perm(len(balls), count)`` of them."""
    return permutations(balls, count)
