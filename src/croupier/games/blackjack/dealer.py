"""The dealer's final-total distribution from a shoe composition, exactly (without replacement).

The dealer's stopping rule depends only on the multiset of cards drawn (totals do not depend on
order), so every way the dealer can finish is a multiset ``m`` of drawn point values with a count
``ways(m)`` of the orders in which the dealer keeps drawing until the last card. Given a remaining
composition ``c`` of ``N`` cards, the chance of finishing on ``m`` is

    ways(m) * prod_v fall(c_v, m_v) / fall(N, |m|),    fall(n, k) = n (n-1) ... (n-k+1).

The multisets are enumerated once per up card and dealer rule (about 10,000 in all); a composition
is then evaluated by a tight loop (numba). Outcomes: 0..4 = dealer 17..21, 5 = bust, 6 = Blackjack
(the hole card makes 21 with the up card).
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt
from numba import njit

from croupier.games.blackjack.rules import dealer_hits_points

BUST = 5
NATURAL = 6
OUTCOMES = 7

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@cache
def dealer_table(up: int, hits_soft_17: bool) -> tuple[IntArray, IntArray, IntArray, FloatArray, IntArray]:
    """Every finishing multiset for the up card ``up`` (point value 1..10).

    Returns ``(values, counts, sizes, ways, outcome)``: for multiset ``k``, its non-zero entries
    are ``values[k, :]`` (point index 0..9, -1 padding) with ``counts[k, :]``; ``sizes[k]`` cards.
    """
    start: tuple[int, ...] = (0,) * 10
    frontier: dict[tuple[int, ...], int] = {start: 1}
    final: list[tuple[tuple[int, ...], int, int]] = []
    while frontier:
        nxt: dict[tuple[int, ...], int] = {}
        for m, w in frontier.items():
            pts = [up] + [v + 1 for v in range(10) for _ in range(m[v])]
            n = sum(m)
            if n >= 1 and not dealer_hits_points(pts, hits_soft_17):
                t = sum(pts)
                if 1 in pts and t + 10 <= 21:
                    t += 10
                if t > 21:
                    out = BUST
                elif n == 1 and t == 21:
                    out = NATURAL
                else:
                    out = t - 17
                final.append((m, w, out))
                continue
            for v in range(10):
                m2 = list(m)
                m2[v] += 1
                key = tuple(m2)
                nxt[key] = nxt.get(key, 0) + w
        frontier = nxt
    k = len(final)
    width = max(sum(1 for x in m if x) for m, _, _ in final)
    values = np.full((k, width), -1, dtype=np.int64)
    counts = np.zeros((k, width), dtype=np.int64)
    sizes = np.zeros(k, dtype=np.int64)
    ways = np.zeros(k, dtype=np.float64)
    outcome = np.zeros(k, dtype=np.int64)
    for i, (m, w, out) in enumerate(final):
        j = 0
        for v in range(10):
            if m[v]:
                values[i, j] = v
                counts[i, j] = m[v]
                j += 1
        sizes[i] = sum(m)
        ways[i] = w
        outcome[i] = out
    return values, counts, sizes, ways, outcome


@njit(cache=True)
def _distribution(comp: IntArray, values: IntArray, counts: IntArray, sizes: IntArray,
                  ways: FloatArray, outcome: IntArray) -> FloatArray:  # pragma: no cover - numba
    n_total = 0
    for v in range(10):
        n_total += comp[v]
    out = np.zeros(7)
    fall = np.ones((10, 13))
    for v in range(10):
        for k in range(1, 13):
            fall[v, k] = fall[v, k - 1] * (comp[v] - k + 1)
    denom = np.ones(14)
    for k in range(1, 14):
        denom[k] = denom[k - 1] * (n_total - k + 1)
    for i in range(values.shape[0]):
        p = ways[i]
        for j in range(values.shape[1]):
            v = values[i, j]
            if v < 0:
                break
            p *= fall[v, counts[i, j]]
        if p > 0.0:
            out[outcome[i]] += p / denom[sizes[i]]
    return out


def distribution(comp: IntArray, up: int, hits_soft_17: bool) -> FloatArray:
    """Probabilities of the 7 dealer outcomes for the up card ``up`` and remaining ``comp``."""
    values, counts, sizes, ways, outcome = dealer_table(up, hits_soft_17)
    result: FloatArray = _distribution(comp, values, counts, sizes, ways, outcome)
    return result
