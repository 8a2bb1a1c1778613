"""A Keno Express variant as data (``variants/keno_express/*.toml``): 000 §12.33."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError
from croupier.games.draws.balls import BallDraw
from croupier.games.draws.schedule import DrawSchedule
from croupier.games.draws.variant import CommonFields, DrawCommon, parse_common
from croupier.games.fields import boolean, integer, need

DEFAULT_SCHEDULE = DrawSchedule(every_seconds=15, cutoff_seconds=5, max_draws=10)
CODES = ("lower", "higher", "in_range", "not_in_range")


@dataclass(frozen=True, slots=True)
class KenoExpressVariant(CommonFields):
    common: DrawCommon
    rtp: Fraction
    odds_rounding: str
    not_in_range_edges_win: bool
    max_bets: int

    @property
    def payouts(self) -> dict[str, str]:
        return {c: f"{self.rtp} / P(win), {self.odds_rounding} to 2 decimals" for c in CODES}

    def odds(self, winners: int) -> Fraction:
        """The odds (total return) of a bet that wins on ``winners`` of the numbers."""
        d: BallDraw = self.draw
        exact = self.rtp * d.balls / winners
        hundredths = exact * 100
        n = hundredths.numerator // hundredths.denominator
        if self.odds_rounding == "nearest" and hundredths - n >= Fraction(1, 2):
            n += 1
        return Fraction(n, 100)


def parse_variant(data: Mapping[str, Any], name: str) -> KenoExpressVariant:
    where = f"keno_express/{name}.toml"
    common = parse_common(data, name, "keno_express", DEFAULT_SCHEDULE)
    if common.draw.drawn != 1:
        raise VariantError(f"{where}.drawn: Keno Express draws one number")
    try:
        rtp = Fraction(str(need(data, "rtp", where)))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}.rtp: an exact decimal such as \"0.95\"") from None
    if not Fraction(1, 2) <= rtp <= 1:
        raise VariantError(f"{where}.rtp: in [0.5, 1], got {rtp}")
    rounding = str(data.get("odds_rounding", "down"))
    if rounding not in ("down", "nearest"):
        raise VariantError(f"{where}.odds_rounding: down or nearest, got {rounding!r}")
    return KenoExpressVariant(
        common, rtp, rounding,
        boolean(data.get("not_in_range_edges_win", False), f"{where}.not_in_range_edges_win"),
        integer(data.get("max_bets", 2), f"{where}.max_bets", 1, 100))
