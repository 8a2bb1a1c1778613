"""Simulation on a Ray cluster (issue 24 item 5): European roulette rounds/s with 1 and 2 local Ray
workers, the speed-up, and a check that both runs give the same figures.

Each run starts its own local cluster of ``workers`` CPUs; a warm-up run in the same cluster starts
the worker processes (Python, numpy, the game catalogue) first, so the timed run measures batches,
not start-up. Rates are per wall second and per CPU second (the batches' own CPU time, summed over
the workers). On this 2-core machine the driver, Ray's raylet and GCS, and every other process share
the two cores with the workers, so 2 workers give less than 2x; batches are independent and send
back a few floats each, so on a real cluster the rate grows about linearly with the CPUs added.
"""

from __future__ import annotations

from croupier.analysis.cluster import ClusterRun, ray_session, simulate_on_ray

GAME, VARIANT = "roulette", "european"
ROUNDS = 24_000_000
BATCH = 2_000_000
SEED = 2026


def _loadavg() -> str:
    with open("/proc/loadavg", encoding="ascii") as f:
        return " ".join(f.read().split()[:3])


def timed(workers: int) -> ClusterRun:
    with ray_session(workers, None):
        simulate_on_ray(GAME, VARIANT, workers * 10_000, SEED, workers=workers, batch_rounds=10_000)
        return simulate_on_ray(GAME, VARIANT, ROUNDS, SEED, workers=workers, batch_rounds=BATCH)


def main() -> None:
    runs = {}
    for workers in (1, 2):
        load = _loadavg()
        run = timed(workers)
        runs[workers] = run
        print(f"ray, {workers} worker(s), {GAME}/{VARIANT}: {ROUNDS:,} rounds in {run.batches} batches"
              f" in {run.wall_seconds:.2f} s wall = {ROUNDS / run.wall_seconds:,.0f} rounds/s"
              f" ({ROUNDS / max(run.cpu_seconds, 1e-9):,.0f} rounds per CPU-second; load {load})",
              flush=True)
    speedup = runs[1].wall_seconds / runs[2].wall_seconds
    same = runs[1].sims == runs[2].sims and [s.sums() for s in runs[1].sims] == [
        s.sums() for s in runs[2].sims]
    print(f"speed-up 1 -> 2 workers: {speedup:.2f}x (same figures to the last digit: {same});"
          " on 2 shared cores expect < 2x, on a real cluster about linear in the CPUs added")


if __name__ == "__main__":
    main()
