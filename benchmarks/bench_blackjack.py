"""Blackjack rates: the numba fast path (hands/s on one core, shuffling included, main bet only
and with every side bet), the engine (rounds/s) and the exact analysis (seconds per variant)."""

from __future__ import annotations

import os
import time

from croupier.games.base import BetRequest, play
from croupier.games.blackjack import ENGINE
from croupier.games.blackjack.analysis import MainBet
from croupier.games.blackjack.simulate import simulate
from croupier.games.blackjack.strategy import decider
from croupier.games.registry import parse_unchecked
from croupier.rng import seeded


def _fast(variant_name: str, rounds: int) -> None:
    v = parse_unchecked("blackjack", variant_name)
    simulate(v, 10_000, 1)  # compile / load the numba cache
    t0 = time.perf_counter()
    c0 = time.process_time()
    simulate(v, rounds, 2)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    print(f"fast path {variant_name:<18} {rounds / dt:>14,.0f} hands/s wall, "
          f"{rounds / cpu:>12,.0f} per CPU second ({len(v.side_bets)} side bets per hand; "
          f"load average {os.getloadavg()[0]:.2f})")


def main() -> None:
    for name in ("live_004", "beton", "digitain", "turbo"):
        _fast(name, 5_000_000)
    v = parse_unchecked("blackjack", "live_004")
    dec = decider(v)
    src = seeded(1)
    bets = [BetRequest("main", 1000, (1, "p"))]
    n = 2000
    t0 = time.perf_counter()
    for _ in range(n):
        play(ENGINE, v, bets, "XXX", src, dec)
    print(f"engine live_004                 {n / (time.perf_counter() - t0):>14,.0f} rounds/s")
    for name in ("live_004", "tdc", "beton_single_deck"):
        v = parse_unchecked("blackjack", name)
        t0 = time.perf_counter()
        mb = MainBet(v)
        mb.chart = mb.build_chart()
        mb.basic_moments()
        print(f"exact main bet {name:<17} {time.perf_counter() - t0:>10.2f} s")
    from croupier.games.bet21 import GAME as BET21

    v21 = parse_unchecked("bet21", "bet21_000")
    c0 = time.process_time()
    BET21.exact(v21)
    print(f"exact 21 Bet bet21_000         {time.process_time() - c0:>10.2f} CPU s")
    c0 = time.process_time()
    BET21.simulate(v21, 100_000, 1, None)
    print(f"simulate 21 Bet                 {100_000 / (time.process_time() - c0):>14,.0f} games per CPU second")


if __name__ == "__main__":
    main()
