"""The backgammon move generator, compiled (numba): the one place of the single-move rule and of
the whole-turn legal moves with the forced-move rules (000 §12.12.1 Moves 1–4, Hitting, Bearing
off; Long Nardy's head, six-block and no-landing rules; Armenian's stop after a hit).

A turn node is one ``int8`` row of :data:`WIDTH` cells: the mover's 26 counts (his own numbering:
0 off, 1–24, 25 bar), the opponent's 26 (his own numbering), Armenian's frozen checkers on
points 19–24, the checkers that left the head this turn (Long), and the dice left (a count per
value 1–6). A variant is the integer vector of :func:`variant_params`.

:func:`generate` walks every sequence of single moves depth first (dice from the highest, points
from the bar then 1 to 24, each node once: an open-addressing hash set of the rows, reset by a
stamp, never cleared), records each distinct final position with the first (longest) sequence
reaching it, then keeps the positions that use the most dice and, when only one of two different
dice can be played, those that play the larger if any does (000 §12.12.1 Moves 4). The order of
the positions is the order in which the walk first reaches them. :mod:`.board` wraps it for the
engine; :mod:`.playout` plays random games with it.
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.games.pvp.backgammon.variant import BackgammonVariant

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]

# variant vector
P_LONG, P_HITTING, P_BLOCK_AT, P_ENTRY_FAR, P_HEAD_RULE, P_SIX_BLOCK, P_STOP_AFTER_HIT, \
    P_CHECKERS, P_HEAD_EXC, P_DOUBLES = range(10)  # P_DOUBLES..+5: moves a double of 1..6 gives
P_WIDTH: Final = P_DOUBLES + 6

# a node row
OPP: Final = 26          # the opponent's counts start here
FROZEN: Final = 52       # frozen checkers on points 19..24 (Armenian)
HEADS: Final = 58        # checkers that left the head this turn (Long)
LEFT: Final = 59         # dice left: LEFT + v - 1 for die value v
WIDTH: Final = 65
POS: Final = 52          # a position: both sides' counts

MAX_NODES: Final = 1 << 15  # > every node of a 4-move turn: C(25 + 3, 4) + C(27, 3) + ... < 24_000
_TABLE: Final = 1 << 16


def variant_params(v: BackgammonVariant) -> I64:
    """The variant as the integer vector the compiled code reads (cached per variant)."""
    return _params(v)


@cache
def _params(v: BackgammonVariant) -> I64:
    exc = 0
    for d in v.head_exception:
        exc |= 1 << d
    out = np.array([
        int(v.geometry == "long"), int(v.hitting), v.block_at, int(v.entry == "far"),
        int(v.head_rule), int(v.six_block_rule), int(v.stop_after_hit), v.checkers, exc,
        *v.double_moves,
    ], dtype=np.int64)
    out.setflags(write=False)
    return out


class Workspace:
    """The buffers of one :func:`generate` call at a time (one per thread: :func:`workspace`)."""

    def __init__(self) -> None:
        self.nodes = np.zeros((MAX_NODES, WIDTH), dtype=np.int8)
        self.slots = np.zeros(_TABLE, dtype=np.int32)
        self.stamps = np.zeros(_TABLE, dtype=np.int64)
        self.fslots = np.zeros(_TABLE, dtype=np.int32)
        self.fstamps = np.zeros(_TABLE, dtype=np.int64)
        self.found = np.zeros((MAX_NODES, POS), dtype=np.int8)
        self.fsteps = np.zeros((MAX_NODES, 9), dtype=np.int8)  # n, then (from, to) x 4
        self.ffirst = np.zeros(MAX_NODES, dtype=np.int8)
        self.out = np.zeros(MAX_NODES, dtype=np.int32)  # indexes into found, in order
        self.stamp = np.zeros(1, dtype=np.int64)


_LOCAL = threading.local()


def workspace() -> Workspace:
    ws: Workspace | None = getattr(_LOCAL, "ws", None)
    if ws is None:
        ws = Workspace()
        _LOCAL.ws = ws
    return ws


@jit
def opp_point_of(long: int, p: int) -> int:
    """The opponent's number for the mover's point ``p`` (1..24); its own inverse."""
    if long:
        return p + 12 if p <= 12 else p - 12
    return 25 - p


@jit
def _block_allowed(vp: I64, row: I8, to: int) -> bool:
    """Long Nardy (000 §12.12.1 Blocks): a run of 6+ of the mover's points, counted along the
    opponent's way, must have at least one opposing checker ahead of it (already past it)."""
    long = vp[P_LONG]
    j = opp_point_of(long, to)
    lo = j
    while lo > 1 and row[opp_point_of(long, lo - 1)]:
        lo -= 1
    hi = j
    while hi < 24 and row[opp_point_of(long, hi + 1)]:
        hi += 1
    if hi - lo + 1 < 6:
        return True
    for k in range(1, lo):
        if row[OPP + k]:
            return True
    return False


