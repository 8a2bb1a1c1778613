"""The Keno Express engine (000 §12.33): one number of 1-100 is drawn; four bets at fixed odds.

* ``lower`` (N,): wins if the number is <= N ("10 lower: lower than or equal to 10");
* ``higher`` (N,): wins if >= N;
* ``in_range`` (a, b): wins if a <= number <= b;
* ``not_in_range`` (a, b): wins if number < a or number > b (ASSUMPTION (1); with
  ``not_in_range_edges_win`` the text's literal reading: number <= a or number >= b).

A bet that would win always or never, or whose odds would not exceed x1, is refused
(ASSUMPTION (3)). The odds are
:meth:`KenoExpressVariant.odds` of the bet's number of winning outcomes.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from croupier.errors import InvalidBet, InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest
from croupier.games.draws.kenoexpress.variant import CODES, KenoExpressVariant
from croupier.games.draws.ticket import Outcome, PlacedBet, Selection, TicketEngine, _ratio_text


def wins(variant: KenoExpressVariant, code: str, sel: Selection, n: int) -> bool:
    if code == "lower":
        return n <= int(sel[0])
    if code == "higher":
        return n >= int(sel[0])
    a, b = int(sel[0]), int(sel[1])
    if code == "in_range":
        return a <= n <= b
    if variant.not_in_range_edges_win:
        return n <= a or n >= b
    return n < a or n > b


def _between(variant: KenoExpressVariant, lo: int, hi: int) -> int:
    """How many numbers of the drum lie in ``lo``..``hi`` (none when ``lo > hi``)."""
    d = variant.draw
    return max(0, min(hi, d.last) - max(lo, d.first) + 1)


def winners(variant: KenoExpressVariant, code: str, sel: Selection) -> int:
    """How many of the drum's numbers :func:`wins` (its numbers are the range first..last, so
    counted in closed form - the exact table asks it of every selection of every bet; tested
    against counting :func:`wins` number by number for every selection)."""
    d = variant.draw
    if code == "lower":
        return _between(variant, d.first, int(sel[0]))
    if code == "higher":
        return _between(variant, int(sel[0]), d.last)
    a, b = int(sel[0]), int(sel[1])
    if code == "in_range":
        return _between(variant, a, b)
    if variant.not_in_range_edges_win:  # n <= a or n >= b: both sides, less what they share
        return _between(variant, d.first, a) + _between(variant, b, d.last) - _between(variant, b, a)
    return len(d.numbers) - _between(variant, a, b)


class KenoExpressEngine(TicketEngine):
    game = "keno_express"

    def place(self, variant: KenoExpressVariant, bet: BetRequest) -> Selection:
        if bet.code not in CODES:
            raise UnknownBetCode(f"Keno Express has the bets {', '.join(CODES)}, not {bet.code!r}")
        d = variant.draw
        size = 1 if bet.code in ("lower", "higher") else 2
        if len(bet.target) != size:
            raise InvalidSelection(f"{bet.code} takes {'a number' if size == 1 else 'two numbers a, b'}")
        sel = tuple(d.check_number(x) for x in bet.target)
        if size == 2 and sel[0] > sel[1]:
            raise InvalidSelection(f"{bet.code}: the range {sel[0]}-{sel[1]} runs backwards")
        w = winners(variant, bet.code, sel)
        if not 0 < w < d.balls:
            raise InvalidSelection(f"{bet.code} {'-'.join(map(str, sel))} wins "
                                   f"{'always' if w else 'never'}: not offered")
        if variant.odds(w) <= 1:
            raise InvalidSelection(f"{bet.code} {'-'.join(map(str, sel))} would pay x{variant.odds(w)}, "
                                   "no more than the stake: not offered")
        return sel

    def place_bets(self, variant: KenoExpressVariant, bets: Sequence[BetRequest],
                   cur: str) -> tuple[PlacedBet, ...]:
        if len(bets) > variant.max_bets:
            raise InvalidBet(f"Keno Express takes at most {variant.max_bets} bets a round (000 §12.33)")
        return super().place_bets(variant, bets, cur)

    def ratio(self, variant: KenoExpressVariant, bet: PlacedBet, outcome: Outcome) -> Fraction:
        if not wins(variant, bet.code, bet.selection, outcome.balls[0]):
            return Fraction(0)
        return variant.odds(winners(variant, bet.code, bet.selection))


    def explain(self, variant: KenoExpressVariant, bet: PlacedBet, outcome: Outcome) -> dict[str, Any]:
        """The number drawn against the bet's range."""
        n = outcome.balls[0]
        won = wins(variant, bet.code, bet.selection, n)
        what = f"{bet.code.replace('_', ' ')} {'-'.join(map(str, bet.selection))}"
        odds = _ratio_text(variant.odds(winners(variant, bet.code, bet.selection)))
        return {"text": f"number {n} drawn: {what} " + (f"wins, pays x{odds}" if won else "loses")}


ENGINE = KenoExpressEngine()
