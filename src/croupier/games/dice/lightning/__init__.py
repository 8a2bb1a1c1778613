"""Lightning Dice (000 §12.47): totals 3-18 with base odds and random Lightning multipliers."""

from __future__ import annotations

from croupier.games.dice.lightning.rules import LightningDiceRules
from croupier.games.dice.rolled.spec import describe_of, game_spec
from croupier.games.dice.rolled.variant import DiceVariant

RULES = LightningDiceRules()


def _rules_lines(_v: DiceVariant) -> list[str]:
    return ["Three dice dropped through the Lightning Tower; bet on the total, 3 to 18."]


GAME = game_spec(RULES, describe_of(RULES, {"total": "totals"}, {"total": "Total"}, _rules_lines))

__all__ = ["GAME", "RULES"]
