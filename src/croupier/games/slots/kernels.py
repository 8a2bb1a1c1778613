"""Compiled (numba) loops over :class:`~croupier.games.slots.tables.StripTables`: the full
reel cycle and batches of spins. Integer arithmetic only."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def spin_lines(stops, part, status, pay, scatters, scatter_pay, win, kout):  # type: ignore[no-untyped-def]
    """Per spin ``i`` (stops[i, r]): the win in coins and the scatter count."""
    n_reels = stops.shape[1]
    n_lines = part.shape[2]
    last = n_reels - 1
    for i in range(stops.shape[0]):
        k = 0
        for r in range(n_reels):
            k += scatters[r, stops[i, r]]
        w = scatter_pay[k]
        for j in range(n_lines):
            p = 0
            done = False
            for r in range(last):
                p += part[r, stops[i, r], j]
                v = status[r, p]
                if v >= 0:
                    w += v
                    done = True
                    break
            if not done:
                w += pay[p + part[last, stops[i, last], j]]
        win[i] = w
        kout[i] = k


@njit(cache=True)
def spin_ways(stops, count, wpay, scatters, scatter_pay, win, kout):  # type: ignore[no-untyped-def]
    n_reels = stops.shape[1]
    n_sym = count.shape[2]
    for i in range(stops.shape[0]):
        k = 0
        for r in range(n_reels):
            k += scatters[r, stops[i, r]]
        w = scatter_pay[k]
        for s in range(n_sym):
            ways = 1
            length = 0
            for r in range(n_reels):
                c = count[r, stops[i, r], s]
                if c == 0:
                    break
                ways *= c
                length += 1
            w += wpay[s, length] * ways
        win[i] = w
        kout[i] = k


@njit(cache=True)
def cycle_lines(lengths, part, status, pay, scatters, scatter_pay, hist, kstats):  # type: ignore[no-untyped-def]
    """Every stop combination: ``hist[coins] += 1``; per scatter count k, ``kstats[k]`` holds
    (combinations, sum of coins, combinations paying nothing).

    Level ``q`` is the state after reels ``0..q-1``: the pay of the lines whose chains have ended
    (``status`` of their prefix) is summed once in ``const[q]``; only the lines still growing are
    carried to the next reel."""
    n_reels = lengths.shape[0]
    n_lines = part.shape[2]
    last = n_reels - 1
    pidx = np.zeros((n_reels, n_lines), dtype=np.int64)
    live = np.zeros((n_reels, n_lines), dtype=np.int64)
    nlive = np.zeros(n_reels, dtype=np.int64)
    const = np.zeros(n_reels, dtype=np.int64)
    kpre = np.zeros(n_reels, dtype=np.int64)
    stops = np.zeros(n_reels, dtype=np.int64)
    for j in range(n_lines):
        live[0, j] = j
    nlive[0] = n_lines
    q0 = 0
    while True:
        for q in range(q0, last):
            c = const[q]
            m = 0
            st = stops[q]
            for i in range(nlive[q]):
                j = live[q, i]
                p = pidx[q, j] + part[q, st, j]
                v = status[q, p]
                if v >= 0:
                    c += v
                else:
                    live[q + 1, m] = j
                    pidx[q + 1, j] = p
                    m += 1
            nlive[q + 1] = m
            const[q + 1] = c
            kpre[q + 1] = kpre[q] + scatters[q, st]
        for s in range(lengths[last]):
            k = kpre[last] + scatters[last, s]
            w = const[last] + scatter_pay[k]
            for i in range(nlive[last]):
                j = live[last, i]
                w += pay[pidx[last, j] + part[last, s, j]]
            hist[w] += 1
            kstats[k, 0] += 1
            kstats[k, 1] += w
            if w == 0:
                kstats[k, 2] += 1
        r = last - 1
        while r >= 0:
            stops[r] += 1
            if stops[r] < lengths[r]:
                break
            stops[r] = 0
            r -= 1
        if r < 0:
            break
        q0 = r


@njit(cache=True)
def cycle_ways(lengths, count, wpay, scatters, scatter_pay, hist, kstats):  # type: ignore[no-untyped-def]
    """As :func:`cycle_lines` for a ways game: per symbol, the ways of its chain so far (0 once
    the chain has ended) and the coins of the chains that ended."""
    n_reels = lengths.shape[0]
    n_sym = count.shape[2]
    ways = np.zeros((n_reels + 1, n_sym), dtype=np.int64)
    acc = np.zeros(n_reels + 1, dtype=np.int64)
    kpre = np.zeros(n_reels + 1, dtype=np.int64)
    stops = np.zeros(n_reels, dtype=np.int64)
    last = n_reels - 1
    for s in range(n_sym):
        ways[0, s] = 1
    q0 = 0
    while True:
        for q in range(q0, last):
            acc[q + 1] = acc[q]
            for s in range(n_sym):
                pw = ways[q, s]
                c = count[q, stops[q], s]
                if pw > 0 and c == 0:
                    acc[q + 1] += wpay[s, q] * pw
                    ways[q + 1, s] = 0
                else:
                    ways[q + 1, s] = pw * c
            kpre[q + 1] = kpre[q] + scatters[q, stops[q]]
        for st in range(lengths[last]):
            k = kpre[last] + scatters[last, st]
            w = scatter_pay[k] + acc[last]
            for s in range(n_sym):
                pw = ways[last, s]
                if pw > 0:
                    c = count[last, st, s]
                    if c > 0:
                        w += wpay[s, n_reels] * pw * c
                    else:
                        w += wpay[s, last] * pw
            hist[w] += 1
            kstats[k, 0] += 1
            kstats[k, 1] += w
            if w == 0:
                kstats[k, 2] += 1
        r = last - 1
        while r >= 0:
            stops[r] += 1
            if stops[r] < lengths[r]:
                break
            stops[r] = 0
            r -= 1
        if r < 0:
            break
        q0 = r
