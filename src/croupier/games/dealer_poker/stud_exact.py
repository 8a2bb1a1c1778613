"""Exact settlement classes of five-card stud against the dealer under the documented strategy.

Every (player five, dealer five) deal of one deck (52 cards, or 53 with the joker) is counted
into the classes of :func:`~croupier.games.dealer_poker.stud._stud_keys`: a fold, or the player's
class with the showdown (dealer does not qualify / player higher / identical / dealer higher).
That is 2,598,960 x 1,533,939 deals (3.99e12; with the joker 2,869,685 x 1,712,304), so they are
not visited one by one: for each player hand ``P`` the dealer hands *disjoint from P* below a
value are counted by inclusion-exclusion over the subsets ``S`` of ``P``,

    #{D : D & P = {}, value(D) < t} = sum over S of (-1)^|S| #{D : S <= D, value(D) < t},

with the right-hand counts read from tables built in one pass over all five-card hands: per
value for the empty set, each card and each pair (cumulative counts), and the sorted values of
the hands through each triple and each quadruple (a binary search). Values are the evaluator's
(``2 * value + natural`` with the joker, as the engine compares them), ranked densely.

The caller plays one representative deal of every class through the engine (the class's return
is read off its settlement); the differential test of :mod:`.stud` checks that every deal of a
class settles alike.
"""

from __future__ import annotations

from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker import _eval, _eval_joker
from croupier.cards.poker_tables import HIGH, STRAIGHT, TOP5

Array = npt.NDArray[Any]


@jit
def _binomials(n: int) -> Any:  # pragma: no cover - compiled
    b = np.zeros((n + 1, 6), dtype=np.int64)
    for i in range(n + 1):
        b[i, 0] = 1
        for k in range(1, 6):
            if i > 0:
                b[i, k] = b[i - 1, k - 1] + b[i - 1, k]
    return b


@jit
def _values(deck: int, jokers: bool, top5: Any, high: Any, straight: Any) -> Any:  # pragma: no cover
    """The comparable value of every five-card hand, at its colex index."""
    b = _binomials(deck)
    out = np.empty(b[deck, 5], dtype=np.int64)
    buf = np.empty(5, dtype=np.int64)
    for c4 in range(4, deck):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        buf[0] = c0 + 8
                        buf[1] = c1 + 8
                        buf[2] = c2 + 8
                        buf[3] = c3 + 8
                        buf[4] = c4 + 8
                        if jokers:
                            w = _eval_joker(buf, 5, top5, high, straight)
                        else:
                            w = 2 * _eval(buf, 5, top5, high, straight) + 1
                        out[b[c0, 1] + b[c1, 2] + b[c2, 3] + b[c3, 4] + b[c4, 5]] = w
    return out


@jit
def _subset_tables(deck: int, rank: Any, ranks: int) -> Any:  # pragma: no cover - compiled
    """Per value counts through each card and pair; the values through each triple and quadruple."""
    b = _binomials(deck)
    # column r + 1 counts value rank r: an in-place cumulative sum then gives, at column t,
    # the hands below rank t
    one = np.zeros((deck, ranks + 1), dtype=np.int64)
    two = np.zeros((b[deck, 2], ranks + 1), dtype=np.int32)
    tri = np.empty((b[deck, 3], b[deck - 3, 2]), dtype=np.uint16)
    quad = np.empty((b[deck, 4], deck - 4), dtype=np.uint16)
    tri_n = np.zeros(b[deck, 3], dtype=np.int64)
    quad_n = np.zeros(b[deck, 4], dtype=np.int64)
    c = np.empty(5, dtype=np.int64)
    for c4 in range(4, deck):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        c[0] = c0
                        c[1] = c1
                        c[2] = c2
                        c[3] = c3
                        c[4] = c4
                        r = rank[b[c0, 1] + b[c1, 2] + b[c2, 3] + b[c3, 4] + b[c4, 5]]
                        for i in range(5):
                            one[c[i], r + 1] += 1
                            for j in range(i + 1, 5):
                                two[b[c[i], 1] + b[c[j], 2], r + 1] += 1
                                for k in range(j + 1, 5):
                                    t = b[c[i], 1] + b[c[j], 2] + b[c[k], 3]
                                    tri[t, tri_n[t]] = r
                                    tri_n[t] += 1
                        for skip in range(5):  # the quadruple without c[skip]
                            q = 0
                            m = 1
                            for i in range(5):
                                if i != skip:
                                    q += b[c[i], m]
                                    m += 1
                            quad[q, quad_n[q]] = r
                            quad_n[q] += 1
    return one, two, tri, quad


