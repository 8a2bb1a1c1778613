"""Baccarat rule sets as data: ``croupier/variants/baccarat/<name>.toml``, parsed and validated.

Every field of a variant file cites its clause. Validation raises
:class:`~croupier.errors.VariantError` naming the file and the field, never ``assert``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.cardcompare.fields import Limits, need, parse_admission, parse_limits
from croupier.games.cardcompare.fields import boolean as _bool
from croupier.games.cardcompare.fields import integer as _int
from croupier.games.cardcompare.fields import payout as _payout
from croupier.money import Payout

#: Every bet code a baccarat variant may offer, in display order.
BET_ORDER: Final = (
    "player", "banker", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair",
    "big", "small", "player_bonus", "banker_bonus",
)
PAYOUT_CODES: Final = frozenset(BET_ORDER) - {"player_bonus", "banker_bonus"}
BURN_RULES: Final = ("face_value", "none")

_TOP_KEYS: Final = {
    "game", "title", "source", "kind", "decks", "payouts", "banker_six", "perfect_pair_both",
    "bonus", "burn", "cut_card_from_end", "limits", "paytable_assumed", "admission", "assumptions",
}


@dataclass(frozen=True, slots=True)
class Bonus:
    """000 §12.13 Player/Banker bonus: natural win, natural tie and non-natural win margins."""

    natural_win: Payout
    natural_tie: Payout
    margins: Mapping[int, Payout]


@dataclass(frozen=True, slots=True, eq=False)
class BaccaratVariant:
    """A baccarat rule set. Compared and hashed by identity: variants are loaded once."""

    name: str
    title: str
    source: str
    kind: str
    decks: int
    payouts: Mapping[str, Payout]
    banker_six: Payout | None
    perfect_pair_both: Payout | None
    bonus: Bonus | None
    burn: str
    cut_card_from_end: int
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())

    @property
    def bet_codes(self) -> tuple[str, ...]:
        offered = set(self.payouts)
        if self.bonus is not None:
            offered |= {"player_bonus", "banker_bonus"}
        return tuple(c for c in BET_ORDER if c in offered)

    def limits_for(self, currency: str) -> Limits | None:
        """The limits in ``currency``; ``None`` where the source gives none (platform config)."""
        return self.limits.get(currency)


def parse_variant(data: Mapping[str, Any], name: str) -> BaccaratVariant:
    where = f"baccarat/{name}.toml"
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if data.get("game", "baccarat") != "baccarat":
        raise VariantError(f"{where}: game must be 'baccarat'")
    decks = _int(need(data, "decks", where), f"{where}.decks", 1, 16)
    raw_pay = need(data, "payouts", where)
    if not isinstance(raw_pay, dict) or not raw_pay:
        raise VariantError(f"{where}.payouts: expected a table of bet code = payout")
    payouts: dict[str, Payout] = {}
    for code, text in raw_pay.items():
        if code not in PAYOUT_CODES:
            known = ", ".join(c for c in BET_ORDER if c in PAYOUT_CODES)
            raise VariantError(f"{where}.payouts: unknown bet code {code!r}; known: {known}")
        payouts[code] = _payout(text, f"{where}.payouts.{code}")
    banker_six = None
    if "banker_six" in data:
        if "banker" not in payouts:
            raise VariantError(f"{where}.banker_six: needs the banker bet")
        banker_six = _payout(data["banker_six"], f"{where}.banker_six")
    both = None
    if "perfect_pair_both" in data:
        if "perfect_pair" not in payouts:
            raise VariantError(f"{where}.perfect_pair_both: needs the perfect_pair bet")
        both = _payout(data["perfect_pair_both"], f"{where}.perfect_pair_both")
    bonus = None
    if "bonus" in data:
        raw = data["bonus"]
        w = f"{where}.bonus"
        if not isinstance(raw, dict):
            raise VariantError(f"{w}: expected a table")
        margins_raw = need(raw, "margins", w)
        if not isinstance(margins_raw, dict) or not margins_raw:
            raise VariantError(f"{w}.margins: expected a table of winning margin = payout")
        margins: dict[int, Payout] = {}
        for k, text in margins_raw.items():
            if not str(k).isdigit() or not 1 <= int(k) <= 9:
                raise VariantError(f"{w}.margins: a margin is 1-9 points, got {k!r}")
            margins[int(k)] = _payout(text, f"{w}.margins.{k}")
        bonus = Bonus(
            natural_win=_payout(need(raw, "natural_win", w), f"{w}.natural_win"),
            natural_tie=_payout(need(raw, "natural_tie", w), f"{w}.natural_tie"),
            margins=margins,
        )
    burn = data.get("burn", "none")
    if burn not in BURN_RULES:
        raise VariantError(f"{where}.burn: {burn!r} is not one of {', '.join(BURN_RULES)}")
    cut = _int(data.get("cut_card_from_end", 52), f"{where}.cut_card_from_end", 6, 52 * decks - 16)
    return BaccaratVariant(
        name=name,
        title=str(need(data, "title", where)),
        source=str(need(data, "source", where)),
        kind=str(data.get("kind", "table_card")),
        decks=decks,
        payouts=payouts,
        banker_six=banker_six,
        perfect_pair_both=both,
        bonus=bonus,
        burn=burn,
        cut_card_from_end=cut,
        limits=parse_limits(data.get("limits", {}), f"{where}.limits"),
        paytable_assumed=_bool(data.get("paytable_assumed", False), f"{where}.paytable_assumed"),
        admission_override=parse_admission(data, where),
        assumptions=tuple(str(a) for a in data.get("assumptions", [])),
    )
