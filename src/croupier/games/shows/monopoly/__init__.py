"""Monopoly Live (000 §12.27): the 54-segment wheel, Chance (multipliers that stack, cash
prizes) and the 2 Rolls / 4 Rolls board walk, on the show shape (docs/shows.md, "Monopoly Live")."""

from __future__ import annotations

from typing import Any

import numpy as np

from croupier.games.base import BetRequest
from croupier.games.registry import GameSpec, ProgressFn, SimBet
from croupier.games.shows.engine import ShowEngine
from croupier.games.shows.monopoly.exact import exact
from croupier.games.shows.monopoly.show import SHOW, MonopolyVariant, parse_variant

ENGINE = ShowEngine(SHOW)


def _parse(data: dict[str, Any], name: str) -> MonopolyVariant:
    return parse_variant(data, name)


def simulate(v: MonopolyVariant, rounds: int, seed: int, progress: ProgressFn | None = None) -> list[SimBet]:
    """Monte Carlo of the rounds with numpy draws: the wheel is vectorised, a round that reaches
    Chance or a bonus is played on through the show's own ``advance`` (the same rules as the
    engine). A bet of one unit on every code each round."""
    codes = v.bet_codes
    sums = {c: [0.0, 0.0] for c in codes}
    done, k = 0, 0
    batch = 1 << 18
    while done < rounds:
        size = min(batch, rounds - done)
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(k,))))
        first = rng.integers(0, v.wheel.size, size)
        kinds = np.array([v.wheel.at(p).kind for p in range(v.wheel.size)])[first]
        labels = np.array([v.wheel.at(p).label for p in range(v.wheel.size)])[first]
        for c in codes:  # rounds settled by the first spin: a number
            seg = v.wheel.segment(c)
            if seg.kind == "number":
                r = np.where(labels == c, 1.0 + float(seg.value), 0.0)
                sums[c][0] += float(r.sum())
                sums[c][1] += float((r * r).sum())
        for i in np.nonzero(kinds != "number")[0]:
            st = SHOW.advance(v, SHOW.opening(v), int(first[i]))
            while not SHOW.finished(v, st):
                ch = SHOW.chance(v, st)
                if ch is None:  # pragma: no cover - Monopoly asks no decision
                    raise RuntimeError("stuck")
                st = SHOW.advance(v, st, int(rng.integers(0, ch.n)))
            for c in codes:
                x = float(SHOW.returns(v, st, c))
                sums[c][0] += x
                sums[c][1] += x * x
        done += size
        k += 1
        if progress is not None:
            progress(done, rounds)
    return [SimBet.of_sums(c, rounds, s, q) for c, (s, q) in sums.items()]


def _simulate(v: MonopolyVariant, rounds: int, seed: int, progress: ProgressFn | None) -> list[SimBet]:
    return simulate(v, rounds, seed, progress)


def demo_bets(v: MonopolyVariant, cur: str) -> list[BetRequest]:
    lim = v.limits_for(cur)
    stake = 100 if lim is None else max(lim.minimum, 100)
    return [BetRequest(c, stake) for c in v.bet_codes]


GAME = GameSpec("monopoly", "Monopoly Live", ENGINE, _parse, exact, _simulate, demo_bets)

__all__ = ["ENGINE", "GAME", "SHOW", "MonopolyVariant", "demo_bets", "simulate"]
