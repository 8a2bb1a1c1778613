"""Shared helpers of the crash tests: shipped variants and small-resolution twins of them."""

from __future__ import annotations

from typing import Any

from croupier.games.crash.distribution import survival_count
from croupier.games.crash.variant import CrashVariant, parse_variant
from croupier.games.registry import load_variant, read_data


def shipped(game: str = "crash", name: str = "standard") -> CrashVariant:
    v = load_variant(game, name)
    assert isinstance(v, CrashVariant)
    return v


def small(game: str = "crash", bits: int = 14, max_multiplier: str = "50.00", **extra: Any) -> CrashVariant:
    """The shipped variant with a draw of ``bits`` bits and a low cap: its whole draw space can be
    enumerated, through the same derivation code."""
    data = dict(read_data(game, "standard"))
    data.update(resolution_bits=bits, max_multiplier=max_multiplier, strategies=[],
                targets=[t for t in data["targets"] if float(t) <= float(max_multiplier)], **extra)
    return parse_variant(data, f"small{bits}", game)


def draw_for(variant: CrashVariant, k: int) -> int:
    """A draw whose crash point is exactly ``k`` hundredths (the lowest draw giving it)."""
    return variant.draw_size - survival_count(variant, k) if k > 100 else 0
