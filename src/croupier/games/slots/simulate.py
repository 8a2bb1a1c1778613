"""Monte Carlo of a slot over the engine's pay tables (:mod:`.tables`), two ways:

* :func:`simulate` (the fast path, ``croupier simulate``): whole rounds in one compiled loop,
  stops drawn by a xoshiro256** stream seeded per batch from ``SeedSequence(seed, spawn_key=(k,))``
  (:func:`round_state`), each free spin played right after the paid spin that won it; the batches
  run in parallel threads (numba ``prange``), each from its own state, so the result does not
  depend on the number of threads;
* :meth:`Simulator.rounds` (numpy): stops drawn by ``numpy.random.Generator``, the free-spin
  series of every triggering spin played side by side, one spin per series per step.

``tests/test_slot_simulation.py`` ties both to the engine on identical stops.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.games.registry import SimBet
from croupier.games.slots import kernels
from croupier.games.slots.tables import NO_LIMIT, StripTables, build
from croupier.games.slots.variant import SlotVariant

BATCH = 1 << 20
SIM_BATCH = BATCH * 8  # rounds from one xoshiro state (croupier simulate's batches)
GROUP = 8  # batches played in parallel between two progress reports
IntArray = npt.NDArray[np.int64]


def batch_rng(seed: int, batch: int) -> np.random.Generator:
    ss = np.random.SeedSequence(seed)
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(ss.entropy, spawn_key=(batch,))))


def draw_stops(t: StripTables, rng: np.random.Generator, size: int) -> IntArray:
    out = np.empty((size, t.lengths.shape[0]), dtype=np.int64)
    for r, n in enumerate(t.lengths):
        out[:, r] = rng.integers(0, int(n), size=size)
    return out


def pay_spins(t: StripTables, stops: IntArray) -> tuple[IntArray, IntArray]:
    """(win in coins, scatter count) of each row of stops."""
    win = np.empty(stops.shape[0], dtype=np.int64)
    k = np.empty(stops.shape[0], dtype=np.int64)
    if t.ways:
        kernels.spin_ways(stops, t.count, t.wpay, t.scatters, t.scatter_pay, win, k)
    else:
        kernels.spin_lines(stops, t.lengths, t.part, t.status, t.pay, t.scatters, t.scatter_pay,
                           t.const, t.nlive, t.live, t.depth, win, k)
    return win, k


def bonus_coins(t: StripTables, stops: IntArray, rng: np.random.Generator) -> IntArray:
    """000 §12.17: the coins the bonus indicator pays on each row of stops (its place drawn for
    the rows that start the bonus)."""
    out = np.zeros(stops.shape[0], dtype=np.int64)
    if t.trigger >= NO_LIMIT:
        return out
    reels = np.arange(stops.shape[1])
    bc = t.bcount[reels, stops].sum(axis=1)
    mask = np.bitwise_or.reduce(t.shown[reels, stops], axis=1)
    hit = np.flatnonzero(bc >= t.trigger)
    place = rng.integers(0, t.ring_sym.shape[0], size=hit.size)
    out[hit] = t.ring_pay[place] * ((mask[hit] >> t.ring_sym[place]) & 1)
    return out


@dataclass
class Simulator:
    variant: SlotVariant
    base: StripTables
    free: StripTables | None

    @classmethod
    def of(cls, variant: SlotVariant) -> Simulator:
        fs = variant.free_spins
        return cls(variant, build(variant, variant.reels),
                   None if fs is None else build(variant, fs.reels))

    def rounds(self, rng: np.random.Generator, size: int) -> IntArray:
        """The coins each of ``size`` rounds returns (paid spin plus its free spins)."""
        stops = draw_stops(self.base, rng, size)
        win, k = pay_spins(self.base, stops)
        win += bonus_coins(self.base, stops, rng)
        fs = self.variant.free_spins
        if fs is None or self.free is None:
            return np.minimum(win, self.base.cap)
        awards = np.asarray(fs.awards, dtype=np.int64)
        retrig = np.asarray(fs.retriggers, dtype=np.int64)
        left = awards[k]
        active = np.flatnonzero(left)
        while active.size:
            fstops = draw_stops(self.free, rng, active.size)
            fwin, fk = pay_spins(self.free, fstops)
            win[active] += (fwin + bonus_coins(self.free, fstops, rng)) * fs.multiplier
            left[active] += retrig[fk] - 1
            active = active[left[active] > 0]
        return np.minimum(win, self.base.cap)


def round_state(seed: int, batch: int) -> npt.NDArray[np.uint64]:
    """The xoshiro256** state of batch ``batch`` of a simulation seeded with ``seed``."""
    ss = np.random.SeedSequence(np.random.SeedSequence(seed).entropy, spawn_key=(batch,))
    return np.asarray(ss.generate_state(4, dtype=np.uint64), dtype=np.uint64)


def _kernel_args(sim: Simulator) -> tuple[Any, ...]:
    fs = sim.variant.free_spins
    b = sim.base
    f = sim.free if sim.free is not None else b
    awards = np.asarray(fs.awards if fs else (0,) * len(b.scatter_pay), dtype=np.int64)
    retrig = np.asarray(fs.retriggers if fs else (0,) * len(b.scatter_pay), dtype=np.int64)
    return (b.ways, b.depth, b.lengths, b.part, b.status, b.pay, b.count, b.wpay, b.scatters,
            b.scatter_pay, b.const, b.nlive, b.live,
            f.lengths, f.part, f.status, f.pay, f.count, f.wpay, f.scatters, f.scatter_pay,
            f.const, f.nlive, f.live, awards, retrig, fs.multiplier if fs else 1,
            b.bcount, b.shown, f.bcount, f.shown, b.trigger, b.ring_sym, b.ring_pay, b.cap,
            sim.variant.bonus is not None)


def fast_rounds(sim: Simulator, state: npt.NDArray[np.uint64], n: int) -> tuple[int, float]:
    """(sum of coins, sum of squared coins) of ``n`` rounds drawn from ``state`` (advanced)."""
    total, sq = kernels.rounds_kernel(state, n, *_kernel_args(sim))
    return int(total), float(sq)


def batch_sizes(rounds: int, batch: int = SIM_BATCH) -> list[int]:
    """The rounds of each batch of a simulation: ``batch`` each, the rest in the last."""
    return [min(batch, rounds - done) for done in range(0, rounds, batch)]


def parallel_rounds(sim: Simulator, seed: int, first: int, sizes: list[int]) -> tuple[int, float]:
    """Batches ``first``, ``first + 1``, ... of a simulation seeded with ``seed`` (``sizes[i]``
    rounds each, every batch from its own :func:`round_state`), played in parallel threads:
    (sum of coins, sum of squared coins), the same whatever the number of threads."""
    states = np.stack([round_state(seed, first + i) for i in range(len(sizes))])
    totals, squares = kernels.rounds_batches(states, np.asarray(sizes, dtype=np.int64),
                                             *_kernel_args(sim))
    return int(totals.sum()), float(sum(float(q) for q in squares))


def simulate(variant: SlotVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    sim = Simulator.of(variant)
    units = sim.base.units
    total, total_sq = 0, 0.0
    sizes = batch_sizes(rounds)
    done = 0
    for first in range(0, len(sizes), GROUP):  # GROUP batches at a time between progress reports
        group = sizes[first:first + GROUP]
        t, sq = parallel_rounds(sim, seed, first, group)
        total += t
        total_sq += sq
        done += sum(group)
        if progress is not None:
            progress(done, rounds)
    return [SimBet.of_sums("spin", rounds, total / units, total_sq / units / units)]
