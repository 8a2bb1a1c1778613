"""Exact RTP of a Mega Ball card (``croupier rtp megaball``), all in :class:`~fractions.Fraction`.

By exchangeability, the main draw and the R Mega Balls (R = 1 or 2 bonus rounds) are a uniform
ordered draw of T = 20 + R balls. Condition on the set W of card positions among those T balls:
a given W of size j has the chance C(B - 24, T - j) / C(B, T) (its other T - j balls are off the
card); the census (:mod:`.census`, all 2^24 sets) gives how many W of each size complete each
pattern of lines. Everything a card returns depends on W only through that pattern and on which
of the T balls are the Mega Balls (a uniform ordered R-tuple of them):

* a Mega Ball on a cell of a complete line of W has completed that line when drawn (its other
  cells were marked); the lines through it are not complete after the main draw;
* any other ball (off the card, or on a cell of no complete line) changes nothing.

So each pattern is settled by its cells grouped by the set of complete lines through them, and
the line count and completing Mega Balls are pushed through the engine's own settlement rule
(:func:`~.engine.card_return`) with the variant's multiplier weights.
``tests/test_draws_megaball.py`` checks this against Möbius inversion of a closed form, a
brute force through the full engine on small drums and the simulation.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb

from croupier.games.draws.megaball.cards import CELLS, LINES
from croupier.games.draws.megaball.census import census
from croupier.games.draws.megaball.engine import card_return
from croupier.games.draws.megaball.variant import MegaBallVariant
from croupier.games.maths import BetRTP, Distribution, summarize

#: (lines completed by the main draw, first Mega Ball completes, second completes) -> chance
Events = dict[tuple[int, bool, bool], Fraction]


@cache
def _signatures(pattern: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The cells on the complete lines of ``pattern``: their number and, grouped by the set of
    complete lines through each (a bit mask of lines), how many cells have it."""
    sig: Counter[int] = Counter()
    for pos in range(CELLS):
        s = 0
        for k, line in enumerate(LINES):
            if pattern >> k & 1 and line >> pos & 1:
                s |= 1 << k
        if s:
            sig[s] += 1
    return sum(sig.values()), tuple(sorted(sig.items()))


def _pattern_events(pattern: int, total: int, rounds: int) -> Counter[tuple[int, bool, bool]]:
    """Ordered choices of the Mega Balls among ``total`` drawn balls of a set completing the
    lines ``pattern``, counted by event (one round: the second flag is False)."""
    on, sigs = _signatures(pattern)
    off = total - on  # balls that complete nothing and uncover nothing
    n = pattern.bit_count()
    out: Counter[tuple[int, bool, bool]] = Counter()
    if rounds == 1:
        out[(n, False, False)] += off
        for s, c in sigs:
            out[(n - s.bit_count(), True, False)] += c
        return out
    out[(n, False, False)] += off * (off - 1)
    for s, c in sigs:
        left = n - s.bit_count()
        out[(left, True, False)] += c * off
        out[(left, False, True)] += c * off
        for s2, c2 in sigs:
            pairs = c * c2 - (c if s == s2 else 0)
            if pairs:
                out[(n - (s | s2).bit_count(), bool(s & ~s2), True)] += pairs
    return out


def events(variant: MegaBallVariant, rounds: int) -> Events:
    """The exact chance of each event for a card when the draw has ``rounds`` bonus rounds."""
    d = variant.draw
    total = d.drawn + rounds
    off_card = d.balls - CELLS
    acc: Counter[tuple[int, bool, bool]] = Counter()
    for j, patterns in enumerate(census()):
        if not 0 <= total - j <= off_card:
            continue
        ways = comb(off_card, total - j)
        for pattern, count in patterns.items():
            for ev, k in _pattern_events(pattern, total, rounds).items():
                acc[ev] += ways * count * k
    orders = total if rounds == 1 else total * (total - 1)
    denom = comb(d.balls, total) * orders
    return {ev: Fraction(k, denom) for ev, k in acc.items() if k}


def card_distribution(variant: MegaBallVariant) -> Distribution:
    """The return per unit staked on one card, through the engine's :func:`card_return`."""
    mt = variant.multipliers_total()
    rt = variant.rounds_total()
    pairs: list[tuple[Fraction, Fraction]] = []
    for rounds, rw in variant.rounds:
        pr = Fraction(rw, rt)
        for (lines, first, second), p in events(variant, rounds).items():
            if not first and not second:
                pairs.append((pr * p, card_return(variant, lines, [])))
                continue
            for m1, w1 in variant.multipliers:
                if rounds == 1 or not (first and second):
                    pairs.append((pr * p * Fraction(w1, mt), card_return(variant, lines, [m1])))
                    continue
                for m2, w2 in variant.multipliers:
                    pairs.append((pr * p * Fraction(w1 * w2, mt * mt), card_return(variant, lines, [m1, m2])))
    return Distribution.of(pairs)


def exact(variant: MegaBallVariant) -> list[BetRTP]:
    return [summarize("card", [card_distribution(variant)],
                      note="per card; every card has the same law (the draw is exchangeable)")]
