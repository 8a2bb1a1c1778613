"""Mega Ball (000 §12.43): (a) the exact RTP from a freshly parsed variant, census included (the
2^24 sets of a card's marked cells, numpy) and without it (cached); (b) cards settled per second on
one draw through ``TicketEngine.bet_return`` - the function a draw's settlement uses; (c) whole
rounds per second through the engine for a ticket of 10 cards; (d) simulated cards per second."""

from __future__ import annotations

import time

from croupier.games.base import BetRequest, play
from croupier.games.draws.megaball.cards import deal_card
from croupier.games.draws.megaball.census import census
from croupier.games.draws.ticket import PlacedBet
from croupier.games.registry import game, parse_unchecked
from croupier.rng import seeded


def main() -> None:
    spec = game("megaball")
    variant = parse_unchecked("megaball", "megaball_000")
    census.cache_clear()
    t0 = time.perf_counter()
    spec.exact(variant)
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    spec.exact(parse_unchecked("megaball", "megaball_000"))
    warm = time.perf_counter() - t0

    engine = spec.engine
    src = seeded(2)
    cards = [deal_card(variant.draw, src) for _ in range(1000)]
    tickets = [PlacedBet(i, "card", 100, cards[i % 1000]) for i in range(100_000)]
    limits = variant.limits_for("EUR")
    state, _ = play(engine, variant, spec.demo_bets(variant, "XXX"), "XXX", seeded(1))
    outcome = engine.outcome(variant, state.balls, state.extras)  # type: ignore[attr-defined]
    t0 = time.perf_counter()
    paid = sum(engine.bet_return(variant, t, outcome, limits) for t in tickets)  # type: ignore[attr-defined]
    settle_rate = len(tickets) / (time.perf_counter() - t0)

    demo = [BetRequest("card", 100, c) for c in cards[:10]]
    rounds = 1_000
    t0 = time.perf_counter()
    for i in range(rounds):
        play(engine, variant, demo, "EUR", seeded(i))
    round_rate = rounds / (time.perf_counter() - t0)

    n = 500_000
    t0 = time.perf_counter()
    spec.simulate(variant, n, 1, None)
    sim_rate = n / (time.perf_counter() - t0)
    print(f"megaball/megaball_000: exact RTP {cold:.2f} s (census included), {warm:.2f} s (cached census); "
          f"{settle_rate:,.0f} cards/s settled on one draw ({paid:,} paid); {round_rate:,.0f} rounds/s of "
          f"10 cards through the engine; {sim_rate:,.0f} simulated cards/s")


if __name__ == "__main__":
    main()
