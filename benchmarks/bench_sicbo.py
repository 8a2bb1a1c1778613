"""Sic Bo (000 §12.25): the vectorised simulator's rolls per second with every bet of the layout
covered (each roll counted in compiled code, every position's return read off the engine's table
of returns: ``counts @ returns``), the Super Sic Bo simulator with its strike step, and the
engine's rounds per second with one bet on every position. Target: >= 5e7 rolls/s (issue 19)."""

from __future__ import annotations

import time


def main() -> None:
    import numpy as np

    from croupier.games.base import BetRequest, play
    from croupier.games.dice.rolled.exact import all_positions
    from croupier.games.dice.rolled.simulate import count_rolls, ordered_returns
    from croupier.games.dice.sicbo import GAME
    from croupier.games.registry import load_variant
    from croupier.rng import SystemSource

    engine = GAME.engine
    v = load_variant("sicbo", "classic")
    positions, plain, _ = ordered_returns(engine, v)
    rng = np.random.Generator(np.random.PCG64(1))
    count_rolls(rng, 1000, 216)  # compile
    best = 0.0
    for _ in range(3):
        n = 200_000_000
        t = time.perf_counter()
        counts = count_rolls(rng, n, 216).astype(np.float64)
        sums = plain @ counts
        squares = (plain * plain) @ counts
        dt = time.perf_counter() - t
        best = max(best, n / dt)
    print(f"sicbo vectorised: {best:,.0f} rolls/s, {len(positions)} positions covered "
          f"(small {sums[0] / n:.4%}, squares {squares[0] / n:.3f})")
    t = time.perf_counter()
    GAME.simulate(load_variant("sicbo", "super"), 2_000_000, 2, None)
    print(f"super sic bo simulate (strike step, exact table included): "
          f"{2_000_000 / (time.perf_counter() - t):,.0f} rolls/s")
    bets = [BetRequest(c, 100, tg) for c, tg in all_positions(engine, v)]
    src = SystemSource()
    rounds = 2000
    t = time.perf_counter()
    for _ in range(rounds):
        play(engine, v, bets, "EUR", src)
    print(f"sicbo engine: {rounds / (time.perf_counter() - t):,.0f} rounds/s with {len(bets)} bets each")
