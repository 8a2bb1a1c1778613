"""Vectorised Monte Carlo of keno (``croupier simulate keno``), numpy.

Each round draws 20 of the 80 balls (the 20 smallest of 80 uniform keys: a uniform 20-subset);
a pick-n ticket holds the numbers 1..n (every selection of n numbers has the same law), so its
hits are the drawn balls <= n. ``tests/test_draws_keno.py`` feeds the same draws to the engine
(differential test) and checks every figure against the exact one.

Seeds: batch ``k`` draws from ``Generator(PCG64(SeedSequence(seed).spawn(batches)[k]))``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from croupier.games.draws.keno.variant import KenoVariant
from croupier.games.registry import ProgressFn, SimBet

BATCH = 1 << 16


def draws(rng: np.random.Generator, variant: KenoVariant, size: int) -> npt.NDArray[np.int64]:
    """``size`` draws as rows of ball numbers (unordered within a row)."""
    d = variant.draw
    keys = rng.random((size, d.balls))
    idx = np.argpartition(keys, d.drawn - 1, axis=1)[:, : d.drawn]
    out: npt.NDArray[np.int64] = idx.astype(np.int64) + d.first
    return out


def returns(variant: KenoVariant, balls: npt.NDArray[np.int64]) -> dict[int, npt.NDArray[np.float64]]:
    """Return per unit staked of a pick-n ticket on numbers first..first+n-1, per draw row."""
    out = {}
    first = variant.draw.first
    for n in range(1, variant.max_picks + 1):
        hits = (balls < first + n).sum(axis=1)
        table = np.array([float(x) for x in variant.paytable[n]])
        out[n] = table[hits]
    return out


def simulate(variant: KenoVariant, rounds: int, seed: int,
             progress: ProgressFn | None = None) -> list[SimBet]:
    batches = -(-rounds // BATCH)
    seqs = np.random.SeedSequence(seed).spawn(batches)
    sums = {n: [0.0, 0.0] for n in range(1, variant.max_picks + 1)}
    done = 0
    for b in range(batches):
        size = min(BATCH, rounds - done)
        rng = np.random.Generator(np.random.PCG64(seqs[b]))
        for n, r in returns(variant, draws(rng, variant, size)).items():
            sums[n][0] += float(r.sum())
            sums[n][1] += float((r * r).sum())
        done += size
        if progress is not None:
            progress(done, rounds)
    return [SimBet.of_sums(f"pick_{n}", rounds, t, t2) for n, (t, t2) in sums.items()]
