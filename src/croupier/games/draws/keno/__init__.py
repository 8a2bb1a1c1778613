"""Keno (000 §12.19): Keno 8, Keno 10 and Keno Gold; docs/draws.md."""

from __future__ import annotations

from croupier.games.base import BetRequest
from croupier.games.draws.keno.describe import describe, display
from croupier.games.draws.keno.engine import ENGINE
from croupier.games.draws.keno.exact import exact
from croupier.games.draws.keno.simulate import simulate
from croupier.games.draws.keno.variant import KenoVariant, parse_variant
from croupier.games.registry import GameSpec


def demo_bets(variant: KenoVariant, currency: str) -> list[BetRequest]:
    """A five-number ticket at the minimum stake."""
    n = min(5, variant.max_picks)
    return [BetRequest(f"pick_{n}", variant.limits_for(currency).minimum, tuple(range(1, n + 1)))]


GAME = GameSpec(name="keno", title="Keno", engine=ENGINE, parse_variant=parse_variant, exact=exact,
                simulate=simulate, demo_bets=demo_bets, describe=describe, display=display)

__all__ = ["GAME", "KenoVariant", "demo_bets"]
