"""The fields every virtual-event variant reads the same way: exact numbers, the return
(``rtp``: 1 − the operator's margin) and the betting time (at least 40 s, 000 §12.42–§12.61)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from croupier.errors import VariantError


def fraction(raw: Any, what: str) -> Fraction:
    try:
        return Fraction(str(raw))
    except (ValueError, ZeroDivisionError) as exc:
        raise VariantError(f"{what} is a number, got {raw!r}") from exc


def chances(raw: dict[str, Any], key: str, name: str) -> tuple[Fraction, ...]:
    """A list of chances in (0, 1) (goal, point or serve chances drawn per event)."""
    out = tuple(fraction(x, f"{name}: {key}") for x in raw.get(key, ()))
    if not out or any(not 0 < c < 1 for c in out):
        raise VariantError(f"{name}: {key} are chances in (0, 1), got {raw.get(key)!r}")
    return out


def rtp(raw: dict[str, Any], name: str) -> Fraction:
    value = fraction(raw.get("rtp"), f"{name}: rtp")
    if not 0 < value <= 1:
        raise VariantError(f"{name}: rtp is in (0, 1], got {value}")
    return value


def betting_seconds(raw: dict[str, Any], name: str, clause: str) -> int:
    seconds = raw.get("betting_seconds", 40)
    if type(seconds) is not int or seconds < 40:
        raise VariantError(f"{name}: betting_seconds is at least 40 ({clause}), got {seconds!r}")
    return seconds
