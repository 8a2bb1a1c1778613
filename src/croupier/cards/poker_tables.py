"""Lookup tables of the poker evaluator, indexed by a 15-bit rank mask (bit ``r`` = rank ``r``).

* ``TOP5[mask]``: the five highest ranks of ``mask`` packed as nibbles ``k1<<16 | ... | k5``
  (missing ranks are 0), so ``TOP5[mask] >> 4*(5-j)`` is the top ``j`` ranks packed the same way.
* ``HIGH[mask]``: the highest rank in ``mask`` (0 for an empty mask).
* ``STRAIGHT[mask]`` (int8, small enough to stay in cache): the high card of the best five-card straight in ``mask`` (5 for the wheel
  A-2-3-4-5, where the Ace plays low: 000 §12.8.1, 004 §5.15), 0 if none.
* ``STRAIGHT3[mask]``: the same for three-card straights (3 for A-2-3, 000 §12.7 ASSUMPTION 5).

The tables are computed here from their definitions, once, at import.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

SIZE: Final = 1 << 15
ACE: Final = 14


def _build() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    masks = np.arange(SIZE, dtype=np.int64)
    has = {r: (masks >> r) & 1 for r in range(2, ACE + 1)}
    has[1] = has[ACE]  # the Ace also plays low in straights
    high = np.zeros(SIZE, dtype=np.int64)
    for r in range(2, ACE + 1):
        high = np.where(has[r] == 1, r, high)
    top5 = np.zeros(SIZE, dtype=np.int64)
    seen = np.zeros(SIZE, dtype=np.int64)
    for r in range(ACE, 1, -1):
        take = (has[r] == 1) & (seen < 5)
        top5 = np.where(take, top5 | (r << (4 * (4 - np.minimum(seen, 4)))), top5)
        seen += has[r]
    straight = np.zeros(SIZE, dtype=np.int64)
    for h in range(5, ACE + 1):  # ascending: the highest straight is written last
        run = np.ones(SIZE, dtype=bool)
        for r in range(h - 4, h + 1):
            run &= has[r] == 1
        straight = np.where(run, h, straight)
    straight3 = np.zeros(SIZE, dtype=np.int64)
    for h in range(3, ACE + 1):
        run = np.ones(SIZE, dtype=bool)
        for r in range(h - 2, h + 1):
            run &= has[r] == 1
        straight3 = np.where(run, h, straight3)
    return top5.astype(np.int32), high.astype(np.int32), straight.astype(np.int8), straight3.astype(np.int8)


TOP5, HIGH, STRAIGHT, STRAIGHT3 = _build()
