"""Mega Ball (000 §12.43): 5x5 cards with a free centre against 20 of 51 balls, lines paid by
count, and one or two Mega Balls with a multiplier; docs/draws.md."""

from __future__ import annotations

from croupier.games.base import BetRequest
from croupier.games.draws.megaball.cards import CELLS
from croupier.games.draws.megaball.describe import describe, display
from croupier.games.draws.megaball.engine import ENGINE
from croupier.games.draws.megaball.exact import exact
from croupier.games.draws.megaball.simulate import simulate
from croupier.games.draws.megaball.variant import MegaBallVariant, parse_variant
from croupier.games.registry import GameSpec


def demo_bets(variant: MegaBallVariant, currency: str) -> list[BetRequest]:
    """One card (the first 24 numbers, row by row) at the minimum stake."""
    card = tuple(variant.draw.numbers)[:CELLS]
    return [BetRequest("card", variant.limits_for(currency).minimum, card)]


GAME = GameSpec(name="megaball", title="Mega Ball", engine=ENGINE, parse_variant=parse_variant,
                exact=exact, simulate=simulate, demo_bets=demo_bets, describe=describe, display=display)

__all__ = ["GAME", "MegaBallVariant", "demo_bets"]
