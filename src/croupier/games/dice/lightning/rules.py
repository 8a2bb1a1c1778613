"""The rules of Lightning Dice (000 §12.47): three dice, a bet on each total 3-18. The Lightning
numbers and their multipliers are the variant's strike step in ``replace`` mode: a struck total
that comes up pays its drawn payout instead of its base odds ("the multiplier replaces the base
odds"). The base odds, how many totals are struck and the multipliers are variant data (the
extract gives none: ASSUMPTION, docs/dice.md)."""

from __future__ import annotations

from typing import Final

from croupier.errors import InvalidSelection
from croupier.games.base import Target
from croupier.games.dice.rolled.rules import Dice, DiceRules
from croupier.games.dice.rolled.variant import DiceVariant

TOTALS: Final = tuple(range(3, 19))


class LightningDiceRules(DiceRules):
    game = "lightning_dice"
    title = "Lightning Dice"
    dice = 3
    symmetric = True
    codes = ("total",)

    def targets(self, code: str) -> list[Target]:
        return [(t,) for t in TOTALS]

    def payout_keys(self, code: str) -> tuple[str, ...]:
        return tuple(f"total_{t}" for t in TOTALS)

    def check_target(self, code: str, target: Target) -> Target:
        if len(target) != 1 or type(target[0]) is not int:
            raise InvalidSelection(f"a Lightning Dice bet names one total from 3 to 18, got {list(target)}")
        if target[0] not in TOTALS:
            raise InvalidSelection(f"three dice total 3 to 18, got {target[0]}")
        return target

    def payout_key(self, v: DiceVariant, code: str, target: Target, dice: Dice) -> str | None:
        total = dice[0] + dice[1] + dice[2]
        return f"total_{total}" if total == target[0] else None
