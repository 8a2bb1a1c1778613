"""Roulette: European, French (La Partage, En Prison), American, Electronic, Double Ball,
Lightning and 1 Bet, with the racetrack call bets (000 §12.1, §12.18, §12.52; 001 §8; 003 §4;
004 §1)."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.registry import GameSpec, ProgressFn, SimBet, read_data
from croupier.games.roulette.describe import describe, display
from croupier.games.roulette.engine import ENGINE, RouletteEngine, RouletteState
from croupier.games.roulette.exact import exact
from croupier.games.roulette.layout import demo_layout, request_target
from croupier.games.roulette.simulate import simulate
from croupier.games.roulette.variant import RouletteVariant, parse_limit_sets, parse_variant


def _parse(data: dict[str, Any], name: str) -> RouletteVariant:
    return parse_variant(data, name, parse_limit_sets(read_data("roulette", "_limits")))


def _simulate(variant: RouletteVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(variant, rounds, seed, progress)


def demo_bets(variant: RouletteVariant, currency: str, count: int = 20) -> list[BetRequest]:
    """A layout of ``count`` bets at the minimum stake (benchmarks, the interactive table)."""
    limits = variant.limit_set(currency)
    out = []
    for pos in demo_layout(variant, count):
        chips = len(pos.chips)
        chip = max(limits.for_code(c.kind if chips > 1 else pos.code).minimum for c in pos.chips)
        out.append(BetRequest(pos.code, chip * chips, request_target(pos)))
    return out


GAME = GameSpec(
    name="roulette",
    title="Roulette",
    engine=ENGINE,
    parse_variant=_parse,
    exact=exact,
    simulate=_simulate,
    demo_bets=lambda v, cur: demo_bets(v, cur),
    describe=describe,
    display=display,
)

__all__ = ["ENGINE", "GAME", "RouletteEngine", "RouletteState", "RouletteVariant", "demo_bets"]
