"""A keno variant as data (``variants/keno/*.toml``): 000 §12.19 Keno 8, Keno 10, Keno Gold.

The paytable gives, for each pick count, the total return per unit staked for 0, 1, ... hits
(``"x0"`` pays nothing; 000 §12.19: "The payout is stake x multiplier", 1x = the stake back).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError
from croupier.games.draws.limits import DrawLimits
from croupier.games.draws.schedule import DrawSchedule
from croupier.games.draws.variant import CommonFields, DrawCommon, parse_common
from croupier.games.fields import boolean, integer, payout

#: 000 §12.19: "Dealing frequency 1 minute"; cut-off and draws ahead are ASSUMPTIONs (the file says)
DEFAULT_SCHEDULE = DrawSchedule(every_seconds=60, cutoff_seconds=10, max_draws=10, ball_interval_ms=1000)


@dataclass(frozen=True, slots=True)
class KenoVariant(CommonFields):
    common: DrawCommon
    max_picks: int
    #: picks -> total return per unit staked for 0 .. picks hits
    paytable: Mapping[int, tuple[Fraction, ...]]
    #: 000 §12.19 ambiguity (1): the stray "10x" of Keno 10's 2-hit row, read literally as 2 of 6
    stray_2_of_6: bool = False


    def limit(self, cur: str, code: str = "keno") -> DrawLimits | None:
        return self.limits.get(cur)

    @property
    def payouts(self) -> dict[str, str]:
        """What each bet pays (README, par sheets): the paying hit counts of a pick count."""
        out = {}
        for picks, row in sorted(self.paytable.items()):
            out[f"pick_{picks}"] = ", ".join(f"{h} hits x{_num(r)}" for h, r in enumerate(row) if r)
        return out

    def parsheet_markdown(self) -> str:
        """The paytable as the grid of 000 §12.19 (hits down, picks across)."""
        picks = sorted(self.paytable)
        lines = ["## Paytable (total return per unit staked)", "",
                 "| hits \\ picks | " + " | ".join(str(p) for p in picks) + " |",
                 "|---" * (len(picks) + 1) + "|"]
        for h in range(max(picks) + 1):
            cells = [f"x{_num(self.paytable[p][h])}" if h <= p and self.paytable[p][h] else ""
                     for p in picks]
            lines.append(f"| {h} | " + " | ".join(cells) + " |")
        return "\n".join(lines) + "\n"


def _num(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{float(f):g}"


def parse_variant(data: Mapping[str, Any], name: str) -> KenoVariant:
    where = f"keno/{name}.toml"
    common = parse_common(data, name, "keno", DEFAULT_SCHEDULE)
    max_picks = integer(data.get("max_picks"), f"{where}.max_picks", 1, min(20, common.draw.balls))
    raw = dict(data.get("paytable", {}))
    table: dict[int, tuple[Fraction, ...]] = {}
    for key, row in raw.items():
        try:
            picks = int(key)
        except ValueError:
            raise VariantError(f"{where}.paytable: {key!r} is not a pick count") from None
        if not 1 <= picks <= max_picks:
            raise VariantError(f"{where}.paytable.{key}: picks run 1 to {max_picks}")
        if not isinstance(row, list) or len(row) != picks + 1:
            raise VariantError(f"{where}.paytable.{key}: a list of {picks + 1} returns, for 0 to "
                               f"{picks} hits")
        table[picks] = tuple(payout(x, f"{where}.paytable.{key}[{i}]").total for i, x in enumerate(row))
    missing = [p for p in range(1, max_picks + 1) if p not in table]
    if missing:
        raise VariantError(f"{where}.paytable: no row for {', '.join(map(str, missing))} picks")
    stray = boolean(data.get("stray_2_of_6", False), f"{where}.stray_2_of_6")
    if stray:
        if max_picks < 6:
            raise VariantError(f"{where}.stray_2_of_6 needs 6 picks or more")
        row6 = list(table[6])
        row6[2] = Fraction(10)  # 000 §12.19 Keno 10 raw row "2: 10x, 2x, 1.5x, 1x, 10x"
        table[6] = tuple(row6)
    return KenoVariant(common, max_picks, table, stray)
