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
I32 = npt.NDArray[np.int32]
U64 = npt.NDArray[np.uint64]

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


def _zobrist() -> U64:
    """Fixed hash keys per (cell, value) (constants from a seeded generator, not game chance)."""
    keys = np.random.default_rng(0x5EED_BAC6).integers(0, 2**64 - 1, size=(WIDTH, 32),
                                                          dtype=np.uint64, endpoint=True)
    keys.setflags(write=False)
    return keys


ZOBRIST: Final = _zobrist()


class Workspace:
    """The buffers of one :func:`generate` call at a time (one per thread: :func:`workspace`)."""

    def __init__(self) -> None:
        self.nodes = np.zeros((MAX_NODES, WIDTH), dtype=np.int8)
        self.nhash = np.zeros(MAX_NODES, dtype=np.uint64)
        self.npos = np.zeros(MAX_NODES, dtype=np.uint64)
        self.slots = np.zeros(_TABLE, dtype=np.int32)
        self.stamps = np.zeros(_TABLE, dtype=np.int64)
        self.found = np.zeros((MAX_NODES, POS), dtype=np.int8)
        self.fhash = np.zeros(MAX_NODES, dtype=np.uint64)
        self.fslots = np.zeros(_TABLE, dtype=np.int32)
        self.fstamps = np.zeros(_TABLE, dtype=np.int64)
        self.fsteps = np.zeros((MAX_NODES, 9), dtype=np.int8)  # n, then (from, to) x 4
        self.ffirst = np.zeros(MAX_NODES, dtype=np.int8)
        self.out = np.zeros(MAX_NODES, dtype=np.int32)  # indexes into found, in order
        self.rows = np.zeros((3, WIDTH), dtype=np.int8)
        self.frames = np.zeros(25, dtype=np.int64)
        self.stamp = np.zeros(1, dtype=np.int64)

    def buffers(self) -> tuple[U64, I8, U64, U64, I32, I64, I8, U64, I32, I64, I8, I8, I32, I8,
                               I64, I64]:
        """The arguments of :func:`generate` after ``head_limit``."""
        return (ZOBRIST, self.nodes, self.nhash, self.npos, self.slots, self.stamps, self.found,
                self.fhash, self.fslots, self.fstamps, self.fsteps, self.ffirst, self.out,
                self.rows, self.frames, self.stamp)


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
def _find(h: np.uint64, row: I8, n: int, store: I8, hashes: U64, count: int,
          slots: I32, stamps: I64, stamp: int) -> int:
    """Find ``row[:n]`` (hash ``h``) among ``store[:count]`` through the hash table: its index,
    or ``-1 - count`` after adding it as ``store[count]``."""
    mask = slots.shape[0] - 1
    k = np.int64(h & np.uint64(mask))
    while stamps[k] == stamp:
        i = slots[k]
        if hashes[i] == h:
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
    hashes[count] = h
    store[count, :n] = row[:n]
    return -1 - count


@jit
def _record(row: I8, h: np.uint64, n: int, first: int, path: I8, found: I8, fhash: U64,
            nfound: int, fslots: I32, fstamps: I64, stamp: int, fsteps: I8, ffirst: I8) -> int:
    """A final position reached with ``n`` steps: kept with the first longest sequence. Returns
    the number of positions found."""
    r = _find(h, row, POS, found, fhash, nfound, fslots, fstamps, stamp)
    if r < 0:
        r = nfound
        nfound += 1
        fsteps[r, 0] = 0
    if n > fsteps[r, 0]:
        fsteps[r, 0] = n
        fsteps[r, 1:1 + 2 * n] = path[:2 * n]
        ffirst[r] = first
    return nfound


@jit
def _z(zob: U64, c: int, a: int, b: int) -> np.uint64:
    return np.uint64(zob[c, a & 31] ^ zob[c, b & 31])


