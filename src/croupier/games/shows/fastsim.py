"""Vectorised simulation of a show: every round at once, walking the same chance graph
(:func:`~croupier.games.shows.tree.build_graph`, built from the engine's own ``advance``) with
numpy. ``tests/test_shows_shape.py`` ties it to the engine on identical draws (differential test).

Seeds: batch ``k`` draws from ``Generator(PCG64(SeedSequence(seed, spawn_key=(k,))))``, so the
figures depend on the seed and the batch size only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.games.registry import SimBet
from croupier.games.shows.tree import Graph, Show

BATCH = 1 << 22

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class ChainTables:
    """The graph as arrays: node ``u`` draws in ``[0, n[u])`` and value ``x`` takes edge
    ``flat[offset[u] + x]`` to node ``to[e]``, multiplying the scale by ``factor[e]``."""

    n: IntArray
    offset: IntArray
    flat: IntArray
    to: IntArray
    factor: FloatArray
    terminal: npt.NDArray[np.bool_]

    @classmethod
    def of(cls, graph: Graph) -> ChainTables:
        n: list[int] = []
        offset: list[int] = []
        rows: list[IntArray] = []
        to: list[int] = []
        factor: list[float] = []
        size_so_far = 0
        for node in graph.nodes:
            offset.append(size_so_far)
            if node.terminal:
                n.append(0)
                continue
            size = node.chance.n if node.chance is not None else 1
            row = np.zeros(size, dtype=np.int64)
            for ed in node.edges:
                row[np.asarray(ed.values or range(size), dtype=np.int64)] = len(to)
                to.append(ed.to)
                factor.append(float(ed.factor))
            n.append(size)
            rows.append(row)
            size_so_far += size
        flat = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64)
        return cls(np.array(n, dtype=np.int64), np.array(offset, dtype=np.int64),
                   flat, np.array(to, dtype=np.int64),
                   np.array(factor, dtype=np.float64),
                   np.array([x.terminal for x in graph.nodes], dtype=bool))


Recorder = Callable[[IntArray, IntArray], None]


def _first_draws(t: ChainTables, rng: np.random.Generator, size: int) -> IntArray:
    """Every round's first draw at the opening (small integers when the opening is small)."""
    n0 = int(t.n[0])
    if n0 <= 255:
        return rng.integers(0, n0, size=size, dtype=np.uint8).astype(np.intp)
    return rng.integers(0, n0, size=size, dtype=np.int64)


def _continue(t: ChainTables, rng: np.random.Generator, node: IntArray, scale: FloatArray,
              active: IntArray, record: Recorder | None) -> None:
    """Walk the ``active`` rounds (at ``node``, with ``scale``) to their finished stages."""
    while active.size:
        at = node[active]
        values = (rng.random(active.size) * t.n[at]).astype(np.int64)
        e = t.flat[t.offset[at] + values]
        if record is not None:
            record(active, values)
        nxt = t.to[e]
        node[active] = nxt
        scale[active] *= t.factor[e]
        active = active[~t.terminal[nxt]]


def run_chain(t: ChainTables, rng: np.random.Generator, size: int,
              record: Recorder | None = None) -> tuple[IntArray, FloatArray]:
    """The finished node and the stacked scale of ``size`` rounds. ``record(rounds, values)``
    sees every step's draws (the differential test feeds them to the engine)."""
    if t.terminal[0]:
        return np.zeros(size, dtype=np.int64), np.ones(size)
    values = _first_draws(t, rng, size)
    e = t.flat[t.offset[0] + values]
    if record is not None:
        record(np.arange(size, dtype=np.int64), values)
    node = t.to[e]
    scale = t.factor[e].copy()
    _continue(t, rng, node, scale, np.flatnonzero(~t.terminal[node]), record)
    return node, scale


def batch_rng(seed: int, batch: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(batch,))))


def ending_sums(t: ChainTables, rng: np.random.Generator, size: int) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Per node: rounds ending there, and the sums of their scale and squared scale. The same
    draws as :func:`run_chain` (equal sums on the same generator), faster: the rounds that end
    on their first draw are counted without a scale array when the opening's edges to finished
    stages multiply by 1 (Dream Catcher: all but the re-spins)."""
    m = t.n.size
    if t.terminal[0]:
        ones = np.zeros(m)
        ones[0] = size
        return ones, ones.copy(), ones.copy()
    values = _first_draws(t, rng, size)
    e = t.flat[t.offset[0] + values]
    first = t.to[e]
    cnt: FloatArray = np.bincount(first, minlength=m).astype(np.float64)
    edges0 = np.unique(t.flat[t.offset[0]:t.offset[0] + t.n[0]])
    plain = bool(np.all((t.factor[edges0] == 1.0) | ~t.terminal[t.to[edges0]]))
    if plain:
        s1, s2 = cnt.copy(), cnt.copy()
    else:
        f0 = t.factor[e]
        s1 = np.bincount(first, weights=f0, minlength=m).astype(np.float64)
        s2 = np.bincount(first, weights=f0 * f0, minlength=m).astype(np.float64)
    rest = np.flatnonzero(~t.terminal[first])
    if rest.size:
        node = first[rest].copy()
        scale = t.factor[e[rest]].copy()
        _continue(t, rng, node, scale, np.arange(rest.size, dtype=np.int64), None)
        cnt += np.bincount(node, minlength=m)
        s1 += np.bincount(node, weights=scale, minlength=m)
        s2 += np.bincount(node, weights=scale * scale, minlength=m)
    live = t.terminal.astype(np.float64)  # only finished stages end a round
    return cnt * live, s1 * live, s2 * live


def simulate_graph(show: Show[Any, Any], v: Any, graph: Graph, rounds: int, seed: int,
                   progress: Callable[[int, int], None] | None = None,
                   batch: int = BATCH) -> list[SimBet]:
    """Each bet code's simulated RTP (its first selection) over ``rounds`` rounds."""
    t = ChainTables.of(graph)
    m = len(graph.nodes)
    cnt, s1, s2 = np.zeros(m), np.zeros(m), np.zeros(m)
    done, k = 0, 0
    while done < rounds:
        size = min(batch, rounds - done)
        a, b, c = ending_sums(t, batch_rng(seed, k), size)
        cnt += a
        s1 += b
        s2 += c
        done += size
        k += 1
        if progress is not None:
            progress(done, rounds)
    out = []
    ends = [i for i in range(m) if graph.nodes[i].terminal]
    for code in show.bet_codes(v):
        key = show.resolve(v, code, show.selections(v, code)[0])
        total = total_sq = 0.0
        for i in ends:
            base, odds = show.pays(v, graph.nodes[i].stage, key)
            fb, fo = float(base), float(odds)
            total += fb * cnt[i] + fo * s1[i]
            total_sq += fb * fb * cnt[i] + 2 * fb * fo * s1[i] + fo * fo * s2[i]
        out.append(SimBet.of_sums(code, rounds, total, total_sq))
    return out
