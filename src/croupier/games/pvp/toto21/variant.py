"""The Toto 21 rule set as data: ``croupier/variants/pvp_toto21/<name>.toml`` (000 §12.11): the
card values, the deck, the scores a table may play to, and when the dealer is drawn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.pvp.variant_file import check_fields, read_variant

ACE: Final = 14


@dataclass(frozen=True, slots=True, eq=False)
class Toto21Variant:
    name: str
    title: str
    source: str
    values: Mapping[int, int]      # rank (6..14) -> value (an Ace's high value)
    decks: int
    targets: tuple[int, ...]
    dealer_role: str               # "round" or "match"
    assumptions: tuple[str, ...] = ()

    def total(self, cards: tuple[int, ...]) -> int:
        """A hand's total: values added, each Ace 11 unless that busts, then 1."""
        total = 0
        aces = 0
        for c in cards:
            rank = c // 4
            total += self.values[rank]
            aces += rank == ACE
        while total > 21 and aces:
            total -= self.values[ACE] - 1
            aces -= 1
        return total


_FIELDS: Final = {"title": str, "source": str, "values": list, "decks": int, "targets": list,
                  "dealer_role": str, "assumptions": list}


def parse_variant(data: Mapping[str, Any], name: str) -> Toto21Variant:
    where = f"pvp_toto21/{name}.toml"
    check_fields(where, data, _FIELDS)
    values = {}
    for item in data["values"]:
        if (not isinstance(item, list) or len(item) != 2 or not all(type(x) is int for x in item)
                or not 2 <= item[0] <= ACE or item[1] < 1 or item[0] in values):
            raise VariantError(f"{where}: values lists [rank 2..14, value >= 1] once a rank, got {item!r}")
        values[item[0]] = item[1]
    if ACE not in values:
        raise VariantError(f"{where}: the deck needs its Aces (the golden point)")
    if data["decks"] < 1:
        raise VariantError(f"{where}: decks must be >= 1")
    targets = data["targets"]
    if not targets or not all(type(t) is int and t >= 1 for t in targets):
        raise VariantError(f"{where}: targets are scores >= 1, got {targets!r}")
    if data["dealer_role"] not in ("round", "match"):
        raise VariantError(f"{where}: dealer_role is 'round' or 'match', got {data['dealer_role']!r}")
    return Toto21Variant(
        name=name, title=data["title"], source=data["source"], values=values,
        decks=data["decks"], targets=tuple(targets), dealer_role=data["dealer_role"],
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
    )


@cache
def load_variant(name: str = "standard") -> Toto21Variant:
    return parse_variant(read_variant("pvp_toto21", name, "Toto 21"), name)
