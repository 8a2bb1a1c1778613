"""Vectorised Monte Carlo of the rolled dice games, every return read off the engine.

A roll is an index ``d`` of the ordered dice (``sum((face_j - 1) * 6**(n-1-j))``, the engine's
die order). Rolls come from numpy's PCG64 as 64-bit integers below ``(6**n)**per``, each holding
``per`` independent rolls (8 rolls of three dice per integer: no bias, no float), decoded and
counted in compiled code. The returns of every position on every roll (and every strike case) are
the engine's own (:func:`~.exact.return_table`), so a bet's sum over ``N`` rolls is
``counts @ returns``: every bet is covered at the speed of counting rolls.

With a strike step, each roll also draws how many positions are struck, which ones (a partial
Fisher-Yates shuffle of the eligible positions) and each one's entry, from uniforms
(``floor(u * n)``); the struck positions are counted per roll and entry. :func:`strike_rows` gives
those rows so ``tests/test_000_12_25_sicbo_simulation.py`` plays them through the engine and
compares (the differential test).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.games.dice.rolled.engine import DiceEngine
from croupier.games.dice.rolled.exact import ReturnTable, distributions, return_table
from croupier.games.dice.rolled.variant import DiceVariant, Position
from croupier.games.registry import SimBet

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


def per_word(outcomes: int) -> int:
    """How many rolls of ``outcomes`` equally likely results one 64-bit integer holds."""
    k = 1
    while outcomes ** (k + 1) < 2**64:
        k += 1
    return k


@jit
def _count_rolls(words: Any, base: Any, per: int, counts: Any) -> None:  # pragma: no cover - compiled
    for i in range(words.shape[0]):
        x = words[i]
        for _ in range(per):
            counts[np.int64(x % base)] += 1
            x = x // base


@jit
def _decode(words: Any, base: Any, per: int, out: Any) -> None:  # pragma: no cover - compiled
    j = 0
    for i in range(words.shape[0]):
        x = words[i]
        for _ in range(per):
            out[j] = np.int64(x % base)
            x = x // base
            j += 1


def roll_words(rng: np.random.Generator, n: int, base: int) -> npt.NDArray[np.uint64]:
    """``n`` random 64-bit words of :func:`per_word` rolls each."""
    return rng.integers(0, base ** per_word(base), size=n, dtype=np.uint64)


def decode_rolls(words: npt.NDArray[np.uint64], base: int) -> I64:
    per = per_word(base)
    out = np.empty(words.shape[0] * per, dtype=np.int64)
    _decode(words, np.uint64(base), per, out)  # uint64 throughout: no float
    return out


def count_rolls(rng: np.random.Generator, rolls: int, base: int) -> I64:
    """How often each ordered roll came up in ``rolls`` rolls (the bench's hot path)."""
    per = per_word(base)
    counts = np.zeros(base, dtype=np.int64)
    words = -(-rolls // per)
    block = 1 << 20
    done = 0
    while done < words:
        size = min(block, words - done)
        _count_rolls(roll_words(rng, size, base), np.uint64(base), per, counts)
        done += size
    return counts


@jit
def _strike_rows(u: Any, cum_count: Any, counts: Any, n_elig: int, cum_w: Any,
                 kmax: int, k_out: Any, e_out: Any, m_out: Any) -> None:  # pragma: no cover - compiled
    pool = np.arange(n_elig)
    for r in range(u.shape[0]):
        x = int(u[r, 0] * cum_count[-1])
        c = 0
        while x >= cum_count[c]:
            c += 1
        k = counts[c]
        k_out[r] = k
        for j in range(n_elig):
            pool[j] = j
        for j in range(k):
            pick = j + int(u[r, 1 + 2 * j] * (n_elig - j))
            e = pool[pick]
            pool[pick] = pool[j]
            pool[j] = e
            e_out[r, j] = e
            w = cum_w[e]
            y = int(u[r, 2 + 2 * j] * w[-1])
            i = 0
            while y >= w[i]:
                i += 1
            m_out[r, j] = i
        for j in range(k, kmax):
            e_out[r, j] = -1
            m_out[r, j] = -1


@jit
def _count_strikes(d: Any, k: Any, e: Any, m: Any, struck: Any) -> None:  # pragma: no cover - compiled
    for r in range(d.shape[0]):
        for j in range(k[r]):
            struck[e[r, j], d[r], m[r, j]] += 1


class StrikeSampler:
    """The strike step of a variant as arrays for compiled code."""

    def __init__(self, engine: DiceEngine, v: DiceVariant) -> None:
        st = v.strikes
        if st is None:
            raise ValueError(f"{v.name} has no strike step")
        self.eligible = list(engine.eligible(v))
        self.kmax = max(st.counts)
        self.counts = np.asarray(st.counts, dtype=np.int64)
        self.cum_count = np.cumsum(np.asarray(st.count_weights, dtype=np.int64))
        tables = [st.table_for(p) for p in self.eligible]
        self.entries = max(len(t.weights) for t in tables)
        cum = np.empty((len(tables), self.entries), dtype=np.int64)
        for i, t in enumerate(tables):  # padded with the table's total weight: never picked
            cum[i, : len(t.weights)] = np.cumsum(t.weights)
            cum[i, len(t.weights):] = t.total_weight
        self.cum_w = cum

    def rows(self, u: F64) -> tuple[I64, I64, I64]:
        """Per row of uniforms (``1 + 2 * kmax`` each): the count struck, the eligible indices
        struck (-1 padded) and their entries."""
        n = u.shape[0]
        k = np.empty(n, dtype=np.int64)
        e = np.empty((n, max(self.kmax, 1)), dtype=np.int64)
        m = np.empty((n, max(self.kmax, 1)), dtype=np.int64)
        _strike_rows(np.ascontiguousarray(u), self.cum_count, self.counts, len(self.eligible),
                     self.cum_w, self.kmax, k, e, m)
        return k, e, m


def ordered_returns(engine: DiceEngine, v: DiceVariant,
                    table: ReturnTable | None = None) -> tuple[list[Position], F64, F64]:
    """``(positions, plain[b, d], struck[b, d, i])``: each position's return per unit staked on
    ordered roll ``d``, not struck and struck with entry ``i`` (NaN where no entry)."""
    t = table or return_table(engine, v)
    n = engine.rules.dice
    base = 6**n
    faces = [tuple(int(c) + 1 for c in np.base_repr(d, 6).zfill(n)) for d in range(base)]
    key = (lambda f: tuple(sorted(f))) if engine.rules.symmetric else (lambda f: f)
    where = {dice: i for i, (dice, _) in enumerate(t.rolls)}
    width = max((len(r[0]) for r in t.returns.values()), default=1)
    plain = np.empty((len(t.positions), base))
    struck = np.full((len(t.positions), base, max(width - 1, 1)), np.nan)
    for b, pos in enumerate(t.positions):
        rets = t.returns[pos]
        for d, f in enumerate(faces):
            row = rets[where[key(f)]]
            plain[b, d] = float(row[0])
            for i, x in enumerate(row[1:]):
                struck[b, d, i] = float(x)
    return t.positions, plain, struck


def simulate(engine: DiceEngine, v: DiceVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """Monte Carlo of every bet code, each on its target of the lowest exact RTP (the figure
    ``exact`` reports)."""
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    table = return_table(engine, v)
    positions, plain, struck_r = ordered_returns(engine, v, table)
    base = 6**engine.rules.dice
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    counts = np.zeros(base, dtype=np.int64)
    struck = None
    sampler = StrikeSampler(engine, v) if v.strikes is not None else None
    if sampler is not None:
        struck = np.zeros((len(sampler.eligible), base, sampler.entries), dtype=np.int64)
    block = 1 << 18
    done = 0
    while done < rounds:
        size = min(block, rounds - done)
        if sampler is None:
            counts += count_rolls(rng, size, base)
        else:
            d = decode_rolls(roll_words(rng, -(-size // per_word(base)), base), base)[:size]
            counts += np.bincount(d, minlength=base)
            k, e, m = sampler.rows(rng.random((size, 1 + 2 * max(sampler.kmax, 1))))
            _count_strikes(d, k, e, m, struck)
        done += size
        if progress is not None:
            progress(done, rounds)
    eligible = {p: i for i, p in enumerate(sampler.eligible)} if sampler is not None else {}
    exact_worst = _worst_positions(engine, v, table)
    out = []
    for code in v.codes:
        b = exact_worst[code]
        pos = positions[b]
        c = counts.astype(np.float64)
        total = float(c @ plain[b])
        square = float(c @ plain[b] ** 2)
        if pos in eligible and struck is not None:
            s = struck[eligible[pos]].astype(np.float64)  # (rolls, entries)
            n_ent = s.shape[1]
            r = np.nan_to_num(struck_r[b, :, :n_ent])
            total += float((s * r).sum()) - float(s.sum(axis=1) @ plain[b])
            square += float((s * r * r).sum()) - float(s.sum(axis=1) @ plain[b] ** 2)
        out.append(SimBet.of_sums(code, rounds, total, square))
    return out


def _worst_positions(engine: DiceEngine, v: DiceVariant, table: ReturnTable) -> dict[str, int]:
    """Per code, the index of the position with the lowest exact RTP (what ``exact`` reports)."""
    dist = distributions(engine, v, table)
    best: dict[str, tuple[Fraction, int]] = {}
    for i, pos in enumerate(table.positions):
        m = dist[pos].mean
        if pos[0] not in best or m < best[pos[0]][0]:
            best[pos[0]] = (m, i)
    return {c: i for c, (_, i) in best.items()}
