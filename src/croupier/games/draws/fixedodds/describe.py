"""How a fixed-odds draw game describes itself (docs/describe.md): every bet of its clause's
table with its source wording, odds and target; a round's outcome as the balls drawn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from croupier.games.describe import assemble, choice
from croupier.games.describe import bet as describe_bet
from croupier.games.draws.fixedodds.bets import Bet
from croupier.games.draws.fixedodds.variant import DrawGame, FixedOddsVariant


def target_of(variant: FixedOddsVariant, b: Bet) -> dict[str, Any]:
    t = b.target
    if t.kind == "picks" and t.count == 1:
        return {"kind": "number", "min": variant.draw.first, "max": variant.draw.last}
    if t.kind == "picks":
        return {"kind": "numbers", "count": t.count, "choices": list(variant.draw.numbers)}
    if t.kind == "choice" and t.options is not None:
        return choice((o, str(o)) for o in t.options(variant))
    return {"kind": "none"}


def pays_of(variant: FixedOddsVariant, b: Bet) -> str:
    if b.table:
        table = variant.paytables.get(b.code, {})
        return ", ".join(f"{k}: {p}" for k, p in table.items())
    return str(variant.payouts[b.code])


def describe_with(spec: DrawGame) -> Callable[[Any], dict[str, Any]]:
    def describe(variant: FixedOddsVariant) -> dict[str, Any]:
        bets = [describe_bet(b.code, label=b.label, group=b.group, payout=pays_of(variant, b),
                             target=target_of(variant, b), example=b.target.example(variant))
                for b in spec.offered(variant)]
        rules = [f"{spec.title}: {variant.draw.drawn} balls drawn out of {variant.draw.balls} "
                 f"({spec.clause}); a winning bet returns stake x odds.",
                 f"A draw every {variant.schedule.every_seconds} s; tickets close "
                 f"{variant.schedule.cutoff_seconds} s before it."]
        labels = {str(b): spec.ball_label(variant, b) for b in variant.draw.numbers}
        return assemble(variant, bets, kind="balls", rules=rules,
                        outcome={"labels": labels, "drawn": variant.draw.drawn})

    return describe


def display_with(spec: DrawGame) -> Callable[[Any, Mapping[str, Any]], dict[str, Any]]:
    def display(variant: FixedOddsVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
        balls = [int(b) for b in outcome.get("balls", [])]
        labels = [str(x) for x in outcome.get("labels", [])] or [spec.ball_label(variant, b) for b in balls]
        return {"kind": "balls", "drawn": labels,
                "headline": "Drawn: " + " ".join(labels) if labels else "No balls drawn"}

    return display
