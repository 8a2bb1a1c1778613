"""Card-comparison games: simulated rounds per second of the vectorised fast paths
(cardcompare/fastsim.py: numba dealing, returns from the engine per distinct key)."""

from __future__ import annotations

import time

from croupier.games.registry import game, parse_unchecked

GAMES = [("red_dog", "red_dog_000"), ("top_card", "top_card_trump_000"),
         ("top_card", "top_card_trumps_001"), ("speedy7", "speedy7_000"),
         ("draw_hilo", "draw_hilo_000"), ("war_of_bets", "war_of_bets_000"),
         ("dragon_tiger", "dragon_tiger_000"), ("football_studio", "football_studio_000"),
         ("andar_bahar", "andar_bahar_000"), ("cards32", "cards32_000")]


def main() -> None:
    rounds = 2_000_000
    for name, v in GAMES:
        spec = game(name)
        variant = parse_unchecked(name, v)
        spec.simulate(variant, 10_000, 1, None)  # compile, fill nothing shared
        t0 = time.perf_counter()
        c0 = time.process_time()
        sims = spec.simulate(variant, rounds, 2, None)
        dt = time.perf_counter() - t0
        cpu = time.process_time() - c0
        first = sims[0]
        print(f"{name}/{v}: {rounds / dt:,.0f} rounds/s ({rounds / cpu:,.0f} per CPU second); "
              f"{first.bet} RTP {first.rtp:.4%} [{first.ci99[0]:.4%}, {first.ci99[1]:.4%}]")


if __name__ == "__main__":
    main()
