"""Reading a rolled dice game's variant file (precise :class:`VariantError` naming the field)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.errors import VariantError
from croupier.games.cardcompare.common import parse_header
from croupier.games.dice.rolled.rules import DiceRules
from croupier.games.dice.rolled.variant import DiceVariant, parse_strikes, position_label

_TOP = {"payouts", "options", "strikes"}


def parse_options(rules: DiceRules, data: Mapping[str, Any], where: str) -> dict[str, Any]:
    opts = dict(rules.option_defaults)
    raw = data.get("options", {})
    if not isinstance(raw, dict):
        raise VariantError(f"{where}.options: expected a table")
    for k, val in raw.items():
        if k not in opts:
            raise VariantError(f"{where}.options: unknown option {k!r}; known: {', '.join(opts) or 'none'}")
        if type(val) is not type(opts[k]):
            raise VariantError(f"{where}.options.{k}: expected {type(opts[k]).__name__}, got {val!r}")
        opts[k] = val
    return opts


def parse_variant(rules: DiceRules, data: Mapping[str, Any], name: str) -> DiceVariant:
    where = f"{rules.game}/{name}.toml"
    head = parse_header(data, rules.game, where, _TOP | rules.own_fields)
    head["kind"] = str(data.get("kind", "dice"))
    rules.check(data, where)
    payouts = rules.payouts(data, where)
    codes = rules.offered(payouts, where)
    strikes = None
    if "strikes" in data:
        eligible = {c: [(c, t) for t in rules.targets(c)] for c in codes}
        strikes = parse_strikes(data["strikes"], f"{where}.strikes", eligible)
        if strikes.mode == "replace":  # ASSUMPTION: a strike never lowers a win (docs/dice.md)
            for code in strikes.codes:
                for pos in eligible[code]:
                    low = min(strikes.table_for(pos).values)
                    label = position_label(*pos)  # a total wins only its own key
                    keys = [label] if label in payouts else rules.payout_keys(code)
                    for key in keys:
                        if low <= payouts[key].total:
                            raise VariantError(
                                f"{where}.strikes: a struck {position_label(*pos)} may pay "
                                f"{low}, not more than its base {payouts[key]}")
    return DiceVariant(game=rules.game, name=name, payouts=payouts,
                       options=parse_options(rules, data, where), strikes=strikes, codes=codes,
                       **head)
