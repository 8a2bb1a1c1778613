"""Virtual events (000 §12.42, §12.50, §12.58, §12.59): the time to price every market of one
event exactly (targets, issue 23: a 14-runner race, tricast included, in under 50 ms; one
football match in under 10 ms) and the vectorised simulators' events per second."""

from __future__ import annotations

import time
from pathlib import Path


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
        times, cpus = [], []
        for i in range(20):
            strengths, _ = run(v, seeded(f"bench-{i}"))
            t, c = time.perf_counter(), time.process_time()
            prices = race_board(v.markets, strengths, v.rtp)
            times.append(time.perf_counter() - t)
            cpus.append(time.process_time() - c)
        times.sort()
        cpus.sort()
        count = sum(len(r) for r in prices.values())
        print(f"{v.title}: every market priced exactly ({count} selections) in median {times[10] * 1000:.1f} ms "
              f"wall ({cpus[10] * 1000:.1f} ms CPU), worst {times[-1] * 1000:.1f} ms wall "
              f"({cpus[-1] * 1000:.1f} ms CPU) over 20 events")
    t = time.perf_counter()
    n = 2_000_000
    simulate.orders(strengths, n, seed=1, depth=4)
    print(f"exponential-race simulator: {n / (time.perf_counter() - t):,.0f} events/s (16 runners, top 4)")

    from croupier.games.virtual import pricing
    from croupier.games.virtual.football import chances
    from croupier.games.virtual.football import simulate as football_sim
    from croupier.games.virtual.football.markets import markets
    from croupier.games.virtual.football.variant import parse_variant as football_variant
    from croupier.games.virtual.pricing import football_board

    text = resources.files("croupier.variants").joinpath("football", "standard.toml").read_text("utf-8")
    fv = football_variant(tomllib.loads(text), "standard")
    football_board(fv, (0, 0))  # the plans of the scopes' cells are made once per variant
    print(f"load average {Path('/proc/loadavg').read_text().split()[:3]} (the machine is shared: CPU times "
          "are per process; wall times include waiting)")
    rows = []
    for pair in [(h, a) for h in range(len(fv.rates)) for a in range(len(fv.rates))]:
        cpu, wall = [], []
        for _ in range(5):  # cold each time: no cached binomial of a rate, no cached rows 24-32 board
            chances._binomial.cache_clear()
            pricing._incident_board.cache_clear()
            t, c = time.perf_counter(), time.process_time()
            prices = football_board(fv, pair)
            wall.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        rows.append((pair, min(cpu), sorted(cpu)[2], sorted(wall)[2]))
    count = sum(len(r) for r in prices.values())
    print(f"{fv.title}: every market of rows 1-32 ({len(markets(fv))} markets, {count} selections) priced exactly, "
          "per rate pair (home, away goal chance a minute), best / median CPU and median wall of 5 cold runs:")
    for (h, a), best, cpu_med, wall_med in rows:
        print(f"  {fv.rates[h]!s:>5} v {fv.rates[a]!s:<5}  CPU {best * 1000:5.1f} / {cpu_med * 1000:5.1f} ms   "
              f"wall {wall_med * 1000:5.1f} ms")
    worst = max(rows, key=lambda r: r[2])
    print(f"  worst median CPU {worst[2] * 1000:.1f} ms ({fv.rates[worst[0][0]]} v {fv.rates[worst[0][1]]}); "
          "target under 10 ms")
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

