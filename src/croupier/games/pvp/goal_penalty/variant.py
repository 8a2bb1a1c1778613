"""The Goal Penalty rule set as data: ``croupier/variants/pvp_goal_penalty/<name>.toml``
(000 §12.12.6): the goal's sectors, the shot counts a table may choose, the stake limits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant


@dataclass(frozen=True, slots=True, eq=False)
class GoalPenaltyVariant:
    name: str
    title: str
    source: str
    sectors: int
    shots: tuple[int, ...]
    stake_min: int
    stake_max: int
    stake_currency: str
    assumptions: tuple[str, ...] = ()


_FIELDS: Final = {"title": str, "source": str, "sectors": int, "shots": list, "stake_min": int,
                  "stake_max": int, "stake_currency": str, "assumptions": list}


def parse_variant(data: Mapping[str, Any], name: str) -> GoalPenaltyVariant:
    where = f"pvp_goal_penalty/{name}.toml"
    check_fields(where, data, _FIELDS)
    if data["sectors"] < 2:
        raise VariantError(f"{where}: a goal needs 2+ sectors")
    shots = data["shots"]
    if not shots or not all(type(n) is int and n >= 1 for n in shots):
        raise VariantError(f"{where}: shots are counts >= 1, got {shots!r}")
    if not 0 < data["stake_min"] <= data["stake_max"]:
        raise VariantError(f"{where}: need 0 < stake_min <= stake_max")
    return GoalPenaltyVariant(
        name=name, title=data["title"], source=data["source"], sectors=data["sectors"],
        shots=tuple(shots), stake_min=data["stake_min"], stake_max=data["stake_max"],
        stake_currency=data["stake_currency"],
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


@cache
def load_variant(name: str = "standard") -> GoalPenaltyVariant:
    return parse_variant(read_variant("pvp_goal_penalty", name, "Goal Penalty"), name)
