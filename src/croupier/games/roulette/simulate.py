"""Monte Carlo simulation of roulette, vectorised with numpy.

The returns come from the engine: :func:`return_table` settles one round holding a bet on every
position for every outcome (the same machinery as :mod:`.exact`), and the simulation only samples
outcomes and looks returns up. ``tests/test_roulette_simulation.py`` ties it to the engine on
identical draws (differential test).

Seeds: batch ``k`` draws from ``numpy.random.Generator(PCG64(SeedSequence(seed).spawn(...)[k]))``,
so the figures depend on the seed and the batch size only, never on the number of processes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from croupier.games.base import DrawAction
from croupier.games.registry import SimBet
from croupier.games.roulette.engine import ENGINE
from croupier.games.roulette.exact import _run, lightning_draws, plain_outcomes, position_bets
from croupier.games.roulette.layout import Position
from croupier.games.roulette.variant import RouletteVariant

BATCH = 1 << 20

FloatArray = npt.NDArray[np.float64]


@dataclass
class ReturnTable:
    """Returns per unit staked, from the engine: ``plain[position, outcome]``.

    ``outcome`` is the ball's pocket index (one ball) or ``a * n + b`` (two balls). For Lightning,
    ``lucky[position, pocket, i]`` is the return when the winning pocket is lucky with odds ``i``.
    For En Prison, ``carry[position, outcome]`` flags a carried bet and ``prison[position, o]`` is
    its return on the next spin ``o``.
    """

    positions: list[Position]
    plain: FloatArray
    lucky: FloatArray | None
    carry: npt.NDArray[np.bool_]
    prison: FloatArray


def return_table(variant: RouletteVariant) -> ReturnTable:
    positions, bets = position_bets(variant)
    start = ENGINE.start(variant, bets, "XXX")
    n = variant.wheel.size
    outcomes = plain_outcomes(variant)
    plain = np.zeros((len(positions), len(outcomes)))
    carry = np.zeros((len(positions), len(outcomes)), dtype=bool)
    prison = np.zeros((len(positions), n))
    lucky = None
    lt = variant.lightning
    for o, (_, draws) in enumerate(outcomes):
        if lt is not None:
            ball = variant.wheel.pockets[draws[0].value]
            not_lucky = [q for q in variant.wheel.pockets if q != ball][: lt.count_min]
            draws = lightning_draws(variant, not_lucky, 0, ball)
        for r in ENGINE.settle(_run(start, draws)).bets:
            if r.outcome == "carried":
                carry[r.bet_id, o] = True
            else:
                plain[r.bet_id, o] = r.returned / r.stake
    if carry.any():
        carried = [bets[i] for i in np.flatnonzero(carry.any(axis=1))]
        for req in carried:
            i = bets.index(req)
            s0 = ENGINE.start(variant, [], "XXX", carried=[req])
            for v in range(n):
                r = ENGINE.settle(_run(s0, (DrawAction("ball", v),))).bets[0]
                prison[i, v] = r.returned / r.stake
    if lt is not None:
        lucky = np.zeros((len(positions), n, len(lt.odds)))
        for v, ball in enumerate(variant.wheel.pockets):
            rest = [q for q in variant.wheel.pockets if q != ball][: lt.count_min - 1]
            for i in range(len(lt.odds)):
                state = _run(start, lightning_draws(variant, [ball, *rest], i, ball))
                for r in ENGINE.settle(state).bets:
                    lucky[r.bet_id, v, i] = r.returned / r.stake
    return ReturnTable(positions, plain, lucky, carry, prison)


def batch_rng(seed: int, batch: int) -> np.random.Generator:
    ss = np.random.SeedSequence(seed)
    child = np.random.SeedSequence(ss.entropy, spawn_key=(batch,))
    return np.random.Generator(np.random.PCG64(child))


def sample_outcomes(variant: RouletteVariant, rng: np.random.Generator, size: int) -> npt.NDArray[np.int64]:
    n = variant.wheel.size
    if variant.balls == 1:
        return rng.integers(0, n, size=size)
    a = rng.integers(0, n, size=size)
    b = rng.integers(0, n, size=size)
    return a * n + b


def sample_lucky_index(
    variant: RouletteVariant, rng: np.random.Generator, pockets: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """Per round: -1 if the winning pocket is not lucky, else the index of its lucky odds.

    Draws the whole lucky set as the engine does: a count, then a uniform subset of that size
    (the first ``count`` of a random permutation), then independent weighted odds per number.
    """
    lt = variant.lightning
    if lt is None:
        raise ValueError("not a Lightning variant")
    size, n = len(pockets), variant.wheel.size
    count = rng.integers(lt.count_min, lt.count_max + 1, size=size)
    ranks = np.argsort(rng.random((size, n)), axis=1)  # random permutation per round
    position_of = np.empty_like(ranks)
    np.put_along_axis(position_of, ranks, np.arange(n)[None, :].repeat(size, 0), axis=1)
    rank_of_ball = position_of[np.arange(size), pockets]
    is_lucky = rank_of_ball < count
    w = np.asarray(lt.weights, dtype=np.float64)
    odds = rng.choice(len(w), size=size, p=w / w.sum())
    return np.where(is_lucky, odds, -1)


def simulate(
    variant: RouletteVariant,
    rounds: int,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
    table: ReturnTable | None = None,
) -> list[SimBet]:
    """Per bet code: each round stakes one unit on a position of that code chosen at random."""
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    t = table or return_table(variant)
    codes = list(dict.fromkeys(p.code for p in t.positions))
    index = {c: np.array([i for i, p in enumerate(t.positions) if p.code == c]) for c in codes}
    sums = dict.fromkeys(codes, 0.0)
    squares = dict.fromkeys(codes, 0.0)
    done = 0
    k = 0
    while done < rounds:
        size = min(BATCH if t.lucky is None else BATCH >> 4, rounds - done)
        rng = batch_rng(seed, k)
        outcomes = sample_outcomes(variant, rng, size + 1)
        nxt = outcomes[1:]
        outcomes = outcomes[:-1]
        lucky = sample_lucky_index(variant, rng, outcomes) if t.lucky is not None else None
        for c in codes:
            sel = index[c][rng.integers(0, len(index[c]), size=size)]
            ret = t.plain[sel, outcomes]
            if t.carry.any():
                carried = t.carry[sel, outcomes]
                ret = np.where(carried, t.prison[sel, nxt % t.prison.shape[1]], ret)
            if lucky is not None and t.lucky is not None:
                hit = lucky >= 0
                ret = np.where(hit, t.lucky[sel, outcomes, np.maximum(lucky, 0)], ret)
            sums[c] += float(ret.sum())
            squares[c] += float((ret * ret).sum())
        done += size
        k += 1
        if progress is not None:
            progress(done, rounds)
    out = []
    for c in codes:
        out.append(SimBet.of_sums(c, rounds, sums[c], squares[c]))
    return out


def spin_counts(variant: RouletteVariant, rounds: int, seed: int) -> npt.NDArray[np.int64]:
    """How many times each outcome came up in ``rounds`` spins (the bench's all-positions path)."""
    n_out = variant.wheel.size ** variant.balls
    counts = np.zeros(n_out, dtype=np.int64)
    done, k = 0, 0
    while done < rounds:
        size = min(BATCH * 8, rounds - done)
        rng = batch_rng(seed, k)
        if variant.balls == 1:
            counts += np.bincount(rng.integers(0, n_out, size=size, dtype=np.uint8), minlength=n_out)
        else:
            counts += np.bincount(sample_outcomes(variant, rng, size), minlength=n_out)
        done += size
        k += 1
    return counts


def all_positions_rtp(table: ReturnTable, counts: npt.NDArray[np.int64]) -> FloatArray:
    """Per position: the mean return over spins with these outcome counts (one chip each spin)."""
    rounds = int(counts.sum())
    out: FloatArray = (table.plain @ counts) / rounds
    return out
