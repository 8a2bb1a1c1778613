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
        flat: list[int] = []
        to: list[int] = []
        factor: list[float] = []
        for node in graph.nodes:
            offset.append(len(flat))
            if node.terminal:
                n.append(0)
                continue
            size = node.chance.n if node.chance is not None else 1
            row = [0] * size
            for ed in node.edges:
                k = len(to)
                to.append(ed.to)
                factor.append(float(ed.factor))
                for x in ed.values or range(size):
                    row[x] = k
            n.append(size)
            flat.extend(row)
        return cls(np.array(n, dtype=np.int64), np.array(offset, dtype=np.int64),
                   np.array(flat, dtype=np.int64), np.array(to, dtype=np.int64),
                   np.array(factor, dtype=np.float64),
                   np.array([x.terminal for x in graph.nodes], dtype=bool))


Recorder = Callable[[IntArray, IntArray], None]


def run_chain(t: ChainTables, rng: np.random.Generator, size: int,
              record: Recorder | None = None) -> tuple[IntArray, FloatArray]:
    """The finished node and the stacked scale of ``size`` rounds. ``record(rounds, values)``
    sees every step's draws (the differential test feeds them to the engine)."""
    node = np.zeros(size, dtype=np.int64)
    scale = np.ones(size, dtype=np.float64)
    active = np.arange(size, dtype=np.int64) if not t.terminal[0] else np.zeros(0, dtype=np.int64)
    first = True
    while active.size:
        if first:  # every round waits at the opening: one integer draw each
            values = rng.integers(0, t.n[0], size=active.size, dtype=np.int64)
            e = t.flat[t.offset[0] + values]
            first = False
        else:
            at = node[active]
            values = (rng.random(active.size) * t.n[at]).astype(np.int64)
            e = t.flat[t.offset[at] + values]
        if record is not None:
            record(active, values)
        nxt = t.to[e]
        node[active] = nxt
        f = t.factor[e]
        if (f != 1.0).any():
            scale[active] *= f
        active = active[~t.terminal[nxt]]
    return node, scale


def batch_rng(seed: int, batch: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(batch,))))


def ending_sums(t: ChainTables, rng: np.random.Generator, size: int) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Per node: rounds ending there, and the sums of their scale and squared scale."""
    node, scale = run_chain(t, rng, size)
    m = t.n.size
    count: FloatArray = np.bincount(node, minlength=m).astype(np.float64)
    s1: FloatArray = np.bincount(node, weights=scale, minlength=m).astype(np.float64)
    s2: FloatArray = np.bincount(node, weights=scale * scale, minlength=m).astype(np.float64)
    return count, s1, s2


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
