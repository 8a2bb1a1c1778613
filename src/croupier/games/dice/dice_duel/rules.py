"""The rules of Dice Duel (000 §12.40): a red and a blue die, the 28 outcomes of the extract.

The extract gives no odds. They are derived from each outcome's exact probability (counted on the
36 rolls through :meth:`DiceDuelRules.payout_key`, the same function that settles the bets) with
a margin that is variant data: decimal odds ``(1 - margin) / p`` rounded **down** to the variant's
step (the house's favour), paid as stake x odds (Part D's settlement convention).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import product
from typing import Any, Final

from croupier.errors import InvalidSelection, VariantError
from croupier.games.base import Target
from croupier.games.dice.rolled.rules import Dice, DiceRules
from croupier.games.dice.rolled.variant import DiceVariant
from croupier.money import Payout

FACES: Final = tuple(range(1, 7))
#: the total lines of items 17-28 (4.5 to 9.5)
LINES: Final = (4, 5, 6, 7, 8, 9)

#: the 28 outcomes in the extract's order, with their labels
OUTCOMES: Final[Mapping[str, str]] = {
    "red": "Red dice win", "draw": "Draw", "blue": "Blue dice win",
    "red_number": "Number on the red dice", "blue_number": "Number on the blue dice",
    "combination": "Red and blue combination",
    "red_odd": "Red odd", "red_even": "Red even", "blue_odd": "Blue odd", "blue_even": "Blue even",
    "sum_odd": "Total odd", "sum_even": "Total even",
    "red_under": "Red under 3.5", "red_over": "Red over 3.5",
    "blue_under": "Blue under 3.5", "blue_over": "Blue over 3.5",
    **{f"{side}_{n}_5": f"Total {side} {n}.5" for n in LINES for side in ("under", "over")},
}

GROUPS: Final = {"red": "winner", "draw": "winner", "blue": "winner", "red_number": "numbers",
                 "blue_number": "numbers", "combination": "numbers"}


def _parity(x: int, want: str) -> bool:
    return x % 2 == (1 if want == "odd" else 0)


class DiceDuelRules(DiceRules):
    game = "dice_duel"
    title = "Dice Duel"
    dice = 2
    die_names = ("red", "blue")
    symmetric = False
    decimal_odds = True
    codes = tuple(OUTCOMES)
    own_fields = frozenset({"margin", "step"})

    def targets(self, code: str) -> list[Target]:
        if code in ("red_number", "blue_number"):
            return [(n,) for n in FACES]
        if code == "combination":
            return [(r, b) for r in FACES for b in FACES]
        return [()]

    def payout_keys(self, code: str) -> tuple[str, ...]:
        return (code,)

    def check_target(self, code: str, target: Target) -> Target:
        want = len(self.targets(code)[0])
        if len(target) != want:
            if not want:
                raise InvalidSelection(f"the {code} bet takes no target, got {list(target)}")
            what = "the red face then the blue face" if want == 2 else "one face"
            raise InvalidSelection(f"a {OUTCOMES[code]} bet names {what}, got {list(target)}")
        for f in target:
            if type(f) is not int or f not in FACES:
                raise InvalidSelection(f"a die face is a whole number from 1 to 6, got {f!r}")
        return target

    def payout_key(self, v: DiceVariant, code: str, target: Target, dice: Dice) -> str | None:
        return code if wins(code, target, dice) else None

    def payouts(self, data: Mapping[str, Any], where: str) -> dict[str, Payout]:
        margin, step = margin_and_step(data, where)
        if "payouts" in data:
            raise VariantError(f"{where}.payouts: Dice Duel's odds are derived from margin and step")
        return {code: derived_odds(self, code, margin, step, where) for code in self.codes}


def wins(code: str, target: Target, dice: Dice) -> bool:
    red, blue = dice
    total = red + blue
    if code == "red":
        return red > blue
    if code == "blue":
        return blue > red
    if code == "draw":
        return red == blue
    if code == "red_number":
        return red == target[0]
    if code == "blue_number":
        return blue == target[0]
    if code == "combination":
        return (red, blue) == target
    side, what = code.split("_", 1)
    if side in ("red", "blue", "sum"):
        x = {"red": red, "blue": blue, "sum": total}[side]
        if what in ("odd", "even"):
            return _parity(x, what)
        return x <= 3 if what == "under" else x >= 4
    line = Fraction(int(what.split("_")[0]) * 2 + 1, 2)
    return total < line if side == "under" else total > line


def margin_and_step(data: Mapping[str, Any], where: str) -> tuple[Fraction, Fraction]:
    out = []
    for key, default in (("margin", "0.05"), ("step", "0.01")):
        raw = data.get(key, default)
        try:
            value = Fraction(str(raw))
        except (ValueError, ZeroDivisionError):
            raise VariantError(f"{where}.{key}: expected a decimal such as {default!r}, got {raw!r}") from None
        if not 0 < value < 1 or (key == "margin" and value >= Fraction(1, 2)):
            raise VariantError(f"{where}.{key}: expected a value in (0, {'0.5' if key == 'margin' else '1'}), got {raw!r}")
        out.append(value)
    return out[0], out[1]


def derived_odds(rules: DiceDuelRules, code: str, margin: Fraction, step: Fraction,
                 where: str) -> Payout:
    """Decimal odds of ``code``: ``(1 - margin) / p`` rounded down to ``step``; ``p`` counted on
    the 36 rolls by the settling function (every target of a code has the same ``p``)."""
    ps = set()
    for t in rules.targets(code):
        hits = sum(1 for d in product(FACES, repeat=2) if wins(code, t, d))
        ps.add(Fraction(hits, 36))
    if len(ps) != 1:  # pragma: no cover - the 28 outcomes are symmetric in their targets
        raise VariantError(f"{where}: {code}'s targets have different chances")
    (p,) = ps
    fair = (1 - margin) / p
    odds = (fair // step) * step
    if odds <= 1:
        raise VariantError(f"{where}: {code} would pay {odds}, not more than the stake: lower the margin")
    return Payout.times(odds)
