"""Helpers for the backgammon tests: positions by hand, rigged dice, and an independent,
deliberately simple brute-force move generator (no memo, no shared code with the engine's
``board`` module) to count legal moves perft-style."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from typing import Any

from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.backgammon.engine import ENGINE, MatchSetup, MatchState
from croupier.games.pvp.backgammon.variant import BackgammonVariant, load_variant


def side(points: Mapping[int, int]) -> tuple[int, ...]:
    """A side from {point: count} (25 = bar, 0 = off)."""
    out = [0] * 26
    for p, n in points.items():
        out[p] = n
    return tuple(out)


def code(d1: int, d2: int) -> int:
    return (d1 - 1) * 6 + (d2 - 1)


def start(name: str = "short", stake: int = 1000, **kw: Any) -> MatchState:
    v = load_variant(name)
    opts: dict[str, Any] = {"cube": v.cube == "mandatory", "koks": v.koks == "mandatory"}
    opts.update(kw)
    return ENGINE.start(v, MatchSetup((1, 2), stake, **opts), "AMD")


def opening(s: MatchState, d1: int, d2: int) -> MatchState:
    return ENGINE.apply(s, DrawAction("opening", code(d1, d2)))


def roll(s: MatchState, d1: int, d2: int) -> MatchState:
    if s.phase == "turn":
        s = act(s, ENGINE.to_act(s), "roll")  # type: ignore[arg-type]
    return ENGINE.apply(s, DrawAction("dice", code(d1, d2)))


def act(s: MatchState, seat: int, name: str, **args: Any) -> MatchState:
    return ENGINE.apply(s, Decision(name, {"seat": seat, **args}))


def move(s: MatchState, seat: int, *steps: tuple[int, int]) -> MatchState:
    return act(s, seat, "move", steps=[list(st) for st in steps])


# -- an independent brute force for opposed-geometry variants (Short, Armenian, Nack, Hyper) -----


def brute_force(v: BackgammonVariant, me: tuple[int, ...], opp: tuple[int, ...], d1: int,
                d2: int) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every distinct final position of a roll: all orders of the dice, all checkers, no pruning;
    keep the sequences that use the most dice; the larger die when only one can be played.
    The board is absolute here: ``board[p]`` > 0 the mover's checkers on his point p, < 0 the
    opponent's (his point 25 - p)."""
    assert v.geometry == "opposed"
    board = [0] * 25
    for p in range(1, 25):
        board[p] = me[p]
        if opp[25 - p]:
            assert not me[p]
            board[p] = -opp[25 - p]
    state0 = (tuple(board), me[25], me[0], opp[25], opp[0], frozenset[int]())
    dice = [d1] * v.double_moves[d1 - 1] if d1 == d2 else [d1, d2]
    results: list[tuple[int, int, Any]] = []  # (dice used, first die, final)

    def steps_from(st: Any, d: int) -> list[Any]:
        b, bar, off, obar, ooff, frozen = st
        out = []
        if bar:
            t = 25 - d if v.entry == "far" else d
            if b[t] >= -1:
                nb = list(b)
                hit = nb[t] == -1
                nb[t] = 1 if hit else nb[t] + 1
                fr = frozen | {t} if (hit and v.stop_after_hit) else frozen  # entering: his home
                out.append((tuple(nb), bar - 1, off, obar + hit, ooff, fr))
            return out
        for p in range(24, 0, -1):
            if b[p] <= 0:
                continue
            if v.stop_after_hit and p in frozen and b[p] <= 1:
                continue
            t = p - d
            if t >= 1:
                if b[t] < -1:
                    continue
                nb = list(b)
                nb[p] -= 1
                hit = nb[t] == -1
                nb[t] = 1 if hit else nb[t] + 1
                fr = frozen | {t} if (hit and v.stop_after_hit and t >= 19) else frozen
                out.append((tuple(nb), bar, off, obar + hit, ooff, fr))
            else:
                if any(b[q] > 0 for q in range(7, 25)):
                    continue
                if t < 0 and any(b[q] > 0 for q in range(p + 1, 7)):
                    continue
                nb = list(b)
                nb[p] -= 1
                out.append((tuple(nb), bar, off + 1, obar, ooff, frozen))
        return out

    def go(st: Any, order: tuple[int, ...], used: int, first: int) -> None:
        if used == len(order):
            results.append((used, first, st))
            return
        nxt = steps_from(st, order[used])
        if not nxt:
            results.append((used, first, st))
            return
        for s2 in nxt:
            go(s2, order, used + 1, first or order[used])

    for order in set(permutations(dice)):
        go(state0, order, 0, 0)
    most = max(r[0] for r in results)
    if most == 0:
        return set()
    best = [r for r in results if r[0] == most]
    if most == 1 and d1 != d2 and any(r[1] == max(d1, d2) for r in best):
        best = [r for r in best if r[1] == max(d1, d2)]
    out = set()
    for _, _, (b, bar, off, obar, ooff, _f) in best:
        m = [0] * 26
        o = [0] * 26
        for p in range(1, 25):
            if b[p] > 0:
                m[p] = b[p]
            elif b[p] < 0:
                o[25 - p] = -b[p]
        m[25], m[0], o[25], o[0] = bar, off, obar, ooff
        out.add((tuple(m), tuple(o)))
    return out


