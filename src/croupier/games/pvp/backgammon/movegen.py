"""The backgammon move generator, compiled (numba): the one place of the single-move rule and of
the whole-turn legal moves with the forced-move rules (000 §12.12.1 Moves 1–4, Hitting, Bearing
off; Long Nardy's head, six-block and no-landing rules; Armenian's stop after a hit).

A turn node is a row of :data:`WIDTH` cells: the mover's 26 counts (his own numbering:
0 off, 1–24, 25 bar), the opponent's 26 (his own numbering), Armenian's frozen checkers on
points 19–24, the checkers that left the head this turn (Long), and the dice left (a count per
value 1–6), kept only as its packed key (4 bits a cell, so at most 15 checkers a side), the
bits of its occupied points and of the opponent's blots, and two Zobrist hashes (of the key, of
the position; both counted from the turn's start) that a move updates by the cells it changes. A variant is the integer vector of :func:`variant_params`.

:func:`generate` walks every sequence of single moves depth first (dice from the highest, points
from the bar then 1 to 24, each node once: open-addressing hash sets of the keys, emptied by a
new stamp), records each distinct final position with the first (longest) sequence reaching it,
then keeps the positions that use the most dice and, when only one of two different dice can be
played, those that play the larger if any does (000 §12.12.1 Moves 4). The order of the
positions is the order in which the walk first reaches them — exactly the pure-Python generator
it replaced (kept as the tests' oracle, tests/bg_oracle.py). For speed (issue 22) a node tries
only the points of :func:`sources` (bit masks of its occupied points and of the turn's blocked
points, minus the moves the commuting rule skips), and the start and the nodes one move in stay
out of the table of nodes (they cannot be reached twice); a node with one die left is walked
by a loop of its own (:func:`_leaf`: most of a turn's moves are its last), and on a node with
no checker on the bar and none frozen a move is decided by those masks alone
(:func:`_walk_code`). :mod:`.board` wraps it for the engine; :mod:`.playout` plays random games
with it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cache
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt
from numba import njit, types
from numba.core import cgutils
from numba.cpython.unsafe import numbers as _bits
from numba.extending import intrinsic
from numba.np.numpy_support import carray

from croupier.cards._jit import F, jit
from croupier.errors import VariantError
from croupier.games.pvp.backgammon.variant import BackgammonVariant


def _inline(fn: F) -> F:
    """:func:`croupier.cards._jit.jit`, inlined into its compiled callers (numba IR inlining:
    a call between compiled functions costs more than these small rules)."""
    return cast(F, njit(cache=True, inline="always")(fn))


# the bit scans of LLVM (an intrinsic each; typed Any: numba's own typing hides their argument)
leading_zeros: Any = _bits.leading_zeros
trailing_zeros: Any = _bits.trailing_zeros

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


# the int64 memory of a turn (:class:`Workspace`): keys of the nodes and of the final
# positions, their hash tables, the key being built, the tables' masks and stamps
M_NKEYS: Final = 0
M_FKEYS: Final = M_NKEYS + MAX_NODES * NKEY
M_TABLE: Final = M_FKEYS + MAX_NODES * PKEY
M_FTABLE: Final = M_TABLE + _TABLE
M_KEY: Final = M_FTABLE + _TABLE
M_PKEY: Final = M_KEY + NKEY
M_META: Final = M_PKEY + PKEY   # node table mask, stamp; final table mask, stamp
M_STAMP: Final = M_META + 4      # the last stamp given
M_OCC: Final = M_STAMP + 1       # per node: its occupied points (bit p: the mover has one on p)
M_NHASH: Final = M_OCC + MAX_NODES     # per node: the hash of its key (:data:`ZOBRIST`)
M_NPOS: Final = M_NHASH + MAX_NODES    # per node: the hash of its position (cells 0..51)
M_FHASH: Final = M_NPOS + MAX_NODES    # per final position: its hash
M_BLOT: Final = M_FHASH + MAX_NODES    # per node: the opponent's blots (bit p: on the mover's p)
M_SIZE: Final = M_BLOT + MAX_NODES

def _zobrist() -> I64:
    """A fixed pseudo-random 52-bit number per cell (SplitMix64 of the cell): a key's hash is
    the sum of its counts' changes since the turn's start times these, so a move updates it by
    the cells it changes, and no such sum reaches 2**63."""
    out = np.zeros(WIDTH, dtype=np.int64)
    x = 0
    for c in range(WIDTH):
        x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        out[c] = (z ^ (z >> 31)) >> 12
    out.setflags(write=False)
    return out


ZOBRIST: Final = _zobrist()

HOME_OUT: Final = ((1 << 26) - 1) ^ ((1 << 7) - 1)  # points 7..25: not every checker home
POINTS: Final = ((1 << 25) - 1) ^ 1                  # points 1..24


class Workspace:
    """The buffers of one :func:`generate` call at a time (one per thread: :func:`workspace`)."""

    def __init__(self) -> None:
        self.mem = np.zeros(M_SIZE, dtype=np.int64)
        self.found = np.zeros((MAX_NODES, POS), dtype=np.int8)
        self.fsteps = np.zeros((MAX_NODES, 9), dtype=np.int8)  # n, then (from, to) x 4
        self.ffirst = np.zeros(MAX_NODES, dtype=np.int8)
        self.out = np.zeros(MAX_NODES, dtype=np.int32)  # indexes into found, in order
        self.path = np.zeros(8, dtype=np.int8)
        self.frames = np.zeros(25, dtype=np.int64)

    def buffers(self) -> tuple[I64, I8, I8, I32, I8, I64]:
        """The arguments of :func:`generate` after ``head_limit``."""
        return (self.mem, self.fsteps, self.ffirst, self.out, self.path, self.frames)


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


# the variant's switches as one integer (no array passed in the hot loop: numba counts every
# array passed to a function, an atomic operation)
F_LONG, F_HITTING, F_ENTRY_FAR, F_HEAD_RULE, F_SIX_BLOCK, F_STOP_AFTER_HIT = 1, 2, 4, 8, 16, 32


@_inline
def _flags(vp: I64) -> int:
    return int((F_LONG if vp[P_LONG] else 0) | (F_HITTING if vp[P_HITTING] else 0)
               | (F_ENTRY_FAR if vp[P_ENTRY_FAR] else 0) | (F_HEAD_RULE if vp[P_HEAD_RULE] else 0)
               | (F_SIX_BLOCK if vp[P_SIX_BLOCK] else 0)
               | (F_STOP_AFTER_HIT if vp[P_STOP_AFTER_HIT] else 0))


@_inline
def _block_allowed(mem: I64, base: int, after: int, to: int, long: int) -> bool:
    """Long Nardy (000 §12.12.1 Blocks): a run of 6+ of the mover's points, counted along the
    opponent's way, must have at least one opposing checker ahead of it (already past it).
    ``after``: the mover's occupied points once the checker is on ``to``."""
    j = opp_point_of(long, to)
    lo = j
    while lo > 1 and (after >> opp_point_of(long, lo - 1)) & 1:
        lo -= 1
    hi = j
    while hi < 24 and (after >> opp_point_of(long, hi + 1)) & 1:
        hi += 1
    if hi - lo + 1 < 6:
        return True
    for k in range(1, lo):  # a hit (none in Long) only empties the landing point, j > k
        if nib(mem, base, OPP + k):
            return True
    return False


