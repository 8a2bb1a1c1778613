"""Deal or No Deal (000 §12.28): the vectorised simulation (every round of a batch at once, the
three bet codes, "never deal") in rounds per second, the engine's own rounds (one ``play`` each,
No Deal to every offer) for comparison, and the exact prize law's time."""

from __future__ import annotations

import time


def main() -> None:
    from croupier.games.base import BetRequest, play
    from croupier.games.registry import load_variant
    from croupier.games.shows.deal_or_no_deal import ENGINE
    from croupier.games.shows.deal_or_no_deal import vecsim as sim
    from croupier.games.shows.deal_or_no_deal.exact import never_deal, prize_law, top_up_times
    from croupier.rng import seeded

    v = load_variant("deal_or_no_deal", "standard")
    sim.simulate(v, 1 << 14, 0)  # warm up
    rounds = 1 << 22
    start, cpu = time.perf_counter(), time.process_time()
    sim.simulate(v, rounds, 1)
    dt, dc = time.perf_counter() - start, time.process_time() - cpu
    print(f"deal_or_no_deal vectorised (3 bets + the top-up rows: top_up, spin + 1 and + 10 top-ups): "
          f"{rounds / dt:,.0f} rounds/s wall, {rounds / dc:,.0f} per CPU-second ({rounds:,} rounds)")

    src = seeded("bench")
    n = 20_000
    for k in (0, 1):
        rule = top_up_times(k)
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(n):
            play(ENGINE, v, [BetRequest("buy_two_rings", 900)], "EUR", src,
                 lambda s, legal, rule=rule: rule(v, s.stage, legal))
        dt, dc = time.perf_counter() - start, time.process_time() - cpu
        print(f"deal_or_no_deal engine (two rings bought, {k} top-up(s), never deal): {n / dt:,.0f} rounds/s wall, "
              f"{n / dc:,.0f} per CPU-second")

    start = time.perf_counter()
    prize_law(v, never_deal)
    print(f"deal_or_no_deal exact prize law (never deal): {time.perf_counter() - start:.2f} s")
