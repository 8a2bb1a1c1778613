"""The engine of a fixed-odds draw game: the draw shape's :class:`~..ticket.TicketEngine` with
bets read from the game's table (:class:`~.bets.Bet`).

A bet's return on a draw is ``odds.total`` of the prize its statistic earns (``Bet.prize`` of
``Stat.measure``), or 0; the one rounding rule and the ``max_win`` cap are the ticket engine's.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from croupier.errors import UnknownBetCode
from croupier.games.base import BetRequest
from croupier.games.draws.fixedodds.bets import Bet
from croupier.games.draws.fixedodds.explain import explain
from croupier.games.draws.fixedodds.variant import DrawGame, FixedOddsVariant
from croupier.games.draws.limits import DrawLimits
from croupier.games.draws.ticket import Outcome, PlacedBet, Selection, TicketEngine

ZERO = Fraction(0)


class FixedOddsEngine(TicketEngine):
    """One instance per game (``FixedOddsEngine(LUCKY5)``)."""

    def __init__(self, spec: DrawGame) -> None:
        self.game = spec.name
        self.spec = spec
        self.bets: dict[str, Bet] = spec.codes
        #: the statistics measured on the last outcome settled: (outcome, {(stat, target): value})
        self._memo: tuple[Outcome | None, dict[tuple[str, Selection], Hashable]] = (None, {})

    def bet_of(self, code: str) -> Bet:
        b = self.bets.get(code)
        if b is None:
            raise UnknownBetCode(f"{self.spec.title} has no bet {code!r}; bets: {', '.join(self.bets)}")
        return b

    def place(self, variant: Any, bet: BetRequest) -> Selection:
        b = self.bet_of(bet.code)
        if b.reading is not None and variant.readings.get(b.reading[0]) != b.reading[1]:
            offered = ", ".join(x.code for x in self.spec.offered(variant))
            raise UnknownBetCode(f"{bet.code} is not offered by {variant.title} ({variant.name} reads "
                                 f"{b.reading[0]} as {variant.readings.get(b.reading[0])}); bets: {offered}")
        return b.target.check(variant, bet.code, bet.target)

    def value(self, variant: FixedOddsVariant, b: Bet, selection: Selection, outcome: Outcome) -> Hashable:
        """The statistic ``b`` reads, measured on ``outcome`` (memoised per outcome: a draw's
        tickets share their statistics)."""
        memo = self._memo
        if memo[0] is not outcome:
            memo = self._memo = (outcome, {})
        key = (b.stat.name, selection)
        cache = memo[1]
        if key not in cache:
            cache[key] = b.stat.measure(variant, outcome.balls, selection)
        return cache[key]

    def ratio(self, variant: Any, bet: PlacedBet, outcome: Outcome) -> Fraction:
        b = self.bet_of(bet.code)
        return self._ratio_of(variant, b, self.value(variant, b, bet.selection, outcome), bet.selection)

    @staticmethod
    def _ratio_of(variant: Any, b: Bet, value: Hashable, selection: Selection) -> Fraction:
        """The ratio ``b`` on ``selection`` earns when its statistic reads ``value``."""
        prize = b.prize(variant, value, selection)
        if prize is None:
            return ZERO
        odds = variant.odds(b.code, prize)
        return ZERO if odds is None else odds.total

    def bet_returns(self, variant: Any, bets: Sequence[PlacedBet], outcome: Outcome,
                    limits: DrawLimits) -> list[int]:
        """Every ticket's return at once, equal to :meth:`bet_return` bet by bet (tested): the
        ratio once per distinct (code, selection), and for a bet on picks whose statistic has
        ``measure_many`` once per distinct value, the picks of all its tickets measured by numpy
        (the prize of a bet on picks reads the statistic's value only: tested for every such
        bet); then the rounding rule and the cap over all the stakes (:meth:`returns_of`)."""
        ratios: list[Fraction] = []
        slot: dict[Fraction, int] = {}
        which = np.zeros(len(bets), dtype=np.int64)
        groups: dict[str, list[int]] = {}
        for i, pb in enumerate(bets):
            groups.setdefault(pb.code, []).append(i)
        for code, idx in groups.items():
            b = self.bet_of(code)
            if b.target.kind == "picks" and b.stat.measure_many is not None:
                picks = np.array([bets[i].selection for i in idx], dtype=np.int64).reshape(len(idx), -1)
                values, first, inverse = np.unique(b.stat.measure_many(variant, outcome.balls, picks),
                                                   return_index=True, return_inverse=True)
                local = [slot.setdefault(self._ratio_of(variant, b, v, bets[idx[f]].selection), len(slot))
                         for v, f in zip(values.tolist(), first.tolist(), strict=True)]
                which[idx] = np.asarray(local, dtype=np.int64)[inverse.reshape(-1)]
                continue
            memo: dict[Selection, int] = {}
            got = []
            for i in idx:
                k = memo.get(bets[i].selection)
                if k is None:
                    k = memo[bets[i].selection] = slot.setdefault(self.ratio(variant, bets[i], outcome), len(slot))
                got.append(k)
            which[idx] = got
        ratios = list(slot)
        return self.returns_of([pb.stake for pb in bets], which, ratios, limits)

    def explain(self, variant: Any, bet: PlacedBet, outcome: Outcome) -> dict[str, Any]:
        """The bet's wording, its statistic measured on the draw and the prize it earned."""
        b = self.bet_of(bet.code)
        return explain(b, variant, self.value(variant, b, bet.selection, outcome), bet.selection)

    def result_data(self, variant: Any, outcome: Outcome) -> dict[str, Any]:
        data = super().result_data(variant, outcome)
        data["labels"] = [self.spec.ball_label(variant, b) for b in outcome.balls]
        return data
