"""Dream Catcher (000 §12.22): the money wheel with 2x and 7x multipliers that stack."""

from __future__ import annotations

from typing import Any

from croupier.games.base import BetRequest
from croupier.games.describe import generic_describe
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.shows.dream_catcher.exact import exact
from croupier.games.shows.dream_catcher.show import (
    SHOW,
    DreamCatcherVariant,
    display,
    parse_variant,
)
from croupier.games.shows.engine import ShowEngine
from croupier.games.shows.fastsim import simulate_graph
from croupier.games.shows.tree import build_graph

ENGINE = ShowEngine(SHOW)


def _parse(data: dict[str, Any], name: str) -> DreamCatcherVariant:
    return parse_variant(data, name)


def simulate(v: DreamCatcherVariant, rounds: int, seed: int, progress: ProgressFn | None = None) -> list[SimBet]:
    return simulate_graph(SHOW, v, build_graph(SHOW, v), rounds, seed, progress)


def demo_bets(v: DreamCatcherVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    return [BetRequest(n, stake) for n in v.numbers]


def describe(v: DreamCatcherVariant) -> dict[str, Any]:
    """The generic description, its outcome drawn by the segment renderer (a wheel)."""
    out = generic_describe(GAME, v)
    out["outcome"] = {"kind": "segment"}
    return out


GAME = GameSpec("dream_catcher", "Dream Catcher", ENGINE, _parse, exact, simulate, demo_bets,
                describe=describe, display=display)

__all__ = ["ENGINE", "GAME", "SHOW", "DreamCatcherVariant", "demo_bets", "simulate"]
