"""Helpers of the game-show tests: brute-force RTP through the engine, the simulation check."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import game


def one_spin_rtp(engine: Any, v: Any, bet: BetRequest, currency: str = "XXX") -> Fraction:
    """A one-draw round's RTP by playing every draw value through the engine."""
    state = engine.start(v, [bet], currency)
    req = engine.next_draw(state)
    total = Fraction(0)
    for x in range(req.n):
        s = engine.apply(state, DrawAction(req.kind, x))
        assert engine.is_finished(s)
        total += Fraction(engine.settle(s).bets[0].returned, bet.stake)
    return total / req.n


def assert_simulation_inside(name: str, v: Any, rounds: int = 400_000, seed: int = 5) -> None:
    exact = {r.bet: float(r.rtp) for r in game(name).exact(v)}
    for s in game(name).simulate(v, rounds, seed, None):
        assert s.ci99[0] <= exact[s.bet] <= s.ci99[1], s
