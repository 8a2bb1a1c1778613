"""A simulation split into fixed-size batches whose figures do not depend on who runs them (issue 24).

A run of ``rounds`` rounds with seed ``seed`` is cut into batches of ``batch_rounds`` rounds (the
last one holds the rest). Batch ``k`` is an ordinary ``GameSpec.simulate`` call of its own size with
the seed :func:`batch_seed` ``(seed, k)``, so any game simulates in batches without change. Each
batch gives, per bet, its rounds, sum and sum of squares of the returns (:meth:`SimBet.sums`);
:func:`combine` adds them up in batch order, always, so the combined figures are the same float
additions in the same order whatever ran the batches, one process or many
(:mod:`croupier.analysis.cluster` runs them on Ray). The figures depend on the seed, the rounds and
the batch size only; they differ from a one-piece ``simulate`` with the same seed (other streams).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from croupier.errors import CroupierError
from croupier.games.registry import ProgressFn, SimBet, game, load_variant

#: rounds per batch unless told otherwise (``croupier simulate --batch-rounds``)
DEFAULT_BATCH_ROUNDS = 1_000_000


@dataclass(frozen=True)
class BetSums:
    """One bet's figures from one batch: the raw material of :func:`combine`."""

    bet: str
    rounds: int
    total: float
    total_sq: float


@dataclass(frozen=True)
class BatchResult:
    """What a batch sends back: its bets' sums, and the CPU seconds it took (for rates only)."""

    index: int
    bets: tuple[BetSums, ...]
    cpu_seconds: float


def batch_sizes(rounds: int, batch_rounds: int) -> list[int]:
    """The rounds of each batch: ``batch_rounds`` each, the last one the rest."""
    if rounds < 1:
        raise CroupierError("--rounds must be at least 1")
    if batch_rounds < 1:
        raise CroupierError("--batch-rounds must be at least 1")
    full, rest = divmod(rounds, batch_rounds)
    return [batch_rounds] * full + ([rest] if rest else [])


def batch_seed(seed: int, index: int) -> int:
    """The seed of batch ``index``: 63 bits of ``numpy.random.SeedSequence(seed, spawn_key=(index,))``
    (a non-negative int every family's ``simulate`` takes)."""
    if seed < 0:
        raise CroupierError("--seed must be a non-negative integer")
    word = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1, np.uint64)[0]
    return int(word) >> 1


def run_batch(game_name: str, variant_name: str, index: int, rounds: int, seed: int) -> BatchResult:
    """Simulate batch ``index`` of ``rounds`` rounds of a run seeded ``seed`` (in any process)."""
    spec = game(game_name)
    variant = load_variant(game_name, variant_name)
    c0 = time.process_time()
    sims = spec.simulate(variant, rounds, batch_seed(seed, index), None)
    cpu = time.process_time() - c0
    bets = []
    for s in sims:
        total, total_sq = s.sums()
        bets.append(BetSums(s.bet, s.rounds, total, total_sq))
    return BatchResult(index, tuple(bets), cpu)


def combine(results: Sequence[BatchResult]) -> list[SimBet]:
    """The run's estimates from its batches, added up in batch order whatever order they came in."""
    ordered = sorted(results, key=lambda r: r.index)
    if not ordered or [r.index for r in ordered] != list(range(len(ordered))):
        raise CroupierError("simulation batches missing: cannot combine")
    codes = [b.bet for b in ordered[0].bets]
    rounds = [0] * len(codes)
    total = [0.0] * len(codes)
    total_sq = [0.0] * len(codes)
    for r in ordered:
        if [b.bet for b in r.bets] != codes:
            raise CroupierError(f"simulation batch {r.index} reports other bets than batch 0")
        for i, b in enumerate(r.bets):
            rounds[i] += b.rounds
            total[i] += b.total
            total_sq[i] += b.total_sq
    return [SimBet.of_sums(c, n, t, q) for c, n, t, q in zip(codes, rounds, total, total_sq, strict=True)]


def simulate_in_batches(game_name: str, variant_name: str, rounds: int, seed: int,
                        batch_rounds: int = DEFAULT_BATCH_ROUNDS,
                        progress: ProgressFn | None = None) -> list[SimBet]:
    """The batched run in this process, one batch after another: the reference the cluster matches."""
    sizes = batch_sizes(rounds, batch_rounds)
    results = []
    done = 0
    for k, n in enumerate(sizes):
        results.append(run_batch(game_name, variant_name, k, n, seed))
        done += n
        if progress is not None:
            progress(done, rounds)
    return combine(results)