@jit
def _land(vp: I64, row: I8, frm: int, to: int, out: I8) -> int:
    q = opp_point_of(vp[P_LONG], to)
    there = row[OPP + q]
    if there >= vp[P_BLOCK_AT] or (there > 0 and vp[P_HITTING] == 0):
        return -1  # 000 §12.12.1 Moves 1 (2+ opposing checkers); Long: any opposing checker
    out[:] = row
    out[frm] -= 1
    out[to] += 1
    hit = 0
    if there > 0:  # a blot: hit to the bar (000 §12.12.1 Hitting)
        out[OPP + q] = 0
        out[OPP + 25] += 1
        hit = 1
        if vp[P_STOP_AFTER_HIT] != 0 and to >= 19:  # Armenian: hit in the opponent's home board
            out[FROZEN + to - 19] += 1
    if vp[P_SIX_BLOCK] != 0 and not _block_allowed(vp, out, to):
        return -1
    if vp[P_HEAD_RULE] != 0 and frm == 24:
        out[HEADS] += 1
    return 2 * to + hit


@jit
def single_move(vp: I64, row: I8, die: int, frm: int, head_limit: int, out: I8) -> int:
    """The single move of one checker from ``frm`` (25: the bar) by ``die``: ``-1`` if it is not
    legal, else ``2 * to + hit`` with the node after it in ``out`` (the die is not taken off)."""
    if frm == 25:
        if row[25] == 0:
            return -1
        return _land(vp, row, 25, 25 - die if vp[P_ENTRY_FAR] != 0 else die, out)
    if row[25] > 0 or frm < 1 or frm > 24:
        return -1  # 000 §12.12.1 Hitting: "Checkers on the bar must enter first"
    frozen = row[FROZEN + frm - 19] if frm >= 19 else 0
    if row[frm] <= frozen:
        return -1
    if vp[P_HEAD_RULE] != 0 and frm == 24 and row[HEADS] >= head_limit:
        return -1
    to = frm - die
    if to >= 1:
        return _land(vp, row, frm, to, out)
    for p in range(7, 26):
        if row[p]:
            return -1  # bearing off only with every checker home
    if to < 0:
        for p in range(frm + 1, 7):
            if row[p]:
                return -1
        # 000 §12.12.1 Bearing off: the die's own point, or the highest point when the die is
        # higher than every occupied point (standard; ASSUMPTION of the extract)
    out[:] = row
    out[frm] -= 1
    out[0] += 1
    return 0


@jit
def head_limit_of(vp: I64, dice: I64, ndice: int, first_turn: bool) -> int:
    """Long: one checker off the head per turn; two on the first throw of 6:6, 4:4 or 3:3."""
    if first_turn and ndice > 1 and dice[0] == dice[1] and (vp[P_HEAD_EXC] >> dice[0]) & 1 != 0:
        return 2
    return 1


@jit
def turn_dice_of(vp: I64, d1: int, d2: int, dice: I64) -> int:
    """The moves a roll gives into ``dice``, their number returned (000 §12.12.1 Moves 3)."""
    if d1 == d2:
        n = vp[P_DOUBLES + d1 - 1]
        for k in range(n):
            dice[k] = d1
        return int(n)
    dice[0] = max(d1, d2)
    dice[1] = min(d1, d2)
    return 2


@jit
def _hash(row: I8, n: int) -> np.uint64:
    h = np.uint64(14695981039346656037)
    for k in range(n):
        h = (h ^ np.uint64(row[k] + 128)) * np.uint64(1099511628211)
    return h ^ (h >> np.uint64(29))


@jit
def _insert(row: I8, n: int, store: I8, count: int, slots: npt.NDArray[np.int32],
            stamps: I64, stamp: int) -> int:
    """Find ``row[:n]`` among ``store[:count]`` through the hash table: its index, or
    ``-1 - count`` after adding it as ``store[count]``."""
    mask = slots.shape[0] - 1
    k = np.int64(_hash(row, n) & np.uint64(mask))
    while stamps[k] == stamp:
        i = slots[k]
        same = True
        for c in range(n):
            if store[i, c] != row[c]:
                same = False
                break
        if same:
            return int(i)
        k = (k + 1) & mask
    stamps[k] = stamp
    slots[k] = count
    store[count, :n] = row[:n]
    return -1 - count


