"""Exact hypergeometric probabilities with :class:`~fractions.Fraction` (the maths of every
draw game: how many of a player's numbers a draw of k balls out of n holds)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb


def hypergeom(population: int, marked: int, drawn: int, hits: int) -> Fraction:
    """P(exactly ``hits`` of the ``marked`` balls are among ``drawn`` balls drawn without
    replacement from ``population``)."""
    if not (0 <= marked <= population and 0 <= drawn <= population):
        raise ValueError(f"hypergeom({population}, {marked}, {drawn}): out of range")
    if hits < 0 or hits > marked or hits > drawn or drawn - hits > population - marked:
        return Fraction(0)
    return Fraction(comb(marked, hits) * comb(population - marked, drawn - hits),
                    comb(population, drawn))


@cache
def hit_distribution(population: int, drawn: int, picks: int) -> tuple[Fraction, ...]:
    """P(hits = h) for h = 0 .. ``picks``: a player's ``picks`` numbers against a draw of
    ``drawn`` balls out of ``population``. The probabilities sum to exactly 1."""
    return tuple(hypergeom(population, picks, drawn, h) for h in range(picks + 1))


def position_of_last(population: int, marked: int, position: int) -> Fraction:
    """P(the last of ``marked`` given balls comes out exactly as ball number ``position`` of an
    ordered draw from ``population``): all but one of them among the first ``position - 1``
    balls, and ball ``position`` is the remaining one."""
    if marked == 0 or position < marked or position > population:
        return Fraction(0)
    return Fraction(comb(position - 1, marked - 1), comb(population, marked))
