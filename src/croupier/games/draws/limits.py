"""Stake limits and the maximum win of a draw game, per currency, as variant data.

``[limits.AMD] min = 50, max = 300000, max_win = 5000000`` (000 §12.19 "The main terms of the
game": minimum bet 50 AMD, maximum bet 300 000 AMD, maximum winning 5 000 000 AMD). Amounts are
minor units. ``max_win`` caps the total return of one bet (ASSUMPTION 000 §12.19 (5): truncate).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from croupier.errors import CroupierError, StakeAboveMaximum, StakeBelowMinimum, VariantError
from croupier.games.fields import integer
from croupier.money import currency, format_minor, parse_stake

NO_CURRENCY = "XXX"


@dataclass(frozen=True, slots=True)
class DrawLimits:
    minimum: int
    maximum: int
    max_win: int | None = None

    def check(self, stake: object, cur: str, what: str) -> int:
        """The stake in minor units, or the precise error for a stake outside the limits."""
        value = stake if type(stake) is int and stake > 0 else parse_stake(stake)
        if cur == NO_CURRENCY:
            return value
        c = currency(cur)
        if value < self.minimum:
            raise StakeBelowMinimum(f"{what}: {format_minor(value, c)} is below the minimum "
                                    f"{format_minor(self.minimum, c)}")
        if value > self.maximum:
            raise StakeAboveMaximum(f"{what}: {format_minor(value, c)} is above the maximum "
                                    f"{format_minor(self.maximum, c)}")
        return value

    def cap(self, returned: int) -> int:
        return returned if self.max_win is None or returned <= self.max_win else self.max_win


UNLIMITED = DrawLimits(1, 10**15, None)


def limits_for(limits: Mapping[str, DrawLimits], cur: str, title: str) -> DrawLimits:
    if cur == NO_CURRENCY:  # analysis and demonstration rounds have no limits
        return UNLIMITED
    lim = limits.get(cur)
    if lim is None:
        raise CroupierError(f"{title} has no stake limits in {cur}; it is played in "
                            f"{', '.join(sorted(limits))}")
    return lim


def parse_limits(data: Mapping[str, Any], where: str) -> dict[str, DrawLimits]:
    out: dict[str, DrawLimits] = {}
    for code, raw in dict(data.get("limits", {})).items():
        w = f"{where}.limits.{code}"
        currency(code)
        if not isinstance(raw, Mapping):
            raise VariantError(f"{w}: a table with min, max and optional max_win (minor units)")
        lo = integer(raw.get("min"), f"{w}.min", 1, 10**13)
        hi = integer(raw.get("max"), f"{w}.max", lo, 10**13)
        mw = raw.get("max_win")
        out[code] = DrawLimits(lo, hi, None if mw is None else integer(mw, f"{w}.max_win", hi, 10**15))
    if not out:
        raise VariantError(f"{where}: missing [limits.<currency>] tables")
    return out
