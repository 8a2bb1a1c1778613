"""Keno Express (000 §12.33): one number of 1-100, Lower / Higher / In range / Not in range."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.games import describe as D
from croupier.games.base import BetRequest
from croupier.games.draws.kenoexpress.engine import ENGINE
from croupier.games.draws.kenoexpress.exact import exact
from croupier.games.draws.kenoexpress.simulate import simulate
from croupier.games.draws.kenoexpress.variant import KenoExpressVariant, parse_variant
from croupier.games.registry import GameSpec

EXAMPLES = {"lower": (10,), "higher": (90,), "in_range": (10, 37), "not_in_range": (10, 37)}
LABELS = {"lower": "Lower or equal", "higher": "Higher or equal", "in_range": "In range",
          "not_in_range": "Not in range"}


def demo_bets(variant: KenoExpressVariant, currency: str) -> list[BetRequest]:
    return [BetRequest("lower", variant.limits_for(currency).minimum, (50,))]


def describe(variant: KenoExpressVariant) -> dict[str, Any]:
    d = variant.draw
    bets = []
    for code, example in EXAMPLES.items():
        target = {"kind": "numbers", "count": len(example), "choices": list(d.numbers)}
        bets.append(D.bet(code, label=LABELS[code], payout=variant.payouts[code], target=target,
                          example=list(example)))
    rules = ["One number of 1-100 is drawn (000 §12.33); a winning bet returns stake x the odds "
             "shown when it was placed.",
             f"At most {variant.max_bets} bets a round."]
    return D.assemble(variant, bets, kind="balls", rules=rules)


def display(_variant: KenoExpressVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    balls = [int(b) for b in outcome.get("balls", [])]
    return {"kind": "balls", "drawn": balls, "headline": f"Number {balls[0]}" if balls else "Draw"}


GAME = GameSpec(name="keno_express", title="Keno Express", engine=ENGINE,
                parse_variant=parse_variant, exact=exact, simulate=simulate, demo_bets=demo_bets,
                describe=describe, display=display)

__all__ = ["GAME", "KenoExpressVariant", "demo_bets"]
