"""Craps (000 §12.41): (a) line-bet decisions/s of the compiled walk (pass and don't pass with
their odds; target 10^7/s); (b) rolls/s with every bet covered; (c) rolls/s through the engine."""

from __future__ import annotations

import time

from croupier.games.base import BetRequest, play
from croupier.games.dice.craps import ENGINE
from croupier.games.dice.craps.simulate import LINE_ONLY, run, tables
from croupier.games.registry import load_variant
from croupier.rng import seeded


def bench_walk(rolls: int, which: tuple[int, ...] | None, label: str) -> None:
    variant = load_variant("craps", "standard")
    t = tables(variant)
    run(variant, 10_000, 0, which, t=t)  # compile / load the kernel
    t0, c0 = time.perf_counter(), time.process_time()
    w = run(variant, rolls, 2026, which, t=t)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    decisions = int(w.counts[0])
    print(f"compiled walk, {label}: {rolls:,} rolls, {decisions:,} pass-line decisions in {dt:.2f} s"
          f" = {decisions / dt:,.0f} decisions/s, {rolls / dt:,.0f} rolls/s"
          f" ({decisions / cpu:,.0f} decisions per CPU-second);"
          f" pass RTP {w.sums[0] / max(decisions, 1):.5f}")


def bench_engine(rounds: int = 40_000) -> None:
    variant = load_variant("craps", "standard")
    bets = [BetRequest("field", 100), BetRequest("place_win", 120, (6,)),
            BetRequest("hardway", 100, (8,)), BetRequest("seven", 100)]
    source = seeded(1)
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        play(ENGINE, variant, bets, "EUR", source)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"engine craps, {len(bets)} bets: {rounds:,} rolls in {dt:.2f} s wall"
          f" = {rounds / dt:,.0f} rolls/s ({rounds / cpu:,.0f} rolls per CPU-second)")


def main() -> None:
    bench_walk(400_000_000, LINE_ONLY, "line bets with odds")
    bench_walk(100_000_000, None, "every bet")
    bench_engine()


if __name__ == "__main__":
    main()
