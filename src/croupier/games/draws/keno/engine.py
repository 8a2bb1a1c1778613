"""The keno engine (000 §12.19): a ticket of 1 to ``max_picks`` numbers of 1-80 against a draw
of 20 balls; the return is stake x the paytable's multiplier for (picks, hits).

Bets: code ``"keno"`` with the numbers as target (any count the variant allows), or
``"pick_N"`` with exactly N numbers (the rows of ``croupier rtp keno``). Chance steps: the 20
balls (:class:`~croupier.games.draws.balls.BallDraw`); see :mod:`..ticket`.
"""

from __future__ import annotations

from fractions import Fraction

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest
from croupier.games.draws.keno.variant import KenoVariant
from croupier.games.draws.ticket import Outcome, PlacedBet, Selection, TicketEngine


def pick_count(code: str, variant: KenoVariant) -> int | None:
    """The pick count a bet code fixes (``pick_N``), None for ``keno``; unknown codes raise."""
    if code == "keno":
        return None
    if code.startswith("pick_") and code[5:].isdigit():
        n = int(code[5:])
        if 1 <= n <= variant.max_picks:
            return n
        raise InvalidSelection(f"{variant.title} takes 1 to {variant.max_picks} numbers, not {n}")
    raise UnknownBetCode(f"{variant.title} has the bets keno and pick_1 .. pick_{variant.max_picks}, "
                         f"not {code!r}")


class KenoEngine(TicketEngine):
    game = "keno"

    def place(self, variant: KenoVariant, bet: BetRequest) -> Selection:
        n = pick_count(bet.code, variant)
        lo, hi = (1, variant.max_picks) if n is None else (n, n)
        if n is None and len(bet.target) > variant.max_picks:
            raise InvalidSelection(f"{variant.title} takes at most {variant.max_picks} numbers, "
                                   f"not {len(bet.target)}")
        return variant.draw.check_picks(bet.target, lo, hi)

    def ratio(self, variant: KenoVariant, bet: PlacedBet, outcome: Outcome) -> Fraction:
        drawn = outcome.drawn
        hits = 0
        for n in bet.selection:
            if n in drawn:
                hits += 1
        return variant.paytable[len(bet.selection)][hits]


ENGINE = KenoEngine()
