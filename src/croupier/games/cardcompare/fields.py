"""Validation helpers for the variant files of the card games (precise :class:`VariantError`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from croupier.errors import VariantError
from croupier.games.fields import boolean, integer, need, payout
from croupier.money import CURRENCIES, check_minor

__all__ = ["Limits", "boolean", "integer", "need", "parse_admission", "parse_limits", "payout"]


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-bet stake limits and the maximum win of one bet, in minor units."""

    minimum: int
    maximum: int
    max_win: int | None


def parse_admission(data: Mapping[str, Any], where: str) -> str | None:
    admission = data.get("admission", {})
    if not isinstance(admission, dict):
        raise VariantError(f"{where}.admission: expected a table")
    if admission.get("override"):
        reason = admission.get("reason", "")
        if not isinstance(reason, str) or len(reason.strip()) < 10:
            raise VariantError(f"{where}.admission: an override must give its documented reason")
        return reason
    return None


def parse_limits(data: Any, where: str) -> dict[str, Limits]:
    if not isinstance(data, dict):
        raise VariantError(f"{where}: expected a table of currency = {{min, max, max_win}}")
    out: dict[str, Limits] = {}
    for cur, raw in data.items():
        w = f"{where}.{cur}"
        if cur not in CURRENCIES:
            raise VariantError(f"{w}: unknown currency {cur!r}")
        if not isinstance(raw, dict):
            raise VariantError(f"{w}: expected a table with min, max and optionally max_win")
        try:
            lo = check_minor(need(raw, "min", w))
            hi = check_minor(need(raw, "max", w))
            cap = raw.get("max_win")
            cap = None if cap is None else check_minor(cap)
        except ValueError as exc:
            raise VariantError(f"{w}: {exc}") from None
        if not 0 < lo <= hi or (cap is not None and cap <= 0):
            raise VariantError(f"{w}: need 0 < min <= max and a positive max_win")
        out[cur] = Limits(lo, hi, cap)
    return out
