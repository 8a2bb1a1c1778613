"""Exact outcome probabilities of 21 Bet by full enumeration of the deck orders that matter.

Every ordered sequence of ranks a game can deal is walked level by level (one card per level) with
its number of card orders as an integer weight: a state is (ranks left, hand 1, hand 2) and
sequences that reach the same state (the same cards in each hand in another order) are merged,
because what happens next depends on nothing else. A finished game at depth ``d`` counts the
``(size - d)_(D - d)`` ways to go on to ``D = 2 * max_cards`` cards, so every weight is a number of
ordered ``D``-card prefixes of the shuffled deck and the probabilities are exact fractions over
``(size)_D``. The rules are those of :mod:`.rules`, the engine's own functions.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache

from croupier.games.bet21.rules import (
    CODES,
    EMPTY,
    RANKS,
    Hand,
    Opts,
    Outcome,
    add,
    next_player,
    outcome,
    wins,
)


def falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


@cache
def outcome_counts(o: Opts, counts: tuple[int, ...] = (4,) * 9) -> tuple[dict[Outcome, int], int]:
    """``({outcome: number of D-card orders}, total orders)`` for a deck holding ``counts[i]``
    cards of rank ``RANKS[i]`` (the 36-card deck by default)."""
    size = sum(counts)
    depth_max = 2 * o.max_cards
    if size < depth_max:
        raise ValueError(f"a deck of {size} cards may run out before a game ends")
    acc: dict[Outcome, int] = defaultdict(int)
    # ranks left as one integer, 4 bits per rank (fast to hash); the rules' answers are memoised
    # per pair of hands, of which there are few
    packed = sum(c << (4 * i) for i, c in enumerate(counts))
    whose: dict[tuple[Hand, Hand], int | None] = {}
    added: dict[tuple[Hand, int], Hand] = {}
    level: dict[tuple[int, Hand, Hand], int] = {(packed, EMPTY, EMPTY): 1}
    for depth in range(depth_max + 1):
        following: dict[tuple[int, Hand, Hand], int] = defaultdict(int)
        rest = falling(size - depth, depth_max - depth)
        for (left, h1, h2), w in level.items():
            pair = (h1, h2)
            if pair in whose:
                who = whose[pair]
            else:
                who = whose[pair] = next_player(h1, h2, o)
            if who is None:
                acc[outcome(h1, h2, o)] += w * rest
                continue
            h = h1 if who == 1 else h2
            for i in range(len(counts)):
                c = (left >> (4 * i)) & 15
                if c:
                    hr = (h, i)
                    nh = added.get(hr)
                    if nh is None:
                        nh = added[hr] = add(h, RANKS[i])
                    nl = left - (1 << (4 * i))
                    if who == 1:
                        following[(nl, nh, h2)] += w * c
                    else:
                        following[(nl, h1, nh)] += w * c
        level = following
    if level:  # pragma: no cover - max_cards bounds every game
        raise RuntimeError("a game outlasted max_cards")
    whole = falling(size, depth_max)
    if sum(acc.values()) != whole:  # pragma: no cover - a bookkeeping check
        raise RuntimeError("the outcome weights do not add up to every deck order")
    return dict(acc), whole


def win_probabilities(o: Opts, counts: tuple[int, ...] = (4,) * 9) -> dict[str, Fraction]:
    """The exact chance that each bet of 000 §12.54 wins."""
    acc, whole = outcome_counts(o, counts)
    return {code: Fraction(sum(w for out, w in acc.items() if wins(code, out)), whole)
            for code in CODES}
