"""The backgammon move generator as it was before the compiled one (pure Python, tuples, a
recursive walk over a set of seen turns): kept in the tests only, as the oracle of the
differential test (tests/test_pvp_backgammon_movegen.py) of :mod:`croupier.games.pvp.backgammon.movegen`.

It is the same whole-turn search (dice from the highest, the bar then points 1..24, each node
once, the longest sequence per position, then the forced-move rules of 000 §12.12.1 Moves 4) in
another implementation, so the legal positions, their order and their steps must agree."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from croupier.games.pvp.backgammon.variant import BAR, OFF, BackgammonVariant

Side = tuple[int, ...]
Step = tuple[int, int]  # (from point, to point): 25 = bar, 0 = off


def opp_point(v: BackgammonVariant, p: int) -> int:
    """The opponent's number for the mover's point ``p`` (1..24)."""
    if v.geometry == "long":
        return p + 12 if p <= 12 else p - 12
    return 25 - p


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


def single_moves(v: BackgammonVariant, t: Turn, die: int, head_limit: int) -> list[Played]:
    """Every single move of one checker by ``die`` from ``t`` (the bar first: 000 §12.12.1
    Hitting "Checkers on the bar must enter first")."""
    me = t.me
    out: list[Played] = []
    if me[BAR]:
        target = BAR - die if v.entry == "far" else die
        played = _land(v, t, BAR, target, die)
        if played is not None:
            out.append(played)
        return out
    home = all_home(me)
    highest = 0
    if home:
        for p in range(6, 0, -1):
            if me[p]:
                highest = p
                break
    for p in range(1, 25):
        if me[p] <= t.frozen[p]:
            continue
        if v.head_rule and p == 24 and t.heads >= head_limit:
            continue
        target = p - die
        if target >= 1:
            played = _land(v, t, p, target, die)
            if played is not None:
                out.append(played)
        elif home and (target == 0 or p == highest):
            # 000 §12.12.1 Bearing off: the die's own point, or the highest point when the die
            # is higher than every occupied point (standard; ASSUMPTION of the extract)
            m = list(me)
            m[p] -= 1
            m[OFF] += 1
            out.append(Played((p, OFF), die, False, t._replace(me=tuple(m), heads=_heads(v, t, p))))
    return out


def _heads(v: BackgammonVariant, t: Turn, frm: int) -> int:
    return t.heads + 1 if v.head_rule and frm == 24 else t.heads


def _land(v: BackgammonVariant, t: Turn, frm: int, to: int, die: int) -> Played | None:
    q = opp_point(v, to)
    there = t.opp[q]
    if there >= v.block_at or (there and not v.hitting):
        return None  # 000 §12.12.1 Moves 1 (2+ opposing checkers); Long: any opposing checker
    m = list(t.me)
    m[frm] -= 1
    m[to] += 1
    opp = t.opp
    hit = False
    frozen = t.frozen
    if there:  # a blot: hit to the bar (000 §12.12.1 Hitting)
        o = list(opp)
        o[q] = 0
        o[BAR] += 1
        opp = tuple(o)
        hit = True
        if v.stop_after_hit and to >= 19:  # Armenian: hit in the opponent's home board
            f = list(frozen)
            f[to] += 1
            frozen = tuple(f)
    me = tuple(m)
    if v.six_block_rule and not _block_allowed(v, me, opp, to):
        return None
    return Played((frm, to), die, hit, Turn(me, opp, frozen, _heads(v, t, frm)))


def _block_allowed(v: BackgammonVariant, me: Side, opp: Side, to: int) -> bool:
    """Long Nardy (000 §12.12.1 Blocks): a run of 6+ of the mover's points, counted along the
    opponent's way, must have at least one opposing checker ahead of it (already past it)."""
    j = opp_point(v, to)  # the landing point in the opponent's numbering
    lo = j
    while lo > 1 and me[opp_point(v, lo - 1)]:
        lo -= 1
    hi = j
    while hi < 24 and me[opp_point(v, hi + 1)]:
        hi += 1
    if hi - lo + 1 < 6:
        return True
    return any(opp[k] for k in range(1, lo))


def head_limit(v: BackgammonVariant, dice: Sequence[int], first_turn: bool) -> int:
    """Long: one checker off the head per turn; two on the first throw of 6:6, 4:4 or 3:3."""
    if (first_turn and len(dice) > 1 and dice[0] == dice[1]
            and dice[0] in v.head_exception):
        return 2
    return 1


def turn_dice(v: BackgammonVariant, d1: int, d2: int) -> tuple[int, ...]:
    """The moves a roll gives: both dice, or a double's count (000 §12.12.1 Moves 3; Pioneer)."""
    if d1 == d2:
        return (d1,) * v.double_moves[d1 - 1]
    return (max(d1, d2), min(d1, d2))


def legal_turns(
    v: BackgammonVariant, me: Side, opp: Side, dice: Sequence[int], first_turn: bool = False,
) -> dict[tuple[Side, Side], tuple[Step, ...]]:
    """The distinct positions (mover's side, opponent's side) a roll can reach with the forced-move
    rules applied, each with one sequence of steps reaching it. Empty: no legal move (the turn is
    lost). A position with no dice playable is never listed: an empty dict means "pass"."""
    limit = head_limit(v, dice, first_turn)
    start = Turn(me, opp, (0,) * 26, 0)
    found: dict[tuple[Side, Side], tuple[int, tuple[Step, ...], int]] = {}
    seen: set[tuple[Turn, tuple[int, ...]]] = set()

    def walk(t: Turn, left: tuple[int, ...], steps: tuple[Step, ...], first_die: int) -> None:
        key = (t, left)
        if key in seen:
            return
        seen.add(key)
        moved = False
        for die in sorted(set(left), reverse=True):
            rest = list(left)
            rest.remove(die)
            for played in single_moves(v, t, die, limit):
                moved = True
                walk(played.after, tuple(rest), steps + (played.step,), first_die or die)
        if not moved and steps:
            pos = (t.me, t.opp)
            if pos not in found or len(steps) > found[pos][0]:
                found[pos] = (len(steps), steps, first_die)

    walk(start, tuple(dice), (), 0)
    if not found:
        return {}
    most = max(n for n, _, _ in found.values())
    keep = {pos: (steps, die) for pos, (n, steps, die) in found.items() if n == most}
    if most == 1 and len(dice) == 2 and dice[0] != dice[1]:
        big = max(dice)
        if any(die == big for _, die in keep.values()):
            # 000 §12.12.1 Moves 4: either could be played but not both: the larger
            keep = {pos: sd for pos, sd in keep.items() if sd[1] == big}
    return {pos: steps for pos, (steps, _) in keep.items()}


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
            for played in single_moves(v, t, die, limit):
                if played.step == steps[k]:
                    walk(played.after, tuple(rest), k + 1, hits + [played.hit])

    walk(Turn(me, opp, (0,) * 26, 0), tuple(dice), 0, [])
    return out


def pips(me: Side, reserve_pips: int) -> int:
    """A side's checkers times their point numbers (000 §12.12.1 Pioneer/Blitz 51/101 scoring)."""
    return sum(p * me[p] for p in range(1, 25)) + reserve_pips * me[BAR]
