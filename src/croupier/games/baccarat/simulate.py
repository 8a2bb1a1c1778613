"""Monte Carlo simulation of baccarat, vectorised with numpy.

Only the *dealing* is vectorised: :func:`deal_classes` applies the third-card rule to many coups at
once and returns each coup's settlement class (:func:`.exact.class_index`). What a class returns to
each bet comes from the engine (:func:`.exact.class_table` settles one coup of every class through
it), so the simulation holds no paytable. ``tests/test_baccarat_simulation.py`` ties
:func:`deal_classes` to the engine on identical draws (differential test).

Sampling: a coup is six distinct positions of the shoe (:class:`Layout`), drawn uniformly; a row with a
repeated position is discarded, so every ordered 6-tuple of distinct cards is equally likely: the
law of dealing the first six cards of a freshly shuffled shoe (the engine's law with a fresh shoe).
Seeds: batch ``k`` uses ``Generator(PCG64(SeedSequence(seed, spawn_key=(k,))))``, so figures
depend on the seed and the batch size only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from croupier.games.baccarat.exact import CLASSES, class_index, class_table
from croupier.games.baccarat.rules import banker_draws, player_draws
from croupier.games.baccarat.variant import BaccaratVariant
from croupier.games.registry import SimBet

BATCH = 1 << 15  # small enough for the working arrays to stay in the CPU cache

IntArray = npt.NDArray[np.int64]
U16 = npt.NDArray[np.uint16]


@dataclass(frozen=True)
class Layout:
    """The sorted shoe as the vectorised dealer numbers it, and the arithmetic that reads it.

    Positions are grouped in 13 *rank blocks* of ``4 * decks`` positions, ordered Ace, 2..9, 10, J,
    Q, K, so that block ``b`` scores ``b + 1`` points for ``b < 9`` and 0 after; inside a block,
    ``decks`` consecutive positions per suit. ``block = pos * m1 >> s1`` and
    ``card = pos * m2 >> s2`` are exact divisions by ``4 * decks`` and ``decks`` (checked).
    """

    decks: int
    codes: npt.NDArray[np.uint8]  # position -> card code
    m1: int
    s1: int
    m2: int
    s2: int

    @property
    def size(self) -> int:
        return len(self.codes)


BLOCK_RANKS = (14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


def _divider(div: int, limit: int) -> tuple[int, int]:
    for s in range(4, 32):
        m = -(-(1 << s) // div)
        if all((x * m) >> s == x // div for x in range(limit)):
            return m, s
    raise ValueError(f"no multiply-shift division by {div}")  # pragma: no cover


@cache
def layout(decks: int) -> Layout:
    codes = np.array(
        [r * 4 + s for r in BLOCK_RANKS for s in range(4) for _ in range(decks)], dtype=np.uint8
    )
    m1, s1 = _divider(4 * decks, len(codes))
    m2, s2 = _divider(decks, len(codes))
    return Layout(decks, codes, m1, s1, m2, s2)


@cache
def draw_table() -> npt.NDArray[np.int16]:
    """T[((a * 19 + b) * 10 + x) * 10 + y]: the class of a coup, pairs aside, where ``a`` and ``b``
    are the Player's and the Banker's two-card point sums (0-18) and ``x``, ``y`` the points of the
    fifth and sixth cards. Built from :func:`.rules.player_draws` and :func:`.rules.banker_draws`."""
    t = np.zeros(19 * 19 * 100, dtype=np.int16)
    for a in range(19):
        for b in range(19):
            pt2, bt2 = a % 10, b % 10
            natural = pt2 >= 8 or bt2 >= 8
            pd = not natural and player_draws(pt2)
            for x in range(10):
                bd = not natural and banker_draws(bt2, x if pd else None)
                pt = (pt2 + x) % 10 if pd else pt2
                for y in range(10):
                    bt = (bt2 + (y if pd else x)) % 10 if bd else bt2
                    t[((a * 19 + b) * 10 + x) * 10 + y] = class_index(
                        (pt, bt, 3 if pd else 2, 3 if bd else 2, 0, 0)
                    )
    return t


def deal_classes(lay: Layout, pos: U16) -> npt.NDArray[np.int16]:
    """The settlement class of each coup; ``pos[k, i]`` is the layout position of coup i's k-th card."""
    p32 = pos.astype(np.uint32)
    blk = ((p32 * lay.m1) >> lay.s1).astype(np.uint16)
    pt = (blk + 1) * (blk < 9)
    k = pt[0] + pt[2]
    k *= 19
    k += pt[1]
    k += pt[3]
    k *= 10
    k += pt[4]
    k *= 10
    k += pt[5]
    idx: npt.NDArray[np.int16] = draw_table().take(k)
    card = (p32[:4] * lay.m2) >> lay.s2
    idx += 3 * ((blk[0] == blk[2]).view(np.uint8) + (card[0] == card[2]).view(np.uint8))
    idx += (blk[1] == blk[3]).view(np.uint8) + (card[1] == card[3]).view(np.uint8)
    return idx


