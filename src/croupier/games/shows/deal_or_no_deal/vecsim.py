"""Vectorised simulation of Deal or No Deal (000 §12.28): every round of a batch at once with
numpy, playing the process itself (the vault's rings, the top briefcase, the 16 briefcases
placed at random, the stages of openings, the banker's offers answered by a vectorised rule) -
never the exact law. ``tests/test_000_12_28_deal_or_no_deal.py`` feeds the same draws to the
engine (:func:`engine_draws`) and checks the same win (differential test).

Seeds: batch ``k`` draws from ``Generator(PCG64(SeedSequence(seed, spawn_key=(k,))))``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from croupier.games.registry import ProgressFn, SimBet
from croupier.games.shows.deal_or_no_deal.exact import TOP_UP_ROWS
from croupier.games.shows.deal_or_no_deal.show import BUYS, DondVariant
from croupier.games.shows.fastsim import batch_rng

BATCH = 1 << 17
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
#: (stage index 0.., the offers of the rounds still playing) -> which of them take the Deal
VectorRule = Callable[[int, FloatArray], BoolArray]


def never_deal(_stage: int, offers: FloatArray) -> BoolArray:
    return np.zeros(offers.shape, dtype=bool)


def deal_at(k: int) -> VectorRule:
    return lambda stage, offers: np.full(offers.shape, stage + 1 == k, dtype=bool)


def threshold(t: float) -> VectorRule:
    return lambda _stage, offers: offers >= t


class Sample(NamedTuple):
    rings: IntArray     # (N, rings): each ring's position
    top: IntArray       # (N,): the top draw (a position of ``v.top``)
    order: IntArray     # (N, 16): the cases (index into ``case_slots``) in the order they open;
    #                     the last two are the player's case and the other one
    top_ups: IntArray   # (N, K): the Top Up wheel's draws (positions of ``v.top_up``), the first
    #                     k of them used by a round that tops up k times (K = 0 without a wheel)


#: the most top-ups a simulated round takes (the rows of ``exact.TOP_UP_ROWS``)
MAX_TOP_UPS = max(TOP_UP_ROWS)


def case_slots(v: DondVariant) -> IntArray:
    """Each briefcase's slot (index into ``v.values``; the top case the last slot)."""
    return np.array([v.values.index(x) for x in v.cases] + [len(v.values)], dtype=np.int64)


def sample(v: DondVariant, rng: np.random.Generator, size: int) -> Sample:
    rings = rng.integers(0, v.ring_segments, size=(size, v.rings), dtype=np.int64)
    top = rng.integers(0, v.top.size, size=size, dtype=np.int64)
    order = np.argsort(rng.random((size, len(v.cases) + 1)), axis=1).astype(np.int64)
    k = MAX_TOP_UPS if v.top_up is not None else 0
    top_ups = rng.integers(0, v.top_up.size if v.top_up is not None else 1, size=(size, k), dtype=np.int64)
    return Sample(rings, top, order, top_ups)


def added(v: DondVariant, s: Sample, k: int) -> FloatArray:
    """The bets ``k`` top-up spins add to each round's top case (the first k wheel draws)."""
    if k == 0 or v.top_up is None:
        return np.zeros(len(s.top))
    values = np.array([float(seg.value) for seg in v.top_up.segments])[np.asarray(v.top_up.positions)]
    return np.asarray(values[s.top_ups[:, :k]].sum(axis=1), dtype=np.float64)