@jit
def generate(vp: I64, me: I8, opp: I8, dice: I64, ndice: int, head_limit: int, zob: U64,
             nodes: I8, nhash: U64, npos: U64, slots: I32, stamps: I64,
             found: I8, fhash: U64, fslots: I32, fstamps: I64, fsteps: I8, ffirst: I8,
             out: I32, rows: I8, frames: I64, stamp_box: I64) -> int:
    """The legal positions of a turn: their number ``k`` (0: no legal move, the turn is lost),
    ``found[out[i]]`` the i-th position (mover, opponent) and ``fsteps[out[i]]`` its steps
    (count, then from/to pairs). ``-1``: the buffers are too small (never with MAX_NODES).

    Nodes are hashed (Zobrist: ``zob[cell, value]``, updated by the cells a move changes) and
    compared in full on a hash match; a move that uses the last die is a final position at once.
    ``rows`` and ``frames`` are scratch (a root and a child row, the steps; the walk's frames)."""
    stamp_box[0] += 1
    stamp = stamp_box[0]
    limit = nodes.shape[0]
    long = vp[P_LONG]
    root = rows[0]
    child = rows[1]
    path = rows[2]
    root[:] = 0
    root[:26] = me
    root[OPP:OPP + 26] = opp
    for k in range(ndice):
        root[LEFT + dice[k] - 1] += 1
    hp = np.uint64(0)
    hx = np.uint64(0)
    for c in range(POS):
        hp ^= zob[c, root[c] & 31]
    for c in range(POS, WIDTH):
        hx ^= zob[c, root[c] & 31]
    npos[0] = hp
    _find(hp ^ hx, root, WIDTH, nodes, nhash, 0, slots, stamps, stamp)
    nnodes = 1
    nfound = 0
    # the walk's frames, per depth: node, die being tried, next point (26: next die), moved, die used
    at, die, frm, moved, used = 0, 5, 10, 15, 20
    depth = 0
    frames[at] = 0
    frames[die] = 7
    frames[frm] = 26
    frames[moved] = 0
    while depth >= 0:
        node = frames[at + depth]
        row = nodes[node]
        # the next legal single move of this node: dice from the highest, the bar or 1..24
        code = -1
        p = 0
        d = frames[die + depth]
        while code < 0:
            if frames[frm + depth] == 26:
                d -= 1
                while d >= 1 and row[LEFT + d - 1] == 0:
                    d -= 1
                frames[die + depth] = d
                if d < 1:
                    break
                frames[frm + depth] = 25 if row[25] else 1
            p = frames[frm + depth]
            frames[frm + depth] = 26 if p >= 24 else p + 1
            if p < 25 and row[p] == 0:
                continue
            code = single_move(vp, row, d, p, head_limit, child)
        if code < 0:  # every move of this node tried
            if frames[moved + depth] == 0 and depth > 0:
                nfound = _record(row, npos[node], depth, frames[used], path, found, fhash,
                                 nfound, fslots, fstamps, stamp, fsteps, ffirst)
            depth -= 1
            continue
        frames[moved + depth] = 1
        to = code // 2
        child[LEFT + d - 1] -= 1
        path[2 * depth] = p
        path[2 * depth + 1] = to
        frames[used + depth] = d
        # the child's hashes from the cells the move changed
        hp = npos[node] ^ _z(zob, p, row[p], child[p]) ^ _z(zob, to, row[to], child[to])
        hx = (nhash[node] ^ npos[node]) ^ _z(zob, LEFT + d - 1, row[LEFT + d - 1],
                                               child[LEFT + d - 1])
        if to >= 1:
            q = OPP + opp_point_of(long, to)
            hp ^= _z(zob, q, row[q], child[q]) ^ _z(zob, OPP + 25, row[OPP + 25], child[OPP + 25])
            hx ^= _z(zob, HEADS, row[HEADS], child[HEADS])
            if to >= 19:
                f = FROZEN + to - 19
                hx ^= _z(zob, f, row[f], child[f])
        if depth + 1 == ndice:  # every die used: a final position
            nfound = _record(child, hp, depth + 1, frames[used], path, found, fhash, nfound,
                             fslots, fstamps, stamp, fsteps, ffirst)
            continue
        if nnodes >= limit:
            return -1
        r = _find(hp ^ hx, child, WIDTH, nodes, nhash, nnodes, slots, stamps, stamp)
        if r >= 0:
            continue  # reached before with the same dice left
        npos[nnodes] = hp
        nnodes += 1
        depth += 1
        frames[at + depth] = nnodes - 1
        frames[die + depth] = 7
        frames[frm + depth] = 26
        frames[moved + depth] = 0
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
            if ffirst[i] == big:
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
    k = generate(variant_params(v), me, opp, dice, ndice, head_limit, *ws.buffers())
    if k < 0:
        raise RuntimeError("backgammon move generator: more turn nodes than MAX_NODES")
    return k
