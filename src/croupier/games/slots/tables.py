"""Integer lookup tables of a slot's strips for the compiled full-cycle enumeration and the
vectorised simulator. The line pay table is filled by the engine's own rule
(:func:`~croupier.games.slots.rules.line_pay`) for every symbol tuple, so the compiled code only
adds table entries; ways games count symbols per reel (checked against the engine by the
differential tests in ``tests/test_slot_simulation.py``).

All lines are active (the full-cycle and simulated figures are per total bet and the line game's
return does not depend on the active lines, see :mod:`.exact`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from croupier.games.slots import kernels
from croupier.games.slots.rules import chain_ended, line_pay
from croupier.games.slots.variant import SlotVariant

IntArray = npt.NDArray[np.int64]
NO_LIMIT = 1 << 62  # no bonus trigger, no cap


@dataclass(frozen=True)
class StripTables:
    ways: bool
    units: int            # coins in the total bet (all lines, or the bet multiplier)
    lengths: IntArray     # (R,)
    part: IntArray        # lines: (R, Lmax, lines) symbol x radix^r of each line's cell
    pay: IntArray         # lines: pay in coins by mixed-radix symbol tuple (filled where the
                          # first reels leave the line growing: the kernels look up no other)
    status: npt.NDArray[np.int32]  # lines: (R - 1, S^(R-1)) pay of a prefix of reels 0..q whose chains
                          # have ended, -1 while the line can still grow
    count: IntArray       # ways: (R, Lmax, S) cells showing s or Wild
    wpay: IntArray        # ways: (S, R + 1) pay in coins by symbol and chain length
    scatters: IntArray    # (R, Lmax) scatters in the window
    scatter_pay: IntArray  # coins by scatter count (total-bet multiple x units)
    bcount: IntArray      # (R, Lmax) bonus images in the window (000 §12.17)
    shown: IntArray       # (R, Lmax) bit s set when the window shows symbol s
    trigger: int          # bonus images that start the bonus (a huge number: no bonus)
    ring_sym: IntArray    # the indicator's ring: the image at each place
    ring_pay: IntArray    # coins the place pays when its image is shown
    cap: int              # no round pays more coins than this (a huge number: no cap)
    bound: int            # no spin pays more coins than this
    depth: int            # lines: reels resolved by the prefix table (the first R - 2)
    const: npt.NDArray[np.int32]  # lines: prefix table (see kernels.prefix_table)
    nlive: npt.NDArray[np.int8]
    live: npt.NDArray[np.int32]


def build(variant: SlotVariant, strips: Sequence[Sequence[int]]) -> StripTables:
    n_reels, rows, n_sym = len(strips), variant.rows, len(variant.symbols)
    lmax = max(len(s) for s in strips)
    lengths = np.array([len(s) for s in strips], dtype=np.int64)
    ways = variant.mode == "ways"
    units = variant.bet_multiplier if ways else len(variant.lines)
    sc = variant.scatter
    scatters = np.zeros((n_reels, lmax), dtype=np.int64)
    for r, strip in enumerate(strips):
        n = len(strip)
        for stop in range(n):
            scatters[r, stop] = sum(1 for h in range(rows) if strip[(stop + h) % n] == sc)
    scatter_pay = np.array([p * units for p in variant.scatter_pays], dtype=np.int64)
    part = np.zeros((1, 1, 1), dtype=np.int64)
    pay = np.zeros(1, dtype=np.int64)
    status = np.zeros((1, 1), dtype=np.int32)
    count = np.zeros((1, 1, 1), dtype=np.int64)
    wpay = np.zeros((1, 1), dtype=np.int64)
    if not ways:
        lines = variant.lines
        part = np.zeros((n_reels, lmax, len(lines)), dtype=np.int64)
        for r, strip in enumerate(strips):
            n = len(strip)
            for stop in range(n):
                for j, line in enumerate(lines):
                    part[r, stop, j] = strip[(stop + line[r]) % n] * n_sym ** r
        pay = np.zeros(n_sym ** n_reels, dtype=np.int64)
        status = np.full((n_reels - 1, n_sym ** (n_reels - 1)), -1, dtype=np.int32)
        for q in range(n_reels - 1):
            for combo in itertools.product(range(n_sym), repeat=q + 1):
                if chain_ended(variant, combo):
                    status[q, sum(x * n_sym ** r for r, x in enumerate(combo))] = line_pay(variant, combo)[2]
                elif q == n_reels - 2:  # a line still growing before the last reel: every ending
                    base = sum(x * n_sym ** r for r, x in enumerate(combo))
                    for x in range(n_sym):
                        pay[base + x * n_sym ** q * n_sym] = line_pay(variant, (*combo, x))[2]
        bound = len(lines) * max(int(pay.max()), int(status.max())) + int(scatter_pay.max())
    else:
        wild = variant.wild
        count = np.zeros((n_reels, lmax, n_sym), dtype=np.int64)
        for r, strip in enumerate(strips):
            n = len(strip)
            for stop in range(n):
                for h in range(rows):
                    x = strip[(stop + h) % n]
                    for s in range(n_sym):
                        if x == s or x == wild:
                            count[r, stop, s] += 1
        wpay = np.zeros((n_sym, n_reels + 1), dtype=np.int64)
        for s, row in enumerate(variant.pays):
            if s != wild and s != sc:
                wpay[s, :] = row
        bound = int(sum(int(wpay[s].max()) for s in range(n_sym)) * rows ** n_reels
                    + scatter_pay.max())
    bcount = np.zeros((n_reels, lmax), dtype=np.int64)
    shown = np.zeros((n_reels, lmax), dtype=np.int64)
    bonus = variant.bonus
    trigger = NO_LIMIT
    ring_sym = np.zeros(1, dtype=np.int64)
    ring_pay = np.zeros(1, dtype=np.int64)
    if bonus is not None:
        for r, strip in enumerate(strips):
            n = len(strip)
            for stop in range(n):
                bcount[r, stop] = sum(1 for h in range(rows) if strip[(stop + h) % n] == bonus.symbol)
                for h in range(rows):
                    shown[r, stop] |= 1 << strip[(stop + h) % n]
        trigger = bonus.trigger
        ring_sym = np.array(bonus.ring, dtype=np.int64)
        ring_pay = np.array([bonus.odds[x] * units for x in bonus.ring], dtype=np.int64)
        bound += int(ring_pay.max())
    cap = NO_LIMIT if variant.max_win_multiple is None else variant.max_win_multiple * units
    bound = min(bound, cap)
    depth = max(n_reels - 2, 1)
    if ways:
        prefix = (np.zeros(1, dtype=np.int32), np.zeros(1, dtype=np.int8),
                  np.zeros((1, 1), dtype=np.int32))
    else:
        prefix = kernels.prefix_table(lengths, part, status, depth)
    return StripTables(ways, units, lengths, part, pay, status, count, wpay, scatters, scatter_pay,
                       bcount, shown, trigger, ring_sym, ring_pay, cap, bound, depth, *prefix)
