"""Monte Carlo of a fixed-odds draw game through the engine's own settlement.

Each round draws an ordered sample of the drum (``numpy.random.Generator.permutation``; batch
``k`` from ``SeedSequence(seed).spawn``, so the figures depend on the seed only) and settles one
unit on every bet, each on its example target, with :meth:`FixedOddsEngine.ratio` - the function
the engine and the platform settle with. It measures the statistics on the drawn balls, so it
checks the exact distributions (:mod:`.exact`) independently.
"""

from __future__ import annotations

import numpy as np

from croupier.games.draws.fixedodds.engine import FixedOddsEngine
from croupier.games.draws.fixedodds.variant import FixedOddsVariant
from croupier.games.draws.ticket import Outcome, PlacedBet
from croupier.games.registry import ProgressFn, SimBet

BATCH = 10_000


def simulate(engine: FixedOddsEngine, variant: FixedOddsVariant, rounds: int, seed: int,
             progress: ProgressFn | None = None) -> list[SimBet]:
    bets = [PlacedBet(i, b.code, 1, b.target.example(variant)) for i, b in enumerate(engine.spec.offered(variant))]
    totals = [0.0] * len(bets)
    squares = [0.0] * len(bets)
    numbers = np.arange(variant.draw.first, variant.draw.last + 1)
    k = variant.draw.drawn
    floats: dict[object, float] = {}
    batches = (rounds + BATCH - 1) // BATCH
    for i, child in enumerate(np.random.SeedSequence(seed).spawn(batches)):
        rng = np.random.Generator(np.random.PCG64(child))
        n = min(BATCH, rounds - i * BATCH)
        for _ in range(n):
            balls = tuple(int(x) for x in rng.permutation(numbers)[:k])
            outcome = Outcome.of(balls)
            for j, pb in enumerate(bets):
                ratio = engine.ratio(variant, pb, outcome)
                x = floats.get(ratio)
                if x is None:
                    x = floats[ratio] = float(ratio)
                totals[j] += x
                squares[j] += x * x
        if progress is not None:
            progress(min((i + 1) * BATCH, rounds), rounds)
    return [SimBet.of_sums(pb.code, rounds, totals[j], squares[j]) for j, pb in enumerate(bets)]
