"""Random legal backgammon games in compiled code (numba), for the benchmark (issue 22: random
legal games per second) and the tests: one-point games without the cube, each player picking
uniformly among the legal positions of :func:`.movegen.generate` — the engine's own generator,
in the engine's order — and nothing of the engine's match bookkeeping (events, decisions,
settlement).

Chance and choices are one SplitMix64 stream (:class:`croupier.games.pvp.splitmix.SplitMixSource`,
seeded by the caller) drawn exactly as :func:`croupier.games.base.play_seated` draws through
:class:`.engine.BackgammonEngine` with a bot that rolls, takes and picks ``legal[randbelow(n)]``:
the opening draw in [0, 36) until the dice differ, each roll in [0, 36) (first die ``v // 6 + 1``,
second ``v % 6 + 1``), each pick among the legal moves. So the same seed plays the same games
through the engine (tests/test_pvp_backgammon_movegen.py checks it game by game).

numba's on-disk cache of :func:`play_games` is keyed on this file alone, yet it holds the
generator compiled in: after a change of :mod:`.movegen`, drop ``__pycache__/playout.*.nb[ic]``
(or change this file), else the playout keeps the old generator's code.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.games.pvp.backgammon import movegen as mg
from croupier.games.pvp.backgammon.variant import BackgammonVariant
from croupier.games.pvp.splitmix import SplitMixSource
from croupier.games.pvp.splitmix import below as _below

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

# one row per game
G_WINNER, G_TURNS, G_NO_MOVES, G_CHOICES = 0, 1, 2, 3
G_SIDES: Final = 4  # then the first seat's 26 counts and the second seat's 26
G_WIDTH: Final = G_SIDES + 52
MAX_TURNS: Final = 100_000


@jit
def play_games(vp: I64, start: mg.I8, games: int, rs: U64, mem: I64, fsteps: mg.I8,
               ffirst: mg.I8, out: mg.I32, path: mg.I8, frames: I64) -> I64:
    """``games`` random one-point games: a row each (winner seat index 0/1, or -1 if a game
    passed MAX_TURNS or the buffers were too small; turns; turns lost with no legal move; legal
    positions offered in all; the final sides)."""
    res = np.zeros((games, G_WIDTH), dtype=np.int64)
    dice_ = np.zeros(4, dtype=np.int64)
    first = np.zeros(2, dtype=np.bool_)
    # the arrays of the turn loop, uncounted (the caller and this frame hold them)
    dice, rs = mg.raw(dice_), mg.raw(rs)
    vp, mem, fsteps = mg.raw(vp), mg.raw(mem), mg.raw(fsteps)
    ffirst, out, path, frames = mg.raw(ffirst), mg.raw(out), mg.raw(path), mg.raw(frames)
    checkers = vp[mg.P_CHECKERS]
    sw0, sw1, sw2, sw3 = mg.pack_position(start, start)
    for g in range(games):
        # the position stays packed between turns, seen by the player to move (issue 22)
        w0, w1, w2, w3 = sw0, sw1, sw2, sw3
        first[0] = True
        first[1] = True
        while True:  # 000 §12.12.1 Opening: one die each, ties rolled again
            v = _below(rs, 36)
            d1, d2 = v // 6 + 1, v % 6 + 1
            if d1 != d2:
                break
        player = 0 if d1 > d2 else 1
        winner = -1
        turns = 0
        while turns < MAX_TURNS:
            turns += 1
            n = mg.turn_dice_of(vp, d1, d2, dice)
            limit = mg.head_limit_of(vp, dice, n, first[player])
            k = mg.generate_packed(vp, w0, w1, w2, w3, dice, n, limit, mem, fsteps, ffirst,
                                   out, path, frames)
            if k < 0:
                break
            first[player] = False
            if k == 0:
                res[g, G_NO_MOVES] += 1
            else:
                res[g, G_CHOICES] += k
                at = mg.M_FKEYS + out[_below(rs, k)] * mg.PKEY
                w0, w1, w2, w3 = mem[at], mem[at + 1], mem[at + 2], mem[at + 3]
                if w0 & 15 == checkers:  # the mover's cell 0: every checker borne off
                    winner = player
                    break
            player = 1 - player
            w0, w1, w2, w3 = mg.swap_sides(w0, w1, w2, w3)
            v = _below(rs, 36)
            d1, d2 = v // 6 + 1, v % 6 + 1
        mem[mg.M_PKEY] = w0
        mem[mg.M_PKEY + 1] = w1
        mem[mg.M_PKEY + 2] = w2
        mem[mg.M_PKEY + 3] = w3
        for c in range(26):
            res[g, G_SIDES + 26 * player + c] = mg.nib(mem, mg.M_PKEY, c)
            res[g, G_SIDES + 26 * (1 - player) + c] = mg.nib(mem, mg.M_PKEY, 26 + c)
        res[g, G_WINNER] = winner
        res[g, G_TURNS] = turns
    return res


def random_games(v: BackgammonVariant, games: int, source: SplitMixSource) -> I64:
    """:func:`play_games` for ``v`` with the stream of ``source`` (advanced past the games)."""
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    ws = mg.workspace()
    rs = np.array([source.state], dtype=np.uint64)
    res = play_games(mg.variant_params(v), np.array(v.start, dtype=np.int8), games, rs,
                     *ws.buffers())
    source.state = int(rs[0])
    if games and int(res[:, G_WINNER].min()) < 0:
        raise RuntimeError(f"{v.title}: a random game did not end in {MAX_TURNS} turns")
    return res
