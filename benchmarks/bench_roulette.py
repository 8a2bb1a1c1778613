"""Roulette: (a) simulated European spins/s with every bet position of the layout covered;
(b) rounds/s through the pure engine (validation, draws, settlement, events) for a 20-bet layout."""

from __future__ import annotations

import time

from croupier.games.base import play
from croupier.games.registry import load_variant
from croupier.games.roulette import ENGINE, demo_bets
from croupier.games.roulette.simulate import all_positions_rtp, return_table, spin_counts
from croupier.rng import seeded


def bench_vectorised(spins: int = 400_000_000) -> None:
    variant = load_variant("roulette", "european")
    table = return_table(variant)
    spin_counts(variant, 1_000_000, 0)  # warm up
    t0 = time.perf_counter()
    counts = spin_counts(variant, spins, 2026)
    rtp = all_positions_rtp(table, counts)
    dt = time.perf_counter() - t0
    print(f"vectorised european: {spins:,} spins x {len(table.positions)} positions in {dt:.2f} s"
          f" = {spins / dt:,.0f} spins/s (position RTPs {rtp.min():.5f}..{rtp.max():.5f})")


def bench_engine(rounds: int = 40_000) -> None:
    variant = load_variant("roulette", "european")
    bets = demo_bets(variant, "EUR", 20)
    source = seeded(1)
    for _ in range(2000):  # warm the return memo
        play(ENGINE, variant, bets, "EUR", source)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        play(ENGINE, variant, bets, "EUR", source)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"engine european, {len(bets)}-bet layout: {rounds:,} rounds in {dt:.2f} s wall"
          f" = {rounds / dt:,.0f} rounds/s ({rounds / cpu:,.0f} rounds per CPU-second)")


def main() -> None:
    bench_vectorised()
    bench_engine()


if __name__ == "__main__":
    main()
