"""The race markets of 000 §12.42, §12.50 and §12.58, as data: what the player names and when the
bet wins, read off the finishing order. The exact chances are computed separately
(:mod:`.chances`); ``tests/test_virtual_race_markets.py`` checks the two against each other by
enumerating every finishing order of small fields."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, permutations

from croupier.errors import InvalidSelection
from croupier.games.virtual.race.model import Order

Selection = tuple[int, ...]
Wins = Callable[[Order, Selection], bool]


@dataclass(frozen=True)
class Market:
    """One market: ``code``, how many runners the player names (``picks``; 0: none) and whether
    their order matters, when the bet wins, and the rows of the clauses that describe it."""

    code: str
    label: str
    picks: int
    ordered: bool
    wins: Wins
    rows: str
    #: the winner's number (the line or group markets: over/under, even/odd, high/low)
    numbers: frozenset[int] | None = None

    def selections(self, runners: int) -> list[Selection]:
        """Every selection a player can make in a field of ``runners``."""
        field = range(1, runners + 1)
        if self.picks == 0:
            return [()]
        if self.code == "winner_over":  # a number some runner can beat
            return [(n,) for n in range(1, runners)]
        if self.code == "winner_under":
            return [(n,) for n in range(2, runners + 1)]
        if self.ordered:
            return list(permutations(field, self.picks))
        return list(combinations(field, self.picks))

    def check(self, runners: int, target: Sequence[int]) -> Selection:
        """The selection in its normal form, or InvalidSelection saying what is wrong."""
        t = tuple(target)
        if len(t) != self.picks:
            raise InvalidSelection(f"{self.code} names {self.picks} runner(s), got {list(t)}")
        for r in t:
            if type(r) is not int or not 1 <= r <= runners:
                raise InvalidSelection(f"{self.code}: runner {r!r} is not in the race (1–{runners})")
        if len(set(t)) != len(t):
            raise InvalidSelection(f"{self.code} names a runner twice: {list(t)}")
        if self.code == "winner_over" and t[0] == runners:
            raise InvalidSelection(f"winner_over: no runner's number is above {runners}")
        if self.code == "winner_under" and t[0] == 1:
            raise InvalidSelection("winner_under: no runner's number is below 1")
        return t if self.ordered else tuple(sorted(t))


def place(k: int, rows: str) -> Market:
    """The selected runner finishes in the first ``k`` places (``k`` = 1: the winner)."""
    def wins(o: Order, t: Selection) -> bool:
        return t[0] in o[:k]
    return Market(f"place{k}" if k > 1 else "win", _PLACE_LABEL[k], 1, False, wins, rows)


_PLACE_LABEL = {1: "Winner", 2: "First two places", 3: "First three places", 4: "First four places"}

FORECAST = Market("forecast", "Forecast / Exacta (two in order)", 2, True,
                  lambda o, t: o[:2] == t, "")
REVERSE_FORECAST = Market("reverse_forecast", "Reverse forecast / Quinella (two, any order)", 2, False,
                          lambda o, t: set(o[:2]) == set(t), "")
TRICAST = Market("tricast", "Tricast / Trifecta (three in order)", 3, True,
                 lambda o, t: o[:3] == t, "")
REVERSE_TRICAST = Market("reverse_tricast", "Reverse tricast / Trio (three, any order)", 3, False,
                         lambda o, t: set(o[:3]) == set(t), "")
SWINGER = Market("swinger", "Swinger (two in the first three)", 2, False,
                 lambda o, t: set(t) <= set(o[:3]), "")
ANY_THREE = Market("any_three", "Any three (one of three wins)", 3, False,
                   lambda o, t: o[0] in t, "")
WINNER_OVER = Market("winner_over", "Winner's number over the selected one", 1, False,
                     lambda o, t: o[0] > t[0], "")
WINNER_UNDER = Market("winner_under", "Winner's number under the selected one", 1, False,
                      lambda o, t: o[0] < t[0], "")


def winner_in(code: str, label: str, numbers: frozenset[int], rows: str) -> Market:
    """A market on the winner's number alone (even, odd, over/under a line, high, low)."""
    return Market(code, label, 0, False, lambda o, t: o[0] in numbers, rows, numbers)


def line_markets(line: Fraction, runners: int, rows: str) -> list[Market]:
    """Over/Under ``line`` (a half-number: 3.5) on the winner's number."""
    tag = f"{line.numerator // line.denominator}_5"
    field = range(1, runners + 1)
    return [winner_in(f"over_{tag}", f"Over {float(line)}", frozenset(n for n in field if n > line), rows),
            winner_in(f"under_{tag}", f"Under {float(line)}", frozenset(n for n in field if n < line), rows)]


def parity_markets(runners: int, rows: str) -> list[Market]:
    field = range(1, runners + 1)
    return [winner_in("even", "Even", frozenset(n for n in field if n % 2 == 0), rows),
            winner_in("odd", "Odd", frozenset(n for n in field if n % 2 == 1), rows)]


def high_low_markets(low_top: int, runners: int, rows: str) -> list[Market]:
    """High/Low: the winner's number in 1..``low_top`` (Low) or above it (High)."""
    field = range(1, runners + 1)
    return [winner_in("low", f"Low (1–{low_top})", frozenset(n for n in field if n <= low_top), rows),
            winner_in("high", f"High ({low_top + 1}–{runners})", frozenset(n for n in field if n > low_top), rows)]


def with_rows(m: Market, rows: str) -> Market:
    return Market(m.code, m.label, m.picks, m.ordered, m.wins, rows, m.numbers)
