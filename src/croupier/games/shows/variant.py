"""The fields every show's variant file shares (title, source, kind, limits, assumptions,
admission) and the base class of a show's variant."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from croupier.games.cardcompare.common import parse_header
from croupier.games.cardcompare.fields import Limits


@dataclass(frozen=True, slots=True, eq=False)
class ShowVariant:
    """What every show's variant has; a game's variant class adds its own fields."""

    name: str
    title: str
    source: str
    kind: str
    limits: Mapping[str, Limits]
    paytable_assumed: bool
    admission_override: str | None
    assumptions: tuple[str, ...]

    def limits_for(self, cur: str) -> Limits | None:
        return self.limits.get(cur)


def parse_common(data: Mapping[str, Any], game: str, name: str, own: Iterable[str]) -> dict[str, Any]:
    """The shared fields as keyword arguments (``own``: the game's other fields; any other
    field is refused). ``kind`` defaults to ``wheel``."""
    head = parse_header({"kind": "wheel", **data}, game, f"{game}/{name}.toml", own)
    return {"name": name, **head}
