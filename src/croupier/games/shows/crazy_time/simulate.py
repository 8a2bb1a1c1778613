"""Vectorised Monte Carlo of Crazy Time (000 §12.31): every round of a batch at once with numpy,
playing the game's process (Top Slot reels, the wheel, the bonus's own draws: a random cell of a
uniformly shuffled wall, Galton drops with DOUBLE re-drops, coin sides and flip, bonus-wheel
re-spins per flapper), never the exact distributions. Each bet code is a bet of one unit on every
round; its mean return and 99% interval go to :class:`~croupier.games.registry.SimBet`.

Seeds: batch ``k`` draws from ``Generator(PCG64(SeedSequence(seed, spawn_key=(k,))))``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from croupier.games.registry import ProgressFn, SimBet
from croupier.games.shows.crazy_time.variant import DOUBLE, MISS, NUMBERS, CrazyTimeVariant
from croupier.games.shows.showdata import Weighted

BATCH = 1 << 20
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


def batch_rng(seed: int, batch: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(batch,))))


def weighted_draw(rng: np.random.Generator, w: Weighted[int] | Weighted[str], size: int) -> I64:
    """Indices into ``w.values`` by cumulative integer weights (as the engine reads a draw)."""
    cum = np.cumsum(np.asarray(w.weights, dtype=np.int64))
    out: I64 = np.searchsorted(cum, rng.integers(0, w.total, size), side="right").astype(np.int64)
    return out


def _cells(cells: tuple[int | str, ...]) -> tuple[I64, I64]:
    """Values (0 for a special) and codes (0 value, 2 DOUBLE, 3 TRIPLE) of a board or wheel."""
    vals = np.array([c if isinstance(c, int) else 0 for c in cells], dtype=np.int64)
    kinds = np.array([0 if isinstance(c, int) else (2 if c == DOUBLE else 3) for c in cells], dtype=np.int64)
    return vals, kinds


def pachinko(v: CrazyTimeVariant, rng: np.random.Generator, m: I64) -> I64:
    n = len(m)
    boards = np.asarray(v.pachinko_boards.values, dtype=np.int64)[weighted_draw(rng, v.pachinko_boards, n)]
    tables = [_cells(b.slots) for b in v.pachinko_layouts]
    vals = np.stack([t[0] for t in tables])
    kinds = np.stack([t[1] for t in tables])
    lowest = np.array([min(c for c in b.slots if isinstance(c, int)) for b in v.pachinko_layouts], dtype=np.int64)
    zones = np.asarray(v.pachinko_zones, dtype=np.int64) - min(v.pachinko_zones)
    cap = v.pachinko_cap
    factor = np.ones(n, dtype=np.int64)
    final = np.zeros(n, dtype=np.int64)
    active = np.arange(n)
    while active.size:
        k = active.size
        slot = zones[rng.integers(0, len(zones), k)] + rng.binomial(v.pachinko_pegs, 0.5, k)
        b = boards[active]
        kind = kinds[b, slot]
        f = factor[active]
        mm = m[active]
        full = lowest[b] * mm * f >= cap
        done = (kind == 0) | full
        final[active[done]] = np.where(kind[done] == 0, np.minimum(cap, vals[b, slot][done] * mm[done] * f[done]), cap)
        factor[active[~done]] *= 2
        active = active[~done]
    return final


def bonus_wheel(v: CrazyTimeVariant, rng: np.random.Generator, m: I64) -> I64:
    n = len(m)
    vals, kinds = _cells(v.bonus_wheel)
    size = len(v.bonus_wheel)
    offsets = np.asarray(v.flapper_offsets, dtype=np.int64)[rng.integers(0, 3, n)]
    lowest = min(c for c in v.bonus_wheel if isinstance(c, int))
    cap = v.bonus_cap
    factor = np.ones(n, dtype=np.int64)
    final = np.zeros(n, dtype=np.int64)
    active = np.arange(n)
    while active.size:
        k = active.size
        pos = (rng.integers(0, size, k) + offsets[active]) % size
        kind = kinds[pos]
        f = factor[active]
        mm = m[active]
        full = lowest * mm * f >= cap
        done = (kind == 0) | full
        final[active[done]] = np.where(kind[done] == 0, np.minimum(cap, vals[pos][done] * mm[done] * f[done]), cap)
        factor[active[~done]] *= kind[~done]
        active = active[~done]
    return final


def batch_returns(v: CrazyTimeVariant, rng: np.random.Generator, size: int) -> dict[str, F64]:
    """Return per unit staked of a bet on each code, for ``size`` rounds."""
    spots = np.asarray(v.top_slot_spots.values)[weighted_draw(rng, v.top_slot_spots, size)]
    mults = np.asarray(v.top_slot_multipliers.values, dtype=np.int64)[
        weighted_draw(rng, v.top_slot_multipliers, size)]
    mults = np.where(spots == MISS, 1, mults)
    segs = np.asarray(v.segments)[rng.integers(0, 54, size)]
    out: dict[str, F64] = {}
    for code in v.bet_codes:
        hit = segs == code
        m = np.where(spots == code, mults, 1)[hit]
        ret = np.zeros(size, dtype=np.float64)
        if code in NUMBERS:
            x = int(code) * m
        elif code == "cash_hunt":
            x = np.asarray(v.wall, dtype=np.int64)[rng.integers(0, 108, m.size)] * m
        elif code == "coin_flip":
            red = np.asarray(v.coin_red.values, dtype=np.int64)[weighted_draw(rng, v.coin_red, m.size)]
            blue = np.asarray(v.coin_blue.values, dtype=np.int64)[weighted_draw(rng, v.coin_blue, m.size)]
            x = np.where(rng.integers(0, 2, m.size) == 0, red, blue) * m
        elif code == "pachinko":
            x = pachinko(v, rng, m)
        else:
            x = bonus_wheel(v, rng, m)
        ret[hit] = 1 + x
        out[code] = ret
    return out


def simulate(v: CrazyTimeVariant, rounds: int, seed: int, progress: ProgressFn | None = None) -> list[SimBet]:
    if rounds <= 0:
        raise ValueError("rounds must be positive")
    sums = {c: [0.0, 0.0] for c in v.bet_codes}
    done = 0
    k = 0
    while done < rounds:
        size = min(BATCH, rounds - done)
        for code, r in batch_returns(v, batch_rng(seed, k), size).items():
            sums[code][0] += float(r.sum())
            sums[code][1] += float((r * r).sum())
        done += size
        k += 1
        if progress is not None:
            progress(done, rounds)
    return [SimBet.of_sums(c, rounds, s, q) for c, (s, q) in sums.items()]