@jit
def generate(vp: I64, me: I8, opp: I8, dice: I64, ndice: int, head_limit: int,
             nodes: I8, slots: npt.NDArray[np.int32], stamps: I64,
             fslots: npt.NDArray[np.int32], fstamps: I64, found: I8, fsteps: I8, ffirst: I8,
             out: npt.NDArray[np.int32], stamp_box: I64) -> int:
    """The legal positions of a turn: their number ``k`` (0: no legal move, the turn is lost),
    ``found[out[i]]`` the i-th position (mover, opponent) and ``fsteps[out[i]]`` its steps
    (count, then from/to pairs). ``-1``: the buffers are too small (never with MAX_NODES)."""
    stamp_box[0] += 1
    stamp = stamp_box[0]
    limit = nodes.shape[0]
    root = np.zeros(WIDTH, dtype=np.int8)
    root[:26] = me
    root[OPP:OPP + 26] = opp
    for k in range(ndice):
        root[LEFT + dice[k] - 1] += 1
    _insert(root, WIDTH, nodes, 0, slots, stamps, stamp)
    nnodes = 1
    nfound = 0
    child = np.zeros(WIDTH, dtype=np.int8)
    at = np.zeros(5, dtype=np.int64)      # the node at each depth
    die = np.zeros(5, dtype=np.int64)     # the die being tried at each depth
    frm = np.zeros(5, dtype=np.int64)     # the next point to try at each depth (26: none)
    moved = np.zeros(5, dtype=np.bool_)
    path = np.zeros(8, dtype=np.int8)     # (from, to) of each step so far
    used = np.zeros(4, dtype=np.int64)    # the die of each step so far
    depth = 0
    at[0] = 0
    die[0] = 7
    frm[0] = 26
    moved[0] = False
    while depth >= 0:
        row = nodes[at[depth]]
        # the next legal single move of this node: dice from the highest, the bar or 1..24
        code = -1
        while code < 0:
            if frm[depth] == 26:
                d = die[depth] - 1
                while d >= 1 and row[LEFT + d - 1] == 0:
                    d -= 1
                die[depth] = d
                if d < 1:
                    break
                frm[depth] = 25 if row[25] else 1
            p = frm[depth]
            frm[depth] = 26 if p >= 24 else p + 1
            code = single_move(vp, row, die[depth], p, head_limit, child)
            if code >= 0:
                child[LEFT + die[depth] - 1] -= 1
                path[2 * depth] = p
                path[2 * depth + 1] = code // 2
                used[depth] = die[depth]
        if code < 0:  # every move of this node tried
            if not moved[depth] and depth > 0:
                r = _insert(row, POS, found, nfound, fslots, fstamps, stamp)
                if r < 0:
                    r = nfound
                    nfound += 1
                    fsteps[r, 0] = 0
                if depth > fsteps[r, 0]:
                    fsteps[r, 0] = depth
                    fsteps[r, 1:1 + 2 * depth] = path[:2 * depth]
                    ffirst[r] = used[0]
            depth -= 1
            continue
        moved[depth] = True
        if nnodes >= limit:
            return -1
        r = _insert(child, WIDTH, nodes, nnodes, slots, stamps, stamp)
        if r >= 0:
            continue  # reached before with the same dice left
        nnodes += 1
        depth += 1
        at[depth] = nnodes - 1
        die[depth] = 7
        frm[depth] = 26
        moved[depth] = False
    if nfound == 0:
        return 0
    most = 0
    for i in range(nfound):
        most = max(most, int(fsteps[i, 0]))
    big = 0
    if most == 1 and ndice == 2 and dice[0] != dice[1]:
        big = max(dice[0], dice[1])
        anybig = False
        for i in range(nfound):
            if fsteps[i, 0] == 1 and ffirst[i] == big:
                anybig = True
                break
        if not anybig:
            big = 0  # 000 §12.12.1 Moves 4: either could be played but not both: the larger
    k = 0
    for i in range(nfound):
        if fsteps[i, 0] == most and (big == 0 or ffirst[i] == big):
            out[k] = i
            k += 1
    return k


def generate_into(ws: Workspace, v: BackgammonVariant, me: I8, opp: I8, dice: I64, ndice: int,
                  head_limit: int) -> int:
    """:func:`generate` with the buffers of ``ws``."""
    k = generate(variant_params(v), me, opp, dice, ndice, head_limit, ws.nodes, ws.slots,
                 ws.stamps, ws.fslots, ws.fstamps, ws.found, ws.fsteps, ws.ffirst, ws.out,
                 ws.stamp)
    if k < 0:
        raise RuntimeError("backgammon move generator: more turn nodes than MAX_NODES")
    return k
