"""A virtual tennis variant as data (``variants/tennis/*.toml``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.games.virtual import fields as F


@dataclass(frozen=True)
class TennisVariant:
    name: str
    title: str
    source: str
    #: a player's chance of winning a point on their own serve, drawn per player per event
    serve_chances: tuple[Fraction, ...]
    rtp: Fraction
    betting_seconds: int


def parse_variant(raw: dict[str, Any], name: str) -> TennisVariant:
    return TennisVariant(name, str(raw.get("title", name)), str(raw.get("source", "")),
                         F.chances(raw, "serve_chances", name), F.rtp(raw, name),
                         F.betting_seconds(raw, name, "000 §12.60"))
