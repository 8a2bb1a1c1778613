"""Poker evaluator speed, and the seven-card category counts over all 133,784,560 hands.

Prints the batch rate (random seven-card rows as uint8, one core), the enumeration rate of the
exhaustive seven-card count, and checks those counts against the figures derived by
:func:`closed_forms_7` (rank multisets times suit assignments, independent of the evaluator).
"""

from __future__ import annotations

import time
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np

from croupier.cards.poker import category_counts, evaluate


def random_hands(n: int, k: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    keys = rng.random((n, 52))
    return (np.argpartition(keys, k, axis=1)[:, :k] + 8).astype(np.uint8)


def closed_forms_7() -> dict[str, int]:
    """Seven-card category counts from rank multisets and suit counting (no evaluator)."""
    out = dict.fromkeys(
        ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
         "four_of_a_kind", "straight_flush", "royal_flush"], 0)
    runs = [set(range(h - 4, h + 1)) if h > 5 else {14, 2, 3, 4, 5} for h in range(14, 4, -1)]

    def straight_high(ranks: set[int]) -> int:
        for h, run in zip(range(14, 4, -1), runs, strict=True):
            if run <= ranks:
                return h
        return 0

    for multiset in combinations_with_replacement(range(2, 15), 7):
        counts: dict[int, int] = {}
        for r in multiset:
            counts[r] = counts.get(r, 0) + 1
        if max(counts.values()) > 4:
            continue
        ways = 1
        for n in counts.values():
            ways *= comb(4, n)
        shape = sorted(counts.values(), reverse=True)
        if shape[0] == 4:
            plain = "four_of_a_kind"
        elif shape[0] == 3 and shape[1] >= 2:
            plain = "full_house"
        elif straight_high(set(counts)):
            plain = "straight"
        elif shape[0] == 3:
            plain = "three_of_a_kind"
        elif shape[0] == 2 and shape[1] == 2:
            plain = "two_pair"
        elif shape[0] == 2:
            plain = "pair"
        else:
            plain = "high_card"
        # suit assignments with five or more cards in one suit (at most one such suit)
        distinct = sorted(counts)
        flush_ways = 0
        for size in range(5, len(distinct) + 1):
            for chosen in combinations(distinct, size):
                w = 4  # the flush suit
                for r in distinct:
                    n = counts[r]
                    w *= comb(3, n - 1) if r in chosen else comb(3, n)
                flush_ways += w
                if plain in ("four_of_a_kind", "full_house"):
                    continue
                high = straight_high(set(chosen))
                if high == 14:
                    name = "royal_flush"
                elif high:
                    name = "straight_flush"
                else:
                    name = "flush"
                out[name] += w
        if plain in ("four_of_a_kind", "full_house"):
            out[plain] += ways
        else:
            out[plain] += ways - flush_ways
    return out


def main() -> None:
    hands = random_hands(2_000_000, 7)
    evaluate(hands[:10])  # compile
    best = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        evaluate(hands)
        best = max(best, len(hands) / (time.perf_counter() - t0))
    print(f"batch evaluate, 7 cards (uint8 rows): {best:,.0f} hands/s")
    t0 = time.perf_counter()
    counts = category_counts(7)
    dt = time.perf_counter() - t0
    total = sum(counts.values())
    print(f"all {total:,} seven-card hands enumerated: {total / dt:,.0f} hands/s ({dt:.1f} s)")
    for name, n in counts.items():
        print(f"  {name:<16}{n:>12,}")
    expected = closed_forms_7()
    ok = counts == expected and total == comb(52, 7)
    print("seven-card counts match the rank-multiset closed forms:", "yes" if ok else f"NO {expected}")
    if not ok:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
