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
from typing import Final, cast

import numpy as np
import numpy.typing as npt
from numba import njit

from croupier.cards._jit import F, jit
from croupier.errors import VariantError
from croupier.games.pvp.backgammon.variant import BackgammonVariant


def _inline(fn: F) -> F:
    """:func:`croupier.cards._jit.jit`, inlined into its compiled callers (numba IR inlining:
    a call between compiled functions costs more than these small rules)."""
    return cast(F, njit(cache=True, inline="always")(fn))


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
NKEY: Final = 5          # a node's packed key: 4 bits a cell, 16 cells a word
PKEY: Final = 4          # a position's packed key (cells 0..51)
MAX_COUNT: Final = 15    # what 4 bits hold: checkers a side

MAX_NODES: Final = 1 << 15  # > every node of a 4-move turn: C(25 + 3, 4) + C(27, 3) + ... < 24_000
_TABLE: Final = 1 << 16     # hash table slots at most (half full at MAX_NODES)
_SMALL: Final = 1 << 8      # hash table slots a turn starts with
META: Final = 33            # where generate keeps its tables' masks and stamps in ``frames``


def variant_params(v: BackgammonVariant) -> I64:
    """The variant as the integer vector the compiled code reads (cached per variant)."""
    return _params(v)


@cache
def _params(v: BackgammonVariant) -> I64:
    if v.checkers > MAX_COUNT:
        raise VariantError(f"{v.title}: the move generator packs at most {MAX_COUNT} checkers a "
                           f"side, got {v.checkers}")
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
        self.nkeys = np.zeros((MAX_NODES, NKEY), dtype=np.uint64)
        self.table = np.zeros(_TABLE, dtype=np.int64)
        self.fkeys = np.zeros((MAX_NODES, PKEY), dtype=np.uint64)
        self.ftable = np.zeros(_TABLE, dtype=np.int64)
        self.found = np.zeros((MAX_NODES, POS), dtype=np.int8)
        self.fsteps = np.zeros((MAX_NODES, 9), dtype=np.int8)  # n, then (from, to) x 4
        self.ffirst = np.zeros(MAX_NODES, dtype=np.int8)
        self.out = np.zeros(MAX_NODES, dtype=np.int32)  # indexes into found, in order
        self.rows = np.zeros((1, 8), dtype=np.int8)
        self.keys = np.zeros((2, NKEY), dtype=np.uint64)
        self.frames = np.zeros(40, dtype=np.int64)
        self.stamp = np.zeros(1, dtype=np.int64)

    def buffers(self) -> tuple[I8, U64, I64, U64, I64, I8, I8, I8, I32, I8, U64, I64, I64]:
        """The arguments of :func:`generate` after ``head_limit``."""
        return (self.nodes, self.nkeys, self.table, self.fkeys, self.ftable, self.found,
                self.fsteps, self.ffirst, self.out, self.rows, self.keys, self.frames, self.stamp)


_LOCAL = threading.local()


def workspace() -> Workspace:
    ws: Workspace | None = getattr(_LOCAL, "ws", None)
    if ws is None:
        ws = Workspace()
        _LOCAL.ws = ws
    return ws


@_inline
def opp_point_of(long: int, p: int) -> int:
    """The opponent's number for the mover's point ``p`` (1..24); its own inverse."""
    if long:
        return p + 12 if p <= 12 else p - 12
    return 25 - p


@_inline
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


@_inline
def _changes(vp: I64, frm: int, to: int, hit: int, cells: I64) -> int:
    """The cells a single move changes, into ``cells`` (a cell + 100 means +1, else -1): the
    checker leaves ``frm`` and reaches ``to`` (0: off); a hit blot goes to its bar (000 §12.12.1
    Hitting), Armenian freezes the hitter in the opponent's home board; Long counts a checker
    leaving the head. Their number is returned."""
    cells[0] = frm
    cells[1] = 100 + to
    n = 2
    if hit:
        cells[2] = OPP + opp_point_of(vp[P_LONG], to)
        cells[3] = 100 + OPP + 25
        n = 4
        if vp[P_STOP_AFTER_HIT] != 0 and to >= 19:  # Armenian: hit in the opponent's home board
            cells[n] = 100 + FROZEN + to - 19
            n += 1
    if vp[P_HEAD_RULE] != 0 and frm == 24:
        cells[n] = 100 + HEADS
        n += 1
    return n


@_inline
def _apply(row: I8, cells: I64, n: int, sign: int) -> None:
    """Play (``sign`` 1) or take back (-1) the changes ``cells[:n]`` on a row."""
    for k in range(n):
        c = cells[k]
        if c >= 100:
            row[c - 100] += sign
        else:
            row[c] -= sign