@_inline
def _cells(flags: int, frm: int, to: int, hit: int) -> tuple[int, int, int, int, int, int]:
    """The cells a single move changes (a cell + 100: one more checker; a cell: one fewer; -1:
    none): the checker leaves ``frm`` and reaches ``to`` (0: off); a hit blot goes to its bar
    (000 §12.12.1 Hitting); Armenian freezes the hitter in the opponent's home board; Long
    counts a checker leaving the head."""
    q = -1
    qbar = -1
    frozen = -1
    if hit:
        q = OPP + opp_point_of(flags & F_LONG, to)
        qbar = 100 + OPP + 25
        if flags & F_STOP_AFTER_HIT and to >= 19:  # Armenian: hit in the opponent's home board
            frozen = 100 + FROZEN + to - 19
    heads = 100 + HEADS if flags & F_HEAD_RULE and frm == 24 else -1
    return (frm, 100 + to, q, qbar, frozen, heads)


@_inline
def _apply(rows: I8, r: int, cells: tuple[int, int, int, int, int, int], sign: int) -> None:
    """Play (``sign`` 1) or take back (-1) a move's cells on row ``r``."""
    for c in cells:
        if c >= 100:
            rows[r, c - 100] += sign
        elif c >= 0:
            rows[r, c] -= sign


@_inline
def nib(mem: I64, base: int, c: int) -> int:
    """Cell ``c`` of the packed key at ``mem[base]`` (4 bits a cell, 16 cells a word)."""
    return int((mem[base + (c >> 4)] >> (4 * (c & 15))) & 15)


@_inline
def _bump(mem: I64, base: int, c: int, by: int) -> None:
    """Add ``by`` to cell ``c`` of the packed key at ``mem[base]``."""
    mem[base + (c >> 4)] += np.int64(by) << (4 * (c & 15))


