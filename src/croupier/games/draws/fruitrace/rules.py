"""Fruitrace, 000 §12.45: 10 balls - 3 blue plums, 3 red cherries, 3 yellow lemons and one orange
"7" - come out of the lototron in a random order into a tube next to a fixed panel of the same ten
symbols; a match is a position where the ball shows the panel's symbol. One bet, paid by the
match class (rows 1-7): the "7" matched without any other match, or 4, 5, 6, 7, 8 or 10 matches
(9 is impossible). 1-3 matches other than the "7" alone lose.

Balls 1-3 are the plums, 4-6 the cherries, 7-9 the lemons and 10 the "7"; the panel shows ball
``i``'s symbol at position ``i`` (ASSUMPTION: plums, cherries, lemons, 7 - the order does not
change any chance, the tube's order being a uniformly random permutation).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from math import factorial, prod
from typing import Any, Final

from croupier.games.base import Target
from croupier.games.draws.balls import BallDraw
from croupier.games.draws.fixedodds.bets import Balls, Bet, Stat
from croupier.games.draws.fixedodds.variant import DrawGame
from croupier.games.draws.schedule import DrawSchedule

SYMBOLS: Final = ("plum", "cherry", "lemon", "seven")
#: ball (1-10) -> symbol index; also the panel's symbol at position ball - 1
SYMBOL_OF: Final = (0, 0, 0, 1, 1, 1, 2, 2, 2, 3)
SEVEN: Final = 3
#: 000 §12.45 rows 1-7: the paying match classes
PRIZES: Final = ("seven_only", "4", "5", "6", "7", "8", "10")


def symbol(ball: int) -> int:
    return SYMBOL_OF[ball - 1]


def _measure(v: Any, balls: Balls, target: Target) -> tuple[int, bool]:
    """(matches, whether the "7" is matched)."""
    matches = sum(1 for i, b in enumerate(balls) if symbol(b) == SYMBOL_OF[i])
    return matches, symbol(balls[SYMBOL_OF.index(SEVEN)]) == SEVEN


def arrangements(counts: list[int], prefix: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Every distinct order of a multiset of symbols (``counts[s]`` of symbol ``s``)."""
    if not any(counts):
        yield prefix
        return
    for s, n in enumerate(counts):
        if n:
            counts[s] -= 1
            yield from arrangements(counts, prefix + (s,))
            counts[s] += 1


def _exact(v: Any, target: Target) -> Mapping[Any, Fraction]:
    """Every distinct order of the symbols in the tube is equally likely: each stands for
    3! 3! 3! 1! of the 10! orders of the balls."""
    counts = [SYMBOL_OF.count(s) for s in range(len(SYMBOLS))]
    p = Fraction(prod(factorial(n) for n in counts), factorial(len(SYMBOL_OF)))
    out: dict[Any, Fraction] = {}
    for tube in arrangements(counts):
        key = (sum(1 for i, s in enumerate(tube) if s == SYMBOL_OF[i]), tube[SYMBOL_OF.index(SEVEN)] == SEVEN)
        out[key] = out.get(key, Fraction(0)) + p
    return out


MATCHES: Final = Stat("matches", _measure, _exact)


def prize(v: Any, value: Any, target: Target) -> str | None:
    """000 §12.45 Winning: the "7" alone, or 4 or more matches."""
    matches, seven = value
    if matches == 1 and seven:
        return "seven_only"
    if matches >= 4:
        return str(matches)
    return None


BETS: Final = (
    Bet("fruitrace", 1, "Matched one \"7\" without any other matches; 4, 5, 6, 7, 8 or 10 balls matched",
        MATCHES, prize, table=True, keys=PRIZES),
)

FRUITRACE: Final = DrawGame(
    name="fruitrace",
    title="Fruitrace",
    clause="000 §12.45",
    bets=BETS,
    default_draw=BallDraw(10, 10, ordered=True),
    # ASSUMPTION: 000 §12.45 gives no schedule
    default_schedule=DrawSchedule(every_seconds=120, cutoff_seconds=20, max_draws=10, ball_interval_ms=1000),
    ball_label=lambda v, b: SYMBOLS[symbol(b)],
    demo=(("fruitrace", ()),),
)
