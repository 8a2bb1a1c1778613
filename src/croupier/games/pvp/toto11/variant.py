"""The Toto11 rule set as data: ``croupier/variants/pvp_toto11/<name>.toml`` (000 §12.12.4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant

_INTS: Final = ("sum", "hand", "table", "ace", "ace_points", "jack_points", "ten_of_diamonds",
                "two_of_clubs", "clubs_bonus", "clubs_needed", "soor", "soor_max", "soor_until")


@dataclass(frozen=True, slots=True, eq=False)
class Toto11Variant:
    name: str
    title: str
    source: str
    sum: int
    hand: int
    table: int
    ace: int
    ace_points: int
    jack_points: int
    ten_of_diamonds: int
    two_of_clubs: int
    clubs_bonus: int
    clubs_needed: int
    soor: int
    soor_max: int
    soor_until: int
    targets: tuple[int, ...]
    assumptions: tuple[str, ...] = ()


def parse_variant(data: Mapping[str, Any], name: str) -> Toto11Variant:
    where = f"pvp_toto11/{name}.toml"
    fields = {"title": str, "source": str, "targets": list, "assumptions": list} | {k: int for k in _INTS}
    check_fields(where, data, fields)
    if (52 - data["table"]) % (2 * data["hand"]) or data["hand"] < 1:
        raise VariantError(f"{where}: the deck less the table cards must deal out in whole hands")
    targets = data["targets"]
    if not targets or not all(type(t) is int and t >= 1 for t in targets):
        raise VariantError(f"{where}: targets are scores >= 1, got {targets!r}")
    return Toto11Variant(
        name=name, title=data["title"], source=data["source"], targets=tuple(targets),
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
        **{k: data[k] for k in _INTS},
    )


@cache
def load_variant(name: str = "standard") -> Toto11Variant:
    return parse_variant(read_variant("pvp_toto11", name, "Toto11"), name)