@_inline
def _play(mem: I64, base: int, flags: int, frm: int, to: int, hit: int) -> tuple[int, int]:
    """Play a single move (:func:`_cells`) on the packed key at ``mem[base]``: what it adds to
    the hash of the position (cells 0..51) and to that of the turn's own cells."""
    _bump(mem, base, frm, -1)
    _bump(mem, base, to, 1)
    dp = ZOBRIST[to] - ZOBRIST[frm]
    dx = 0
    if hit:
        q = OPP + opp_point_of(flags & F_LONG, to)
        _bump(mem, base, q, -1)
        _bump(mem, base, OPP + 25, 1)
        dp += ZOBRIST[OPP + 25] - ZOBRIST[q]
        if flags & F_STOP_AFTER_HIT and to >= 19:
            _bump(mem, base, FROZEN + to - 19, 1)
            dx += ZOBRIST[FROZEN + to - 19]
    if flags & F_HEAD_RULE and frm == 24:
        _bump(mem, base, HEADS, 1)
        dx += ZOBRIST[HEADS]
    return dp, dx


@_inline
def move_code(mem: I64, base: int, die: int, frm: int, head_limit: int, flags: int,
              block_at: int, occ: int) -> int:
    """Whether one checker of the node with the packed key at ``mem[base]`` and the occupied
    points ``occ`` (:func:`occupied`) may move from ``frm`` (25: the bar) by ``die``: ``-1`` if
    not, else ``2 * to + hit`` (``to`` 0: borne off)."""
    if frm == 25:
        if occ >> 25 == 0:
            return -1
        to = 25 - die if flags & F_ENTRY_FAR else die
    else:
        if occ >> 25 or frm < 1 or frm > 24:
            return -1  # 000 §12.12.1 Hitting: "Checkers on the bar must enter first"
        if (occ >> frm) & 1 == 0:
            return -1
        if frm >= 19:
            frozen = nib(mem, base, FROZEN + frm - 19)
            if frozen and nib(mem, base, frm) <= frozen:
                return -1  # only Armenian's stopped hitters
        if flags & F_HEAD_RULE and frm == 24 and nib(mem, base, HEADS) >= head_limit:
            return -1  # Long: the head's checkers for this turn have left
        to = frm - die
        if to < 1:
            if occ & HOME_OUT:
                return -1  # bearing off only with every checker home
            if to < 0 and occ >> (frm + 1):
                return -1  # a higher point is occupied
            # 000 §12.12.1 Bearing off: the die's own point, or the highest point when the die
            # is higher than every occupied point (standard; ASSUMPTION of the extract)
            return 0
    there = nib(mem, base, OPP + opp_point_of(flags & F_LONG, to))
    if blocks(there, flags, block_at):
        return -1  # 000 §12.12.1 Moves 1 (2+ opposing checkers); Long: any opposing checker
    hit = 1 if there > 0 else 0
    if flags & F_SIX_BLOCK:
        after = occ | (1 << to)
        if nib(mem, base, frm) == 1:
            after &= ~(1 << frm)
        if not _block_allowed(mem, base, after, to, flags & F_LONG):
            return -1
    return 2 * to + hit


@_inline
def occupied(rows: I8, r: int) -> int:
    """The points 1..25 where row ``r`` has a checker, as bits."""
    m = 0
    for p in range(1, 26):
        if rows[r, p]:
            m |= 1 << p
    return m


@_inline
def blocks(n: int, flags: int, block_at: int) -> bool:
    """Whether ``n`` opposing checkers on a point keep the mover off it (000 §12.12.1 Moves 1:
    two or more; Long: any). The turn's blocked points are fixed for the whole turn: a hit only
    empties a blot, which was open."""
    return n >= block_at or (n > 0 and not flags & F_HITTING)


@_inline
def sources(occ: int, blocked: int, d: int) -> int:
    """The points a checker might move from by ``d`` (a superset of the legal ones, for
    :func:`move_code`): the bar alone while it holds one; else the points whose landing point is
    open, and with every checker home the point ``d`` or, if no checker is on ``d`` or higher,
    the highest point (000 §12.12.1 Hitting, Moves 1, Bearing off)."""
    if occ >> 25:
        return 1 << 25
    m = occ & ~(blocked << d) & POINTS & ~((2 << d) - 1)
    if occ & HOME_OUT == 0:
        if (occ >> d) & 1:
            m |= 1 << d
        elif occ >> d == 0 and occ:
            m |= 1 << (63 - leading_zeros(np.int64(occ)))
    return m


_RUN6_LOW: Final = (1 << 12) - 1
# move_code compiled once as a function for the walk's rare paths (see _record_call)
_move_code_call = cast(Callable[..., int], jit(cast(Any, move_code).py_func))


@_inline
def _walk_code(mem: I64, base: int, d: int, p: int, head_limit: int, flags: int,
               block_at: int, occ: int, blots: int, fast: bool) -> int:
    """:func:`move_code` for a point ``p`` of :func:`sources` (minus :func:`_head_done`) in the
    walk: on a ``fast`` node (no checker on the bar, none frozen) every such point is a legal
    move but for Long's six-block rule (issue 22: the masks decide, the key is not read), and a
    move hits when it lands on one of the opponent's ``blots``."""
    if not fast:
        return _move_code_call(mem, base, d, p, head_limit, flags, block_at, occ)
    to = p - d
    if to <= 0:
        return 0
    if flags & F_SIX_BLOCK:
        # no run of six points anywhere along the opponent's way (13..24 then 1..12): allowed
        a = occ | (1 << to)
        r = ((a >> 13) & _RUN6_LOW) | (((a >> 1) & _RUN6_LOW) << 12)
        if r & (r >> 1) & (r >> 2) & (r >> 3) & (r >> 4) & (r >> 5):
            return _move_code_call(mem, base, d, p, head_limit, flags, block_at, occ)
    return 2 * to + ((blots >> to) & 1)


