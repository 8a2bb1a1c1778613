"""Monte Carlo simulation of craps: a compiled (numba) walk over a stream of rolls, its rules
taken from the engine.

The player keeps one of each tracked bet working: pass and don't pass on every come-out roll,
come and don't come in every point phase, single odds and lay on the pass and don't pass points,
and the lowest-RTP selection of every other bet (place to win and to lose on 4, hard 4, every
one-roll bet) whenever it has none. Each decision of a bet adds its return per unit staked.

The rules are not written twice: :func:`tables` settles, through the engine, every form of every
tracked bet at every state of the puck for all 36 rolls, giving ``nxt[k, point, form, roll]``
(the bet's next form, or -1 when the roll settles it) and ``ret[...]`` (its return then). The
kernel only follows ``nxt`` and counts the cells it visits; the returns are summed from the
counts. ``tests/test_craps_simulation.py`` ties the kernel to the engine on identical rolls
(differential test).

Rolls: random bytes below 252, modulo 36 (:func:`rolls_of`, unbiased); batch ``k``'s bytes come
from ``Generator(PCG64(SeedSequence(seed) child k))``, so the figures depend on the seed and the
batch size only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.errors import InvalidBet
from croupier.games.base import BetRequest
from croupier.games.dice.craps.engine import ENGINE
from croupier.games.dice.craps.exact import ROLLS, roll
from croupier.games.dice.craps.rules import point_after
from croupier.games.dice.craps.variant import ONE_ROLL, POINTS, CrapsVariant
from croupier.games.registry import SimBet

BATCH = 1 << 22
#: the puck's states, in the kernel's order (index 0: OFF)
PUCK: tuple[int | None, ...] = (None, *POINTS)
#: the tracked bets: code and chosen number (the lowest-RTP selection of a numbered bet)
TRACKED: tuple[tuple[str, int | None], ...] = (
    ("pass", None), ("dont_pass", None), ("come", None), ("dont_come", None),
    ("odds", None), ("lay", None), ("place_win", 4), ("place_lose", 4), ("hardway", 4),
    *((c, None) for c in ONE_ROLL),
)
LINE_ONLY: tuple[int, ...] = (0, 1, 4, 5)  # pass, don't pass and their odds
#: the forms a tracked bet takes: its number (None for a line bet before its point)
FORMS: tuple[int | None, ...] = (None, *POINTS)
NONE = len(FORMS)  # the form index of "no bet"

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Tables:
    """``nxt[k, p, f, r]``: the next form index of tracked bet ``k`` in form ``f`` at puck ``p``
    after roll ``r`` (``-1``: settled, ``-2``: the form cannot be at that puck); ``ret``: the
    return per unit staked when settled; ``place[k, p]``: the form a new bet takes at puck
    ``p`` (``NONE``: closed); ``puck[p, r]``: the puck after the roll."""

    nxt: npt.NDArray[np.int8]
    ret: FloatArray
    place: npt.NDArray[np.int8]
    puck: npt.NDArray[np.int8]


def _bets(v: CrapsVariant, code: str, number: int | None, point: int | None
          ) -> tuple[list[BetRequest], list[BetRequest]]:
    """(own, carried) holding tracked bet ``code`` in form ``number`` at the puck ``point``."""
    u = v.unit()
    if code in ("odds", "lay"):
        if number is None:
            raise InvalidBet("odds need a number")
        line = {"odds": ("pass", "come"), "lay": ("dont_pass", "dont_come")}[code]
        base = BetRequest(line[0] if point == number else line[1], u, (number,))
        return [], [base, BetRequest(code, u, (number,))]
    if number is None:
        return [BetRequest(code, u)], []
    return [], [BetRequest(code, u, (number,))]


def tables(v: CrapsVariant) -> Tables:
    k_n, p_n, f_n = len(TRACKED), len(PUCK), len(FORMS) + 1
    nxt = np.full((k_n, p_n, f_n, 36), -2, dtype=np.int8)
    nxt[:, :, NONE, :] = -1  # no bet: nothing happens, and the next roll may place one
    ret = np.zeros((k_n, p_n, f_n, 36))
    place = np.full((k_n, p_n), NONE, dtype=np.int8)
    puck = np.zeros((p_n, 36), dtype=np.int8)
    for p, point in enumerate(PUCK):
        for r, (d1, d2) in enumerate(ROLLS):
            puck[p, r] = PUCK.index(point_after(point, d1 + d2))
    for k, (code, chosen) in enumerate(TRACKED):
        for p, point in enumerate(PUCK):
            for f, number in enumerate(FORMS):
                if chosen is not None and number != chosen:
                    continue
                try:
                    own, carried = _bets(v, code, number, point)
                    state0 = ENGINE.start(v.at_point(point), own, "XXX", carried)
                except InvalidBet:
                    continue
                for r, (d1, d2) in enumerate(ROLLS):
                    s = ENGINE.settle(roll(state0, d1, d2))
                    mine = next(b for b in s.bets if b.code == code)
                    if mine.outcome == "carried":
                        form = next(c for c in s.carried if c.code == code)
                        nxt[k, p, f, r] = FORMS.index(form.target[0] if form.target else None)
                    else:
                        nxt[k, p, f, r] = -1
                        ret[k, p, f, r] = mine.returned / mine.stake
            place[k, p] = _placement(code, chosen, point)
    return Tables(nxt, ret, place, puck)


def _placement(code: str, chosen: int | None, point: int | None) -> int:
    """The player's policy: the form a new bet of ``code`` takes at the puck (NONE: none)."""
    if code in ("pass", "dont_pass"):
        return 0 if point is None else NONE
    if code in ("come", "dont_come"):
        return NONE if point is None else 0
    if code in ("odds", "lay"):  # on the pass / don't pass point
        return NONE if point is None else FORMS.index(point)
    return 0 if chosen is None else FORMS.index(chosen)


