"""The Chingachung rule set as data: ``croupier/variants/pvp_chingachung/<name>.toml``
(000 §12.12.7): the steps, which step beats which, the scores a table may play to and the stake
limits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant


@dataclass(frozen=True, slots=True, eq=False)
class ChingachungVariant:
    name: str
    title: str
    source: str
    steps: tuple[str, ...]
    beats: frozenset[tuple[str, str]]   # (winner, loser)
    targets: tuple[int, ...]
    stake_min: int
    stake_max: int
    stake_currency: str
    assumptions: tuple[str, ...] = ()

    def winner(self, a: str, b: str) -> int:
        """0 if step ``a`` beats ``b``, 1 if ``b`` beats ``a``, -1 for a draw (the same step)."""
        if (a, b) in self.beats:
            return 0
        if (b, a) in self.beats:
            return 1
        return -1


_FIELDS: Final = {"title": str, "source": str, "steps": list, "beats": list, "targets": list,
                  "stake_min": int, "stake_max": int, "stake_currency": str, "assumptions": list}


def parse_variant(data: Mapping[str, Any], name: str) -> ChingachungVariant:
    where = f"pvp_chingachung/{name}.toml"
    check_fields(where, data, _FIELDS)
    steps = tuple(str(s) for s in data["steps"])
    if len(set(steps)) != len(steps) or len(steps) < 2:
        raise VariantError(f"{where}: steps must be two or more different names, got {steps!r}")
    beats = set()
    for pair in data["beats"]:
        if not isinstance(pair, list) or len(pair) != 2 or not all(p in steps for p in pair) or pair[0] == pair[1]:
            raise VariantError(f"{where}: beats lists [winner, loser] steps, got {pair!r}")
        if (pair[1], pair[0]) in beats:
            raise VariantError(f"{where}: {pair[0]} and {pair[1]} cannot beat each other")
        beats.add((pair[0], pair[1]))
    for a in steps:
        for b in steps:
            if a != b and (a, b) not in beats and (b, a) not in beats:
                raise VariantError(f"{where}: neither of {a} and {b} beats the other")
    targets = data["targets"]
    if not targets or not all(type(t) is int and t >= 1 for t in targets):
        raise VariantError(f"{where}: targets are scores >= 1, got {targets!r}")
    if not 0 < data["stake_min"] <= data["stake_max"]:
        raise VariantError(f"{where}: need 0 < stake_min <= stake_max")
    return ChingachungVariant(
        name=name, title=data["title"], source=data["source"], steps=steps,
        beats=frozenset(beats), targets=tuple(targets), stake_min=data["stake_min"],
        stake_max=data["stake_max"], stake_currency=data["stake_currency"],
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


@cache
def load_variant(name: str = "standard") -> ChingachungVariant:
    return parse_variant(read_variant("pvp_chingachung", name, "Chingachung"), name)
