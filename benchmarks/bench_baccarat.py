"""Baccarat: simulated coups per second (vectorised dealer) and the time of the exact walk."""

from __future__ import annotations

import time

import numpy as np

from croupier.games.baccarat.exact import class_table
from croupier.games.baccarat.simulate import BATCH, CLASSES, batch_counts, batch_rng, layout
from croupier.games.registry import parse_unchecked


def main() -> None:
    for name in ("live_004", "mini_001"):
        v = parse_unchecked("baccarat", name)
        t0 = time.perf_counter()
        class_table(v)
        exact_s = time.perf_counter() - t0
        print(f"baccarat/{name}: exact enumeration of a fresh {v.decks}-deck shoe "
              f"(every bet, fractions): {exact_s:.2f} s")
        lay = layout(v.decks)
        rng = batch_rng(1, 0)
        batch_counts(lay, rng, BATCH)  # warm up
        counts = np.zeros(CLASSES + 1, dtype=np.int64)
        t0 = time.perf_counter()
        batches = 0
        while time.perf_counter() - t0 < 3.0:
            counts += batch_counts(lay, rng, BATCH)
            batches += 1
        dt = time.perf_counter() - t0
        coups = int(counts[:CLASSES].sum())
        print(f"baccarat/{name}: simulated {coups:,} coups in {dt:.2f} s = "
              f"{coups / dt:,.0f} coups/s (every bet of the coup settled by class)")


if __name__ == "__main__":
    main()
