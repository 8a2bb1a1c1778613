"""Simulation agrees with the exact figures, and the vectorised path is tied to the engine."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import game
from croupier.games.roulette import ENGINE
from croupier.games.roulette.layout import request_target
from croupier.games.roulette.simulate import batch_rng, return_table, sample_outcomes, simulate

from .roulette_helpers import variant


@pytest.mark.parametrize("name,rounds", [
    ("european", 300_000), ("european_en_prison", 300_000), ("double_ball", 300_000),
    ("lightning", 200_000), ("american", 200_000), ("one_bet", 200_000),
])
def test_simulation_99_interval_contains_the_exact_rtp(name: str, rounds: int) -> None:
    v = variant(name)
    rtps = {r.bet: r for r in game("roulette").exact(v)}
    sims = simulate(v, rounds, seed=2026)
    assert {s.bet for s in sims} == set(rtps)
    # ~20 intervals per variant: at 99% one may miss by chance (P(two or more) ~ 1.6%), none may
    # miss a 99.99% interval (z = 3.89, i.e. 1.51 times as wide).
    misses = [s for s in sims if not s.ci99[0] <= float(rtps[s.bet].rtp) <= s.ci99[1]]
    assert len(misses) <= 1, misses
    for s in sims:
        mid, half = (s.ci99[0] + s.ci99[1]) / 2, (s.ci99[1] - s.ci99[0]) / 2
        assert abs(float(rtps[s.bet].rtp) - mid) <= half * 3.8906 / 2.5758, (name, s)
        if s.bet == "neighbours":
            continue  # its selections (0-8 pairs) differ in variance; the mix is narrower
        # the interval's width agrees with the exact standard deviation: 2 z sigma / sqrt(n)
        expected_width = 2 * 2.5758293035489004 * rtps[s.bet].std_dev / rounds ** 0.5
        assert 0.7 < (s.ci99[1] - s.ci99[0]) / expected_width < 1.3, (name, s)


@pytest.mark.parametrize("name", ["european", "double_ball", "american", "french_la_partage"])
def test_vectorised_returns_equal_the_engine_on_identical_draws(name: str) -> None:
    """Differential test: the table the simulation samples from gives, for the same sampled
    outcomes, exactly what the engine pays for a slip holding every position."""
    v = variant(name)
    table = return_table(v)
    outcomes = sample_outcomes(v, batch_rng(99, 0), 50)
    stakes = [120 * len(p.chips) for p in table.positions]
    bets = [BetRequest(p.code, s, request_target(p)) for p, s in zip(table.positions, stakes, strict=True)]
    n = v.wheel.size
    for o in outcomes:
        draws = [int(o)] if v.balls == 1 else [int(o) // n, int(o) % n]
        state = ENGINE.start(v, bets, "XXX")
        for d in draws:
            state = ENGINE.apply(state, DrawAction("ball", d))
        engine_ret = np.array([r.returned for r in ENGINE.settle(state).bets]) / np.array(stakes)
        assert np.allclose(engine_ret, table.plain[:, o], rtol=0, atol=1e-12)


def test_simulation_is_reproducible_from_its_seed() -> None:
    v = variant("european")
    a = simulate(v, 20_000, seed=5)
    b = simulate(v, 20_000, seed=5)
    c = simulate(v, 20_000, seed=6)
    assert a == b and a != c
    with pytest.raises(ValueError):
        simulate(v, 0, seed=1)
