"""A race variant as data (``variants/race/*.toml``): the field, the markets offered with the
rows of the clause that lists them, the strength model and the margin."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.errors import UnknownBetCode, VariantError
from croupier.games.virtual import fields as F
from croupier.games.virtual.race import markets as M
from croupier.games.virtual.race.model import check_strengths

#: market codes that name runners, and how to build them
_RUNNER_MARKETS: dict[str, Callable[[str], M.Market]] = {
    "win": lambda rows: M.place(1, rows),
    "place2": lambda rows: M.place(2, rows),
    "place3": lambda rows: M.place(3, rows),
    "place4": lambda rows: M.place(4, rows),
    "forecast": lambda rows: M.with_rows(M.FORECAST, rows),
    "reverse_forecast": lambda rows: M.with_rows(M.REVERSE_FORECAST, rows),
    "tricast": lambda rows: M.with_rows(M.TRICAST, rows),
    "reverse_tricast": lambda rows: M.with_rows(M.REVERSE_TRICAST, rows),
    "swinger": lambda rows: M.with_rows(M.SWINGER, rows),
    "any_three": lambda rows: M.with_rows(M.ANY_THREE, rows),
    "winner_over": lambda rows: M.with_rows(M.WINNER_OVER, rows),
    "winner_under": lambda rows: M.with_rows(M.WINNER_UNDER, rows),
}


@dataclass(frozen=True)
class RaceVariant:
    name: str
    title: str
    clause: str
    runners: int
    #: the return of every selection before rounding (1 − the operator's margin)
    rtp: Fraction
    #: each runner's strength is drawn uniformly from these (the event's form draws)
    forms: tuple[int, ...]
    markets: tuple[M.Market, ...]
    betting_seconds: int

    def market(self, code: str) -> M.Market:
        for m in self.markets:
            if m.code == code:
                return m
        raise UnknownBetCode(f"{self.title} has no market {code!r}; it offers {', '.join(m.code for m in self.markets)}")


def parse_variant(raw: dict[str, Any], name: str) -> RaceVariant:
    runners = raw.get("runners")
    if type(runners) is not int or not 2 <= runners <= 16:
        raise VariantError(f"{name}: runners is a whole number in 2..16, got {runners!r}")
    rtp = F.rtp(raw, name)
    forms = check_strengths(raw.get("forms", ()))
    table = raw.get("markets")
    if not isinstance(table, dict) or not table:
        raise VariantError(f"{name}: [markets] lists the markets offered with their clause rows")
    markets: list[M.Market] = []
    for code, rows in table.items():
        if code in _RUNNER_MARKETS:
            markets.append(_RUNNER_MARKETS[code](str(rows)))
        elif code == "parity":
            markets += M.parity_markets(runners, str(rows))
        elif code == "lines":
            for line in rows["at"]:
                value = F.fraction(line, f"{name}: an over/under line")
                if value.denominator != 2 or not 1 < value < runners:
                    raise VariantError(f"{name}: an over/under line is a half-number inside the field, got {line!r}")
                markets += M.line_markets(value, runners, str(rows["rows"]))
        elif code == "high_low":
            low_top = rows["low_top"]
            if type(low_top) is not int or not 1 <= low_top < runners:
                raise VariantError(f"{name}: high_low.low_top is in 1..{runners - 1}, got {low_top!r}")
            markets += M.high_low_markets(low_top, runners, str(rows["rows"]))
        else:
            raise VariantError(f"{name}: unknown market {code!r}")
    if "place4" in table and runners < 5:
        raise VariantError(f"{name}: a first-four market needs at least five runners")
    seconds = F.betting_seconds(raw, name, str(raw.get("source", "000 §12.42")))
    return RaceVariant(name, str(raw.get("title", name)), str(raw.get("source", "")), runners, rtp,
                       forms, tuple(markets), seconds)
