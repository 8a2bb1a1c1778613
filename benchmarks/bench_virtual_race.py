"""Races (000 §12.42, §12.50, §12.58): the time to price every market of one event exactly
(target: a 14-runner race, tricast included, in under 50 ms — issue 23) and the vectorised
simulator's events per second."""

from __future__ import annotations

import time


def main() -> None:
    import tomllib
    from importlib import resources

    from croupier.games.virtual.race import simulate
    from croupier.games.virtual.race.event import run
    from croupier.games.virtual.race.pricing import board
    from croupier.games.virtual.race.variant import parse_variant
    from croupier.rng.source import seeded

    for game, name in (("horse_racing", "fourteen"), ("racing", "tron_racing")):
        text = resources.files("croupier.variants").joinpath(game, f"{name}.toml").read_text("utf-8")
        v = parse_variant(tomllib.loads(text), name)
        times = []
        for i in range(20):
            strengths, _ = run(v, seeded(f"bench-{i}"))
            t = time.perf_counter()
            prices = board(v.markets, strengths, v.rtp)
            times.append(time.perf_counter() - t)
        times.sort()
        count = sum(len(r) for r in prices.values())
        print(f"{v.title}: every market priced exactly ({count} selections) in "
              f"median {times[10] * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms over 20 events")
    t = time.perf_counter()
    n = 2_000_000
    simulate.orders(strengths, n, seed=1, depth=4)
    print(f"exponential-race simulator: {n / (time.perf_counter() - t):,.0f} events/s (16 runners, top 4)")
