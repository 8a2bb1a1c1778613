"""A rule set of a rolled dice game as data: payouts per payout key, the optional strike step,
options and limits. Parsed from ``variants/<game>/<name>.toml`` with precise errors.

The strike step (Super / Mega Sic Bo, Lightning Dice)::

    [strikes]
    codes = ["total", "triple"]       # every position of these bet codes can be struck
    mode = "replace"                  # "replace": a struck winner pays the drawn payout instead
                                      # "multiply": a struck winner's net win is multiplied
    count = [1, 2, 3]                 # how many positions are struck a round ...
    count_weights = [5, 3, 2]         # ... with these integer weights
    [strikes.tables.total]            # by position label ("total_4") or by bet code ("total")
    values = ["x50", "x100"]          # replace: payouts; multiply: whole factors (2, 5, ...)
    weights = [3, 1]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError
from croupier.games.base import Target
from croupier.games.cardcompare.fields import Limits, integer, need, payout
from croupier.money import Payout

Position = tuple[str, Target]

MODES = ("replace", "multiply")


def position_label(code: str, target: Target) -> str:
    """``total_4``, ``combination_1_2``, ``small``: a position's name in data and events."""
    return "_".join([code, *(str(t) for t in target)])


@dataclass(frozen=True, slots=True)
class MultiplierTable:
    """What a struck position may receive: values (payouts or factors) with integer weights."""

    values: tuple[Fraction, ...]
    weights: tuple[int, ...]
    texts: tuple[str, ...]

    @property
    def total_weight(self) -> int:
        return sum(self.weights)

    def index_of(self, value: int) -> int:
        """The entry a weighted draw ``value`` in ``[0, total_weight)`` picks."""
        for i, w in enumerate(self.weights):
            if value < w:
                return i
            value -= w
        raise ValueError("weighted draw out of range")

    def first_value(self, i: int) -> int:
        """The smallest draw value that picks entry ``i``."""
        return sum(self.weights[:i])


@dataclass(frozen=True, slots=True)
class Strikes:
    """The random-multiplier step: which positions, how many a round, what each may receive."""

    codes: tuple[str, ...]
    mode: str
    counts: tuple[int, ...]
    count_weights: tuple[int, ...]
    tables: Mapping[str, MultiplierTable]

    @property
    def expected_count(self) -> Fraction:
        return Fraction(sum(c * w for c, w in zip(self.counts, self.count_weights, strict=True)),
                        sum(self.count_weights))

    def table_for(self, pos: Position) -> MultiplierTable:
        label = position_label(*pos)
        table = self.tables.get(label) or self.tables.get(pos[0])
        if table is None:  # pragma: no cover - parse_strikes checks every eligible position
            raise VariantError(f"no multiplier table for {label}")
        return table

    def struck_ratio(self, base: Payout, table: MultiplierTable, i: int) -> Fraction:
        """The total return per unit of a winning struck position given entry ``i``."""
        value = table.values[i]
        if self.mode == "replace":
            return value
        return 1 + base.net * value


@dataclass(frozen=True, slots=True, eq=False)
class DiceVariant:
    """A rule set of a rolled dice game. Compared and hashed by identity."""

    game: str
    name: str
    title: str
    source: str
    kind: str
    payouts: Mapping[str, Payout]
    options: Mapping[str, Any]
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    strikes: Strikes | None
    codes: tuple[str, ...]
    assumptions: tuple[str, ...] = field(default=())

    @property
    def bet_codes(self) -> tuple[str, ...]:
        return self.codes

    @property
    def paytables(self) -> dict[str, dict[str, Payout]]:
        """The payouts of the codes that pay by their outcome (``total``: ``total_4``, ...)."""
        out: dict[str, dict[str, Payout]] = {}
        for key, p in self.payouts.items():
            code = key.rsplit("_", 1)[0]
            if key not in self.codes and code in self.codes:
                out.setdefault(code, {})[key] = p
        return out

    def limits_for(self, cur: str) -> Limits | None:
        return self.limits.get(cur)


def _weights(raw: Any, where: str, n: int) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != n:
        raise VariantError(f"{where}: expected a list of {n} integer weights")
    out = tuple(integer(w, where, 0, 10**9) for w in raw)
    if not sum(out):
        raise VariantError(f"{where}: the weights sum to zero")
    return out


def _table(raw: Any, mode: str, where: str) -> MultiplierTable:
    if not isinstance(raw, dict):
        raise VariantError(f"{where}: expected a table with values and weights")
    texts = need(raw, "values", where)
    if not isinstance(texts, list) or not texts:
        raise VariantError(f"{where}.values: expected a non-empty list")
    values: list[Fraction] = []
    for t in texts:
        if mode == "replace":
            values.append(payout(t, f"{where}.values").total)
        else:
            values.append(Fraction(integer(t, f"{where}.values", 1, 100_000)))
    shown = tuple(str(t) if mode == "replace" else f"x{t} win" for t in texts)
    return MultiplierTable(tuple(values), _weights(need(raw, "weights", where), f"{where}.weights",
                                                   len(values)), shown)


def parse_strikes(raw: Any, where: str, eligible_of: Mapping[str, list[Position]]) -> Strikes:
    """The ``[strikes]`` table; ``eligible_of`` maps each bet code of the variant to its positions."""
    if not isinstance(raw, dict):
        raise VariantError(f"{where}: expected a table")
    unknown = set(raw) - {"codes", "mode", "count", "count_weights", "tables"}
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    codes = need(raw, "codes", where)
    if not isinstance(codes, list) or not codes:
        raise VariantError(f"{where}.codes: expected a non-empty list of bet codes")
    for c in codes:
        if c not in eligible_of:
            raise VariantError(f"{where}.codes: {c!r} is not a bet of this variant")
    mode = need(raw, "mode", where)
    if mode not in MODES:
        raise VariantError(f"{where}.mode: expected one of {', '.join(MODES)}, got {mode!r}")
    counts_raw = need(raw, "count", where)
    if not isinstance(counts_raw, list) or not counts_raw:
        raise VariantError(f"{where}.count: expected a list of how many positions may be struck")
    eligible = [p for c in codes for p in eligible_of[c]]
    counts = tuple(integer(c, f"{where}.count", 0, len(eligible)) for c in counts_raw)
    if len(set(counts)) != len(counts):
        raise VariantError(f"{where}.count: a count is listed twice")
    if 2 * min(counts) > len(eligible):
        raise VariantError(f"{where}.count: at least {min(counts)} of {len(eligible)} positions "
                           "struck a round leaves no round where each may be left alone")
    weights = _weights(raw.get("count_weights", [1] * len(counts)), f"{where}.count_weights",
                       len(counts))
    tables_raw = need(raw, "tables", where)
    if not isinstance(tables_raw, dict):
        raise VariantError(f"{where}.tables: expected a table of multiplier tables")
    tables = {k: _table(t, mode, f"{where}.tables.{k}") for k, t in tables_raw.items()}
    labels = {position_label(*p) for p in eligible}
    for k in tables:
        if k not in labels and k not in codes:
            raise VariantError(f"{where}.tables.{k}: not a struck bet code or position")
    for p in eligible:
        if position_label(*p) not in tables and p[0] not in tables:
            raise VariantError(f"{where}.tables: no table for {position_label(*p)}")
    return Strikes(tuple(codes), mode, counts, weights, tables)
