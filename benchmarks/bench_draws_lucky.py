"""Lucky 5, Lucky 7, both Lucky 6 and Fruitrace (games/draws/fixedodds): (a) the exact RTP of
every bet of a variant, from a freshly parsed variant (no cache); (b) tickets settled per second
on one draw through ``TicketEngine.bet_return`` over a mix of every bet of the game, and through
``bet_returns`` - what a draw's settlement calls - with each bet on picks given its own random
numbers (numpy); (c) whole rounds per second through the engine (start, every ball,
settlement, events) for the game's demonstration ticket."""

from __future__ import annotations

import time

import numpy as np

from croupier.games.base import play
from croupier.games.draws.ticket import PlacedBet
from croupier.games.registry import game, parse_unchecked
from croupier.rng import seeded

VARIANTS = [("lucky5", "lucky5_000"), ("lucky7", "lucky7_000"), ("lucky6", "lucky6_000"),
            ("lucky6_48", "lucky6_48_000"), ("lucky6_48", "lucky6_48_chosen"), ("fruitrace", "fruitrace_000")]


def main() -> None:
    for name, v in VARIANTS:
        spec = game(name)
        variant = parse_unchecked(name, v)
        t0 = time.perf_counter()
        rtps = spec.exact(variant)
        exact_s = time.perf_counter() - t0

        engine = spec.engine
        bets = list(engine.spec.offered(variant))  # type: ignore[attr-defined]
        tickets = [PlacedBet(i, b.code, 100 + i % 7, b.target.example(variant))
                   for i, b in zip(range(200_000), bets * (200_000 // len(bets) + 1), strict=False)]
        limits = variant.limits_for("EUR")
        outcome = engine.outcome(variant, variant.draw.draw(seeded(1)))
        t0 = time.perf_counter()
        paid = sum(engine.bet_return(variant, t, outcome, limits) for t in tickets)
        settle_rate = len(tickets) / (time.perf_counter() - t0)
        # the same mix, each bet on picks with its own random numbers, through bet_returns (what a
        # draw's settlement calls: numpy for the picks)
        rng = np.random.default_rng(1)
        balls = np.arange(variant.draw.first, variant.draw.last + 1)
        own = [t._replace(selection=tuple(int(x) for x in rng.choice(balls, size=len(t.selection), replace=False)))
               if engine.bet_of(t.code).target.kind == "picks" else t for t in tickets]
        t0 = time.perf_counter()
        bulk = sum(engine.bet_returns(variant, own, outcome, limits))
        bulk_rate = len(own) / (time.perf_counter() - t0)

        demo = spec.demo_bets(variant, "EUR")
        rounds = 2_000
        t0 = time.perf_counter()
        for i in range(rounds):
            play(engine, variant, demo, "EUR", seeded(i))
        round_rate = rounds / (time.perf_counter() - t0)
        print(f"{name}/{v}: exact {len(rtps)} bets in {exact_s:.3f} s; {settle_rate:,.0f} tickets/s settled on "
              f"one draw one by one ({paid:,} paid); {bulk_rate:,.0f} tickets/s by bet_returns with each "
              f"ticket's own picks ({bulk:,} paid); {round_rate:,.0f} rounds/s through the engine")


if __name__ == "__main__":
    main()
