"""Exact counts of the best five-card class of k cards from one deck, without enumerating hands.

For every multiset of k ranks (each rank at most 4 times) the suit assignments are counted with
binomials: ``C(4, n)`` per rank, and those that put five or more cards in one suit are split off by
the exact set of ranks in that suit (at most one suit can hold five of seven cards). A few
thousand multisets replace C(52, 7) = 133,784,560 hands; the counts agree with the exhaustive
enumeration through the evaluator (tests for k = 5, 6; ``make bench`` for 7).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from croupier.errors import InvalidSelection

CLASSES = ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
           "four_of_a_kind", "straight_flush", "royal_flush", "pair_of_aces")
_RUNS = tuple((h, frozenset(range(h - 4, h + 1)) if h > 5 else frozenset({14, 2, 3, 4, 5}))
              for h in range(14, 4, -1))


def _straight_high(ranks: set[int] | frozenset[int] | tuple[int, ...]) -> int:
    present = set(ranks)
    return next((h for h, run in _RUNS if run <= present), 0)


@cache
def best_five_counts(k: int) -> dict[str, int]:
    """How many k-card hands (5 <= k <= 7) make each best five-card class; ``pair_of_aces`` is
    taken out of ``pair`` and ``royal_flush`` out of ``straight_flush``."""
    if not 5 <= k <= 7:
        raise InvalidSelection(f"best_five_counts takes 5 to 7 cards, got {k}")
    out = dict.fromkeys(CLASSES, 0)
    for multiset in combinations_with_replacement(range(2, 15), k):
        counts: dict[int, int] = {}
        for r in multiset:
            counts[r] = counts.get(r, 0) + 1
        if max(counts.values()) > 4:
            continue
        ways = 1
        for n in counts.values():
            ways *= comb(4, n)
        shape = sorted(counts.values(), reverse=True) + [0]
        if shape[0] == 4:
            plain = "four_of_a_kind"
        elif shape[0] == 3 and shape[1] >= 2:
            plain = "full_house"
        elif _straight_high(tuple(counts)):
            plain = "straight"
        elif shape[0] == 3:
            plain = "three_of_a_kind"
        elif shape[0] == 2 and shape[1] == 2:
            plain = "two_pair"
        elif shape[0] == 2:
            plain = "pair_of_aces" if counts.get(14) == 2 else "pair"
        else:
            plain = "high_card"
        distinct = sorted(counts)
        flush_ways = 0
        for size in range(5, len(distinct) + 1):
            for chosen in combinations(distinct, size):
                w = 4  # the suit of the flush
                for r in distinct:
                    n = counts[r]
                    w *= comb(3, n - 1) if r in chosen else comb(3, n)
                if w == 0:
                    continue
                flush_ways += w
                if plain in ("four_of_a_kind", "full_house"):
                    continue  # (impossible with k <= 7, kept for clarity)
                high = _straight_high(chosen)
                out["royal_flush" if high == 14 else "straight_flush" if high else "flush"] += w
        out[plain] += ways if plain in ("four_of_a_kind", "full_house") else ways - flush_ways
    return out
