"""The keno engine (000 §12.19): a ticket of 1 to ``max_picks`` numbers of 1-80 against a draw
of 20 balls; the return is stake x the paytable's multiplier for (picks, hits).

Bets: code ``"keno"`` with the numbers as target (any count the variant allows), or
``"pick_N"`` with exactly N numbers (the rows of ``croupier rtp keno``). Chance steps: the 20
balls (:class:`~croupier.games.draws.balls.BallDraw`); see :mod:`..ticket`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import chain
from typing import Any

import numpy as np

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest
from croupier.games.draws.keno.variant import KenoVariant
from croupier.games.draws.limits import DrawLimits
from croupier.games.draws.ticket import Outcome, PlacedBet, Selection, TicketEngine, _ratio_text
from croupier.money import apply_ratio


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

    def bet_returns(self, variant: KenoVariant, bets: Sequence[PlacedBet], outcome: Outcome,
                    limits: DrawLimits) -> list[int]:
        """Every ticket's hits at once (numpy: the drawn balls as a 0/1 array indexed by the
        tickets' numbers, summed per ticket), then the paytable cell and the one rounding rule
        once per distinct (stake, picks, hits). Equal to :meth:`bet_return` ticket by ticket."""
        if not bets:
            return []
        sizes = np.fromiter((len(b.selection) for b in bets), dtype=np.int64, count=len(bets))
        if int(sizes.min()) < 1:  # pragma: no cover - a placed keno bet has 1..max_picks numbers
            return super().bet_returns(variant, bets, outcome, limits)
        drawn = np.zeros(variant.draw.last + 1, dtype=np.int64)
        drawn[np.fromiter(outcome.drawn, dtype=np.int64, count=len(outcome.drawn))] = 1
        numbers = np.fromiter(chain.from_iterable(b.selection for b in bets), dtype=np.int64,
                              count=int(sizes.sum()))
        starts = np.zeros(len(bets), dtype=np.int64)
        np.cumsum(sizes[:-1], out=starts[1:])
        hits = np.add.reduceat(drawn[numbers], starts).tolist()
        table = variant.paytable
        memo: dict[tuple[int, int, int], int] = {}
        out: list[int] = []
        for b, n, h in zip(bets, sizes.tolist(), hits, strict=True):
            key = (b.stake, n, h)
            r = memo.get(key)
            if r is None:
                r = memo[key] = limits.cap(apply_ratio(b.stake, table[n][h]))
            out.append(r)
        return out

    def explain(self, variant: KenoVariant, bet: PlacedBet, outcome: Outcome) -> dict[str, Any]:
        """The numbers of the ticket that were drawn and the paytable cell they earn."""
        hit = sorted(int(n) for n in bet.selection if n in outcome.drawn)
        r = self.ratio(variant, bet, outcome)
        pays = f"pays x{_ratio_text(r)}" if r else "pays nothing"
        drawn = ": " + ", ".join(map(str, hit)) if hit else ""
        return {"hits": len(hit), "hit_numbers": hit,
                "text": f"{len(hit)} of {len(bet.selection)} numbers drawn{drawn}; "
                        f"{len(hit)} of {len(bet.selection)} {pays}"}


ENGINE = KenoEngine()