# -- an independent brute force for Long Backgammon (Narde) --------------------------------------


def brute_force_long(v: BackgammonVariant, me: tuple[int, ...], opp: tuple[int, ...], d1: int,
                     d2: int, first_turn: bool) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Long Nardy by brute force on an absolute ring of 24 cells: cell ``a`` (0..23) is the
    mover's point ``a + 1``; the opponent's point ``q`` lies on cell ``(q - 1 + 12) % 24``. No
    landing on an opposing checker, one checker off the head (cell 23) a turn (two on a first
    6:6, 4:4, 3:3), no six-in-a-row of the mover's cells (counted along the opponent's way)
    unless an opposing checker has passed it, checked after every single move."""
    assert v.geometry == "long"
    mine = [me[a + 1] for a in range(24)]
    theirs = [0] * 24
    for q in range(1, 25):
        theirs[(q - 1 + 12) % 24] = opp[q]
    dice = [d1] * 4 if d1 == d2 else [d1, d2]
    limit = 2 if (first_turn and d1 == d2 and d1 in (3, 4, 6)) else 1
    results: list[tuple[int, int, tuple[int, ...], int]] = []

    def their_point(a: int) -> int:  # the opponent's own number for cell a
        return (a - 12) % 24 + 1

    def block_ok(m: list[int]) -> bool:
        qs = sorted(their_point(a) for a in range(24) if m[a])
        run = 1
        for k in range(1, len(qs) + 1):
            if k < len(qs) and qs[k] == qs[k - 1] + 1:
                run += 1
                continue
            if run >= 6:
                low = qs[k - run]
                if not any(theirs[a] and their_point(a) < low for a in range(24)):
                    return False
            run = 1
        return True

    def go(m: tuple[int, ...], off: int, heads: int, order: tuple[int, ...], used: int, first: int) -> None:
        if used == len(order):
            results.append((used, first, m, off))
            return
        d = order[used]
        moved = False
        home = not any(m[6:])
        for a in range(23, -1, -1):
            if not m[a] or (a == 23 and heads >= limit):
                continue
            t = a - d
            nm = list(m)
            nm[a] -= 1
            if t >= 0:
                if theirs[t]:
                    continue
                nm[t] += 1
                if not block_ok(nm):
                    continue
                moved = True
                go(tuple(nm), off, heads + (a == 23), order, used + 1, first or d)
            elif home and (t == -1 or not any(m[a + 1:6])):
                moved = True
                go(tuple(nm), off + 1, heads, order, used + 1, first or d)
        if not moved:
            results.append((used, first, m, off))

    for order in set(permutations(dice)):
        go(tuple(mine), me[0], 0, order, 0, 0)
    most = max(r[0] for r in results)
    if most == 0:
        return set()
    best = [r for r in results if r[0] == most]
    if most == 1 and d1 != d2 and any(r[1] == max(d1, d2) for r in best):
        best = [r for r in best if r[1] == max(d1, d2)]
    out = set()
    for _, _, m, off in best:
        side_ = [0] * 26
        for a in range(24):
            side_[a + 1] = m[a]
        side_[0] = off
        out.add((tuple(side_), opp))
    return out
