"""Gonzo's Treasure Hunt (000 §12.56): pick stones of a wall, bonus drops multiply them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from croupier.games.base import BetRequest
from croupier.games.maths import BetRTP
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.shows.engine import ShowEngine
from croupier.games.shows.fastsim import simulate_graph
from croupier.games.shows.gonzo.show import SHOW, GonzoVariant, parse_variant
from croupier.games.shows.tree import bet_rtp, build_graph

ENGINE = ShowEngine(SHOW)


def _parse(data: dict[str, Any], name: str) -> GonzoVariant:
    return parse_variant(data, name)


def exact(v: GonzoVariant) -> list[BetRTP]:
    return bet_rtp(SHOW, v)


def closed_form(v: GonzoVariant) -> dict[str, Fraction]:
    """Each gem's RTP: P(gem) x multiplier x (1 + drops / stones x (mean bonus - 1)): the drops
    fall on distinct stones, so the bet's stone takes one with probability drops / stones, its
    factor the mean of the bonus multipliers (redraws left out)."""
    mult = [s for s in v.bonus.segments if s.kind == "multiplier"]
    mean = sum((s.count * s.value for s in mult), Fraction(0)) / sum(s.count for s in mult)
    boost = 1 + Fraction(v.drops, v.stones) * (mean - 1)
    return {g.label: v.gems.probability(g.label) * g.value * boost for g in v.gems.segments}


def simulate(v: GonzoVariant, rounds: int, seed: int, progress: ProgressFn | None = None) -> list[SimBet]:
    return simulate_graph(SHOW, v, build_graph(SHOW, v), rounds, seed, progress)


def demo_bets(v: GonzoVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    return [BetRequest(g, stake) for g in v.gems.labels()]


GAME = GameSpec("gonzo", "Gonzo's Treasure Hunt", ENGINE, _parse, exact, simulate, demo_bets)

__all__ = ["ENGINE", "GAME", "SHOW", "GonzoVariant", "closed_form"]
