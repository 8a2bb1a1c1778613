"""Helpers shared by the dealer-poker tests: deal fixed cards, closed forms of k-card hands."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb

from croupier.cards import parse
from croupier.games.base import BetRequest, Decision, Settlement
from croupier.games.dealer_poker.analysis import run_deal
from croupier.games.dealer_poker.engine import DealerPokerEngine, PokerState
from croupier.games.dealer_poker.variant import PokerVariant


def cards(text: str) -> list[int]:
    return [parse(t) for t in text.split()]


def deal(engine: DealerPokerEngine, variant: PokerVariant, bets: dict[str, int], text: str,
         *decisions: str | Decision) -> tuple[PokerState, Settlement]:
    """Play a round with the cards written in deal order and the given decisions in turn."""
    queue = [d if isinstance(d, Decision) else Decision(d) for d in decisions]

    def decide(state: PokerState, legal: list[Decision]) -> Decision:
        if not queue:
            raise AssertionError(f"a decision was asked for: {[d.name for d in legal]}")
        return queue.pop(0)

    return run_deal(engine, variant, [BetRequest(c, s) for c, s in bets.items()], cards(text), decide)


def returned(settlement: Settlement) -> dict[str, int]:
    out: dict[str, int] = {}
    for b in settlement.bets:
        out[b.code] = out.get(b.code, 0) + b.returned
    return out


def best_five_closed_forms(k: int) -> dict[str, int]:
    """Counts of the best five-card class of k cards (5 <= k <= 7) from rank multisets and suit
    counting, without the evaluator. Classes as ``best_k_classes``: 0..9 categories, 10 royal,
    11 a pair of Aces (taken out of pairs)."""
    names = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
             "four_of_a_kind", "straight_flush", "royal_flush", "pair_of_aces"]
    out = dict.fromkeys(names, 0)
    runs = [(h, set(range(h - 4, h + 1)) if h > 5 else {14, 2, 3, 4, 5}) for h in range(14, 4, -1)]

    def straight_high(ranks: set[int]) -> int:
        return next((h for h, run in runs if run <= ranks), 0)

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
        pairs = sorted((r for r, n in counts.items() if n >= 2), reverse=True)
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
            plain = "pair_of_aces" if pairs[0] == 14 else "pair"
        else:
            plain = "high_card"
        distinct = sorted(counts)
        flush_ways = 0
        for size in range(5, len(distinct) + 1):
            for chosen in combinations(distinct, size):
                w = 4
                for r in distinct:
                    n = counts[r]
                    w *= comb(3, n - 1) if r in chosen else comb(3, n)
                if w == 0:
                    continue
                flush_ways += w
                if plain in ("four_of_a_kind", "full_house"):
                    continue
                high = straight_high(set(chosen))
                out["royal_flush" if high == 14 else "straight_flush" if high else "flush"] += w
        out[plain] += ways if plain in ("four_of_a_kind", "full_house") else ways - flush_ways
    return out


def rtp_of(counts: dict[str, int], table: dict[str, Fraction], total: int) -> Fraction:
    """RTP of a paytable (hand -> net odds) over hand counts."""
    return sum((counts[h] * (1 + table[h]) for h in table), Fraction(0)) / total


__all__: Sequence[str] = ["best_five_closed_forms", "cards", "deal", "returned", "rtp_of"]
