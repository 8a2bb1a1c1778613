"""Vectorised Monte Carlo of a Mega Ball card (``croupier simulate megaball``), numpy.

Each round draws an ordered sample of 20 + 2 balls of the drum (the first 22 of a uniform
permutation: the 22 smallest of uniform keys, sorted by key), the number of bonus rounds and the
multipliers by the variant's weights. The card holds the numbers first .. first + 23 in its 24
positions (every card has the same law: the draw is exchangeable). ``tests/test_draws_megaball.py``
feeds the same draws to the engine (differential test) and checks the figure against the exact one.

Seeds: batch ``k`` draws from ``Generator(PCG64(SeedSequence(seed).spawn(batches)[k]))``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from croupier.games.draws.megaball.cards import CELLS, LINES
from croupier.games.draws.megaball.variant import MegaBallVariant
from croupier.games.registry import ProgressFn, SimBet

BATCH = 1 << 15
IntArray = npt.NDArray[np.int64]


class Draws(NamedTuple):
    balls: IntArray  # rows: the main draw's balls, then two spare balls for the Mega Balls
    rounds: IntArray  # 1 or 2
    multipliers: IntArray  # rows: the two rounds' multipliers


def draws(rng: np.random.Generator, variant: MegaBallVariant, size: int) -> Draws:
    d = variant.draw
    take = d.drawn + 2
    keys = rng.random((size, d.balls))
    idx = np.argpartition(keys, take - 1, axis=1)[:, :take]
    order = np.argsort(np.take_along_axis(keys, idx, axis=1), axis=1)
    balls: IntArray = np.take_along_axis(idx, order, axis=1).astype(np.int64) + d.first
    rv = np.array([r for r, _w in variant.rounds], dtype=np.int64)
    rp = np.array([w for _r, w in variant.rounds], dtype=np.float64)
    mv = np.array([m for m, _w in variant.multipliers], dtype=np.int64)
    mp = np.array([w for _m, w in variant.multipliers], dtype=np.float64)
    rounds: IntArray = rng.choice(rv, size=size, p=rp / rp.sum())
    mults: IntArray = rng.choice(mv, size=(size, 2), p=mp / mp.sum())
    return Draws(balls, rounds, mults)


def _lines(marks: npt.NDArray[np.int64]) -> IntArray:
    n = np.zeros(marks.shape, dtype=np.int64)
    for line in LINES:
        n += (marks & line) == line
    return n


def _completes(marks: IntArray, ball: IntArray, first: int) -> npt.NDArray[np.bool_]:
    """Whether ``ball`` (per row) is on the card, unmarked, and completes a line."""
    pos = ball - first
    on = pos < CELLS
    bit = np.where(on, np.left_shift(1, np.clip(pos, 0, CELLS - 1)), 0)
    after = marks | bit
    hit = np.zeros(marks.shape, dtype=bool)
    for line in LINES:
        hit |= ((bit & line) != 0) & ((after & line) == line) & ((marks & bit) == 0)
    return on & hit


def returns(variant: MegaBallVariant, dr: Draws) -> npt.NDArray[np.float64]:
    """The return per unit staked of the card first .. first + 23, per draw row."""
    d = variant.draw
    main = dr.balls[:, : d.drawn] - d.first
    on = main < CELLS
    marks = np.bitwise_or.reduce(np.where(on, np.left_shift(1, np.clip(main, 0, CELLS - 1)), 0), axis=1)
    pays = np.array([0.0] + [float(p) for p in variant.line_pays])
    lines = np.minimum(_lines(marks), len(variant.line_pays))
    out = pays[lines]
    m1 = dr.balls[:, d.drawn]
    a1 = _completes(marks, m1, d.first)
    pos1 = m1 - d.first
    marks2 = marks | np.where(pos1 < CELLS, np.left_shift(1, np.clip(pos1, 0, CELLS - 1)), 0)
    a2 = _completes(marks2, dr.balls[:, d.drawn + 1], d.first) & (dr.rounds == 2)
    v1 = np.where(a1, dr.multipliers[:, 0], 0)
    v2 = np.where(a2, dr.multipliers[:, 1], 0)
    if variant.both_complete == "highest":
        bonus = np.maximum(v1, v2)
    else:
        bonus = np.where(a1, v1, v2)
    result: npt.NDArray[np.float64] = out + bonus
    return result


def simulate(variant: MegaBallVariant, rounds: int, seed: int,
             progress: ProgressFn | None = None) -> list[SimBet]:
    batches = -(-rounds // BATCH)
    seqs = np.random.SeedSequence(seed).spawn(batches)
    total = total_sq = 0.0
    done = 0
    for b in range(batches):
        size = min(BATCH, rounds - done)
        rng = np.random.Generator(np.random.PCG64(seqs[b]))
        r = returns(variant, draws(rng, variant, size))
        total += float(r.sum())
        total_sq += float((r * r).sum())
        done += size
        if progress is not None:
            progress(done, rounds)
    return [SimBet.of_sums("card", rounds, total, total_sq)]
