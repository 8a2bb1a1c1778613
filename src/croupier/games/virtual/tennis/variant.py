"""A virtual tennis variant as data (``variants/tennis/*.toml``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError


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
    try:
        chances = tuple(Fraction(str(x)) for x in raw.get("serve_chances", ()))
        rtp = Fraction(str(raw.get("rtp")))
    except (ValueError, ZeroDivisionError) as exc:
        raise VariantError(f"{name}: serve_chances and rtp are numbers") from exc
    if not chances or any(not 0 < c < 1 for c in chances):
        raise VariantError(f"{name}: serve_chances are chances in (0, 1), got {raw.get('serve_chances')!r}")
    if not 0 < rtp <= 1:
        raise VariantError(f"{name}: rtp is in (0, 1], got {rtp}")
    seconds = raw.get("betting_seconds", 40)
    if type(seconds) is not int or seconds < 40:
        raise VariantError(f"{name}: betting_seconds is at least 40 (000 §12.60), got {seconds!r}")
    return TennisVariant(name, str(raw.get("title", name)), str(raw.get("source", "")), chances, rtp, seconds)
