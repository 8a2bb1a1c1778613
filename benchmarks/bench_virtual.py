"""Virtual events (000 §12.42, §12.50, §12.58, §12.59): the time to price every market of one
event exactly (targets, issue 23: a 14-runner race, tricast included, in under 50 ms; one
football match in under 10 ms) and the vectorised simulators' events per second."""

from __future__ import annotations

import time


def main() -> None:
    import tomllib
    from importlib import resources

    from croupier.games.virtual.pricing import race_board
    from croupier.games.virtual.race import simulate
    from croupier.games.virtual.race.event import run
    from croupier.games.virtual.race.variant import parse_variant
    from croupier.rng.source import seeded

    for game, name in (("horse_racing", "fourteen"), ("racing", "tron_racing")):
        text = resources.files("croupier.variants").joinpath(game, f"{name}.toml").read_text("utf-8")
        v = parse_variant(tomllib.loads(text), name)
        times = []
        for i in range(20):
            strengths, _ = run(v, seeded(f"bench-{i}"))
            t = time.perf_counter()
            prices = race_board(v.markets, strengths, v.rtp)
            times.append(time.perf_counter() - t)
        times.sort()
        count = sum(len(r) for r in prices.values())
        print(f"{v.title}: every market priced exactly ({count} selections) in "
              f"median {times[10] * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms over 20 events")
    t = time.perf_counter()
    n = 2_000_000
    simulate.orders(strengths, n, seed=1, depth=4)
    print(f"exponential-race simulator: {n / (time.perf_counter() - t):,.0f} events/s (16 runners, top 4)")

    from croupier.games.virtual.football import simulate as football_sim
    from croupier.games.virtual.football.markets import markets
    from croupier.games.virtual.football.variant import parse_variant as football_variant
    from croupier.games.virtual.pricing import football_board

    text = resources.files("croupier.variants").joinpath("football", "standard.toml").read_text("utf-8")
    fv = football_variant(tomllib.loads(text), "standard")
    football_board(fv, (0, 0))  # the plan of each scope's cells is made once per variant
    times = []
    pairs = [(h, a) for h in range(len(fv.rates)) for a in range(len(fv.rates))]
    for pair in pairs:
        t = time.perf_counter()
        prices = football_board(fv, pair)
        times.append(time.perf_counter() - t)
    times.sort()
    count = sum(len(r) for r in prices.values())
    print(f"{fv.title}: every market of rows 1-23 priced exactly ({len(markets(fv))} markets, {count} "
          f"selections) in median {times[len(times) // 2] * 1000:.1f} ms, worst {times[-1] * 1000:.1f} ms "
          f"over {len(pairs)} rate pairs")
    t = time.perf_counter()
    football_sim.tally(fv.rates[2], fv.rates[2], 45, 1_000_000, seed=1)
    print(f"football simulator (every minute drawn): {1_000_000 / (time.perf_counter() - t):,.0f} matches/s")

    from croupier.games.virtual.pricing import table_tennis_board, tennis_board
    from croupier.games.virtual.tabletennis.game import parse_variant as tt_variant
    from croupier.games.virtual.tennis.variant import parse_variant as tennis_variant

    for folder, parse, board, args in (
            ("tennis", tennis_variant, tennis_board, [(h, a) for h in range(5) for a in range(5)]),
            ("table_tennis", tt_variant, table_tennis_board, list(range(5)))):
        text = resources.files("croupier.variants").joinpath(folder, "standard.toml").read_text("utf-8")
        var = parse(tomllib.loads(text), "standard")
        board(var, args[0])  # warm
        times = []
        for arg in args:
            t = time.perf_counter()
            board(var, arg)
            times.append(time.perf_counter() - t)
        times.sort()
        print(f"{var.title}: every market priced exactly in median {times[len(times) // 2] * 1000:.1f} ms "
              f"over {len(args)} events")

