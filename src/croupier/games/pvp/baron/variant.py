"""The Baron rule set as data: ``croupier/variants/pvp_baron/<name>.toml`` (000 §12.12.5)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from croupier.errors import UnknownVariant, VariantError


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
    unknown = set(data) - set(_FIELDS)
    if unknown:
        raise VariantError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    missing = set(_FIELDS) - set(data) - {"assumptions"}
    if missing:
        raise VariantError(f"{where}: missing field(s) {', '.join(sorted(missing))}")
    for key, typ in _FIELDS.items():
        if key in data and type(data[key]) is not typ:
            raise VariantError(f"{where}: {key} must be {typ.__name__}, got {data[key]!r}")
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
    path = resources.files("croupier.variants").joinpath("pvp_baron", f"{name}.toml")
    if not path.is_file():
        raise UnknownVariant(f"unknown Baron variant {name!r}; known: standard")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"pvp_baron/{name}.toml: {exc}") from None
    return parse_variant(data, name)
