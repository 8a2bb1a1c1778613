"""The catalogue entry of a rolled dice game, its description (docs/describe.md) and the ``dice``
view of a round's outcome."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from croupier.games import describe as D
from croupier.games.base import BetRequest
from croupier.games.dice.rolled.engine import DiceEngine
from croupier.games.dice.rolled.exact import exact
from croupier.games.dice.rolled.parse import parse_variant
from croupier.games.dice.rolled.rules import DiceRules
from croupier.games.dice.rolled.simulate import simulate
from croupier.games.dice.rolled.variant import DiceVariant, position_label
from croupier.games.maths import BetRTP
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.money import Payout


def decimal_text(p: Payout) -> str:
    """``x2.28``: decimal odds (stake x odds), exact (the odds are whole hundredths or so)."""
    return "x" + format((Decimal(p.total.numerator) / Decimal(p.total.denominator)).normalize(), "f")


def payout_text(rules: DiceRules, v: DiceVariant, code: str) -> str:
    keys = rules.payout_keys(code)
    show = decimal_text if rules.decimal_odds else str
    if len(keys) == 1:
        return show(v.payouts[keys[0]])
    return ", ".join(f"{k.rsplit('_', 1)[-1]}: {show(v.payouts[k])}" for k in keys)


def target_of(rules: DiceRules, code: str) -> dict[str, Any]:
    targets = rules.targets(code)
    if targets == [()]:
        return {"kind": "none"}
    if all(len(t) == 1 for t in targets):
        return D.choice((t[0], str(t[0])) for t in targets)
    return {"kind": "positions", "positions": [list(t) for t in targets]}


def strike_rules(v: DiceVariant) -> list[str]:
    st = v.strikes
    if st is None:
        return []
    how = ("a struck winning position pays the drawn payout instead of its own"
           if st.mode == "replace" else "a struck winning position's win is multiplied")
    counts = ", ".join(str(c) for c in st.counts)
    lines = [f"Before the roll, {counts} positions of {', '.join(st.codes)} are struck at random; {how}."]
    for k, t in st.tables.items():
        lines.append(f"Multipliers of {k}: " + ", ".join(
            f"{x} (weight {w})" for x, w in zip(t.texts, t.weights, strict=True)))
    return lines


def describe_of(rules: DiceRules, groups: Mapping[str, str], labels: Mapping[str, str],
                extra: Callable[[DiceVariant], list[str]]) -> Callable[[DiceVariant], dict[str, Any]]:
    def describe(v: DiceVariant) -> dict[str, Any]:
        bets = []
        for code in v.codes:
            target = target_of(rules, code)
            targets = rules.targets(code)
            bets.append(D.bet(code, label=labels.get(code), group=groups.get(code, "main"),
                              payout=payout_text(rules, v, code), target=target,
                              example=list(targets[len(targets) // 2])))
        return D.assemble(v, bets, kind="dice", rules=[*extra(v), *strike_rules(v)],
                          outcome={"dice": rules.dice, "names": list(rules.die_names)})
    return describe


def display(_v: DiceVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    dice = [int(d) for d in outcome.get("dice", ())]
    total = int(outcome.get("total", sum(dice)))
    view: dict[str, Any] = {"kind": "dice", "dice": dice, "total": total,
                            "headline": f"{total}: " + " ".join(str(d) for d in dice)}
    names = [k for k in ("red", "blue") if k in outcome]
    if names:
        view["names"] = names
        view["headline"] = ", ".join(f"{k} {outcome[k]}" for k in names)
    strikes = outcome.get("strikes")
    if strikes:
        view["multipliers"] = dict(strikes)
        view["headline"] += "; struck " + ", ".join(f"{p} ({m})" for p, m in strikes.items())
    return view


def demo_bets(rules: DiceRules, v: DiceVariant, cur: str) -> list[BetRequest]:
    """A bet on the middle target of every code at the table minimum."""
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    out = []
    for code in v.codes:
        targets = rules.targets(code)
        out.append(BetRequest(code, stake, targets[len(targets) // 2]))
    return out


def game_spec(rules: DiceRules, describe: Callable[[DiceVariant], dict[str, Any]]) -> GameSpec:
    engine = DiceEngine(rules)

    def _parse(data: dict[str, Any], name: str) -> DiceVariant:
        return parse_variant(rules, data, name)

    def _exact(v: DiceVariant) -> list[BetRTP]:
        return exact(engine, v)

    def _simulate(v: DiceVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
        return simulate(engine, v, rounds, seed, progress)

    return GameSpec(rules.game, rules.title, engine, _parse, _exact, _simulate,
                    lambda v, cur: demo_bets(rules, v, cur), describe=describe, display=display)


__all__ = ["game_spec", "position_label"]
