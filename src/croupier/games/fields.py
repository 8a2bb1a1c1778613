"""Validation helpers shared by every family's variant parser: each raises a precise
:class:`~croupier.errors.VariantError` naming the file and the field, never ``assert``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from croupier.errors import VariantError
from croupier.money import Payout


def need(data: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise VariantError(f"{where}: missing field {key!r}")
    return data[key]


def integer(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise VariantError(f"{where}: expected an integer in [{lo}, {hi}], got {value!r}")
    return value


def boolean(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise VariantError(f"{where}: expected true or false, got {value!r}")
    return value


def payout(value: Any, where: str) -> Payout:
    try:
        return Payout.parse(value)
    except ValueError as exc:
        raise VariantError(f"{where}: {exc}") from None
