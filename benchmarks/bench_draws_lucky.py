"""Lucky 5, Lucky 7, both Lucky 6 and Fruitrace (games/draws/fixedodds): (a) the exact RTP of
every bet of a variant, from a freshly parsed variant (no cache); (b) tickets settled per second
on one draw through ``TicketEngine.bet_return`` - the function a draw's settlement uses - over a
mix of every bet of the game; (c) whole rounds per second through the engine (start, every ball,
settlement, events) for the game's demonstration ticket."""

from __future__ import annotations

import time

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

        demo = spec.demo_bets(variant, "EUR")
        rounds = 2_000
        t0 = time.perf_counter()
        for i in range(rounds):
            play(engine, variant, demo, "EUR", seeded(i))
        round_rate = rounds / (time.perf_counter() - t0)
        print(f"{name}/{v}: exact {len(rtps)} bets in {exact_s:.3f} s; {settle_rate:,.0f} tickets/s settled on "
              f"one draw ({paid:,} paid); {round_rate:,.0f} rounds/s through the engine")


if __name__ == "__main__":
    main()
