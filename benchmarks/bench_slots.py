"""Slots: (a) the vectorised simulator's rounds/s (paid spin with its free spins) for the 5x3
20-line slot; (b) the exact full-cycle enumeration time of each slot (base and free-spin strips);
(c) rounds/s through the pure engine."""

from __future__ import annotations

import time

from croupier.games.base import play
from croupier.games.registry import load_variant, variant_names
from croupier.games.slots import ENGINE, demo_bets
from croupier.games.slots.cycle import run_cycle
from croupier.games.slots.exact import slot_rtp
from croupier.games.slots.simulate import (
    BATCH,
    Simulator,
    batch_rng,
    batch_sizes,
    fast_rounds,
    parallel_rounds,
    round_state,
)
from croupier.games.slots.tables import build
from croupier.rng import seeded


def bench_vectorised(name: str = "amber_caravan", rounds: int = 100_000_000) -> None:
    """``croupier simulate``'s path: whole rounds (paid spin and its free spins) compiled, the
    batches in parallel threads (numba prange, one xoshiro state per batch)."""
    import numba

    variant = load_variant("slot", name)
    sim = Simulator.of(variant)
    fast_rounds(sim, round_state(0, 0), 1000)  # compile / load the kernels
    parallel_rounds(sim, 0, 0, [1000, 1000])
    sizes = batch_sizes(rounds)
    t0, c0 = time.perf_counter(), time.process_time()
    total, _ = parallel_rounds(sim, 2026, 0, sizes)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    rtp = total / sim.base.units / rounds
    print(f"compiled rounds {name} ({numba.get_num_threads()} threads): {rounds:,} rounds in "
          f"{dt:.2f} s = {rounds / dt:,.0f} rounds/s of wall time ({rounds / cpu:,.0f} per "
          f"CPU-second; RTP {rtp:.4%}, exact {float(slot_rtp(variant).total):.4%})")


def bench_numpy(name: str = "amber_caravan", rounds: int = 10_000_000) -> None:
    """The numpy path (stops drawn by numpy, free-spin series side by side)."""
    variant = load_variant("slot", name)
    sim = Simulator.of(variant)
    sim.rounds(batch_rng(0, 0), 1000)
    t0 = time.perf_counter()
    done = k = 0
    while done < rounds:
        size = min(BATCH, rounds - done)
        sim.rounds(batch_rng(2026, k), size)
        done += size
        k += 1
    dt = time.perf_counter() - t0
    print(f"numpy rounds {name}: {rounds:,} rounds in {dt:.2f} s = {rounds / dt:,.0f} rounds/s")


def _warm_cycles() -> None:
    """Compile (or load) both cycle kernels before timing, on two tiny slots."""
    from croupier.games.slots.variant import parse_variant

    for mode in ("lines", "ways"):
        data = {"title": "w", "source": "w", "theme": "w", "rows": 1, "mode": mode,
                "symbols": {"A": {"name": "A", "role": "theme"}, "B": {"name": "B", "role": "card"}},
                "reels": ["A B", "A B", "A B"], "paytable": {"A": [0, 0, 5]},
                "bet": {"steps": {"EUR": [1]}},
                **({"lines": [[0, 0, 0]]} if mode == "lines" else {"bet_multiplier": 1})}
        v = parse_variant(data, "warm")
        run_cycle(build(v, v.reels))


def bench_cycles() -> None:
    _warm_cycles()
    for name in variant_names("slot"):
        variant = load_variant("slot", name)
        strips = [variant.reels] + ([variant.free_spins.reels] if variant.free_spins else [])
        t0, c0 = time.perf_counter(), time.process_time()
        combos = 0
        for s in strips:
            combos += run_cycle(build(variant, s)).combinations
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        t1 = time.perf_counter()
        slot_rtp(variant)
        dt1 = time.perf_counter() - t1
        print(f"full cycle {name}: {combos:,} combinations in {dt:.2f} s of wall time, {cpu:.2f} "
              f"CPU-s ({'under' if dt < 10 else 'NOT under'} 10 s); reel-by-reel exact RTP in "
              f"{dt1 * 1000:.1f} ms")


def bench_engine(rounds: int = 20_000) -> None:
    variant = load_variant("slot", "amber_caravan")
    bets = demo_bets(variant, "EUR")
    source = seeded(1)

    def collect(state: object, legal: list) -> object:  # type: ignore[type-arg]
        return legal[0]

    t0 = time.perf_counter()
    for _ in range(rounds):
        play(ENGINE, variant, bets, "EUR", source, collect)  # type: ignore[arg-type]
    dt = time.perf_counter() - t0
    print(f"engine amber_caravan: {rounds:,} rounds in {dt:.2f} s = {rounds / dt:,.0f} rounds/s")


def main() -> None:
    bench_vectorised()
    bench_numpy()
    bench_cycles()
    bench_engine()


if __name__ == "__main__":
    main()
