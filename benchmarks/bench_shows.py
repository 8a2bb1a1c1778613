"""Game shows (issue 18): the vectorised Dream Catcher simulation (every round at once on the
engine's chance graph, games/shows/fastsim.py) in rounds per second, and the engine's own rounds
(one ``play`` each) for comparison. Target: >= 10^7 simulated rounds/s."""

from __future__ import annotations

import time


def main() -> None:
    from croupier.games.base import BetRequest, play
    from croupier.games.registry import load_variant
    from croupier.games.shows.dream_catcher import ENGINE, SHOW
    from croupier.games.shows.fastsim import BATCH, ChainTables, batch_rng, ending_sums
    from croupier.games.shows.tree import build_graph
    from croupier.rng import seeded

    v = load_variant("dream_catcher", "standard")
    t = ChainTables.of(build_graph(SHOW, v))
    ending_sums(t, batch_rng(0, 0), 1 << 16)  # warm up
    batches = 8
    start = time.perf_counter()
    for k in range(batches):
        ending_sums(t, batch_rng(1, k), BATCH)
    dt = time.perf_counter() - start
    print(f"dream_catcher vectorised: {batches * BATCH / dt:,.0f} rounds/s ({batches * BATCH:,} rounds)")

    bets = [BetRequest(n, 100) for n in v.numbers]
    src = seeded("bench")
    rounds = 20_000
    start = time.perf_counter()
    for _ in range(rounds):
        play(ENGINE, v, bets, "EUR", src)
    dt = time.perf_counter() - start
    print(f"dream_catcher engine (6 bets a round): {rounds / dt:,.0f} rounds/s")
