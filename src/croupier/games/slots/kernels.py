# mypy: disable-error-code="no-untyped-def"
"""Compiled (numba) loops over :class:`~croupier.games.slots.tables.StripTables`: the full
reel cycle and batches of spins. Integer arithmetic only."""

from __future__ import annotations

import numpy as np
from numba import njit, prange


@njit(cache=True)
def prefix_table(lengths, part, status, depth):
    """For every combination of stops of the first ``depth`` reels (mixed radix, reel 0 first):
    the pay of the lines already ended (``const``) and the lines still growing, packed as
    ``prefix index * 64 + line`` (``live[idx, :nlive[idx]]``); compact, so it stays in cache."""
    n_lines = part.shape[2]
    size = 1
    for r in range(depth):
        size *= lengths[r]
    const = np.zeros(size, dtype=np.int32)
    nlive = np.zeros(size, dtype=np.int8)
    live = np.zeros((size, n_lines), dtype=np.int32)
    stops = np.zeros(depth, dtype=np.int64)
    width = 0
    for idx in range(size):
        rest = idx
        for r in range(depth):
            stops[r] = rest % lengths[r]
            rest //= lengths[r]
        c = 0
        m = 0
        for j in range(n_lines):
            p = 0
            done = False
            for r in range(depth):
                p += part[r, stops[r], j]
                v = status[r, p]
                if v >= 0:
                    c += v
                    done = True
                    break
            if not done:
                live[idx, m] = p * 64 + j
                m += 1
        const[idx] = c
        nlive[idx] = m
        width = max(width, m)
    return const, nlive, live[:, :max(width, 1)].copy()


@njit(cache=True)
def pay_lines(stops, lengths, part, status, pay, scatters, scatter_pay,
              const, nlive, live, depth):
    """(coins, scatters) of one spin of a lines game at ``stops``: the first ``depth`` reels
    from :func:`prefix_table`, then the lines still growing reel by reel."""
    n_reels = stops.shape[0]
    last = n_reels - 1
    k = 0
    for r in range(n_reels):
        k += scatters[r, stops[r]]
    idx = 0
    mul = 1
    for r in range(depth):
        idx += stops[r] * mul
        mul *= lengths[r]
    w = scatter_pay[k] + const[idx]
    for i in range(nlive[idx]):
        packed = live[idx, i]
        j = packed & 63
        p = packed >> 6
        done = False
        for r in range(depth, last):
            p += part[r, stops[r], j]
            v = status[r, p]
            if v >= 0:
                w += v
                done = True
                break
        if not done:
            w += pay[p + part[last, stops[last], j]]
    return w, k


@njit(cache=True)
def pay_ways(stops, count, wpay, scatters, scatter_pay):
    """(coins, scatters) of one spin of a ways game at ``stops``."""
    n_reels = stops.shape[0]
    n_sym = count.shape[2]
    k = 0
    for r in range(n_reels):
        k += scatters[r, stops[r]]
    w = scatter_pay[k]
    for s in range(n_sym):
        ways = 1
        length = 0
        for r in range(n_reels):
            c = count[r, stops[r], s]
            if c == 0:
                break
            ways *= c
            length += 1
        w += wpay[s, length] * ways
    return w, k


@njit(cache=True)
def spin_lines(stops, lengths, part, status, pay, scatters, scatter_pay, const, nlive, live,
               depth, win, kout):
    """Per spin ``i`` (stops[i, r]): the win in coins and the scatter count."""
    for i in range(stops.shape[0]):
        win[i], kout[i] = pay_lines(stops[i], lengths, part, status, pay, scatters, scatter_pay,
                                    const, nlive, live, depth)


@njit(cache=True)
def spin_ways(stops, count, wpay, scatters, scatter_pay, win, kout):
    for i in range(stops.shape[0]):
        win[i], kout[i] = pay_ways(stops[i], count, wpay, scatters, scatter_pay)


# -- a fast generator for whole rounds: xoshiro256** with unbiased bounded integers (Lemire) ------