#: a random byte below this is a roll (its value modulo 36); others are skipped (no bias)
ACCEPT = 252


def rolls_of(raw: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The rolls (0-35: ``6 * (die1 - 1) + die2 - 1``) a stream of random bytes gives."""
    kept: npt.NDArray[np.uint8] = raw[raw < ACCEPT] % 36
    return kept


@jit
def _kernel(raw: npt.NDArray[np.uint8], limit: int, stateful: IntArray, nxt: npt.NDArray[np.int8],
            place: npt.NDArray[np.int8], puck: npt.NDArray[np.int8], state: IntArray,
            visits: IntArray, hist: IntArray) -> int:
    """Walk the rolls of the random bytes ``raw`` (see :func:`rolls_of`), at most ``limit``;
    returns how many were walked. ``state[0]`` is the puck, ``state[1 + k]`` tracked bet k's
    form (-1: none yet). Branch-free per bet (random rolls defeat branch prediction): each step
    only counts its cell of the tables in ``visits``; the returns are summed from the counts
    afterwards (:meth:`Walker.result`). One-roll bets need no walk: ``hist`` counts each roll
    at each puck."""
    p = np.int64(state[0])
    n_p = 7  # len(PUCK)
    n_f = 8  # len(FORMS) + the "no bet" form
    done = 0
    for b in raw:
        if b >= 252:
            continue
        if done == limit:
            break
        r = np.int64(b % 36)
        hist[p * 36 + r] += 1
        for k in stateful:
            f = state[1 + k]
            g = np.int64(place[k * n_p + p])
            f = g if f < 0 else f
            i = ((k * n_p + p) * n_f + f) * 36 + r
            visits[i] += 1
            state[1 + k] = nxt[i]
        p = np.int64(puck[p * 36 + r])
        done += 1
    state[0] = p
    return done


def batch_rng(seed: int, batch: int) -> np.random.Generator:
    ss = np.random.SeedSequence(seed)
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(ss.entropy, spawn_key=(batch,))))


@dataclass
class Walk:
    """Sums of a simulation: per tracked bet, decisions, total and squared return per unit."""

    sums: FloatArray
    squares: FloatArray
    counts: IntArray
    rolls: int


class Walker:
    """The kernel's running state over successive streams of random bytes."""

    def __init__(self, t: Tables, which: tuple[int, ...] | None = None) -> None:
        self.t = t
        chosen = range(len(TRACKED)) if which is None else which
        self.stateful = np.asarray([k for k in chosen if TRACKED[k][0] not in ONE_ROLL], dtype=np.int64)
        self.one_roll = [k for k in chosen if TRACKED[k][0] in ONE_ROLL]
        self.state = np.full(1 + len(TRACKED), -1, dtype=np.int64)
        self.state[0] = 0
        self.visits = np.zeros(t.nxt.size, dtype=np.int64)
        self.hist = np.zeros(len(PUCK) * 36, dtype=np.int64)
        self.flat = (t.nxt.ravel(), t.place.ravel(), t.puck.ravel())

    def feed(self, raw: npt.NDArray[np.uint8], limit: int) -> int:
        nxt, place, puck = self.flat
        return int(_kernel(raw, limit, self.stateful, nxt, place, puck, self.state, self.visits,
                           self.hist))

    def result(self, rolls: int) -> Walk:
        """Per tracked bet: its decisions, and the sum and sum of squares of their returns."""
        t = self.t
        visits = self.visits.reshape(t.nxt.shape)
        settled = t.nxt == -1
        settled[:, :, NONE, :] = False  # "no bet" is no decision
        decided = visits * settled
        sums = (decided * t.ret).sum(axis=(1, 2, 3))
        squares = (decided * t.ret * t.ret).sum(axis=(1, 2, 3))
        counts = decided.sum(axis=(1, 2, 3)).astype(np.int64)
        hist = self.hist.reshape(len(PUCK), 36)
        for k in self.one_roll:
            x = t.ret[k, :, 0, :]
            sums[k] = float((hist * x).sum())
            squares[k] = float((hist * x * x).sum())
            counts[k] = int(hist.sum())
        return Walk(sums, squares, counts, rolls)


def run(v: CrapsVariant, rolls: int, seed: int, which: tuple[int, ...] | None = None,
        progress: Callable[[int, int], None] | None = None, t: Tables | None = None) -> Walk:
    """Walk ``rolls`` rolls from a come-out roll (``which``: the tracked bets, default all)."""
    w = Walker(t or tables(v), which)
    done = k = 0
    while done < rolls:
        size = min(BATCH, rolls - done)
        raw = np.frombuffer(batch_rng(seed, k).bytes(size + size // 32 + 64), dtype=np.uint8)
        done += w.feed(raw, rolls - done)
        k += 1
        if progress is not None:
            progress(done, rolls)
    return w.result(rolls)


def simulate(v: CrapsVariant, rounds: int, seed: int,
             progress: Callable[[int, int], None] | None = None) -> list[SimBet]:
    """``rounds`` rolls; per bet code, the RTP over its decisions with the 99% interval."""
    if rounds < 1:
        raise ValueError("simulate needs at least one roll")
    w = run(v, rounds, seed, progress=progress)
    out = []
    for k, (code, _n) in enumerate(TRACKED):
        n = int(w.counts[k])
        if n:
            out.append(SimBet.of_sums(code, n, float(w.sums[k]), float(w.squares[k])))
    return out