def outcome(v: DondVariant, s: Sample, rule: VectorRule = never_deal,
            switch: bool = False, top_ups: int = 0) -> tuple[IntArray, FloatArray]:
    """Every round's level (the gold run ending at the last ring) and win in bets, the player
    topping up ``top_ups`` times once qualified."""
    gold = s.rings < v.ring_gold
    level = np.zeros(len(s.top), dtype=np.int64)
    for k in range(v.rings):
        level = np.where(gold[:, k], level + 1, 0)
    top_values = np.array([float(seg.value) for seg in v.top.segments])[np.asarray(v.top.positions)[s.top]]
    top_values = top_values + added(v, s, top_ups)
    fixed = np.array([float(x) for x in v.cases])
    values = np.concatenate([np.broadcast_to(fixed, (len(s.top), fixed.size)), top_values[:, None]], axis=1)
    seq = np.take_along_axis(values, s.order, axis=1)
    total = values.sum(axis=1)
    opened = np.cumsum(seq, axis=1)
    n_cases = values.shape[1]
    win = (seq[:, -1] if switch else seq[:, -2]).copy()  # the player's case, or the other one
    playing = np.ones(len(s.top), dtype=bool)
    done = 0
    for k, n_open in enumerate(v.stages):
        done += n_open
        left = n_cases - done
        offers = float(v.offer_factors[k]) * (total - opened[:, done - 1]) / left
        deal = playing & rule(k, offers)
        win[deal] = offers[deal]
        playing &= ~deal
    return level, win


def simulate(v: DondVariant, rounds: int, seed: int, progress: ProgressFn | None = None,
             rule: VectorRule = never_deal, switch: bool = False) -> list[SimBet]:
    """Each bet code's simulated RTP: ``qualified x win / cost`` per unit staked; with a Top Up
    wheel also the rows of ``exact.top_up_figures``: ``top_up`` (a spin's amount, won when the
    player's case is the top one) and ``spin_top_up_k`` (a spin topped up k times once qualified:
    the return over the exact mean stake ``1 + P k``, whose mean is expected return / expected
    stake)."""
    codes = list(v.costs)
    tops = [] if v.top_up is None else [0, *TOP_UP_ROWS]
    names = codes + (["top_up", *(f"spin_top_up_{k}" for k in TOP_UP_ROWS)] if tops else [])
    sums = {c: [0.0, 0.0] for c in names}
    top_slot = len(v.cases)
    p = float(v.p_qualify("spin"))

    def add(name: str, ret: FloatArray) -> None:
        sums[name][0] += float(ret.sum())
        sums[name][1] += float((ret * ret).sum())

    done, k = 0, 0
    while done < rounds:
        size = min(BATCH, rounds - done)
        smp = sample(v, batch_rng(seed, k), size)
        level, win = outcome(v, smp, rule, switch)
        for code in codes:
            add(code, np.where(level >= v.rings - BUYS[code], win, 0.0) / v.costs[code])
        if tops:
            own_is_top = smp.order[:, -1 if switch else -2] == top_slot
            add("top_up", np.where(own_is_top, added(v, smp, 1), 0.0))
            for n in TOP_UP_ROWS:
                _, win_n = outcome(v, smp, rule, switch, n)
                add(f"spin_top_up_{n}", np.where(level >= v.rings, win_n, 0.0) / (1 + p * n))
        done += size
        k += 1
        if progress is not None:
            progress(done, rounds)
    return [SimBet.of_sums(code, rounds, *sums[code]) for code in names]


def engine_draws(v: DondVariant, s: Sample, r: int, top_ups: int = 0) -> list[tuple[str, int]]:
    """Round ``r`` of a sample as the engine's draws: the rings, the top, ``top_ups`` spins of the
    Top Up wheel, each opened case as the position of its value among the unopened ones
    (``show.values_of``), then the reveal."""
    slots = case_slots(v)
    out = [(f"ring{k + 1}", int(s.rings[r, k])) for k in range(v.rings)]
    out.append(("top", int(s.top[r])))
    out += [("top_up", int(s.top_ups[r, j])) for j in range(top_ups)]
    left = [int((slots == i).sum()) for i in range(len(v.values) + 1)]
    for case in s.order[r, :-2]:
        slot = int(slots[case])
        out.append(("case", sum(left[:slot])))
        left[slot] -= 1
    own, other = int(slots[s.order[r, -2]]), int(slots[s.order[r, -1]])
    out.append(("reveal", 0 if own <= other else 1))
    return out
