"""Exact RTP and simulation of a virtual variant's reference event (``reference_forms``).

Every event is priced from its own form draws; ``croupier rtp`` prints the board of one stated
event (docs/virtual.md): for each market, every offered selection's return ``P(win) × odds`` —
the chance from the sport's exact chances, the odds from the board — summarised as every game's
bets are (the lowest and highest over the selections). ``tests/test_virtual_engine.py`` checks
these figures against the engine's own settlement over every outcome where the outcomes can be
enumerated (small race fields, the table tennis set).

The simulation plays the reference event's outcome draws through the sport's model and the
engine's rules of winning, betting each market's lowest-RTP selection (the one ``rtp`` reports).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import numpy as np

from croupier.games.base import BetRequest
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.registry import ProgressFn, SimBet
from croupier.games.virtual.engine import EventEngine
from croupier.games.virtual.pricing import Price
from croupier.games.virtual.sport import Key, Played
from croupier.games.virtual.variant import EventVariant
from croupier.rng.source import RandomSource

BATCH = 20_000


def offered(engine: EventEngine, variant: EventVariant) -> Iterator[tuple[str, list[tuple[Key, Price]]]]:
    """Each market's offered selections on the reference event's board, in board order."""
    board = engine.board(variant, variant.reference)
    for m in engine.sport.markets(variant.core):
        row = board.get(m.code, {})
        if row:
            yield m.code, list(row.items())


def exact(engine: EventEngine, variant: EventVariant) -> list[BetRTP]:
    out = []
    for code, row in offered(engine, variant):
        dists = [Distribution.of([(p.chance, p.odds), (1 - p.chance, Fraction(0))]) for _, p in row]
        out.append(summarize(code, dists, note=f"reference event forms {list(variant.reference)}; "
                                               f"{len(row)} selections offered"))
    return out


def worst(engine: EventEngine, variant: EventVariant) -> list[tuple[str, Key, Price]]:
    """Each market's lowest-RTP offered selection on the reference board (ties: the first)."""
    out = []
    for code, row in offered(engine, variant):
        key, price = min(row, key=lambda kp: kp[1].rtp)
        out.append((code, key, price))
    return out


def demo_bets(engine: EventEngine, variant: EventVariant, currency: str) -> list[BetRequest]:
    """One bet per market on its first offered selection of the reference board, at the minimum."""
    stake = variant.limits_for(currency).minimum
    return [BetRequest(code, stake, engine.sport.target(row[0][0])) for code, row in offered(engine, variant)]


class _Uniform(RandomSource):
    """Simulation only: the reference event's form draws, then ``int(u × n)`` from blocks of
    numpy doubles (a bias below n / 2^53, far under any interval a simulation reports)."""

    def __init__(self, rng: np.random.Generator, forms: tuple[int, ...]) -> None:
        self.rng = rng
        self.forms = forms
        self.buf = rng.random(65_536)
        self.i = 0
        self.k = 0

    def start(self) -> None:
        self.k = 0

    def randbelow(self, n: int) -> int:
        if self.k < len(self.forms):
            self.k += 1
            return self.forms[self.k - 1]
        if self.i == len(self.buf):
            self.buf = self.rng.random(65_536)
            self.i = 0
        u = self.buf[self.i]
        self.i += 1
        return int(u * n)


def simulate(engine: EventEngine, variant: EventVariant, rounds: int, seed: int,
             progress: ProgressFn | None = None) -> list[SimBet]:
    picks = worst(engine, variant)
    sums = [0.0] * len(picks)
    squares = [0.0] * len(picks)
    seqs = np.random.SeedSequence(seed).spawn(-(-rounds // BATCH))
    done = 0
    for seq in seqs:
        source = _Uniform(np.random.Generator(np.random.PCG64(seq)), variant.reference)
        size = min(BATCH, rounds - done)
        for _ in range(size):
            source.start()
            played: Played = engine.sport.run(variant.core, source)
            for j, (code, key, price) in enumerate(picks):
                if engine.sport.wins(variant.core, played, code, key):
                    r = float(price.odds)
                    sums[j] += r
                    squares[j] += r * r
        done += size
        if progress is not None:
            progress(done, rounds)
    return [SimBet.of_sums(code, rounds, sums[j], squares[j]) for j, (code, _, _) in enumerate(picks)]


def display(_variant: Any, outcome: Any) -> dict[str, Any]:
    return {"kind": "board", "cells": [], "headline": str(outcome.get("headline", ""))}
