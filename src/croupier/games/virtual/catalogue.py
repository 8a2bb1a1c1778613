"""The catalogue entry of a virtual game: one :class:`~croupier.games.registry.GameSpec` from a
sport, so that every virtual game reads the same (engine, variant, exact, simulation, display)."""

from __future__ import annotations

from typing import Any

from croupier.games.registry import GameSpec
from croupier.games.virtual import analysis
from croupier.games.virtual.engine import EventEngine
from croupier.games.virtual.sport import Sport
from croupier.games.virtual.variant import parse_event_variant


def event_game(name: str, title: str, sport: Sport) -> GameSpec:
    engine = EventEngine(name, sport)
    return GameSpec(
        name=name, title=title, engine=engine,
        parse_variant=lambda raw, variant: parse_event_variant(sport, raw, variant),
        exact=lambda v: analysis.exact(engine, v),
        simulate=lambda v, rounds, seed, progress: analysis.simulate(engine, v, rounds, seed, progress),
        demo_bets=lambda v, cur: analysis.demo_bets(engine, v, cur),
        display=analysis.display,
    )


def games(*entries: tuple[str, str, Sport]) -> list[GameSpec]:
    return [event_game(n, t, s) for n, t, s in entries]


__all__: list[Any] = ["event_game", "games"]
