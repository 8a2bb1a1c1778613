"""Backgammon movement for the engine: single checker moves, whole-turn legal moves and the
forced-move rules (000 §12.12.1 Moves 1–4, Hitting, Bearing off; Long Nardy's head, six-block and
no-landing rules; Armenian's stop after a hit), as Python values over the compiled generator of
:mod:`.movegen` (the one place of those rules).

A side is a 26-tuple of checker counts in its **own** numbering: index 0 = borne off, 1–6 its home
board, 24 its farthest point, 25 the bar (Blitz: checkers not yet placed). The mover's point ``p``
is the opponent's point ``25 - p`` when the two move in opposite directions (``opposed``) and
``p ± 12`` when both go round the same way (``long``), so :func:`opp_point` is its own inverse.

A turn's moves: every sequence of single moves, each using one remaining die, is explored (depth
first, each intermediate state once); the turn must use as many dice as any sequence can (Moves 4:
"must use both numbers if legally possible", doubles "as many as possible"); when only one of two
different dice can be played, the larger must be if it can. The legal moves of a turn are the
distinct positions those sequences reach (how backgammon counts "legal moves"), each with one
sequence of steps that reaches it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from croupier.games.pvp.backgammon import movegen as mg
from croupier.games.pvp.backgammon.variant import BAR, BackgammonVariant

Side = tuple[int, ...]
Step = tuple[int, int]  # (from point, to point): 25 = bar, 0 = off

_NO_FROZEN: Side = (0,) * 26


def opp_point(v: BackgammonVariant, p: int) -> int:
    """The opponent's number for the mover's point ``p`` (1..24)."""
    return int(mg.opp_point_of(int(v.geometry == "long"), p))


class Turn(NamedTuple):
    """Where a turn stands: both sides, the checkers frozen by Armenian's rule, head moves so far."""

    me: Side
    opp: Side
    frozen: Side        # per point: checkers that may not move again this turn
    heads: int          # checkers that left the head (Long) this turn


class Played(NamedTuple):
    """One single move: the step, the die it used, whether it hit, and the turn after it."""

    step: Step
    die: int
    hit: bool
    after: Turn


def all_home(me: Side) -> bool:
    return not any(me[7:26])


def _rows(t: Turn) -> mg.I8:
    """The turn as row 0 of a node pair (row 1: the node after a move)."""
    rows = np.zeros((2, mg.WIDTH), dtype=np.int8)
    rows[0, :26] = t.me
    rows[0, mg.OPP:mg.OPP + 26] = t.opp
    rows[0, mg.FROZEN:mg.FROZEN + 6] = t.frozen[19:25]
    rows[0, mg.HEADS] = t.heads
    return rows


def _turn(row: mg.I8) -> Turn:
    cells = row.tolist()
    frozen = (0,) * 19 + tuple(cells[mg.FROZEN:mg.FROZEN + 6]) + (0,)
    return Turn(tuple(cells[:26]), tuple(cells[mg.OPP:mg.OPP + 26]), frozen, cells[mg.HEADS])


def play_single(v: BackgammonVariant, t: Turn, die: int, frm: int, limit: int) -> Played | None:
    """The single move of one checker from ``frm`` (25: the bar) by ``die``, or None if illegal."""
    rows = _rows(t)
    code = int(mg.single_move(mg.variant_params(v), rows, die, frm, limit))
    if code < 0:
        return None
    return Played((frm, code // 2), die, bool(code & 1), _turn(rows[1]))


def single_moves(v: BackgammonVariant, t: Turn, die: int, head_limit: int) -> list[Played]:
    """Every single move of one checker by ``die`` from ``t`` (the bar first: 000 §12.12.1
    Hitting "Checkers on the bar must enter first")."""
    starts = (BAR,) if t.me[BAR] else range(1, 25)
    return [p for frm in starts if (p := play_single(v, t, die, frm, head_limit)) is not None]


def head_limit(v: BackgammonVariant, dice: Sequence[int], first_turn: bool) -> int:
    """Long: one checker off the head per turn; two on the first throw of 6:6, 4:4 or 3:3."""
    return int(mg.head_limit_of(mg.variant_params(v), np.array(dice, dtype=np.int64), len(dice),
                                first_turn))


def turn_dice(v: BackgammonVariant, d1: int, d2: int) -> tuple[int, ...]:
    """The moves a roll gives: both dice, or a double's count (000 §12.12.1 Moves 3; Pioneer)."""
    dice = np.zeros(4, dtype=np.int64)
    n = mg.turn_dice_of(mg.variant_params(v), d1, d2, dice)
    return tuple(dice[:n].tolist())


def legal_turns(
    v: BackgammonVariant, me: Side, opp: Side, dice: Sequence[int], first_turn: bool = False,
) -> dict[tuple[Side, Side], tuple[Step, ...]]:
    """The distinct positions (mover's side, opponent's side) a roll can reach with the forced-move
    rules applied, each with one sequence of steps reaching it. Empty: no legal move (the turn is
    lost). A position with no dice playable is never listed: an empty dict means "pass"."""
    if not 1 <= len(dice) <= 4:
        raise ValueError(f"a turn plays 1 to 4 dice, got {tuple(dice)!r}")
    ws = mg.workspace()
    d = np.zeros(4, dtype=np.int64)
    d[:len(dice)] = dice
    k = mg.generate_into(ws, v, np.array(me, dtype=np.int8), np.array(opp, dtype=np.int8), d,
                         len(dice), head_limit(v, dice, first_turn))
    idx = ws.out[:k]
    out: dict[tuple[Side, Side], tuple[Step, ...]] = {}
    for pos, st in zip(ws.found[idx].tolist(), ws.fsteps[idx].tolist(), strict=True):
        out[(tuple(pos[:26]), tuple(pos[26:]))] = tuple(
            (st[1 + 2 * j], st[2 + 2 * j]) for j in range(st[0]))
    return out


def follow(
    v: BackgammonVariant, me: Side, opp: Side, dice: Sequence[int], steps: Sequence[Step],
    first_turn: bool = False,
) -> list[tuple[Turn, list[bool]]]:
    """Every way of playing ``steps`` one after another with the dice (each step's die chosen
    among those left): the turn reached and which steps hit. Empty if some step cannot be played."""
    limit = head_limit(v, dice, first_turn)
    out: list[tuple[Turn, list[bool]]] = []

    def walk(t: Turn, left: tuple[int, ...], k: int, hits: list[bool]) -> None:
        if k == len(steps):
            out.append((t, hits))
            return
        for die in sorted(set(left), reverse=True):
            rest = list(left)
            rest.remove(die)
            played = play_single(v, t, die, steps[k][0], limit)
            if played is not None and played.step == steps[k]:
                walk(played.after, tuple(rest), k + 1, hits + [played.hit])

    walk(Turn(me, opp, _NO_FROZEN, 0), tuple(dice), 0, [])
    return out


def pips(me: Side, reserve_pips: int) -> int:
    """A side's checkers times their point numbers (000 §12.12.1 Pioneer/Blitz 51/101 scoring)."""
    return sum(p * me[p] for p in range(1, 25)) + reserve_pips * me[BAR]
