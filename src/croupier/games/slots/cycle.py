"""The full reel cycle: every combination of stops (the product of the strip lengths) enumerated
by compiled integer loops, the second exact method beside :mod:`.exact`'s reel-by-reel sums.

From the base strips' and the free-spin strips' cycles come the exact moments of a whole round
(a paid spin and the free-spin series it triggers, the player collecting):

* a free spin returns ``X`` and awards ``A`` spins; the series one spin starts returns
  ``Y = X + sum of A copies of Y``, so ``E[Y] = E[X] / (1 - E[A])`` and
  ``E[Y^2] = (E[X^2] + 2 E[XA] E[Y] + E[A(A-1)] E[Y]^2) / (1 - E[A])``;
* a paid spin returns ``B`` and awards ``N`` spins: the round returns ``W = B + Y_1 + ... + Y_N``,
  ``E[W] = E[B] + E[N] E[Y]`` and ``E[W^2] = E[B^2] + 2 E[BN] E[Y] + E[N] E[Y^2] + E[N(N-1)] E[Y]^2``.

Returns are per total bet (all lines active).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from croupier.games.slots import kernels
from croupier.games.slots.tables import StripTables, build
from croupier.games.slots.variant import SlotVariant


@dataclass(frozen=True)
class Cycle:
    """One strip set's full cycle (with a bonus indicator, 000 §12.17: every stop combination
    times every place of its ring): ``hist[coins]`` = combinations paying that many coins,
    ``kstats[k] = (combinations, coins, combinations paying nothing)`` with k scatters."""

    units: int
    combinations: int
    hist: dict[int, int]
    kstats: dict[int, tuple[int, int, int]]

    def moment(self, power: int) -> Fraction:
        return Fraction(sum(w ** power * c for w, c in self.hist.items()),
                        self.combinations * self.units ** power)

    def p(self, k: int) -> Fraction:
        return Fraction(self.kstats.get(k, (0, 0, 0))[0], self.combinations)

    def paid_with(self, k: int) -> Fraction:
        """E[return x 1{k scatters}] per total bet."""
        return Fraction(self.kstats.get(k, (0, 0, 0))[1], self.combinations * self.units)


def run_cycle(t: StripTables) -> Cycle:
    hist = np.zeros(t.bound + 1, dtype=np.int64)
    kmax = t.scatter_pay.shape[0]
    kstats = np.zeros((kmax, 3), dtype=np.int64)
    if t.ways:
        kernels.cycle_ways(t.lengths, t.count, t.wpay, t.scatters, t.scatter_pay, hist, kstats,
                           t.bcount, t.shown, t.trigger, t.ring_sym, t.ring_pay, t.cap)
    else:
        kernels.cycle_lines(t.lengths, t.part, t.status, t.pay, t.scatters, t.scatter_pay, hist, kstats,
                            t.bcount, t.shown, t.trigger, t.ring_sym, t.ring_pay, t.cap)
    nz = np.flatnonzero(hist)
    return Cycle(
        units=t.units,
        combinations=int(np.prod(t.lengths)) * int(t.ring_sym.shape[0]),  # x the bonus ring
        hist={int(w): int(hist[w]) for w in nz},
        kstats={k: (int(a), int(b), int(c)) for k, (a, b, c) in enumerate(kstats) if a},
    )


@cache
def _cycles(variant: SlotVariant) -> tuple[Cycle, Cycle | None]:
    base = run_cycle(build(variant, variant.reels))
    fs = variant.free_spins
    free = None
    if fs is not None:
        free = base if fs.reels == variant.reels else run_cycle(build(variant, fs.reels))
    return base, free


def cycles(variant: SlotVariant) -> tuple[Cycle, Cycle | None]:
    return _cycles(variant)


@dataclass(frozen=True)
class RoundMoments:
    base_rtp: Fraction           # E[B]
    free_rtp: Fraction           # E[N] E[Y]
    rtp: Fraction                # E[W]
    variance: Fraction           # Var[W]
    hit_frequency: Fraction      # P(the paid spin wins or triggers free spins)
    base_hit_frequency: Fraction  # P(the paid spin wins)
    trigger: Fraction            # P(the paid spin triggers free spins)
    base_max: Fraction           # largest paid-spin return, in total bets
    base_max_probability: Fraction
    series_mean: Fraction        # E[Y] per spin awarded
    series_second: Fraction      # E[Y^2]


@cache
def round_moments(variant: SlotVariant) -> RoundMoments:
    base, free = cycles(variant)
    eb, eb2 = base.moment(1), base.moment(2)
    top = max(base.hist)
    zero_no_trigger = sum(z for k, (_, _, z) in base.kstats.items()
                          if variant.free_spins is None or not variant.free_spins.awards[k])
    no_win = sum(z for _, _, z in base.kstats.values())
    hit = 1 - Fraction(zero_no_trigger, base.combinations)
    fs = variant.free_spins
    if fs is None or free is None:
        z = Fraction(0)
        return RoundMoments(eb, z, eb, eb2 - eb * eb, hit, 1 - Fraction(no_win, base.combinations),
                            z, Fraction(top, base.units), Fraction(base.hist[top], base.combinations), z, z)
    m = fs.multiplier
    ex, ex2 = m * free.moment(1), m * m * free.moment(2)
    ea = sum((free.p(k) * fs.retriggers[k] for k in free.kstats), Fraction(0))
    eaa = sum((free.p(k) * fs.retriggers[k] * (fs.retriggers[k] - 1) for k in free.kstats), Fraction(0))
    exa = m * sum((free.paid_with(k) * fs.retriggers[k] for k in free.kstats), Fraction(0))
    ey = ex / (1 - ea)
    ey2 = (ex2 + 2 * exa * ey + eaa * ey * ey) / (1 - ea)
    en = sum((base.p(k) * fs.awards[k] for k in base.kstats), Fraction(0))
    enn = sum((base.p(k) * fs.awards[k] * (fs.awards[k] - 1) for k in base.kstats), Fraction(0))
    ebn = sum((base.paid_with(k) * fs.awards[k] for k in base.kstats), Fraction(0))
    ew = eb + en * ey
    ew2 = eb2 + 2 * ebn * ey + en * ey2 + enn * ey * ey
    trigger = sum((base.p(k) for k in base.kstats if fs.awards[k]), Fraction(0))
    return RoundMoments(eb, en * ey, ew, ew2 - ew * ew, hit, 1 - Fraction(no_win, base.combinations),
                        trigger, Fraction(top, base.units), Fraction(base.hist[top], base.combinations),
                        ey, ey2)