@jit
def _below(row: Any, t: int) -> int:  # pragma: no cover - compiled
    """How many entries of a sorted row are below ``t``."""
    lo = 0
    hi = row.shape[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if row[mid] < t:
            lo = mid + 1
        else:
            hi = mid
    return lo


@jit
def _classes(deck: int, rank: Any, values: Any, cum0: Any, one: Any, two: Any, tri: Any,
             quad: Any, qualifier: int, qrank: int) -> Any:  # pragma: no cover - compiled
    """Deal counts per class key (0 fold, ``1 + class * 4 + showdown``) and a player hand
    (colex index) of each."""
    b = _binomials(deck)
    dealer_total = b[deck - 5, 5]
    counts = np.zeros(45, dtype=np.int64)
    rep = np.full(45, -1, dtype=np.int64)
    c = np.empty(5, dtype=np.int64)
    ts = np.empty(3, dtype=np.int64)
    f = np.empty(3, dtype=np.int64)
    for c4 in range(4, deck):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        h = b[c0, 1] + b[c1, 2] + b[c2, 3] + b[c3, 4] + b[c4, 5]
                        v = values[h] >> 1
                        if v < qualifier:
                            counts[0] += dealer_total
                            if rep[0] < 0:
                                rep[0] = h
                            continue
                        cls = v >> 20
                        if cls == 8 and (v >> 16) & 15 == 14:
                            cls = 10
                        c[0] = c0
                        c[1] = c1
                        c[2] = c2
                        c[3] = c3
                        c[4] = c4
                        rp = rank[h]
                        ts[0] = qrank
                        ts[1] = rp
                        ts[2] = rp + 1
                        for x in range(3):
                            t = ts[x]
                            s = cum0[t]
                            for i in range(5):
                                s -= one[c[i], t]
                                for j in range(i + 1, 5):
                                    s += two[b[c[i], 1] + b[c[j], 2], t]
                                    for k in range(j + 1, 5):
                                        s -= _below(tri[b[c[i], 1] + b[c[j], 2] + b[c[k], 3]], t)
                            for skip in range(5):
                                q = 0
                                m = 1
                                for i in range(5):
                                    if i != skip:
                                        q += b[c[i], m]
                                        m += 1
                                s += _below(quad[q], t)
                            if rp < t:
                                s -= 1
                            f[x] = s
                        shows = (f[0], f[1] - f[0], f[2] - f[1], dealer_total - f[2])
                        for show in range(4):
                            n = shows[show]
                            if n > 0:
                                key = 1 + cls * 4 + show
                                counts[key] += n
                                if rep[key] < 0:
                                    rep[key] = h
    return counts, rep


@jit
def _dealer_for(deck: int, player: Any, rank: Any, values: Any, qualifier: int,
                show: int) -> Any:  # pragma: no cover - compiled
    """The first dealer hand (positions) disjoint from ``player`` with the given showdown."""
    b = _binomials(deck)
    used = np.zeros(deck, dtype=np.bool_)
    for p in player:
        used[p] = True
    hp = b[player[0], 1] + b[player[1], 2] + b[player[2], 3] + b[player[3], 4] + b[player[4], 5]
    pw = values[hp]
    out = np.full(5, -1, dtype=np.int64)
    for c4 in range(4, deck):
        if used[c4]:
            continue
        for c3 in range(3, c4):
            if used[c3]:
                continue
            for c2 in range(2, c3):
                if used[c2]:
                    continue
                for c1 in range(1, c2):
                    if used[c1]:
                        continue
                    for c0 in range(c1):
                        if used[c0]:
                            continue
                        dw = values[b[c0, 1] + b[c1, 2] + b[c2, 3] + b[c3, 4] + b[c4, 5]]
                        if (dw >> 1) < qualifier:
                            s = 0
                        elif pw > dw:
                            s = 1
                        elif pw == dw:
                            s = 2
                        else:
                            s = 3
                        if s == show:
                            out[0] = c0
                            out[1] = c1
                            out[2] = c2
                            out[3] = c3
                            out[4] = c4
                            return out
    return out


def hand_at(index: int) -> list[int]:
    """Card positions of the five-card hand at a colex index."""
    out = []
    for k in range(5, 0, -1):
        c = k - 1
        while comb(c + 1, k) <= index:
            c += 1
        out.append(c)
        index -= comb(c, k)
    return sorted(out)


def stud_counts(deck: int, jokers: bool, qualifier: int) -> tuple[Array, Array, Array, Array]:
    """Deal counts per class key, a player hand (colex index) of each, and every hand's value
    and dense rank. ``deck`` < 52 takes the lowest card codes (the tests' brute-force check)."""
    values = _values(deck, jokers, TOP5, HIGH, STRAIGHT)
    uniq = np.unique(values)
    if uniq.size >= 1 << 16:  # pragma: no cover - the tables hold values as uint16
        raise RuntimeError("too many distinct hand values")
    rank = np.searchsorted(uniq, values).astype(np.int64)
    one, two, tri, quad = _subset_tables(deck, rank, uniq.size)
    tri.sort(axis=1)
    quad.sort(axis=1)
    cum0 = np.concatenate([[0], np.cumsum(np.bincount(rank, minlength=uniq.size))])
    np.cumsum(one, axis=1, out=one)  # entry t: the hands below rank t
    np.cumsum(two, axis=1, out=two)
    qrank = int(np.searchsorted(uniq >> 1, qualifier))
    counts, rep = _classes(deck, rank, values, cum0, one, two, tri, quad, qualifier, qrank)
    return counts, rep, values, rank


@cache
def stud_classes(jokers: bool, qualifier: int) -> dict[int, tuple[int, list[int]]]:
    """``{key: (deals, representative deal)}`` over every deal; the deal in engine order (player
    five, the dealer's up card, the dealer's other four) as card codes."""
    deck = 53 if jokers else 52
    counts, rep, values, rank = stud_counts(deck, jokers, qualifier)
    out: dict[int, tuple[int, list[int]]] = {}
    for key in np.flatnonzero(counts).tolist():
        player = np.asarray(hand_at(int(rep[key])), dtype=np.int64)
        show = 0 if key == 0 else (key - 1) % 4
        dealer = _dealer_for(deck, player, rank, values, qualifier, show)
        if dealer[0] < 0:  # pragma: no cover - a class with deals has a representative
            raise RuntimeError(f"no representative deal for class {key}")
        out[key] = (int(counts[key]), [int(x) + 8 for x in (*player, *dealer)])
    return out
