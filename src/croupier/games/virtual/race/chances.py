"""Exact chances of every race market under Plackett–Luce, with Fractions.

The top of the finishing order is built by a dynamic programme over sets of runners:
``first[A]`` is the chance that the first ``|A|`` places are taken by exactly the runners of
``A`` (in any order),

    first[∅] = 1,   first[A] = Σ_{a ∈ A} first[A − a] · s_a / (S − s(A − a)),

and the chance that runner ``i`` comes next after ``A`` is ``s_i / (S − s(A))``. Every market
of the extracts is a sum over these (sets of up to four runners: 1 + n + C(n,2) + C(n,3) of them),
or a product along one order (forecast, tricast). The module never reads a market's win
condition: :mod:`.markets` does, and the tests compare the two over every finishing order.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from croupier.games.virtual.race.markets import Market, Selection
from croupier.games.virtual.race.model import order_chance


class RaceChances:
    """The exact chances of one field's markets. Sets of up to three runners serve every market
    (the first four places need the sets of fewer than four finishers before the runner)."""

    def __init__(self, strengths: Sequence[int]) -> None:
        self.strengths = tuple(strengths)
        self.n = len(self.strengths)
        self.total = sum(self.strengths)
        self.depth = min(3, self.n)
        #: mask -> the strength still running once the runners of the mask have finished
        self.rest: dict[int, int] = {0: self.total}
        self.first = self._first_sets()
        self._tops: dict[int, tuple[Fraction, ...]] = {}
        self._pairs: dict[int, Fraction] | None = None

    def _first_sets(self) -> dict[int, Fraction]:
        first: dict[int, Fraction] = {0: Fraction(1)}
        rest = self.rest
        layer = [0]
        for _ in range(self.depth):
            nxt: dict[int, Fraction] = {}
            for mask in layer:
                p, left = first[mask], rest[mask]
                for i, s in enumerate(self.strengths):
                    if not mask >> i & 1:
                        m = mask | 1 << i
                        rest[m] = left - s
                        nxt[m] = nxt.get(m, Fraction(0)) + p * Fraction(s, left)
            first.update(nxt)
            layer = list(nxt)
        return first

    def win(self, runner: int) -> Fraction:
        return Fraction(self.strengths[runner - 1], self.total)

    def in_top(self, runner: int, k: int) -> Fraction:
        """The chance that ``runner`` finishes in the first ``k`` places."""
        if k not in self._tops:
            self._tops[k] = self._top(k)
        return self._tops[k][runner - 1]

    def _top(self, k: int) -> tuple[Fraction, ...]:
        """Each runner's chance of a place in the first ``k``: the sets of fewer than ``k``
        runners that finish first without it, then it."""
        out = [Fraction(0)] * self.n
        for mask, p in self.first.items():
            if mask.bit_count() < k:
                left = self.rest[mask]
                for i, s in enumerate(self.strengths):
                    if not mask >> i & 1:
                        out[i] += p * Fraction(s, left)
        return tuple(out)

    def top_set(self, runners: Sequence[int]) -> Fraction:
        """The chance that the first ``len(runners)`` places are these runners, any order."""
        return self.first[sum(1 << (r - 1) for r in runners)]

    def pair_in_top3(self, a: int, b: int) -> Fraction:
        """The chance that runners ``a`` and ``b`` both finish in the first three."""
        if self._pairs is None:
            self._pairs = self._pairs3()
        return self._pairs.get(1 << (a - 1) | 1 << (b - 1), Fraction(0))

    def _pairs3(self) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for mask, p in self.first.items():
            if mask.bit_count() == 3:
                bits = [1 << i for i in range(self.n) if mask >> i & 1]
                for x, y in ((0, 1), (0, 2), (1, 2)):
                    pair = bits[x] | bits[y]
                    out[pair] = out.get(pair, Fraction(0)) + p
        return out

    def chance(self, market: Market, sel: Selection) -> Fraction:
        """The chance that the bet ``market`` on ``sel`` wins."""
        code = market.code
        if market.numbers is not None:
            return sum((self.win(r) for r in market.numbers), Fraction(0))
        if code == "win":
            return self.win(sel[0])
        if code.startswith("place"):
            return self.in_top(sel[0], int(code[5:]))
        if code in ("forecast", "tricast"):
            return order_chance(self.strengths, sel)
        if code in ("reverse_forecast", "reverse_tricast"):
            return self.top_set(sel)
        if code == "swinger":
            return self.pair_in_top3(*sel)
        if code == "any_three":
            return sum((self.win(r) for r in sel), Fraction(0))
        if code == "winner_over":
            return sum((self.win(r) for r in range(sel[0] + 1, self.n + 1)), Fraction(0))
        if code == "winner_under":
            return sum((self.win(r) for r in range(1, sel[0])), Fraction(0))
        raise ValueError(f"no chance rule for the market {code!r}")
