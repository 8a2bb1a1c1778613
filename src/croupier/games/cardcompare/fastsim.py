"""Vectorised Monte Carlo for the card games, with every return read off the engine.

A round is a row of uniforms ``u`` in [0, 1); its ``j``-th card draw is ``int(u[j] * cards left)``
(the engine's ``card`` draw convention: the index in the sorted remaining composition, see
:mod:`.composition`). :func:`deal_codes` deals whole blocks of rounds that way in compiled code.

A game gives two functions of a round:

* ``keys(u)`` (vectorised): an integer per row naming everything the round's returns depend on
  (e.g. the ranks of the cards that matter and, where it matters, how the strategy decides), or a
  negative number for a row the key does not cover (played through the engine on its own);
* ``play_row(row)``: the per-bet returns (per unit staked; NaN for a bet not placed in that
  round) of the row played through the engine itself, the strategy deciding.

:func:`keyed_returns` plays the first row of every distinct key through the engine and gives every
row with that key the same returns; a key that is too coarse gives a wrong return to some row, so
each game's differential test plays random rows through the engine one by one and compares them
with :func:`keyed_returns` on the same draws (``tests/test_cardcompare_fastsim.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.games.registry import SimBet

Keys = Callable[[npt.NDArray[np.float64]], npt.NDArray[np.int64]]
PlayRow = Callable[[Sequence[float]], Sequence[float]]


@jit
def _deal(counts0: Any, u: Any, out: Any) -> None:  # pragma: no cover - compiled
    n, k = u.shape
    size0 = 0
    for c in range(counts0.shape[0]):
        size0 += counts0[c]
    counts = counts0.copy()
    for i in range(n):
        counts[:] = counts0
        left = size0
        for j in range(k):
            if left == 0:  # as the engine: a deal that outlasts its shoe goes on with a fresh one
                counts[:] = counts0
                left = size0
            idx = int(u[i, j] * left)
            c = 0
            while idx >= counts[c]:
                idx -= counts[c]
                c += 1
            counts[c] -= 1
            left -= 1
            out[i, j] = c


def deal_codes(counts: npt.NDArray[np.int64], u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """The card codes each row of draws deals from a shoe of ``counts[code]`` cards."""
    out = np.empty(u.shape, dtype=np.int64)
    _deal(np.ascontiguousarray(counts, dtype=np.int64), np.ascontiguousarray(u), out)
    return out


def ranks(codes: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Ranks (2..14, joker 15) of card codes."""
    return codes >> 2


def keyed_returns(keys: Keys, play_row: PlayRow, u: npt.NDArray[np.float64], width: int,
                  cache: dict[int, npt.NDArray[np.float64]] | None = None) -> npt.NDArray[np.float64]:
    """Per-row returns ``(rows, width)``: the engine's returns on the first row of each key."""
    cache = {} if cache is None else cache
    k = keys(u)
    neg = np.flatnonzero(k < 0)
    if neg.size:  # each uncovered row is played on its own
        k = k.copy()
        k[neg] = -1 - np.arange(neg.size)
    uniq, first, inverse = np.unique(k, return_index=True, return_inverse=True)
    table = np.empty((len(uniq), width))
    for j, (key, f) in enumerate(zip(uniq.tolist(), first.tolist(), strict=True)):
        got = cache.get(key) if key >= 0 else None
        if got is None:
            got = np.asarray(play_row(u[f].tolist()), dtype=np.float64)
            if got.shape != (width,):
                raise ValueError(f"play_row gave {got.shape[0]} returns, expected {width}")
            if key >= 0:
                cache[key] = got
        table[j] = got
    out: npt.NDArray[np.float64] = table[inverse.reshape(-1)]
    return out


def keyed_simulate(codes: Sequence[str], draws: int, keys: Keys, play_row: PlayRow, rounds: int,
                   seed: int, progress: Callable[[int, int], None] | None = None,
                   block: int = 1 << 16) -> list[SimBet]:
    """Monte Carlo over ``rounds`` rows of ``draws`` uniforms (numpy PCG64 from ``seed``).

    A bet's figure is its mean return per unit staked over the rounds in which it was placed
    (NaN returns are rounds without it), with the 99% normal interval.
    """
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    width = len(codes)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    cache: dict[int, npt.NDArray[np.float64]] = {}
    sums = np.zeros(width)
    squares = np.zeros(width)
    placed = np.zeros(width, dtype=np.int64)
    done = 0
    while done < rounds:
        size = min(block, rounds - done)
        r = keyed_returns(keys, play_row, rng.random((size, draws)), width, cache)
        ok = ~np.isnan(r)
        r = np.where(ok, r, 0.0)
        sums += r.sum(axis=0)
        squares += (r * r).sum(axis=0)
        placed += ok.sum(axis=0)
        done += size
        if progress is not None:
            progress(done, rounds)
    out = []
    for i, code in enumerate(codes):
        n = int(placed[i])
        if n == 0:
            continue
        out.append(SimBet.of_sums(code, n, float(sums[i]), float(squares[i])))
    return out
