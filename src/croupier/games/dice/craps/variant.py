"""Craps rule sets (000 §12.41) as data: payouts, odds multiples, what works on the come-out roll.

A variant may also be *bound to a table state*: ``point`` is the number the puck marks (None: the
puck is OFF, the next roll is a come-out roll). The file never sets it; the platform binds it per
round with :meth:`CrapsVariant.at_point` (see :func:`croupier.games.base.at_table`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.cardcompare.common import parse_header
from croupier.games.cardcompare.fields import Limits, integer, need, payout
from croupier.money import Payout

#: the point numbers (000 §12.41: "4, 5, 6, 8, 9 or 10")
POINTS: Final = (4, 5, 6, 8, 9, 10)
HARD: Final = (4, 6, 8, 10)
#: one-roll bets (000 §12.41 "One Roll bets") and the totals each wins on
ONE_ROLL: Final[Mapping[str, frozenset[int]]] = {
    "field": frozenset({2, 3, 4, 9, 10, 11, 12}),
    "seven": frozenset({7}),
    "craps": frozenset({2, 3, 12}),
    "crap_2": frozenset({2}),
    "crap_3": frozenset({3}),
    "crap_12": frozenset({12}),
    "eleven": frozenset({11}),
    "c_and_e": frozenset({2, 3, 11, 12}),
}
LINE: Final = ("pass", "dont_pass", "come", "dont_come")
#: every bet code, in the order of the layout
BET_CODES: Final = (*LINE, "odds", "lay", "place_win", "place_lose", "hardway", *ONE_ROLL)
#: bets that may be "off" on the come-out roll (they then neither win nor lose on it)
MAY_BE_OFF: Final = ("odds", "lay", "place_win", "place_lose", "hardway")
#: the bets whose target is a number, and the numbers each takes
NUMBERED: Final[Mapping[str, tuple[int, ...]]] = {
    "odds": POINTS, "lay": POINTS, "place_win": POINTS, "place_lose": POINTS, "hardway": HARD,
}

_OWN: Final = {"payouts", "odds_max", "lay_max", "off_on_come_out", "bar"}
_FLAT: Final = ("pass", "dont_pass", "come", "dont_come", "field", "field_2", "field_12", "seven",
                "craps", "crap_2", "crap_3", "crap_12", "eleven", "c_and_e_craps", "c_and_e_eleven")


@dataclass(frozen=True, slots=True, eq=False)
class CrapsVariant:
    name: str
    title: str
    source: str
    kind: str
    flat: Mapping[str, Payout]                       # line and one-roll bets
    numbered: Mapping[str, Mapping[int, Payout]]      # odds, lay, place_win, place_lose, hardway
    odds_max: Mapping[int, int]                      # odds stake <= multiple x line stake, per point
    lay_max: Mapping[int, int]                       # lay stake <= multiple x don't stake, per point
    off_on_come_out: frozenset[str]                  # bets that do not work on a come-out roll
    bar: int                                         # the come-out total that pushes don't bets
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = field(default=())
    point: int | None = None                         # the table's state: the puck's number

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return BET_CODES

    @property
    def payouts(self) -> dict[str, str]:
        """What each bet pays, as text (per number for the numbered bets)."""
        def odds(p: Payout) -> str:
            return f"{p.net.numerator}:{p.net.denominator}"

        out = {}
        f = self.flat
        for code in BET_CODES:
            if code in NUMBERED:
                out[code] = ", ".join(f"{n}: {odds(p)}" for n, p in self.numbered[code].items())
            elif code == "field":
                out[code] = f"{odds(f['field'])} (2: {odds(f['field_2'])}, 12: {odds(f['field_12'])})"
            elif code == "c_and_e":
                out[code] = f"craps {odds(f['c_and_e_craps'])}, 11 {odds(f['c_and_e_eleven'])}"
            else:
                out[code] = odds(f[code])
        return out

    def limits_for(self, cur: str) -> Limits | None:
        return self.limits.get(cur)

    def at_point(self, point: int | None) -> CrapsVariant:
        """This rule set at a table whose puck marks ``point`` (None: OFF, a come-out roll)."""
        if point is not None and point not in POINTS:
            raise VariantError(f"the puck marks a point number {POINTS}, not {point!r}")
        return self if point == self.point else replace(self, point=point)

    def unit(self) -> int:
        """A stake that every payout turns into a whole number of minor units."""
        from math import lcm

        dens = [p.total.denominator for p in self.flat.values()]
        dens += [p.total.denominator for t in self.numbered.values() for p in t.values()]
        return 2 * lcm(*dens)

    def ratio(self, code: str, number: int | None = None) -> Fraction:
        if number is None:
            return self.flat[code].total
        return self.numbered[code][number].total


def parse_variant(data: Mapping[str, Any], name: str) -> CrapsVariant:
    where = f"craps/{name}.toml"
    head = parse_header(data, "craps", where, _OWN)
    raw = need(data, "payouts", where)
    if not isinstance(raw, dict):
        raise VariantError(f"{where}.payouts: expected a table")
    flat = {k: payout(need(raw, k, f"{where}.payouts"), f"{where}.payouts.{k}") for k in _FLAT}
    numbered: dict[str, dict[int, Payout]] = {}
    for code, numbers in NUMBERED.items():
        table = need(raw, code, f"{where}.payouts")
        numbered[code] = _per_number(table, numbers, f"{where}.payouts.{code}",
                                     lambda v, w: payout(v, w))
    unknown = set(raw) - set(_FLAT) - set(NUMBERED)
    if unknown:
        raise VariantError(f"{where}.payouts: unknown bet(s) {', '.join(sorted(unknown))}")
    odds_max = _per_number(need(data, "odds_max", where), POINTS, f"{where}.odds_max",
                           lambda v, w: integer(v, w, 1, 1000))
    lay_max = _per_number(need(data, "lay_max", where), POINTS, f"{where}.lay_max",
                          lambda v, w: integer(v, w, 1, 1000))
    off = data.get("off_on_come_out", [])
    if not isinstance(off, list) or not set(off) <= set(MAY_BE_OFF):
        raise VariantError(f"{where}.off_on_come_out: a list of bets among {', '.join(MAY_BE_OFF)}")
    bar = integer(data.get("bar", 12), f"{where}.bar", 2, 12)
    if bar not in (2, 3, 12):
        raise VariantError(f"{where}.bar: the barred total is a craps number (2, 3 or 12)")
    return CrapsVariant(name=name, **head, flat=flat, numbered=numbered, odds_max=odds_max,
                        lay_max=lay_max, off_on_come_out=frozenset(off), bar=bar)


def _per_number(table: Any, numbers: tuple[int, ...], where: str, parse: Any) -> dict[int, Any]:
    if not isinstance(table, dict) or {str(n) for n in numbers} != set(table):
        raise VariantError(f"{where}: give exactly the numbers {', '.join(map(str, numbers))}")
    return {n: parse(table[str(n)], f"{where}.{n}") for n in numbers}
