"""``croupier simulate --cluster``: a batched simulation's batches as Ray tasks (issue 24).

Each batch (:mod:`croupier.analysis.batches`) is one Ray task calling
:func:`~croupier.analysis.batches.run_batch`; the driver keeps a bounded number of them in flight,
reports progress as they finish, and combines them in batch order, so the figures are those of
:func:`~croupier.analysis.batches.simulate_in_batches` to the last digit whatever the number of
workers. Ray is imported here only, when a cluster run starts: nothing else pays for it.

Where the work runs: ``address`` (``--cluster-address``) or else ``RAY_ADDRESS`` names a running Ray
cluster to join; with neither, a local cluster of ``workers`` CPUs is started for the run (no
dashboard, a small object store: batches send back a few numbers each) and shut down after. If Ray
is already initialised in this process (a test's cluster), the run uses it and leaves it running.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from croupier.analysis.batches import (
    DEFAULT_BATCH_ROUNDS,
    BatchResult,
    batch_seed,
    batch_sizes,
    combine,
    run_batch,
)
from croupier.errors import CroupierError
from croupier.games.registry import ProgressFn, SimBet, game, load_variant

#: the object store of a local cluster (Ray's floor is 75 MiB): results are a few floats per bet
OBJECT_STORE_BYTES = 96 * 1024 * 1024

#: batches queued per worker at once, so a worker never waits for the driver and the driver
#: never holds more than a few results
IN_FLIGHT_PER_WORKER = 2


@dataclass(frozen=True)
class ClusterRun:
    """A cluster simulation's figures, with what it took."""

    sims: list[SimBet]
    workers: int
    batches: int
    batch_rounds: int
    wall_seconds: float
    #: CPU seconds spent in the batches, added up over the workers
    cpu_seconds: float


@contextmanager
def ray_session(workers: int | None, address: str | None) -> Iterator[tuple[Any, int]]:
    """Ray, initialised as the module docstring says, and the number of workers to feed."""
    import ray as ray_module  # lazy: only a cluster run pays for importing Ray

    ray: Any = ray_module  # Ray's API is partly untyped

    if workers is not None and workers < 1:
        raise CroupierError("--workers must be at least 1")
    address = address or os.environ.get("RAY_ADDRESS") or None
    started = False
    if not ray.is_initialized():
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # never report usage anywhere
        if address:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
        else:
            ray.init(address="local", num_cpus=workers or os.cpu_count() or 1,
                     include_dashboard=False, object_store_memory=OBJECT_STORE_BYTES,
                     log_to_driver=False, logging_level=logging.WARNING)
        started = True
    try:
        yield ray, workers or max(int(ray.cluster_resources().get("CPU", 1)), 1)
    finally:
        if started:
            ray.shutdown()


def simulate_on_ray(game_name: str, variant_name: str, rounds: int, seed: int, *,
                    workers: int | None = None, batch_rounds: int | None = None,
                    address: str | None = None, progress: ProgressFn | None = None) -> ClusterRun:
    """Simulate ``rounds`` rounds in batches of ``batch_rounds`` on Ray with ``workers`` workers
    (default: the local CPUs, or the joined cluster's; batches of :data:`DEFAULT_BATCH_ROUNDS`)."""
    batch_rounds = DEFAULT_BATCH_ROUNDS if batch_rounds is None else batch_rounds
    game(game_name)
    load_variant(game_name, variant_name)  # a bad name fails here, not in every task
    sizes = batch_sizes(rounds, batch_rounds)
    batch_seed(seed, 0)  # a bad seed fails here, before Ray starts
    with ray_session(workers, address) as (ray, feed):
        task = ray.remote(num_cpus=1)(run_batch)
        t0 = time.perf_counter()
        pending: list[Any] = []
        results: list[BatchResult] = []
        todo = iter(enumerate(sizes))
        done = 0
        while True:
            while len(pending) < IN_FLIGHT_PER_WORKER * feed:
                nxt = next(todo, None)
                if nxt is None:
                    break
                pending.append(task.remote(game_name, variant_name, nxt[0], nxt[1], seed))
            if not pending:
                break
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                result: BatchResult = ray.get(ref)
                results.append(result)
                done += sizes[result.index]
                if progress is not None:
                    progress(done, rounds)
        wall = time.perf_counter() - t0
    return ClusterRun(combine(results), feed, len(sizes), batch_rounds, wall,
                      sum(r.cpu_seconds for r in results))
