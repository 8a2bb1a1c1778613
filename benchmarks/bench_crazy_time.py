"""Crazy Time (000 §12.31): the vectorised simulation (every round of a batch at once, all eight
bets, the bonus games played out) in rounds per second, and the engine's own rounds (one ``play``
each, every bet on the slip, the RNG choosing picks and flappers) for comparison."""

from __future__ import annotations

import time


def main() -> None:
    from croupier.games.base import BetRequest, play
    from croupier.games.registry import load_variant
    from croupier.games.shows.crazy_time import ENGINE
    from croupier.games.shows.crazy_time.simulate import batch_returns, batch_rng
    from croupier.games.shows.exact_walk import close_at_once
    from croupier.rng import seeded

    v = load_variant("crazy_time", "standard")
    batch_returns(v, batch_rng(0, 0), 1 << 14)  # warm up
    size, batches = 1 << 20, 4
    start = time.perf_counter()
    for k in range(batches):
        batch_returns(v, batch_rng(1, k), size)
    dt = time.perf_counter() - start
    print(f"crazy_time vectorised (8 bets): {batches * size / dt:,.0f} rounds/s ({batches * size:,} rounds)")

    bets = [BetRequest(c, 100) for c in v.bet_codes]
    src = seeded("bench")
    rounds = 5_000
    start = time.perf_counter()
    for _ in range(rounds):
        play(ENGINE, v, bets, "EUR", src, close_at_once)
    dt = time.perf_counter() - start
    print(f"crazy_time engine (8 bets a round): {rounds / dt:,.0f} rounds/s")