@_inline
def _fast(mem: I64, base: int, occ: int) -> bool:
    """Whether the node at ``mem[base]`` has no checker on the bar and none frozen (cells
    FROZEN..FROZEN + 5: bits 16..39 of the key's word 3)."""
    return occ >> 25 == 0 and (mem[base + 3] >> 16) & 0xFFFFFF == 0


@_inline
def _any_legal(mem: I64, base: int, d: int, bits: int, head_limit: int, flags: int,
               block_at: int, occ: int, fast: bool) -> bool:
    """Whether a point of ``bits`` (of :func:`sources`, skipped by the commuting rule) has a
    legal move by ``d``: every one on a ``fast`` node (the walk commutes only without Long's
    rules); else by :func:`move_code` (Armenian's frozen checkers)."""
    if fast:
        return bits != 0
    while bits:
        p = trailing_zeros(bits)
        bits &= bits - 1
        if _move_code_call(mem, base, d, p, head_limit, flags, block_at, occ) >= 0:
            return True
    return False


@_inline
def _head_done(mem: I64, base: int, flags: int, head_limit: int) -> int:
    """Long: the head (point 24) as a bit when its checkers for this turn have left, else 0."""
    if flags & F_HEAD_RULE and nib(mem, base, HEADS) >= head_limit:
        return 1 << 24
    return 0


@_inline
def _pack(mem: I64, base: int, rows: I8, r: int) -> None:
    """Row ``r`` (a node: :data:`WIDTH` cells) as a packed key at ``mem[base]``."""
    for w in range(NKEY):
        mem[base + w] = 0
    for c in range(WIDTH):
        mem[base + (c >> 4)] |= np.int64(rows[r, c]) << (4 * (c & 15))