@_inline
def move_code(vp: I64, row: I8, die: int, frm: int, head_limit: int, cells: I64) -> int:
    """Whether one checker may move from ``frm`` (25: the bar) by ``die``: ``-1`` if not, else
    ``2 * to + hit`` (``to`` 0: borne off). ``cells`` is scratch (7 cells); ``row`` is left as
    it was."""
    if frm == 25:
        if row[25] == 0:
            return -1
        to = 25 - die if vp[P_ENTRY_FAR] != 0 else die
    else:
        if row[25] > 0 or frm < 1 or frm > 24:
            return -1  # 000 §12.12.1 Hitting: "Checkers on the bar must enter first"
        frozen = row[FROZEN + frm - 19] if frm >= 19 else 0
        if row[frm] <= frozen:
            return -1  # none, or only Armenian's stopped hitters
        if vp[P_HEAD_RULE] != 0 and frm == 24 and row[HEADS] >= head_limit:
            return -1  # Long: the head's checkers for this turn have left
        to = frm - die
        if to < 1:
            for p in range(7, 26):
                if row[p]:
                    return -1  # bearing off only with every checker home
            if to < 0:
                for p in range(frm + 1, 7):
                    if row[p]:
                        return -1
            # 000 §12.12.1 Bearing off: the die's own point, or the highest point when the die
            # is higher than every occupied point (standard; ASSUMPTION of the extract)
            return 0
    there = row[OPP + opp_point_of(vp[P_LONG], to)]
    if there >= vp[P_BLOCK_AT] or (there > 0 and vp[P_HITTING] == 0):
        return -1  # 000 §12.12.1 Moves 1 (2+ opposing checkers); Long: any opposing checker
    hit = 1 if there > 0 else 0
    if vp[P_SIX_BLOCK] != 0:
        n = _changes(vp, frm, to, hit, cells)
        _apply(row, cells, n, 1)
        ok = _block_allowed(vp, row, to)
        _apply(row, cells, n, -1)
        if not ok:
            return -1
    return 2 * to + hit


