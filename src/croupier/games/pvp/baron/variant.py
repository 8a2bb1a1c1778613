"""The Baron rule set as data: ``croupier/variants/pvp_baron/<name>.toml`` (000 §12.12.5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant


@dataclass(frozen=True, slots=True, eq=False)
class BaronVariant:
    name: str
    title: str
    source: str
    hand: int
    trump_after: int
    tricks_to_win: int
    points: int
    baron_sweep: int
    dealer_sweep: int
    targets: tuple[int, ...]
    stake_min: int
    stake_max: int
    stake_currency: str
    assumptions: tuple[str, ...] = ()


_FIELDS: Final = {"title": str, "source": str, "hand": int, "trump_after": int,
                  "tricks_to_win": int, "points": int, "baron_sweep": int, "dealer_sweep": int,
                  "targets": list, "stake_min": int, "stake_max": int, "stake_currency": str,
                  "assumptions": list}


def parse_variant(data: Mapping[str, Any], name: str) -> BaronVariant:
    where = f"pvp_baron/{name}.toml"
    check_fields(where, data, _FIELDS)
    if not 1 <= data["hand"] <= 26 or not 1 <= data["trump_after"] <= data["hand"]:
        raise VariantError(f"{where}: need 1 <= trump_after <= hand <= 26")
    if not 1 <= data["tricks_to_win"] <= data["hand"] or 2 * data["tricks_to_win"] <= data["hand"]:
        raise VariantError(f"{where}: tricks_to_win must be a majority of the hand")
    targets = data["targets"]
    if not targets or not all(type(t) is int and t >= 1 for t in targets):
        raise VariantError(f"{where}: targets are scores >= 1, got {targets!r}")
    if not 0 < data["stake_min"] <= data["stake_max"]:
        raise VariantError(f"{where}: need 0 < stake_min <= stake_max")
    return BaronVariant(
        name=name, title=data["title"], source=data["source"], hand=data["hand"],
        trump_after=data["trump_after"], tricks_to_win=data["tricks_to_win"],
        points=data["points"], baron_sweep=data["baron_sweep"], dealer_sweep=data["dealer_sweep"],
        targets=tuple(targets), stake_min=data["stake_min"], stake_max=data["stake_max"],
        stake_currency=data["stake_currency"],
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


@cache
def load_variant(name: str = "standard") -> BaronVariant:
    return parse_variant(read_variant("pvp_baron", name, "Baron"), name)
