"""The census of a card's marked positions (000 §12.43): for every set of the 24 positions, which
of the 12 lines it completes (with the free centre), counted by the set's size.

``census()[j][pattern]`` is the number of j-position sets whose complete lines are exactly the
lines of the 12-bit ``pattern``. It is counted by walking all 2^24 sets with numpy (16 blocks
of 2^20), popcount and the line pattern of each set; ``tests/test_draws_megaball.py`` checks it
against Möbius inversion of the closed form "all lines of T complete" (a second method).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from croupier.games.draws.megaball.cards import CELLS, LINES

BLOCK = 20  # sets per block: 2^BLOCK


@cache
def census() -> tuple[dict[int, int], ...]:
    """Per size j (0..24): line pattern -> number of j-position sets completing exactly it."""
    low = np.arange(1 << BLOCK, dtype=np.uint32)
    low_pop = np.bitwise_count(low).astype(np.int64)
    npat = 1 << len(LINES)
    counts = np.zeros((CELLS + 1) * npat, dtype=np.int64)
    for hi in range(1 << (CELLS - BLOCK)):
        sets = low | np.uint32(hi << BLOCK)
        pattern = np.zeros(sets.shape, dtype=np.int64)
        for k, line in enumerate(LINES):
            m = np.uint32(line)
            pattern |= ((sets & m) == m).astype(np.int64) << k
        size = low_pop + int(hi).bit_count()
        counts += np.bincount(size * npat + pattern, minlength=counts.size)
    table = counts.reshape(CELLS + 1, npat)
    return tuple({int(p): int(table[j, p]) for p in np.nonzero(table[j])[0]} for j in range(CELLS + 1))
