"""Craps simulation: the compiled walk is tied to the engine on identical rolls (differential
test), and its 99% intervals contain the exact figures."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.games.base import BetRequest
from croupier.games.dice.craps.engine import ENGINE
from croupier.games.dice.craps.exact import exact, roll
from croupier.games.dice.craps.simulate import (
    TRACKED,
    Walker,
    batch_rng,
    rolls_of,
    simulate,
    tables,
)
from croupier.games.dice.craps.variant import CrapsVariant
from croupier.games.registry import load_variant


def v() -> CrapsVariant:
    out: CrapsVariant = load_variant("craps", "standard")
    return out


def engine_walk(var: CrapsVariant, rolls: np.ndarray) -> tuple[list[float], list[int]]:
    """The simulator's player, played through the engine roll by roll."""
    u = var.unit()
    sums = [0.0] * len(TRACKED)
    counts = [0] * len(TRACKED)
    point: int | None = None
    carried: list[BetRequest] = []
    for r in rolls:
        working = {c.code for c in carried}
        own = []
        for code, number in TRACKED:
            if code in working:
                continue
            if code in ("pass", "dont_pass") and point is None or code in ("come", "dont_come") and point:
                own.append(BetRequest(code, u))
            elif code in ("odds", "lay") and point is not None:
                own.append(BetRequest(code, u, (point,)))
            elif code not in ("pass", "dont_pass", "come", "dont_come", "odds", "lay"):
                own.append(BetRequest(code, u, () if number is None else (number,)))
        state = roll(ENGINE.start(var.at_point(point), own, "XXX", carried), int(r) // 6 + 1, int(r) % 6 + 1)
        s = ENGINE.settle(state)
        bets = [*own, *carried]
        for b, res in zip(bets, s.bets, strict=True):
            if res.outcome != "carried":
                k = next(i for i, (c, _) in enumerate(TRACKED) if c == b.code)
                sums[k] += res.returned / res.stake
                counts[k] += 1
        carried = list(s.carried)
        point = next(e for e in state.events if e.type == "result").data["table"]["point"]
    return sums, counts


def test_000_12_41_kernel_equals_the_engine_on_identical_rolls() -> None:
    var = v()
    raw = np.frombuffer(batch_rng(99, 0).bytes(4000), dtype=np.uint8)
    rolls = rolls_of(raw)
    w = Walker(tables(var))
    done = w.feed(raw, 10**9)
    assert done == len(rolls)
    got = w.result(done)
    sums, counts = engine_walk(var, rolls)
    assert list(got.counts) == counts
    assert np.allclose(got.sums, sums, rtol=0, atol=1e-9)


def test_000_12_41_kernel_stops_at_the_limit_and_resumes() -> None:
    var = v()
    raw = np.frombuffer(batch_rng(5, 0).bytes(3000), dtype=np.uint8)
    t = tables(var)
    whole = Walker(t)
    whole.feed(raw, 10**9)
    parts = Walker(t)
    first = parts.feed(raw, 1000)
    assert first == 1000
    kept = np.flatnonzero(raw < 252)
    parts.feed(raw[kept[1000]:], 10**9)
    assert list(parts.result(0).counts) == list(whole.result(0).counts)


def test_000_12_41_simulation_99_interval_contains_the_exact_rtp() -> None:
    rounds = 2_000_000
    rtps = {r.bet: r for r in exact(v())}
    sims = simulate(v(), rounds, seed=2026)
    assert {s.bet for s in sims} == set(rtps)
    misses = [s for s in sims if not s.ci99[0] <= float(rtps[s.bet].rtp) <= s.ci99[1]]
    assert len(misses) <= 1, misses
    for s in sims:
        mid, half = (s.ci99[0] + s.ci99[1]) / 2, (s.ci99[1] - s.ci99[0]) / 2
        assert abs(float(rtps[s.bet].rtp) - mid) <= half * 3.8906 / 2.5758, s


@pytest.mark.parametrize("seed", [1, 2])
def test_simulation_depends_on_the_seed_only(seed: int) -> None:
    a = simulate(v(), 50_000, seed)
    b = simulate(v(), 50_000, seed)
    assert a == b
