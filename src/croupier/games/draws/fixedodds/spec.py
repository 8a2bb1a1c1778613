"""The catalogue entry (:class:`~croupier.games.registry.GameSpec`) of a fixed-odds draw game."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.draws.fixedodds.describe import describe_with, display_with
from croupier.games.draws.fixedodds.engine import FixedOddsEngine
from croupier.games.draws.fixedodds.exact import exact
from croupier.games.draws.fixedodds.simulate import simulate
from croupier.games.draws.fixedodds.variant import DrawGame, FixedOddsVariant, parse_variant
from croupier.games.registry import GameSpec, ProgressFn, SimBet


def demo_bets(spec: DrawGame, variant: FixedOddsVariant, cur: str) -> list[BetRequest]:
    """The game's demonstration bets at the minimum stake (every bet if it names none)."""
    stake = variant.limits_for(cur).minimum
    offered = {b.code for b in spec.offered(variant)}
    demo = [BetRequest(code, stake, target) for code, target in spec.demo if code in offered]
    if demo:
        return demo
    return [BetRequest(b.code, stake, b.target.example(variant)) for b in spec.offered(variant)]


def game_spec(spec: DrawGame) -> tuple[FixedOddsEngine, GameSpec]:
    engine = FixedOddsEngine(spec)

    def _parse(data: dict[str, Any], name: str) -> FixedOddsVariant:
        return parse_variant(spec, data, name)

    def _simulate(v: FixedOddsVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
        return simulate(engine, v, rounds, seed, progress)

    return engine, GameSpec(
        name=spec.name,
        title=spec.title,
        engine=engine,
        parse_variant=_parse,
        exact=lambda v: exact(spec, v),
        simulate=_simulate,
        demo_bets=lambda v, cur: demo_bets(spec, v, cur),
        describe=describe_with(spec),
        display=display_with(spec),
    )
