"""An accumulator's odds and exact RTP (issue 23, docs/virtual.md "Accumulators"; ASSUMPTION:
the rules describe no multi-leg slips).

A slip of legs, each one selection on a different event, pays ``stake × combined odds`` when
every leg wins. The combined odds are the product of the legs' board odds rounded **down** to
0.01 (the house's favour, as every single selection's odds) and capped at the slip's
``max_odds``; a void leg counts at odds 1. The events are independent (each is generated from its
own committed seed), so a slip wins with the product of the legs' chances and its exact RTP is

    RTP = Π P_i × combined  ≤  Π (P_i × odds_i) = the product of the legs' RTPs,

with equality when the product of the odds is on the 0.01 grid and under the cap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import prod

CENT = Fraction(1, 100)


def floor_cents(x: Fraction) -> Fraction:
    """``x`` rounded down to the 0.01 grid."""
    return Fraction(x.numerator * 100 // x.denominator, 100)


def combined_odds(odds: Iterable[Fraction], cap: Fraction) -> Fraction:
    """The product of the legs' odds (a void leg's is 1) rounded down to 0.01, capped at ``cap``."""
    return min(floor_cents(prod(odds, start=Fraction(1))), cap)


def payout(stake: int, odds: Fraction, max_win: int | None = None) -> int:
    """What a winning slip returns in minor units: ``stake × odds`` rounded down, capped."""
    won = stake * odds.numerator // odds.denominator
    return won if max_win is None else min(won, max_win)


def exact_rtp(chances: Sequence[Fraction], odds: Sequence[Fraction], cap: Fraction) -> Fraction:
    """The slip's exact RTP: the chance that every leg wins times the combined odds."""
    return prod(chances, start=Fraction(1)) * combined_odds(odds, cap)


def legs_rtp(chances: Sequence[Fraction], odds: Sequence[Fraction]) -> Fraction:
    """The product of the legs' own RTPs (``P_i × odds_i``): the slip's RTP before the rounding
    of the product and the cap."""
    return prod((c * o for c, o in zip(chances, odds, strict=True)), start=Fraction(1))
