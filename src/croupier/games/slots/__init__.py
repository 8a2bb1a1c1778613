"""Slots: a reel engine driven by data (000 §12.17; 001 §6) and the slots designed for it."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.slots.describe import describe, display
from croupier.games.slots.engine import ENGINE, SlotEngine, SlotState
from croupier.games.slots.exact import exact
from croupier.games.slots.simulate import simulate
from croupier.games.slots.variant import SlotVariant, parse_variant


def _parse(data: dict[str, Any], name: str) -> SlotVariant:
    return parse_variant(data, name)


def _simulate(variant: SlotVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(variant, rounds, seed, progress)


def demo_bets(variant: SlotVariant, currency: str) -> list[BetRequest]:
    """All lines at the lowest line bet (ways: the lowest coin)."""
    steps = variant.steps.get(currency, (1,))
    units = variant.max_lines if variant.mode == "lines" else variant.bet_multiplier
    target: tuple[int | str, ...] = (variant.max_lines,) if variant.mode == "lines" else ()
    return [BetRequest("spin", steps[0] * units, target)]


GAME = GameSpec(
    name="slot",
    title="Slots",
    engine=ENGINE,
    parse_variant=_parse,
    exact=exact,
    simulate=_simulate,
    demo_bets=demo_bets,
    describe=describe,
    display=display,
)

__all__ = ["ENGINE", "GAME", "SlotEngine", "SlotState", "SlotVariant", "demo_bets"]
