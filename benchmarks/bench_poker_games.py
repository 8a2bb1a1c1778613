"""Dealer-poker analysis speed: simulated rounds per second of the main bets, exact pass times."""

from __future__ import annotations

import time

from croupier.games.registry import game, parse_unchecked

SIMULATED = [("casino_holdem", "live"), ("caribbean_stud", "digitain"), ("texas_holdem", "digitain"),
             ("poker_with_joker", "digitain"), ("russian_poker", "tdc")]
EXACT = [("three_card_poker", "live"), ("three_card_rummy", "beton"),
         ("caribbean_stud", "digitain"), ("poker_with_joker", "digitain")]


def main() -> None:
    rounds = 2_000_000
    for name, v in SIMULATED:
        spec = game(name)
        variant = parse_unchecked(name, v)
        spec.simulate(variant, 10_000, 1, None)  # compile
        t0 = time.perf_counter()
        sims = spec.simulate(variant, rounds, 2, None)
        dt = time.perf_counter() - t0
        main_bet = sims[0]
        print(f"{name}/{v}: {rounds / dt:,.0f} rounds/s simulated through the class pass; "
              f"{main_bet.bet} RTP {main_bet.rtp:.4%} [{main_bet.ci99[0]:.4%}, {main_bet.ci99[1]:.4%}]")
    for name, v in EXACT:
        spec = game(name)
        variant = parse_unchecked(name, v)
        t0 = time.perf_counter()
        c0 = time.process_time()
        rtps = spec.exact(variant)
        dt = time.perf_counter() - t0
        cpu = time.process_time() - c0
        print(f"{name}/{v}: exact over every player and dealer hand in {dt:.1f} s ({cpu:.1f} s CPU): "
              + ", ".join(f"{r.bet} {float(r.rtp):.4%}" for r in rtps))


if __name__ == "__main__":
    main()
