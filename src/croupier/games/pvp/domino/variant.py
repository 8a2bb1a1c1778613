"""Domino rule sets as data: ``croupier/variants/pvp_domino/<name>.toml`` (000 §12.12.2).

What differs between Classic, Fives, Threes and Block is data: whether a player who cannot play
draws from the Reserve, whether plays score on the open ends (a multiple of 5 scoring the sum, of
3 scoring the sum / 3), the end-of-hand awards and their rounding, what a lone 0:0 counts, and the
match targets a table may choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant
from croupier.games.pvp.variant_file import variant_names as names_in


@dataclass(frozen=True, slots=True, eq=False)
class DominoVariant:
    name: str
    title: str
    source: str
    hand: int                 # bones dealt to each player
    draws: bool               # a player who cannot play draws from the Reserve
    scoring: str              # "none" or "ends" (open ends scored during play)
    multiple: int             # the ends' sum scores when it is a multiple of this
    points_per: str           # "sum" (Fives) or "quotient" (Threes: sum / 3)
    out_award: str            # "opponent": the opponent's remaining points
    block_award: str          # "opponent" or "difference" (Classic)
    round_to: int             # remaining points rounded to the nearest multiple (1: none)
    lone_double_blank: int    # what a hand of exactly 0:0 counts (Fives/Threes: 25)
    targets: tuple[int, ...]
    assumptions: tuple[str, ...] = ()


_FIELDS: Final = {
    "title": str, "source": str, "hand": int, "draws": bool, "scoring": str, "multiple": int,
    "points_per": str, "out_award": str, "block_award": str, "round_to": int,
    "lone_double_blank": int, "targets": list, "assumptions": list,
}
_CHOICES: Final = {"scoring": ("none", "ends"), "points_per": ("none", "sum", "quotient"),
                   "out_award": ("opponent",), "block_award": ("opponent", "difference")}


def parse_variant(data: Mapping[str, Any], name: str) -> DominoVariant:
    where = f"pvp_domino/{name}.toml"
    check_fields(where, data, _FIELDS, _CHOICES)
    if not 1 <= data["hand"] <= 14:
        raise VariantError(f"{where}: hand is 1..14 bones (two hands from 28), got {data['hand']}")
    if data["scoring"] == "ends" and (data["multiple"] < 2 or data["points_per"] == "none"):
        raise VariantError(f"{where}: scoring on the ends needs a multiple >= 2 and points_per")
    if data["round_to"] < 1:
        raise VariantError(f"{where}: round_to must be >= 1")
    targets = data["targets"]
    if not targets or not all(type(t) is int and t >= 1 for t in targets):
        raise VariantError(f"{where}: targets are scores >= 1, got {targets!r}")
    return DominoVariant(
        name=name, title=data["title"], source=data["source"], hand=data["hand"],
        draws=data["draws"], scoring=data["scoring"], multiple=data["multiple"],
        points_per=data["points_per"], out_award=data["out_award"],
        block_award=data["block_award"], round_to=data["round_to"],
        lone_double_blank=data["lone_double_blank"], targets=tuple(targets),
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


def variant_names() -> list[str]:
    return names_in("pvp_domino")


@cache
def load_variant(name: str) -> DominoVariant:
    return parse_variant(read_variant("pvp_domino", name, "domino"), name)
