"""The rules of Sic Bo (000 §12.25): three dice, the paytable's positions and what each wins on.

Super and Mega Sic Bo share these rules; their random multipliers are the variant's strike step
(:mod:`croupier.games.dice.rolled.variant`). The extract's readings are options (docs/dice.md):

* ``small_big_lose_on_triple`` (§12.25 "loses on any triple"): true;
* ``pair_wins_on_triple`` (ambiguity 1, ASSUMPTION): a specific pair wins, once, on a triple of
  its number;
* ``total_wins_on_triple`` (ambiguity 2, ASSUMPTION): a Total bet wins on a triple making it
  (3,3,3 = 9); only Small and Big have the triple exclusion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from croupier.errors import InvalidSelection
from croupier.games.base import Target
from croupier.games.dice.rolled.rules import Dice, DiceRules, ordered
from croupier.games.dice.rolled.variant import DiceVariant

FACES: Final = tuple(range(1, 7))
TOTALS: Final = tuple(range(4, 18))

LABELS: Final = {"small": "Small", "big": "Big", "triple": "Specific triple",
                 "any_triple": "Any triple", "pair": "Specific pair", "total": "Total",
                 "combination": "Two-dice combination", "single": "Single number"}
GROUPS: Final = {"small": "small_big", "big": "small_big", "triple": "triples",
                 "any_triple": "triples", "pair": "pairs", "total": "totals",
                 "combination": "combinations", "single": "singles"}

_TARGETS: Final[Mapping[str, list[Target]]] = {
    "small": [()], "big": [()], "any_triple": [()],
    "triple": [(n,) for n in FACES], "pair": [(n,) for n in FACES],
    "single": [(n,) for n in FACES], "total": [(t,) for t in TOTALS],
    "combination": [(a, b) for a in FACES for b in FACES if a < b],
}


class SicBoRules(DiceRules):
    game = "sicbo"
    title = "Sic Bo"
    dice = 3
    symmetric = True
    codes = ("small", "big", "triple", "any_triple", "pair", "total", "combination", "single")
    option_defaults: Mapping[str, Any] = {"small_big_lose_on_triple": True,
                                          "pair_wins_on_triple": True,
                                          "total_wins_on_triple": True}

    def targets(self, code: str) -> list[Target]:
        return _TARGETS[code]

    def payout_keys(self, code: str) -> tuple[str, ...]:
        if code == "total":
            return tuple(f"total_{t}" for t in TOTALS)
        if code == "single":
            return ("single_1", "single_2", "single_3")
        return (code,)

    def check_target(self, code: str, target: Target) -> Target:
        want = {"small": 0, "big": 0, "any_triple": 0, "combination": 2}.get(code, 1)
        if len(target) != want:
            if want == 0:
                raise InvalidSelection(f"the {code} bet takes no target, got {list(target)}")
            raise InvalidSelection(f"a {LABELS[code].lower()} bet names {want} number"
                                   f"{'s' if want > 1 else ''}, got {list(target)}")
        if code == "total":
            (t,) = ordered(target)
            if t in (3, 18):
                raise InvalidSelection(f"Total {t} is not a bet: only 4 to 17 are on the layout "
                                       "(000 §12.25: 3 and 18 are excluded)")
            if t not in TOTALS:
                raise InvalidSelection(f"a Total bet is 4 to 17, got {t}")
            return (t,)
        faces = ordered(target)
        for f in faces:
            if f not in FACES:
                raise InvalidSelection(f"a die face is 1 to 6, got {f}")
        if code == "combination" and faces[0] == faces[1]:
            raise InvalidSelection(f"a two-dice combination is two different numbers, got "
                                   f"{faces[0]} twice (bet the specific pair {faces[0]} instead)")
        return faces

    def payout_key(self, v: DiceVariant, code: str, target: Target, dice: Dice) -> str | None:
        total = dice[0] + dice[1] + dice[2]
        triple = dice[0] == dice[1] == dice[2]
        if code == "small" or code == "big":
            if triple and v.options["small_big_lose_on_triple"]:
                return None
            win = 4 <= total <= 10 if code == "small" else 11 <= total <= 17
            return code if win else None
        if code == "any_triple":
            return code if triple else None
        if code == "total":
            if triple and not v.options["total_wins_on_triple"]:
                return None
            return f"total_{total}" if total == target[0] else None
        if code == "triple":
            return code if triple and dice[0] == target[0] else None
        if code == "pair":
            n = dice.count(int(target[0]))
            if n == 3 and not v.options["pair_wins_on_triple"]:
                return None
            return code if n >= 2 else None
        if code == "combination":
            return code if target[0] in dice and target[1] in dice else None
        n = dice.count(int(target[0]))  # single
        return f"single_{n}" if n else None
