"""Top Card Trump(s) / casino war rule sets (000 §12.16, 001 §9.4) as data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.cardcompare.common import parse_header
from croupier.games.cardcompare.fields import (
    Limits,
    integer,
    need,
    payout,
)
from croupier.money import Payout

WAR_TIES: Final = ("repeat", "player_wins")
_TOP: Final = {"game", "title", "source", "kind", "decks", "hands", "payouts", "war_tie",
               "fold_refund", "burn", "limits", "paytable_assumed", "admission", "assumptions"}


@dataclass(frozen=True, slots=True, eq=False)
class TopCardVariant:
    name: str
    title: str
    source: str
    kind: str
    decks: int
    hands: int                    # hands a player may bet on; the middle one takes the tie bet
    payouts: Mapping[str, Payout]  # ante (initial win), raise (war win), tie (side bet)
    war_tie: str                  # a tie in the war: "repeat" (001) or "player_wins" (000)
    fold_refund: Fraction         # part of the ante returned on a fold / pass
    burn: int                     # cards burned before each war deal
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())

    @property
    def middle(self) -> int:
        return (self.hands + 1) // 2

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return ("ante",) + (("tie",) if "tie" in self.payouts else ())

    def limits_for(self, cur: str) -> Limits | None:
        return self.limits.get(cur)


def parse_variant(data: Mapping[str, Any], name: str) -> TopCardVariant:
    where = f"top_card/{name}.toml"
    head = parse_header(data, "top_card", where, _TOP)
    raw = need(data, "payouts", where)
    if not isinstance(raw, dict) or not {"ante", "raise"} <= set(raw) or not set(raw) <= {"ante", "raise", "tie"}:
        raise VariantError(f"{where}.payouts: need ante and raise, and optionally tie")
    pays = {k: payout(v, f"{where}.payouts.{k}") for k, v in raw.items()}
    war_tie = data.get("war_tie", "repeat")
    if war_tie not in WAR_TIES:
        raise VariantError(f"{where}.war_tie: {war_tie!r} is not one of {', '.join(WAR_TIES)}")
    try:
        refund = Fraction(str(data.get("fold_refund", "1/2")))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}.fold_refund: not a fraction") from None
    if not 0 <= refund <= 1:
        raise VariantError(f"{where}.fold_refund: must be between 0 and 1")
    return TopCardVariant(
        name=name, **head,
        decks=integer(need(data, "decks", where), f"{where}.decks", 1, 16),
        hands=integer(data.get("hands", 1), f"{where}.hands", 1, 3),
        payouts=pays,
        war_tie=war_tie,
        fold_refund=refund,
        burn=integer(data.get("burn", 3), f"{where}.burn", 0, 10),
    )