@njit(cache=True)
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True)
def next_u64(s):
    """xoshiro256** (Blackman and Vigna): the next 64 bits of the state ``s`` (4 x uint64)."""
    result = _rotl(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@njit(cache=True)
def bounded(s, n):
    """An integer in ``[0, n)`` (n < 2^32) without bias: Lemire's multiply and reject."""
    nn = np.uint64(n)
    while True:
        m = (next_u64(s) >> np.uint64(32)) * nn
        low = m & np.uint64(0xFFFFFFFF)
        if low >= nn or low >= (np.uint64(0x100000000) - nn) % nn:
            return np.int64(m >> np.uint64(32))


@njit(cache=True)
def rounds_kernel(s, n, ways, depth, lengths, part, status, pay, count, wpay, scatters, scatter_pay,
                  const, nlive, live,
                  f_lengths, f_part, f_status, f_pay, f_count, f_wpay, f_scatters, f_scatter_pay,
                  f_const, f_nlive, f_live, awards, retrig, mult,
                  bcount, shown, f_bcount, f_shown, trig, ring_sym, ring_pay, cap, has_bonus):
    """``n`` whole rounds (paid spin, then its free spins one by one) drawn from ``s``: the sum
    of their coins and the sum of squares (float). A spin that starts the bonus (000 §12.17)
    draws the indicator's place after its reels; a round pays at most ``cap``."""
    n_ring = ring_sym.shape[0]
    n_reels = lengths.shape[0]
    stops = np.zeros(n_reels, dtype=np.int64)
    total = 0
    total_sq = 0.0
    for _ in range(n):
        for r in range(n_reels):
            stops[r] = bounded(s, lengths[r])
        if ways:
            w, k = pay_ways(stops, count, wpay, scatters, scatter_pay)
        else:
            w, k = pay_lines(stops, lengths, part, status, pay, scatters, scatter_pay,
                             const, nlive, live, depth)
        if has_bonus:
            bc, mask = bonus_at(stops, bcount, shown)
            if bc >= trig:
                i = bounded(s, n_ring)
                w += ring_pay[i] * ((mask >> ring_sym[i]) & 1)
        left = awards[k]
        while left > 0:
            for r in range(n_reels):
                stops[r] = bounded(s, f_lengths[r])
            if ways:
                fw, fk = pay_ways(stops, f_count, f_wpay, f_scatters, f_scatter_pay)
            else:
                fw, fk = pay_lines(stops, f_lengths, f_part, f_status, f_pay, f_scatters,
                                   f_scatter_pay, f_const, f_nlive, f_live, depth)
            if has_bonus:
                bc, mask = bonus_at(stops, f_bcount, f_shown)
                if bc >= trig:
                    i = bounded(s, n_ring)
                    fw += ring_pay[i] * ((mask >> ring_sym[i]) & 1)
            w += fw * mult
            left += retrig[fk] - 1
        if w > cap:
            w = cap
        total += w
        total_sq += float(w) * float(w)
    return total, total_sq


@njit(cache=True, parallel=True)
def rounds_batches(states, sizes, ways, depth, lengths, part, status, pay, count, wpay, scatters,
                   scatter_pay, const, nlive, live,
                   f_lengths, f_part, f_status, f_pay, f_count, f_wpay, f_scatters, f_scatter_pay,
                   f_const, f_nlive, f_live, awards, retrig, mult,
                   bcount, shown, f_bcount, f_shown, trig, ring_sym, ring_pay, cap, has_bonus):
    """:func:`rounds_kernel` over batches in parallel (``prange``): batch ``b`` plays
    ``sizes[b]`` rounds from its own state ``states[b]``, so the sums per batch, and the
    simulation, do not depend on the number of threads."""
    nb = states.shape[0]
    totals = np.zeros(nb, dtype=np.int64)
    squares = np.zeros(nb, dtype=np.float64)
    for b in prange(nb):
        s = states[b].copy()
        t, q = rounds_kernel(s, sizes[b], ways, depth, lengths, part, status, pay, count, wpay,
                             scatters, scatter_pay, const, nlive, live,
                             f_lengths, f_part, f_status, f_pay, f_count, f_wpay, f_scatters,
                             f_scatter_pay, f_const, f_nlive, f_live, awards, retrig, mult,
                             bcount, shown, f_bcount, f_shown, trig, ring_sym, ring_pay, cap,
                             has_bonus)
        totals[b] = t
        squares[b] = q
        states[b] = s
    return totals, squares


@njit(cache=True)
def cap_none():
    """The trigger and cap of a slot without a bonus or a cap (tables.NO_LIMIT)."""
    return 1 << 62


@njit(cache=True)
def record(hist, kstats, k, w, bc, mask, trig, ring_sym, ring_pay, cap):
    """Count one stop combination of the full cycle: once per place of the bonus indicator's
    ring (000 §12.17; its image pays when the window shows it), each round capped at ``cap``."""
    nr = ring_sym.shape[0]
    if bc >= trig:
        for i in range(nr):
            wi = w + ring_pay[i] * ((mask >> ring_sym[i]) & 1)
            if wi > cap:
                wi = cap
            hist[wi] += 1
            kstats[k, 0] += 1
            kstats[k, 1] += wi
            if wi == 0:
                kstats[k, 2] += 1
    else:
        if w > cap:
            w = cap
        hist[w] += nr
        kstats[k, 0] += nr
        kstats[k, 1] += w * nr
        if w == 0:
            kstats[k, 2] += nr


@njit(cache=True)
def bonus_at(stops, bcount, shown):
    """(bonus images, mask of the symbols shown) of the window at ``stops``."""
    bc = 0
    mask = 0
    for r in range(stops.shape[0]):
        bc += bcount[r, stops[r]]
        mask |= shown[r, stops[r]]
    return bc, mask


@njit(cache=True)
def cycle_lines(lengths, part, status, pay, scatters, scatter_pay, hist, kstats,
                bcount, shown, trig, ring_sym, ring_pay, cap):
    """Every stop combination: ``hist[coins] += 1``; per scatter count k, ``kstats[k]`` holds
    (combinations, sum of coins, combinations paying nothing).

    Level ``q`` is the state after reels ``0..q-1``: the pay of the lines whose chains have ended
    (``status`` of their prefix) is summed once in ``const[q]``; only the lines still growing are
    carried to the next reel."""
    has_bonus = trig < cap_none()
    n_reels = lengths.shape[0]
    n_lines = part.shape[2]
    last = n_reels - 1
    pidx = np.zeros((n_reels, n_lines), dtype=np.int64)
    live = np.zeros((n_reels, n_lines), dtype=np.int64)
    nlive = np.zeros(n_reels, dtype=np.int64)
    const = np.zeros(n_reels, dtype=np.int64)
    kpre = np.zeros(n_reels, dtype=np.int64)
    bpre = np.zeros(n_reels, dtype=np.int64)
    mpre = np.zeros(n_reels, dtype=np.int64)
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
            if has_bonus:
                bpre[q + 1] = bpre[q] + bcount[q, st]
                mpre[q + 1] = mpre[q] | shown[q, st]
        for s in range(lengths[last]):
            k = kpre[last] + scatters[last, s]
            w = const[last] + scatter_pay[k]
            for i in range(nlive[last]):
                j = live[last, i]
                w += pay[pidx[last, j] + part[last, s, j]]
            if has_bonus:
                record(hist, kstats, k, w, bpre[last] + bcount[last, s],
                       mpre[last] | shown[last, s], trig, ring_sym, ring_pay, cap)
            else:
                if w > cap:
                    w = cap
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
def cycle_ways(lengths, count, wpay, scatters, scatter_pay, hist, kstats,
               bcount, shown, trig, ring_sym, ring_pay, cap):
    """As :func:`cycle_lines` for a ways game: per symbol, the ways of its chain so far (0 once
    the chain has ended) and the coins of the chains that ended."""
    has_bonus = trig < cap_none()
    n_reels = lengths.shape[0]
    n_sym = count.shape[2]
    ways = np.zeros((n_reels + 1, n_sym), dtype=np.int64)
    acc = np.zeros(n_reels + 1, dtype=np.int64)
    kpre = np.zeros(n_reels + 1, dtype=np.int64)
    bpre = np.zeros(n_reels + 1, dtype=np.int64)
    mpre = np.zeros(n_reels + 1, dtype=np.int64)
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
            if has_bonus:
                bpre[q + 1] = bpre[q] + bcount[q, stops[q]]
                mpre[q + 1] = mpre[q] | shown[q, stops[q]]
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
            if has_bonus:
                record(hist, kstats, k, w, bpre[last] + bcount[last, st],
                       mpre[last] | shown[last, st], trig, ring_sym, ring_pay, cap)
            else:
                if w > cap:
                    w = cap
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