@jit
def single_move(vp: I64, rows: I8, die: int, frm: int, head_limit: int) -> int:
    """The single move of one checker of ``rows[0]`` from ``frm`` (25: the bar) by ``die``:
    ``-1`` if it is not legal, else ``2 * to + hit`` with the node after it in ``rows[1]``
    (the die is not taken off)."""
    flags = _flags(vp)
    key = np.zeros(NKEY, dtype=np.int64)
    _pack(key, 0, rows, 0)
    code = move_code(key, 0, die, frm, head_limit, flags, vp[P_BLOCK_AT], occupied(rows, 0))
    if code >= 0:
        rows[1] = rows[0]
        _apply(rows, 1, _cells(flags, frm, code // 2, code & 1), 1)
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


_NIB1: Final = 0x1111111111111111


@_inline
def _gather(x: int) -> int:
    """Bits 0, 4, .., 60 of ``x`` (the others clear) as bits 0..15."""
    x = (x | (x >> 3)) & 0x0303030303030303
    x = (x | (x >> 6)) & 0x000F000F000F000F
    x = (x | (x >> 12)) & 0x000000FF000000FF
    return int((x | (x >> 24)) & 0xFFFF)


@_inline
def _nonzero(w: int) -> int:
    """The cells of a key's word with a count, as 16 bits (issue 22: no loop over cells)."""
    return _gather((w | (w >> 1) | (w >> 2) | (w >> 3)) & _NIB1)


@_inline
def _two_up(w: int) -> int:
    """The cells of a key's word with a count of two or more, as 16 bits."""
    return _gather(((w >> 1) | (w >> 2) | (w >> 3)) & _NIB1)


@_inline
def _mover_points(long: int, bits: int) -> int:
    """The opponent's points ``bits`` (his numbering, 1..24) in the mover's numbering
    (:func:`opp_point_of`)."""
    if long:
        return (((bits >> 1) & 0xFFF) << 13) | (((bits >> 13) & 0xFFF) << 1)
    out = 0
    while bits:
        j = trailing_zeros(bits)
        bits &= bits - 1
        out |= 1 << (25 - j)
    return out


@_inline
def _slot(h: int, mask: int) -> int:
    return (h ^ (h >> 29)) & mask


@_inline
def _find(mem: I64, key: int, n: int, store: int, count: int, table: int, meta: int, h: int,
          hashes: int) -> int:
    """Find the key ``mem[key:key + n]`` among the ``count`` keys stored from ``mem[store]``
    through an open-addressing hash table at ``mem[table]``: its index, or ``-1 - count`` after
    storing it as the ``count``-th. A table entry is ``stamp << 20 | index``; ``mem[meta]`` is
    the mask of the part of the table in use (small first, so it stays in cache; four times
    larger whenever half full) and ``mem[meta + 1]`` its stamp: a new stamp empties it at once.
    ``h``: the key's hash (:data:`ZOBRIST`); ``mem[hashes + i]``: the ``i``-th key's."""
    mask = mem[meta]
    stamp = mem[meta + 1]
    k = _slot(h, mask)
    while True:
        e = mem[table + k]
        if e >> 20 != stamp:
            break
        i = e & 0xFFFFF
        same = True
        for w in range(n):
            if mem[store + i * n + w] != mem[key + w]:
                same = False
                break
        if same:
            return int(i)
        k = (k + 1) & mask
    mem[table + k] = (stamp << 20) | count
    mem[hashes + count] = h
    for w in range(n):
        mem[store + count * n + w] = mem[key + w]
    if 2 * (count + 1) > mask and mask + 1 < _TABLE:
        mask = min(4 * mask + 3, _TABLE - 1)
        mem[M_STAMP] += 1
        stamp = mem[M_STAMP]
        mem[meta] = mask
        mem[meta + 1] = stamp
        for i in range(count + 1):
            k = _slot(mem[hashes + i], mask)
            while mem[table + k] >> 20 == stamp:
                k = (k + 1) & mask
            mem[table + k] = (stamp << 20) | i
    return -1 - count


def _voidptr_typing(typingctx: Any, address: Any) -> Any:
    """An address as a ``void *`` (for :func:`numba.carray`)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.inttoptr(args[0], cgutils.voidptr_t)
    return types.voidptr(address), codegen


_voidptr: Any = intrinsic(_voidptr_typing)


@_inline
def raw(a: Any) -> Any:
    """A view of ``a`` that numba does not reference-count (passing a counted array to a function
    costs two atomic operations). Only while the caller holds ``a``."""
    return carray(_voidptr(a.ctypes.data), a.shape, a.dtype)


@_inline
def _commuting(d: int, u: int, pf: int, pt: int) -> int:
    """The points a move by ``d`` may start from after a move ``pf`` -> ``pt`` by ``u`` that
    it may commute with (the walk's commuting rule, :func:`generate`): as bits. The others
    (more than ``d`` from home, so not bearing off) are skipped before the single-move rule:
    where the rule may commute (no bar, no rule of the turn's own) a point of
    :func:`sources` more than ``d`` from home is a legal move, so a node with one has moved."""
    if d < u:
        return -1
    keep = (1 << pt) | ((2 << d) - 1)  # the checker just moved, or bearing off (p <= d)
    if d == u:
        keep |= ~((1 << pf) - 1)
    return keep


@_inline
def _record(mem: I64, nfound: int, rech: int, nrec: int, path: I8, fsteps: I8, ffirst: I8,
            first_die: int) -> int:
    """Record the final position whose key is at ``mem[M_PKEY]`` (hash ``rech``), reached by
    the ``nrec`` steps of ``path``: kept with the first longest sequence reaching it. The new
    number of final positions (-1: the buffers are full)."""
    if nfound >= MAX_NODES:
        return -1
    r = _find(mem, M_PKEY, PKEY, M_FKEYS, nfound, M_FTABLE, M_META + 2, rech, M_FHASH)
    if r < 0:
        r = nfound
        nfound += 1
        fsteps[r, 0] = 0
    if nrec > fsteps[r, 0]:
        fsteps[r, 0] = nrec
        for c in range(2 * nrec):
            fsteps[r, 1 + c] = path[c]
        ffirst[r] = first_die
    return nfound


# the same compiled once as functions, for the walk's rare paths (bar, frozen checkers, a
# possible six-block; a node with no move): numba inlines a function's IR at every site, so
# each inlined copy adds to the compile time
_record_call = cast(Callable[..., int], jit(cast(Any, _record).py_func))


@_inline
def _leaf(mem: I64, occ: int, hpos: int, d: int, flags: int, block_at: int, blocked: int,
          head_limit: int, swap: bool, u: int, pf: int, pt: int, depth: int, path: I8,
          fsteps: I8, ffirst: I8, nfound: int, first_die: int, blots: int) -> int:
    """The node at ``mem[M_KEY]`` (``depth`` moves in, the last ``pf`` -> ``pt`` by ``u``,
    occupied points ``occ``, position hash ``hpos``) with one die ``d`` left, walked as
    :func:`generate_packed` would (issue 22: most moves of a turn are its last, so this loop
    is the walk's hot spot): each of its moves is a final position at once, recorded in the
    walk's order; the node itself if it has none. The new number of final positions (-1:
    the buffers are full)."""
    moved = False
    fast = _fast(mem, M_KEY, occ)
    todo = sources(occ, blocked, d) & ~_head_done(mem, M_KEY, flags, head_limit)
    if swap:  # only the moves the commuting rule does not skip (see generate_packed)
        keep = _commuting(d, u, pf, pt)
        if _any_legal(mem, M_KEY, d, todo & ~keep, head_limit, flags, block_at, occ, fast):
            moved = True
        todo &= keep
    while todo:
        p = trailing_zeros(todo)
        todo &= todo - 1
        code = _walk_code(mem, M_KEY, d, p, head_limit, flags, block_at, occ, blots, fast)
        if code < 0:
            continue
        moved = True
        to = code // 2
        if swap and to >= 1 and p != pt and (d > u or (d == u and p < pf)):
            continue  # the commuting rule (generate_packed)
        path[2 * depth] = p
        path[2 * depth + 1] = to
        for w in range(PKEY):
            mem[M_PKEY + w] = mem[M_KEY + w]
        _bump(mem, M_PKEY, p, -1)
        _bump(mem, M_PKEY, to, 1)
        h = hpos + ZOBRIST[to] - ZOBRIST[p]
        if code & 1:
            q = OPP + opp_point_of(flags & F_LONG, to)
            _bump(mem, M_PKEY, q, -1)
            _bump(mem, M_PKEY, OPP + 25, 1)
            h += ZOBRIST[OPP + 25] - ZOBRIST[q]
        mem[M_PKEY + 3] &= 0xFFFF  # cells 48..51; the turn's own dropped
        nfound = _record(mem, nfound, h, depth + 1, path, fsteps, ffirst, first_die)
        if nfound < 0:
            return -1
    if not moved:
        for w in range(PKEY):
            mem[M_PKEY + w] = mem[M_KEY + w]
        mem[M_PKEY + 3] &= 0xFFFF
        nfound = _record(mem, nfound, hpos, depth, path, fsteps, ffirst, first_die)
    return nfound


@jit
def generate(vp: I64, me: I8, opp: I8, dice: I64, ndice: int, head_limit: int, mem: I64,
             fsteps: I8, ffirst: I8, out: I32, path: I8, frames: I64) -> int:
    """The legal positions of a turn: their number ``k`` (0: no legal move, the turn is lost);
    the i-th is the ``out[i]``-th final position (its cells: :func:`cell_of`, or the rows of
    :func:`decode`), its steps ``fsteps[out[i]]`` (count, then from/to pairs). ``-1``: the
    buffers are too small (never with MAX_NODES). :func:`generate_packed` of the position's
    packed key (:func:`pack_position`)."""
    w0, w1, w2, w3 = pack_position(me, opp)
    return generate_packed(vp, w0, w1, w2, w3, dice, ndice, head_limit, mem, fsteps, ffirst,
                           out, path, frames)


@_inline
def pack_position(me: I8, opp: I8) -> tuple[int, int, int, int]:
    """The mover's 26 counts and the opponent's 26 as the four words of a packed key (cells
    0..15, 16..31, 32..47, 48..51; 4 bits a cell)."""
    w0 = w1 = w2 = w3 = 0
    for c in range(26):
        n = int(me[c])
        if c < 16:
            w0 |= n << (4 * c)
        else:
            w1 |= n << (4 * (c - 16))
    for c in range(OPP, POS):
        n = int(opp[c - OPP])
        if c < 32:
            w1 |= n << (4 * (c - 16))
        elif c < 48:
            w2 |= n << (4 * (c - 32))
        else:
            w3 |= n << (4 * (c - 48))
    return w0, w1, w2, w3


_M16: Final = (1 << 16) - 1
_M24: Final = (1 << 24) - 1
_M40: Final = (1 << 40) - 1


@_inline
def swap_sides(a0: int, a1: int, a2: int, a3: int) -> tuple[int, int, int, int]:
    """A packed position (cells 0..51, :func:`pack_position`) seen by the other player: its
    cells 26..51 (bits 104..207) first, then its cells 0..25 (bits 0..103)."""
    h0 = ((a1 >> 40) & _M24) | (a2 << 24)
    h1 = ((a2 >> 40) & _M24) | ((a3 & _M16) << 24)
    l1 = a1 & _M40
    return h0, h1 | (a0 << 40), ((a0 >> 24) & _M40) | (l1 << 40), (l1 >> 24) & _M16


@jit
def generate_packed(vp: I64, w0: int, w1: int, w2: int, w3: int, dice: I64, ndice: int,
                    head_limit: int, mem: I64, fsteps: I8, ffirst: I8, out: I32, path: I8,
                    frames: I64) -> int:
    """:func:`generate` of the position packed as ``w0..w3`` (:func:`pack_position`; the
    playout keeps its positions packed between turns, issue 22).

    A node is its packed key (4 bits a cell of a :data:`WIDTH`-cell row: every count is at most
    15) and its occupied points in ``mem``, updated by the cells a move changes; nodes and final
    positions are sets of keys (:func:`_find`). A move that uses the last die is a final
    position at once, never a node. ``path`` and ``frames`` are scratch."""
    limit = MAX_NODES
    flags = _flags(vp)
    block_at = vp[P_BLOCK_AT]
    commute = flags & (F_HEAD_RULE | F_SIX_BLOCK) == 0
    mem = raw(mem)
    path, fsteps, ffirst, frames, dice = raw(path), raw(fsteps), raw(ffirst), raw(frames), raw(dice)
    mem[M_META] = _SMALL - 1
    mem[M_META + 2] = _SMALL - 1
    mem[M_STAMP] += 2
    mem[M_META + 1] = mem[M_STAMP] - 1
    mem[M_META + 3] = mem[M_STAMP]
    mem[M_NKEYS] = w0
    mem[M_NKEYS + 1] = w1
    mem[M_NKEYS + 2] = w2
    mem[M_NKEYS + 3] = w3
    mem[M_NKEYS + 4] = 0
    # the start's occupied points, the opponent's blocks and the position's hash
    # (the hashes are taken from the start: the turn's keys differ from it by its moves)
    hp = 0
    occ = (_nonzero(w0) | (_nonzero(w1) << 16)) & (POINTS | (1 << 25))
    # the opponent's points (his numbering: bit j) with a checker, with two or more
    there = ((_nonzero(w1) >> 10) | (_nonzero(w2) << 6) | (_nonzero(w3) << 22)) & POINTS
    two = ((_two_up(w1) >> 10) | (_two_up(w2) << 6) | (_two_up(w3) << 22)) & POINTS
    if flags & F_HITTING:  # block_at 2 (variant.py): a blot is hit
        blocked = _mover_points(flags & F_LONG, two)
        blots = _mover_points(flags & F_LONG, there & ~two)
    else:
        blocked = _mover_points(flags & F_LONG, there)
        blots = 0
    hx = 0
    for k in range(ndice):
        _bump(mem, M_NKEYS, LEFT + dice[k] - 1, 1)
        hx += ZOBRIST[LEFT + dice[k] - 1]
    mem[M_NPOS] = hp
    mem[M_NHASH] = hp + hx
    # the table of nodes holds those two moves or more into the turn: a node one move in has
    # one die fewer than the start and each move from the start reaches another position, so
    # neither the start nor those nodes can be reached twice
    mem[M_OCC] = occ
    mem[M_BLOT] = blots
    nnodes = 1
    nfound = 0
    # the walk's frames, per depth: node, die being tried, the points left to try with it as
    # bits (-1: next die), moved, die used
    at, die, frm, moved, used = 0, 5, 10, 15, 20
    depth = 0
    frames[at] = 0
    frames[die] = 7
    frames[frm] = -1
    frames[moved] = 0
    while depth >= 0:
        node = frames[at + depth]
        base = M_NKEYS + node * NKEY
        # the next legal single move of this node: dice from the highest, the bar or 1..24
        code = -1
        p = 0
        d = frames[die + depth]
        occ = mem[M_OCC + node]
        blots = mem[M_BLOT + node]
        fast = _fast(mem, base, occ)
        # whether a move here may commute with the one before it (see below)
        swap = (depth > 0 and commute and path[2 * depth - 1] >= 1
                and mem[M_OCC + frames[at + depth - 1]] >> 25 == 0)
        todo = frames[frm + depth]
        while code < 0:
            if todo <= 0:  # the next die
                d -= 1
                while d >= 1 and nib(mem, base, LEFT + d - 1) == 0:
                    d -= 1
                frames[die + depth] = d
                if d < 1:
                    break
                todo = sources(occ, blocked, d) & ~_head_done(mem, base, flags, head_limit)
                if swap:  # only the moves the commuting rule below does not skip
                    keep = _commuting(d, frames[used + depth - 1], path[2 * depth - 2],
                                      path[2 * depth - 1])
                    if _any_legal(mem, base, d, todo & ~keep, head_limit, flags, block_at,
                                  occ, fast):  # moves the rule skips (see _commuting)
                        frames[moved + depth] = 1
                    todo &= keep
                if todo == 0:
                    continue
            p = trailing_zeros(todo)
            todo &= todo - 1
            code = _walk_code(mem, base, d, p, head_limit, flags, block_at, occ, blots, fast)
        frames[frm + depth] = todo
        rec = -1  # where the key of a final position to record is, if any
        nrec = 0
        rech = 0
        if code < 0:  # every move of this node tried
            if frames[moved + depth] == 0 and depth > 0:
                rec = base
                rech = mem[M_NPOS + node]
                nrec = depth
            depth -= 1
        else:
            frames[moved + depth] = 1
            to = code // 2
            if (swap and to >= 1 and p != path[2 * depth - 1]
                    and (d > frames[used + depth - 1]
                         or (d == frames[used + depth - 1] and p < path[2 * depth - 2]))):
                # a move that commutes with the one before it (neither from the bar nor bearing
                # off, this checker not the one just moved, no rule of the turn's own): the
                # other order reached the same node or final position before (a larger die, or
                # the same die from a lower point, is tried first), with as many steps
                continue
            path[2 * depth] = p
            path[2 * depth + 1] = to
            frames[used + depth] = d
            for w in range(NKEY):
                mem[M_KEY + w] = mem[base + w]
            dp, dx = _play(mem, M_KEY, flags, p, to, code & 1)
            _bump(mem, M_KEY, LEFT + d - 1, -1)  # the die is used
            hp = mem[M_NPOS + node] + dp
            h = mem[M_NHASH + node] + dp + dx - ZOBRIST[LEFT + d - 1]
            if depth + 1 == ndice:  # every die used: a final position
                rec = M_KEY
                rech = hp
                nrec = depth + 1
            else:
                if nnodes >= limit:
                    return -1
                o = occ | (1 << to) if to >= 1 else occ
                if nib(mem, M_KEY, p) == 0:
                    o &= ~(1 << p)
                leaf = depth + 2 == ndice  # one die left: its moves are final positions
                new = True
                if depth > 0:  # kept (its key) so that it is walked once
                    new = _find(mem, M_KEY, NKEY, M_NKEYS, nnodes, M_TABLE, M_META, h,
                                M_NHASH) < 0
                    if new and leaf:
                        nnodes += 1
                elif not leaf:
                    for w in range(NKEY):
                        mem[M_NKEYS + nnodes * NKEY + w] = mem[M_KEY + w]
                    mem[M_NHASH + nnodes] = h
                if new and leaf:
                    # the die left: a double's, or the other of two (turn_dice_of)
                    dl = d if dice[0] == dice[1] else dice[0] + dice[1] - d
                    nfound = _leaf(mem, o, hp, dl, flags, block_at, blocked, head_limit,
                                   commute and to >= 1 and occ >> 25 == 0, d, p, to,
                                   depth + 1, path, fsteps, ffirst, nfound, frames[used],
                                   blots & ~(1 << to))
                    if nfound < 0:
                        return -1
                elif new:
                    mem[M_NPOS + nnodes] = hp
                    mem[M_OCC + nnodes] = o
                    mem[M_BLOT + nnodes] = blots & ~(1 << to)
                    nnodes += 1
                    depth += 1
                    frames[at + depth] = nnodes - 1
                    frames[die + depth] = 7
                    frames[frm + depth] = -1
                    frames[moved + depth] = 0
                # else: reached before with the same dice left
        if rec >= 0:  # a final position: kept with the first longest sequence reaching it
            for w in range(3):
                mem[M_PKEY + w] = mem[rec + w]
            mem[M_PKEY + 3] = mem[rec + 3] & 0xFFFF  # cells 48..51; the turn's own dropped
            nfound = _record_call(mem, nfound, rech, nrec, path, fsteps, ffirst, frames[used])
            if nfound < 0:
                return -1
    return _forced(dice, ndice, nfound, fsteps, ffirst, raw(out))


@_inline
def _forced(dice: I64, ndice: int, nfound: int, fsteps: I8, ffirst: I8, out: I32) -> int:
    """The final positions the forced-move rules keep (000 §12.12.1 Moves 4: as many dice as
    any sequence plays; the larger die when only one of two can be), indexes into ``out``;
    their number (``-1`` if ``nfound`` is: the buffers were too small)."""
    if nfound < 0:
        return -1
    if nfound == 0:
        return 0
    most = 0
    for i in range(nfound):
        most = max(most, int(fsteps[i, 0]))
        if most == ndice:
            break  # no sequence plays more
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


@_inline
def cell_of(mem: I64, i: int, c: int) -> int:
    """Cell ``c`` (0..51) of the ``i``-th final position of the last :func:`generate`."""
    return int((mem[M_FKEYS + i * PKEY + (c >> 4)] >> (4 * (c & 15))) & 15)


@jit
def decode(mem: I64, out: I32, k: int, found: I8) -> None:
    """The rows ``found[out[:k]]`` of the legal positions of the last :func:`generate`."""
    for j in range(k):
        i = out[j]
        for c in range(POS):
            found[i, c] = cell_of(mem, i, c)


def generate_into(ws: Workspace, v: BackgammonVariant, me: I8, opp: I8, dice: I64, ndice: int,
                  head_limit: int) -> int:
    """:func:`generate` with the buffers of ``ws``, the positions decoded into ``ws.found``."""
    k = generate(variant_params(v), me, opp, dice, ndice, head_limit, *ws.buffers())
    if k < 0:
        raise RuntimeError("backgammon move generator: more turn nodes than MAX_NODES")
    decode(ws.mem, ws.out, k, ws.found)
    return k