@jit
def single_move(vp: I64, row: I8, die: int, frm: int, head_limit: int, out: I8) -> int:
    """The single move of one checker from ``frm`` (25: the bar) by ``die``: ``-1`` if it is not
    legal, else ``2 * to + hit`` with the node after it in ``out`` (the die is not taken off)."""
    cells = np.zeros(8, dtype=np.int64)
    code = move_code(vp, row, die, frm, head_limit, cells)
    if code >= 0:
        out[:] = row
        _apply(out, cells, _changes(vp, frm, code // 2, code & 1, cells), 1)
    return code


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


@_inline
def _key_add(key: U64, cells: I64, n: int) -> None:
    """Play the changes ``cells[:n]`` on a packed key (4 bits a cell, 16 cells a word)."""
    for k in range(n):
        c = cells[k]
        if c >= 100:
            key[(c - 100) >> 4] += np.uint64(1) << np.uint64(4 * ((c - 100) & 15))
        else:
            key[c >> 4] -= np.uint64(1) << np.uint64(4 * (c & 15))


@_inline
def _find(key: U64, n: int, store: U64, count: int, table: I64, meta: I64, m: int,
          stamp_box: I64) -> int:
    """Find the key ``key[:n]`` among ``store[:count]`` through an open-addressing hash table:
    its index, or ``-1 - count`` after adding it as ``store[count]``. A table entry is
    ``stamp << 20 | index``; ``meta[m]`` is the mask of the part in use (small first, so it stays
    in cache; four times larger whenever half full) and ``meta[m + 1]`` its stamp: a new stamp
    empties it at once."""
    mask = meta[m]
    stamp = meta[m + 1]
    h = np.uint64(0)
    for w in range(n):
        h = (h ^ key[w]) * np.uint64(0x9E3779B97F4A7C15)
    h ^= h >> np.uint64(29)
    k = np.int64(h & np.uint64(mask))
    while True:
        e = table[k]
        if e >> 20 != stamp:
            break
        i = e & 0xFFFFF
        same = True
        for w in range(n):
            if store[i, w] != key[w]:
                same = False
                break
        if same:
            return int(i)
        k = (k + 1) & mask
    table[k] = (stamp << 20) | count
    store[count, :n] = key[:n]
    if 2 * (count + 1) > mask and mask + 1 < table.shape[0]:
        mask = min(4 * mask + 3, table.shape[0] - 1)
        stamp_box[0] += 1
        stamp = stamp_box[0]
        meta[m] = mask
        meta[m + 1] = stamp
        for i in range(count + 1):
            h = np.uint64(0)
            for w in range(n):
                h = (h ^ store[i, w]) * np.uint64(0x9E3779B97F4A7C15)
            h ^= h >> np.uint64(29)
            k = np.int64(h & np.uint64(mask))
            while table[k] >> 20 == stamp:
                k = (k + 1) & mask
            table[k] = (stamp << 20) | i
    return -1 - count


@_inline
def _record(node_key: U64, n: int, first: int, path: I8, pkey: U64, fkeys: U64, nfound: int,
            ftable: I64, meta: I64, stamp_box: I64, fsteps: I8, ffirst: I8) -> int:
    """A final position (the position part of ``node_key``) reached with ``n`` steps: kept with
    the first longest sequence. Returns the number of positions found."""
    pkey[0] = node_key[0]
    pkey[1] = node_key[1]
    pkey[2] = node_key[2]
    pkey[3] = node_key[3] & np.uint64(0xFFFF)  # cells 48..51; the turn's own cells dropped
    r = _find(pkey, PKEY, fkeys, nfound, ftable, meta, 2, stamp_box)
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
def generate(vp: I64, me: I8, opp: I8, dice: I64, ndice: int, head_limit: int, nodes: I8,
             nkeys: U64, table: I64, fkeys: U64, ftable: I64, found: I8, fsteps: I8, ffirst: I8,
             out: I32, rows: I8, keys: U64, frames: I64, stamp_box: I64) -> int:
    """The legal positions of a turn: their number ``k`` (0: no legal move, the turn is lost),
    ``found[out[i]]`` the i-th position (mover, opponent) and ``fsteps[out[i]]`` its steps
    (count, then from/to pairs). ``-1``: the buffers are too small (never with MAX_NODES).

    A node is a row and its packed key (4 bits a cell: every count is at most 15), updated by
    the cells a move changes; nodes and final positions are sets of keys (open addressing, a
    table reset by a stamp). A move that uses the last die is a final position at once, never a
    node. ``rows``, ``keys`` and ``frames`` are scratch."""
    limit = nodes.shape[0]
    meta = frames[META:META + 4]  # the two tables' masks and stamps
    meta[0] = _SMALL - 1
    meta[2] = _SMALL - 1
    stamp_box[0] += 2
    meta[1] = stamp_box[0] - 1
    meta[3] = stamp_box[0]
    path = rows[0]
    key = keys[0]
    pkey = keys[1]
    root = nodes[0]
    root[:] = 0
    root[:26] = me
    root[OPP:OPP + 26] = opp
    for k in range(ndice):
        root[LEFT + dice[k] - 1] += 1
    key[:] = 0
    for c in range(WIDTH):
        key[c >> 4] += np.uint64(root[c]) << np.uint64(4 * (c & 15))
    _find(key, NKEY, nkeys, 0, table, meta, 0, stamp_box)
    nnodes = 1
    nfound = 0
    # the walk's frames, per depth: node, die being tried, next point (26: next die), moved,
    # die used; then the cells of a move
    at, die, frm, moved, used, cells = 0, 5, 10, 15, 20, 25
    mv = frames[cells:cells + 8]
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
            code = move_code(vp, row, d, p, head_limit, mv)
        if code < 0:  # every move of this node tried
            if frames[moved + depth] == 0 and depth > 0:
                if nfound >= limit:
                    return -1
                nfound = _record(nkeys[node], depth, frames[used], path, pkey, fkeys, nfound,
                                 ftable, meta, stamp_box, fsteps, ffirst)
            depth -= 1
            continue
        frames[moved + depth] = 1
        to = code // 2
        path[2 * depth] = p
        path[2 * depth + 1] = to
        frames[used + depth] = d
        n = _changes(vp, p, to, code & 1, mv)
        mv[n] = LEFT + d - 1  # the die is used
        n += 1
        key[:] = nkeys[node]
        _key_add(key, mv, n)
        if depth + 1 == ndice:  # every die used: a final position
            if nfound >= limit:
                return -1
            nfound = _record(key, depth + 1, frames[used], path, pkey, fkeys, nfound, ftable,
                             meta, stamp_box, fsteps, ffirst)
            continue
        if nnodes >= limit:
            return -1
        r = _find(key, NKEY, nkeys, nnodes, table, meta, 0, stamp_box)
        if r >= 0:
            continue  # reached before with the same dice left
        nodes[nnodes] = row
        _apply(nodes[nnodes], mv, n, 1)
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
            for c in range(POS):  # the position's row from its key
                found[i, c] = (fkeys[i, c >> 4] >> np.uint64(4 * (c & 15))) & np.uint64(15)
            k += 1
    return k


def generate_into(ws: Workspace, v: BackgammonVariant, me: I8, opp: I8, dice: I64, ndice: int,
                  head_limit: int) -> int:
    """:func:`generate` with the buffers of ``ws``."""
    k = generate(variant_params(v), me, opp, dice, ndice, head_limit, *ws.buffers())
    if k < 0:
        raise RuntimeError("backgammon move generator: more turn nodes than MAX_NODES")
    return k
