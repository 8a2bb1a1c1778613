"""Dealer-poker rule sets as data: ``croupier/variants/<game>/<name>.toml``, parsed and validated.

One shape serves every poker-against-the-dealer game: named paytables (hand -> payout), named
options (money-changing readings of the rules, each with a default), per-currency limits, and the
usual ``title``/``source``/``paytable_assumed``/``assumptions``/``[admission]``. Each game declares
which tables, hands and options it knows (:class:`Schema`); anything else is refused with the file
and field named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from croupier.errors import VariantError
from croupier.money import CURRENCIES, Payout, check_minor


@dataclass(frozen=True, slots=True)
class Limit:
    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True)
class Schema:
    """What a game's variant files may say: tables (with their hand names) and options."""

    game: str
    tables: Mapping[str, frozenset[str]]
    required_tables: frozenset[str]
    options: Mapping[str, Any]  # name -> default (its type is the type expected)
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    bet_codes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class PokerVariant:
    """A dealer-poker rule set. Compared and hashed by identity: variants are loaded once."""

    name: str
    title: str
    source: str
    kind: str
    game: str
    paytables: Mapping[str, Mapping[str, Payout]]
    options: Mapping[str, Any]
    limits: Mapping[str, Mapping[str, Limit]]
    sim_rounds: int
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...] = ()

    def table(self, name: str) -> Mapping[str, Payout]:
        return self.paytables.get(name, {})

    def option(self, name: str) -> Any:
        return self.options[name]

    def limit(self, currency: str, code: str) -> Limit | None:
        """The stake limits of bet ``code`` in ``currency`` (None: unlimited, e.g. "XXX").

        A code without its own limits takes ``default``, else the Ante's."""
        if currency == "XXX":
            return None
        per = self.limits.get(currency)
        if per is None:
            have = ", ".join(sorted(self.limits)) or "no currency"
            raise VariantError(f"{self.game} variant {self.name!r} has no limits in {currency}; it is played in {have}")
        return per.get(code, per.get("default", per.get("ante")))


_TOP = {"game", "title", "source", "kind", "paytables", "options", "limits", "sim_rounds",
        "paytable_assumed", "admission", "assumptions",
        "jackpots"}  # issue 16: the jackpot pools (games/jackpot.py reads them; the engine does not)


def parse_variant(schema: Schema, data: Mapping[str, Any], name: str) -> PokerVariant:
    where = f"{schema.game}/{name}.toml"
    unknown = set(data) - _TOP
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if data.get("game", schema.game) != schema.game:
        raise VariantError(f"{where}: game must be {schema.game!r}")
    for key in ("title", "source"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise VariantError(f"{where}: missing field {key!r}")

    raw_tables = data.get("paytables", {})
    if not isinstance(raw_tables, dict):
        raise VariantError(f"{where}.paytables: expected tables of hand = payout")
    tables: dict[str, dict[str, Payout]] = {}
    for tname, rows in raw_tables.items():
        if tname not in schema.tables:
            raise VariantError(
                f"{where}.paytables: unknown table {tname!r}; known: {', '.join(schema.tables)}"
            )
        if not isinstance(rows, dict):
            raise VariantError(f"{where}.paytables.{tname}: expected hand = payout")
        table: dict[str, Payout] = {}
        for hand, text in rows.items():
            if hand not in schema.tables[tname]:
                known = ", ".join(sorted(schema.tables[tname]))
                raise VariantError(f"{where}.paytables.{tname}: unknown hand {hand!r}; known: {known}")
            try:
                table[hand] = Payout.parse(text)
            except ValueError as exc:
                raise VariantError(f"{where}.paytables.{tname}.{hand}: {exc}") from None
        tables[tname] = table
    missing = schema.required_tables - set(tables)
    if missing:
        raise VariantError(f"{where}.paytables: missing table(s) {', '.join(sorted(missing))}")

    raw_opts = data.get("options", {})
    if not isinstance(raw_opts, dict):
        raise VariantError(f"{where}.options: expected a table of option = value")
    opts = dict(schema.options)
    for key, value in raw_opts.items():
        if key not in schema.options:
            raise VariantError(f"{where}.options: unknown option {key!r}; known: {', '.join(schema.options)}")
        default = schema.options[key]
        if type(value) is not type(default):
            raise VariantError(
                f"{where}.options.{key}: expected {type(default).__name__}, got {value!r}"
            )
        if key in schema.choices and value not in schema.choices[key]:
            raise VariantError(
                f"{where}.options.{key}: {value!r} is not one of {', '.join(schema.choices[key])}"
            )
        opts[key] = value

    limits: dict[str, dict[str, Limit]] = {}
    for cur, per in data.get("limits", {}).items():
        if cur not in CURRENCIES:
            raise VariantError(f"{where}.limits: unknown currency {cur!r}")
        if not isinstance(per, dict) or not ({"ante", "default"} & set(per)):
            raise VariantError(f"{where}.limits.{cur}: give at least ante (or default) = [minimum, maximum]")
        limits[cur] = {}
        for code, pair in per.items():
            w = f"{where}.limits.{cur}.{code}"
            if schema.bet_codes and code not in (*schema.bet_codes, "default"):
                raise VariantError(f"{w}: unknown bet code; known: {', '.join(schema.bet_codes)}")
            if not isinstance(pair, list) or len(pair) != 2:
                raise VariantError(f"{w}: expected [minimum, maximum] in minor units")
            try:
                lo, hi = check_minor(pair[0]), check_minor(pair[1])
            except ValueError as exc:
                raise VariantError(f"{w}: {exc}") from None
            if not 0 < lo <= hi:
                raise VariantError(f"{w}: need 0 < minimum <= maximum, got {pair}")
            limits[cur][code] = Limit(lo, hi)

    sim_rounds = data.get("sim_rounds", 1_000_000)
    if isinstance(sim_rounds, bool) or not isinstance(sim_rounds, int) or not 10_000 <= sim_rounds <= 10**10:
        raise VariantError(f"{where}.sim_rounds: expected an integer in [10000, 10^10]")
    assumed = data.get("paytable_assumed", False)
    if not isinstance(assumed, bool):
        raise VariantError(f"{where}.paytable_assumed: expected true or false")
    admission = data.get("admission", {})
    override = None
    if admission.get("override"):
        reason = admission.get("reason", "")
        if not isinstance(reason, str) or len(reason.strip()) < 10:
            raise VariantError(f"{where}.admission: an override must give its documented reason")
        override = reason
    return PokerVariant(
        name=name,
        title=str(data["title"]),
        source=str(data["source"]),
        kind=str(data.get("kind", "table_card")),
        game=schema.game,
        paytables=tables,
        options=opts,
        limits=limits,
        sim_rounds=sim_rounds,
        paytable_assumed=assumed,
        admission_override=override,
        assumptions=tuple(str(a) for a in data.get("assumptions", [])),
    )
