"""Two cards, one for each side, the higher wins: Dragon Tiger (000 §12.24) and Football Studio
(000 §12.23). The one place their rules are written.

* ``options.ace_high``: Football Studio ranks 2 < ... < K < A; Dragon Tiger ranks A (1) < 2 < ... < K.
* A tie returns ``options.tie_refund`` of a side bet (both rulebooks: half the bet).
* The tie bet wins on any tie, the suited tie bet on the same rank and the same suit.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards import name as card_name
from croupier.cards import rank_of
from croupier.errors import VariantError
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.dealt import DealRules, Dealt, DealtVariant
from croupier.games.cardcompare.fastsim import deal_codes


class DuelRules(DealRules):
    option_defaults: Mapping[str, Any] = {"ace_high": True, "tie_refund": "1/2"}

    def __init__(self, game: str, title: str, sides: tuple[str, str], tie: str,
                 suited_tie: str | None) -> None:
        self.game = game
        self.title = title
        self.sides = sides
        self.tie = tie
        self.suited_tie = suited_tie
        self.codes = (*sides, tie) + ((suited_tie,) if suited_tie else ())
        self.groups = {"main": (*sides, tie)}

    def check(self, v: DealtVariant, where: str) -> None:
        try:
            refund = Fraction(v.options["tie_refund"])
        except (ValueError, ZeroDivisionError):
            raise VariantError(f"{where}.options.tie_refund: not a fraction") from None
        if not 0 <= refund <= 1:
            raise VariantError(f"{where}.options.tie_refund: must be between 0 and 1")

    def denominator(self, v: DealtVariant) -> int:
        return Fraction(v.options["tie_refund"]).denominator

    def shoe(self, v: DealtVariant) -> Composition:
        return Composition.decks(v.decks)

    def next_slot(self, v: DealtVariant, dealt: Dealt) -> str | None:
        return self.sides[len(dealt)] if len(dealt) < 2 else None

    def value(self, v: DealtVariant, card: int) -> int:
        r = rank_of(card)
        return 1 if r == 14 and not v.options["ace_high"] else r

    def bet_return(self, v: DealtVariant, code: str, dealt: Dealt) -> Fraction:
        a, b = dealt[0][1], dealt[1][1]
        va, vb = self.value(v, a), self.value(v, b)
        pay = v.payouts[code].total
        if code in self.sides:
            mine, other = (va, vb) if code == self.sides[0] else (vb, va)
            if mine == other:
                return Fraction(v.options["tie_refund"])
            return pay if mine > other else Fraction(0)
        if code == self.tie:
            return pay if va == vb else Fraction(0)
        return pay if a == b else Fraction(0)  # suited tie: same rank and suit

    def result(self, v: DealtVariant, dealt: Dealt) -> dict[str, Any]:
        a, b = dealt[0][1], dealt[1][1]
        va, vb = self.value(v, a), self.value(v, b)
        winner = self.sides[0] if va > vb else self.sides[1] if vb > va else self.tie
        return {self.sides[0]: card_name(a), self.sides[1]: card_name(b), "winner": winner}

    fast_draws = 2

    def fast_keys(self, v: DealtVariant, u: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
        """Both cards' codes."""
        c = deal_codes(np.asarray(self.shoe(v).counts, dtype=np.int64), u)
        out: npt.NDArray[np.int64] = c[:, 0] * 64 + c[:, 1]
        return out

    def card_key(self, v: DealtVariant, card: int) -> Hashable:
        return card if self.suited_tie and self.suited_tie in v.payouts else rank_of(card)
