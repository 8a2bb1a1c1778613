"""Lookup tables of the poker evaluator, indexed by a 15-bit rank mask (bit ``r`` = rank ``r``).

* ``TOP5[mask]``: the five highest ranks of ``mask`` packed as nibbles ``k1<<16 | ... | k5``
  (missing ranks are 0), so ``TOP5[mask] >> 4*(5-j)`` is the top ``j`` ranks packed the same way.
* ``HIGH[mask]``: the highest rank in ``mask`` (0 for an empty mask).
* ``STRAIGHT[mask]``: the high card of the best five-card straight in ``mask`` (5 for the wheel
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


def _build() -> tuple[npt.NDArray[np.int32], ...]:
    top5 = np.zeros(SIZE, dtype=np.int32)
    high = np.zeros(SIZE, dtype=np.int32)
    straight = np.zeros(SIZE, dtype=np.int32)
    straight3 = np.zeros(SIZE, dtype=np.int32)
    for mask in range(SIZE):
        ranks = [r for r in range(ACE, 1, -1) if mask >> r & 1]
        packed = 0
        for j in range(5):
            packed = packed << 4 | (ranks[j] if j < len(ranks) else 0)
        top5[mask] = packed
        high[mask] = ranks[0] if ranks else 0
        present = set(ranks)
        if ACE in present:
            present.add(1)  # the Ace also plays low in straights
        for h in range(ACE, 4, -1):
            if all(r in present for r in range(h - 4, h + 1)):
                straight[mask] = h
                break
        for h in range(ACE, 2, -1):
            if all(r in present for r in range(h - 2, h + 1)):
                straight3[mask] = h
                break
    return top5, high, straight, straight3


TOP5, HIGH, STRAIGHT, STRAIGHT3 = _build()
