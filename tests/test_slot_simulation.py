"""The vectorised simulator: tied to the engine on identical stops (differential test), and its
RTP agrees with the exact figure (001 §3.3)."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.games.base import BetRequest, DrawAction
from croupier.games.slots.engine import ENGINE
from croupier.games.slots.exact import slot_rtp
from croupier.games.slots.rules import evaluate, window
from croupier.games.slots.simulate import Simulator, batch_rng, draw_stops, pay_spins, simulate
from tests.slot_helpers import slot, small_slot

# the module's compiled kernels compile once, on one worker (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("numba_slots")

NAMES = ["classic_fruit", "amber_caravan", "aurora_fjord"]


@pytest.mark.parametrize(("name", "free"), [(n, False) for n in NAMES]
                         + [("amber_caravan", True), ("aurora_fjord", True)])
def test_kernels_pay_what_the_engine_pays_on_identical_stops(name: str, free: bool) -> None:
    v = slot(name)
    sim = Simulator.of(v)
    tables = sim.free if free else sim.base
    assert tables is not None
    stops = draw_stops(tables, batch_rng(7, 0), 3000)
    win, k = pay_spins(tables, stops)
    strips = v.strips(free)
    for i in range(len(stops)):
        res = evaluate(v, window(strips, [int(s) for s in stops[i]], v.rows), v.max_lines)
        assert (int(win[i]), int(k[i])) == (res.coins(tables.units), res.scatters)


@pytest.mark.parametrize("mode", ["lines", "ways"])
def test_a_simulated_round_pays_what_the_engine_pays(mode: str) -> None:
    """Whole rounds with free spins: the simulator's round and the engine's round on the same
    stops (the engine is fed the stops the simulator drew, spin after spin)."""
    v = small_slot(mode)
    sim = Simulator.of(v)
    rng = batch_rng(3, 0)
    for _ in range(200):
        state = rng.bit_generator.state
        coins = int(sim.rounds(rng, 1)[0])
        rng.bit_generator.state = state  # replay the same draws into the engine
        base = draw_stops(sim.base, rng, 1)[0]
        units = sim.base.units
        st = ENGINE.start(v, [BetRequest("spin", units, ())], "XXX")
        for s in base:
            st = ENGINE.apply(st, DrawAction("reel", int(s)))
        while st.in_free:
            assert sim.free is not None
            for s in draw_stops(sim.free, rng, 1)[0]:
                st = ENGINE.apply(st, DrawAction("reel", int(s)))
        assert st.win == coins


@pytest.mark.parametrize("name", NAMES)
def test_001_3_3_simulated_rtp_agrees_with_the_exact_rtp(name: str) -> None:
    v = slot(name)
    (s,) = simulate(v, 2_000_000, 2026)
    exact = float(slot_rtp(v).total)
    assert s.ci99[0] <= exact <= s.ci99[1], (s, exact)
    assert np.isfinite(s.rtp)


@pytest.mark.parametrize("name", ["amber_caravan", "aurora_fjord", "classic_fruit"])
def test_the_fast_kernel_pays_each_round_what_the_engine_pays_on_the_same_draws(name: str) -> None:
    """``croupier simulate``'s compiled rounds: the same xoshiro draws fed to the engine one by
    one (paid spin, then each free spin) give the same round win."""
    from croupier.games.slots import kernels
    from croupier.games.slots.simulate import fast_rounds, round_state

    v = slot(name)
    sim = Simulator.of(v)
    units = sim.base.units
    state = round_state(11, 0)
    free_rounds = 0
    for _ in range(3000 if name != "classic_fruit" else 300):
        mine = state.copy()
        coins, _ = fast_rounds(sim, state, 1)
        st = ENGINE.start(v, [BetRequest("spin", units, ())], "XXX")
        while st.settlement is None and st.gambling is None:
            req = ENGINE.next_draw(st)
            assert req is not None
            st = ENGINE.apply(st, DrawAction(req.kind, int(kernels.bounded(mine, req.n))))
        assert st.win == coins
        assert (mine == state).all()  # the kernel drew exactly what the engine asked for
        free_rounds += st.free_played > 0
    assert name == "classic_fruit" or free_rounds > 0


def test_parallel_batches_equal_the_sequential_batches_whatever_the_threads() -> None:
    """``croupier simulate`` plays its batches in parallel threads, each from its own state: the
    sums equal the batches played one after the other, with one thread or with two."""
    import numba

    from croupier.games.slots.simulate import fast_rounds, parallel_rounds, round_state

    sim = Simulator.of(slot("amber_caravan"))
    sizes = [3000, 3000, 1234]
    seq = [fast_rounds(sim, round_state(9, k), n) for k, n in enumerate(sizes)]
    want = (sum(t for t, _ in seq), sum(q for _, q in seq))
    before = numba.get_num_threads()
    try:
        for threads in sorted({1, min(2, numba.config.NUMBA_NUM_THREADS)}):
            numba.set_num_threads(threads)
            assert parallel_rounds(sim, 9, 0, sizes) == want
    finally:
        numba.set_num_threads(before)
