"""Vectorised Monte Carlo of the crash games (``croupier simulate crash``), numpy int64.

:func:`crash_points` is the vectorised twin of :func:`.distribution.crash_hundredths` (integer
arithmetic, the same formula); ``tests/test_crash_simulation.py`` ties the two together on
identical draws (differential test), and each simulated RTP against its exact figure.

Seeds: batch ``k`` draws from ``Generator(PCG64(SeedSequence(seed).spawn(batches)[k]))``; the
figures depend on the seed and the batch size only.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from croupier.games.crash.exact import exact
from croupier.games.crash.variant import CrashVariant
from croupier.games.registry import ProgressFn, SimBet

BATCH = 1 << 20
IntArray = npt.NDArray[np.int64]


def draws(rng: np.random.Generator, variant: CrashVariant, size: int) -> IntArray:
    """``size`` crash draws uniform in ``[0, N)``."""
    return rng.integers(0, variant.draw_size, size=size, dtype=np.int64)


def crash_points(variant: CrashVariant, u: IntArray) -> IntArray:
    """Crash points in hundredths of the draws ``u`` (the derivation of .distribution)."""
    h = 100 * variant.rtp
    num = np.int64(h.numerator << variant.resolution_bits)  # < 2^63: checked by the variant
    v = np.int64(variant.draw_size) - u
    k = num // (np.int64(h.denominator) * v)
    out: IntArray = np.clip(k, 100, variant.max_multiplier)
    return out


def _returns(variant: CrashVariant, crash: IntArray) -> list[tuple[str, npt.NDArray[np.float64]]]:
    """Return per unit staked of every row ``exact`` reports whose bet is a single round."""
    out = []
    rows = {r.bet for r in exact(variant)}
    for k in variant.targets:
        out.append((f"auto_{k // 100}.{k % 100:02d}", np.where(crash >= k, k / 100, 0.0)))
    for s in variant.strategies:
        if s.half_at is not None and s.name in rows:
            half = np.where(crash > s.half_at, s.half_at / 200, 0.0)
            out.append((s.name, half + np.where(crash >= s.target, s.target / 200, 0.0)))
    return out


def simulate(variant: CrashVariant, rounds: int, seed: int,
             progress: ProgressFn | None = None) -> list[SimBet]:
    batches = -(-rounds // BATCH)
    seqs = np.random.SeedSequence(seed).spawn(batches)
    sums: dict[str, list[float]] = {}
    done = 0
    for b in range(batches):
        n = min(BATCH, rounds - done)
        rng = np.random.Generator(np.random.PCG64(seqs[b]))
        crash = crash_points(variant, draws(rng, variant, n))
        for name, r in _returns(variant, crash):
            acc = sums.setdefault(name, [0.0, 0.0])
            acc[0] += float(r.sum())
            acc[1] += float((r * r).sum())
        done += n
        if progress is not None:
            progress(done, rounds)
    return [SimBet.of_sums(name, rounds, t, t2) for name, (t, t2) in sums.items()]


def mean_crash_below(variant: CrashVariant, rounds: int, seed: int, k: int) -> Fraction:
    """The observed share of crashes below ``k`` hundredths (a check of the law)."""
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    crash = crash_points(variant, draws(rng, variant, rounds))
    return Fraction(int((crash < k).sum()), rounds)