def batch_rng(seed: int, batch: int) -> np.random.Generator:
    ss = np.random.SeedSequence(seed)
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(ss.entropy, spawn_key=(batch,))))


def repeats(pos: U16) -> npt.NDArray[np.bool_]:
    """Coups whose six positions are not all distinct (they are discarded)."""
    dup: npt.NDArray[np.bool_] = np.equal(pos[0], pos[1])
    for i in range(6):
        for j in range(i + 1, 6):
            if i or j > 1:
                dup |= pos[i] == pos[j]
    return dup


def batch_counts(lay: Layout, rng: np.random.Generator, size: int) -> IntArray:
    """Deal ``size`` candidate coups; class counts of those with six distinct cards
    (index :data:`CLASSES` counts the discarded ones)."""
    pos = rng.integers(0, lay.size, size=(6, size), dtype=np.uint16)
    idx = deal_classes(lay, pos)
    idx[repeats(pos)] = CLASSES
    return np.bincount(idx, minlength=CLASSES + 1)


def class_counts(
    variant: BaccaratVariant, rounds: int, seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> IntArray:
    """How many of ``rounds`` simulated coups fell in each settlement class."""
    if rounds < 1:
        raise ValueError("simulate needs at least one round")
    lay = layout(variant.decks)
    counts = np.zeros(CLASSES + 1, dtype=np.int64)
    k = 0
    done = 0
    while done < rounds:
        rng = batch_rng(seed, k)
        for _ in range(32):
            counts += batch_counts(lay, rng, BATCH)
            done = int(counts[:CLASSES].sum())
            if done >= rounds:
                break
        k += 1
        if progress is not None:
            progress(min(done, rounds), rounds)
    return counts[:CLASSES]


def return_matrix(variant: BaccaratVariant) -> npt.NDArray[np.float64]:
    """returns[bet, class index] per unit staked, from the engine's settlement of each class."""
    table = class_table(variant)
    out = np.full((len(table.bets), CLASSES), np.nan)
    for j, key in enumerate(table.keys):
        for i in range(len(table.bets)):
            out[i, class_index(key)] = float(table.returns[i][j])
    return out


def simulate(
    variant: BaccaratVariant, rounds: int, seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[SimBet]:
    """Every bet of the variant staked one unit on every simulated coup; 99% intervals."""
    counts = class_counts(variant, rounds, seed, progress)
    ret = return_matrix(variant)
    seen = counts > 0
    if np.isnan(ret[:, seen]).any():  # pragma: no cover - the walk reaches every possible class
        raise RuntimeError("a simulated coup fell in a class the exact walk never reached")
    r = ret[:, seen]
    n = int(counts.sum())
    c = counts[seen].astype(np.float64)
    out = []
    for i, code in enumerate(class_table(variant).bets):
        out.append(SimBet.of_sums(code, n, float(r[i] @ c), float((r[i] * r[i]) @ c)))
    return out
