"""Domino rule sets as data: ``croupier/variants/pvp_domino/<name>.toml`` (000 §12.12.2).

What differs between Classic, Fives, Threes and Block is data: whether a player who cannot play
draws from the Reserve, whether plays score on the open ends (a multiple of 5 scoring the sum, of
3 scoring the sum / 3), the end-of-hand awards and their rounding, what a lone 0:0 counts, and the
match targets a table may choose.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from croupier.errors import UnknownVariant, VariantError


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
    unknown = set(data) - set(_FIELDS)
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    missing = set(_FIELDS) - set(data) - {"assumptions"}
    if missing:
        raise VariantError(f"{where}: missing field(s) {', '.join(sorted(missing))}")
    for key, typ in _FIELDS.items():
        if key in data and type(data[key]) is not typ:
            raise VariantError(f"{where}: {key} must be {typ.__name__}, got {data[key]!r}")
    for key, allowed in _CHOICES.items():
        if data[key] not in allowed:
            raise VariantError(f"{where}: {key} must be one of {', '.join(allowed)}, got {data[key]!r}")
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
    folder = resources.files("croupier.variants").joinpath("pvp_domino")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


@cache
def load_variant(name: str) -> DominoVariant:
    path = resources.files("croupier.variants").joinpath("pvp_domino", f"{name}.toml")
    if not path.is_file():
        raise UnknownVariant(f"unknown domino variant {name!r}; known: {', '.join(variant_names())}")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"pvp_domino/{name}.toml: {exc}") from None
    return parse_variant(data, name)
