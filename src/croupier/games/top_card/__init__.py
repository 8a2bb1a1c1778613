"""Top Card Trump (000 §12.16) and Top Card Trumps (001 §9.4): casino war with war on ties."""

from __future__ import annotations

from collections.abc import Callable
from math import sqrt
from statistics import NormalDist
from typing import Any

import numpy as np

from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.top_card.engine import ENGINE, TopCardEngine, TopCardState
from croupier.games.top_card.exact import exact
from croupier.games.top_card.variant import TopCardVariant, parse_variant

Z99 = NormalDist().inv_cdf(0.995)


def _parse(data: dict[str, Any], name: str) -> TopCardVariant:
    return parse_variant(data, name)


def always_war(state: TopCardState, legal: list[Decision]) -> Decision:
    return next(d for d in legal if d.name == "war")


def simulate(v: TopCardVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """Rounds through the engine with war on every tie; per initial wager, as :func:`exact`."""
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    bets = [BetRequest("ante", 2, (v.middle,) if v.hands > 1 else ())]
    if "tie" in v.payouts:
        bets.append(BetRequest("tie", 1))
    start = ENGINE.start(v, bets, "XXX")
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed)))
    sums = [0.0, 0.0]
    squares = [0.0, 0.0]
    done = 0
    while done < rounds:
        size = min(4096, rounds - done)
        for row in rng.random((size, 64)).tolist():
            state = start
            k = 0
            while state.settlement is None:
                if ENGINE.next_draw(state) is None:
                    state = ENGINE.apply(state, always_war(state, ENGINE.legal_actions(state)))
                    continue
                state = ENGINE.apply(state, DrawAction("card", int(row[k % 64] * state.shoe.size)))
                k += 1
            ante = sum(b.returned - (b.stake if b.code == "raise" else 0)
                       for b in state.settlement.bets if b.code != "tie") / 2
            tie = sum(b.returned for b in state.settlement.bets if b.code == "tie")
            for i, r in enumerate((ante, tie)):
                sums[i] += r
                squares[i] += r * r
        done += size
        if progress is not None:
            progress(done, rounds)
    out = []
    for i, code in enumerate(v.bet_codes):
        mean = sums[i] / rounds
        half = Z99 * sqrt(max(squares[i] / rounds - mean * mean, 0.0) / rounds)
        out.append(SimBet(code, rounds, mean, (mean - half, mean + half)))
    return out


def _simulate(v: TopCardVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


def demo_bets(v: TopCardVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    out = [BetRequest("ante", stake, (v.middle,) if v.hands > 1 else ())]
    if "tie" in v.payouts:
        out.append(BetRequest("tie", stake))
    return out


GAME = GameSpec("top_card", "Top Card Trump(s) / casino war", ENGINE, _parse, exact, _simulate,
                demo_bets)

__all__ = ["ENGINE", "GAME", "TopCardEngine", "TopCardState", "TopCardVariant", "always_war"]
