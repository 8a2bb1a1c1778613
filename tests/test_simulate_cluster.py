"""Issue 24 item 5: ``croupier simulate --cluster`` runs fixed-size batches on Ray; the figures do not
depend on the number of workers ("the same simulation with 1 and 2 Ray workers gives the same
figures to the last digit"). The Ray tests start a local cluster of 1, then 2 CPUs (no dashboard,
a small object store) in one xdist group, so only one test worker runs Ray at a time."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from croupier.analysis.batches import (
    BatchResult,
    BetSums,
    batch_seed,
    batch_sizes,
    combine,
    run_batch,
    simulate_in_batches,
)
from croupier.analysis.cluster import ClusterRun, ray_session, simulate_on_ray
from croupier.cli import main
from croupier.errors import CroupierError
from croupier.games.registry import Z99, SimBet, game, load_variant, variant_names

#: (game, variant): roulette and a dice game; rounds not a multiple of the batch, more batches
#: than workers, so batches finish out of order and the last one is short
CASES = [("roulette", "european"), ("sicbo", "classic")]
ROUNDS = 230_000
BATCH = 60_000
SEED = 2024


# the whole module on one worker: the module-scoped Ray runs are set up once (make test: loadgroup)
pytestmark = pytest.mark.xdist_group("ray")

@dataclass
class Progress:
    calls: list[tuple[int, int]] = field(default_factory=list)

    def __call__(self, done: int, total: int) -> None:
        self.calls.append((done, total))


@dataclass
class Runs:
    by_workers: dict[int, dict[str, ClusterRun]]
    progress: dict[int, dict[str, Progress]]
    cli_json: dict[str, object]


@pytest.fixture(scope="module")
def runs() -> Iterator[Runs]:
    by_workers: dict[int, dict[str, ClusterRun]] = {}
    progress: dict[int, dict[str, Progress]] = {}
    cli_json: dict[str, object] = {}
    for workers in (1, 2):
        with ray_session(workers, None):  # a local cluster of `workers` CPUs, shut down after
            by_workers[workers], progress[workers] = {}, {}
            for name, variant in CASES:
                bar = Progress()
                by_workers[workers][name] = simulate_on_ray(
                    name, variant, ROUNDS, SEED, workers=workers, batch_rounds=BATCH, progress=bar)
                progress[workers][name] = bar
            if workers == 2:
                out = io.StringIO()
                code = main(["simulate", "roulette", "--variant", "european", "--rounds",
                             str(ROUNDS), "--seed", str(SEED), "--cluster", "--workers", "2",
                             "--batch-rounds", str(BATCH), "--json"], out=out)
                assert code == 0
                cli_json = json.loads(out.getvalue())
    yield Runs(by_workers, progress, cli_json)


# -- on a local Ray cluster ------------------------------------------------------------------------

def test_issue24_5_one_and_two_ray_workers_give_the_same_figures_to_the_last_digit(runs: Runs) -> None:
    for name, variant in CASES:
        one, two = runs.by_workers[1][name], runs.by_workers[2][name]
        assert (one.workers, two.workers) == (1, 2)
        assert one.batches == two.batches == len(batch_sizes(ROUNDS, BATCH)) == 4
        assert one.sims == two.sims  # bet, rounds, RTP and interval: float ==, no tolerance
        assert [s.sums() for s in one.sims] == [s.sums() for s in two.sims]
        # ... and they are the batches run one after another in this process
        assert one.sims == simulate_in_batches(name, variant, ROUNDS, SEED, BATCH)
        assert all(s.rounds == ROUNDS for s in one.sims)


def test_issue24_5_the_combined_99_interval_contains_the_exact_rtp(runs: Runs) -> None:
    for name, variant in CASES:
        v = load_variant(name, variant)
        exact = {r.bet: r for r in game(name).exact(v)}
        sims = runs.by_workers[2][name].sims
        assert {s.bet for s in sims} == set(exact)
        # ~20 intervals at 99%: one may miss by chance, none may miss a 99.99% one
        misses = [s.bet for s in sims if not s.ci99[0] <= float(exact[s.bet].rtp) <= s.ci99[1]]
        assert len(misses) <= 1, (name, misses)
        for s in sims:
            mid, half = (s.ci99[0] + s.ci99[1]) / 2, (s.ci99[1] - s.ci99[0]) / 2
            assert abs(float(exact[s.bet].rtp) - mid) <= half * 3.8906 / Z99, (name, s)
            if s.bet == "neighbours":
                continue  # its selections differ in variance (tests/test_roulette_simulation.py)
            # the combined sums of squares give the whole run's spread, not one batch's
            width = 2 * Z99 * exact[s.bet].std_dev / ROUNDS ** 0.5
            assert 0.7 < (s.ci99[1] - s.ci99[0]) / width < 1.3, (name, s)


def test_issue24_5_progress_is_reported_as_batches_complete(runs: Runs) -> None:
    for workers in (1, 2):
        for name, _ in CASES:
            calls = runs.progress[workers][name].calls
            assert len(calls) == 4 and all(total == ROUNDS for _, total in calls)
            done = [d for d, _ in calls]
            assert done == sorted(done) and done[-1] == ROUNDS


def test_issue24_5_the_cli_prints_the_cluster_figures(runs: Runs) -> None:
    doc = runs.cli_json
    sims = runs.by_workers[1]["roulette"].sims
    cluster = doc["cluster"]
    assert isinstance(cluster, dict)
    assert {k: cluster[k] for k in ("workers", "batches", "batch_rounds")} == {
        "workers": 2, "batches": 4, "batch_rounds": BATCH}
    assert cluster["cpu_seconds"] > 0 and cluster["batch_wall_seconds"] > 0
    assert doc["bets"] == [{"bet": s.bet, "rtp": s.rtp, "ci99": list(s.ci99)} for s in sims]


# -- the batches, without Ray ----------------------------------------------------------------------

def test_issue24_5_batches_have_a_fixed_size_and_the_last_holds_the_rest() -> None:
    assert batch_sizes(230, 60) == [60, 60, 60, 50]
    assert batch_sizes(120, 60) == [60, 60]
    assert batch_sizes(7, 60) == [7]
    for rounds, size in ((0, 60), (10, 0)):
        with pytest.raises(CroupierError):
            batch_sizes(rounds, size)


def test_issue24_5_batch_seeds_derive_from_seed_and_index_only() -> None:
    seeds = [batch_seed(7, k) for k in range(50)]
    assert seeds == [batch_seed(7, k) for k in range(50)]
    assert len(set(seeds + [batch_seed(8, k) for k in range(50)])) == 100
    assert all(0 <= s < 2 ** 63 for s in seeds)
    with pytest.raises(CroupierError):
        batch_seed(-1, 0)
    with pytest.raises(CroupierError):  # refused before any cluster starts
        simulate_on_ray("roulette", "european", 10, -1, workers=1)


def test_issue24_5_combining_is_in_batch_order_whatever_order_batches_arrive() -> None:
    rng = random.Random(3)  # test data only
    results = [BatchResult(k, (BetSums("a", 10, rng.random() * 10, rng.random() * 50),
                               BetSums("b", 10, rng.random() * 1e6, rng.random() * 1e12)), 0.0)
               for k in range(40)]
    expected = combine(results)
    for _ in range(5):
        shuffled = results[:]
        rng.shuffle(shuffled)
        got = combine(shuffled)
        assert got == expected and [s.sums() for s in got] == [s.sums() for s in expected]
    a = expected[0]
    assert a.rounds == 400 and a.sums() == (sum(r.bets[0].total for r in results),
                                            sum(r.bets[0].total_sq for r in results))
    with pytest.raises(CroupierError):
        combine(results[1:])  # batch 0 missing
    odd = BatchResult(40, (BetSums("a", 10, 1.0, 1.0),), 0.0)
    with pytest.raises(CroupierError):
        combine([*results, odd])  # other bets than batch 0


def test_issue24_5_a_family_estimate_without_sums_has_them_rebuilt() -> None:
    # a family may build SimBet itself (blackjack, dealer poker): its sums come from the interval
    full = SimBet.of_sums("x", 1000, 973.0, 35_000.0)
    bare = SimBet(full.bet, full.rounds, full.rtp, full.ci99)
    assert bare == full
    total, total_sq = bare.sums()
    assert total == pytest.approx(973.0, rel=1e-12) and total_sq == pytest.approx(35_000.0, rel=1e-9)
    # a batch of such a game runs through the same path (dealer poker's jokerbet builds SimBet)
    res = run_batch("jokerbet", variant_names("jokerbet")[0], 0, 5_000, 1)
    assert res.bets and all(b.rounds == 5_000 for b in res.bets)
