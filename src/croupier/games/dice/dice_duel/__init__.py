"""Dice Duel (000 §12.40): a red and a blue die, 28 outcomes at odds derived with a margin."""

from __future__ import annotations

from croupier.games.dice.dice_duel.rules import GROUPS, OUTCOMES, DiceDuelRules
from croupier.games.dice.rolled.spec import describe_of, game_spec
from croupier.games.dice.rolled.variant import DiceVariant

RULES = DiceDuelRules()


def _rules_lines(_v: DiceVariant) -> list[str]:
    return ["A red and a blue die are thrown; the higher die wins, equal faces are a draw "
            "(a Red or Blue bet loses on a draw).",
            "Odds are (1 - margin) / chance, rounded down to the step; a win pays stake x odds."]


GAME = game_spec(RULES, describe_of(RULES, GROUPS, dict(OUTCOMES), _rules_lines))

__all__ = ["GAME", "RULES"]
