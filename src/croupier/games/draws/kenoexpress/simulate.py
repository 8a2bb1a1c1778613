"""Monte Carlo of Keno Express (``croupier simulate keno_express``): uniform numbers 1-100 and,
per bet, its worst selection (the one ``exact`` reports)."""

from __future__ import annotations

import numpy as np

from croupier.games.draws.kenoexpress.engine import winners
from croupier.games.draws.kenoexpress.exact import distribution, selections
from croupier.games.draws.kenoexpress.variant import CODES, KenoExpressVariant
from croupier.games.registry import ProgressFn, SimBet


def simulate(variant: KenoExpressVariant, rounds: int, seed: int,
             progress: ProgressFn | None = None) -> list[SimBet]:
    rng = np.random.Generator(np.random.PCG64(seed))
    balls = rng.integers(1, 101, size=rounds)
    out = []
    for code in CODES:
        worst = min(selections(variant, code), key=lambda s: distribution(variant, code, s).mean)
        odds = float(variant.odds(winners(variant, code, worst)))
        lo, hi = int(worst[0]), int(worst[-1])
        if code == "lower":
            won = balls <= lo
        elif code == "higher":
            won = balls >= lo
        elif code == "in_range":
            won = (balls >= lo) & (balls <= hi)
        else:
            won = (balls <= lo) | (balls >= hi) if variant.not_in_range_edges_win else (balls < lo) | (balls > hi)
        r = np.where(won, odds, 0.0)
        out.append(SimBet.of_sums(code, rounds, float(r.sum()), float((r * r).sum())))
    if progress is not None:
        progress(rounds, rounds)
    return out
