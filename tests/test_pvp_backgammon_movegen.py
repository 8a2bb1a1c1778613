"""The compiled backgammon move generator (games/pvp/backgammon/movegen.py, issue 22's speed
target) against the generator it replaced (tests/bg_oracle.py, pure Python): over random
positions of every variant and all 21 rolls (Long also on a first turn), the same legal
positions in the same order with the same steps, and the same single moves; and the compiled
random-game loop of the benchmark (playout.py) plays, from one seeded stream, exactly the games
the engine plays from it."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from croupier.errors import VariantError
from croupier.games.base import Decision, play_seated
from croupier.games.pvp.backgammon import board, movegen
from croupier.games.pvp.backgammon.engine import ENGINE, MatchSetup, MatchState
from croupier.games.pvp.backgammon.playout import (
    G_NO_MOVES,
    G_SIDES,
    G_TURNS,
    G_WINNER,
    random_games,
)
from croupier.games.pvp.backgammon.variant import load_variant, variant_names
from croupier.games.pvp.splitmix import SplitMixSource
from tests import bg_oracle as oracle

# the module's compiled kernels compile once, on one worker (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("numba_backgammon")

NAMES = variant_names()
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def positions(name: str, count: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Positions met in random games of the variant (both players' points of view)."""
    v = load_variant(name)
    rng = random.Random(f"movegen-{name}")
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    while len(out) < count:
        me, opp = v.start, v.start
        for _ply in range(600):
            out.append((me, opp))
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            legal = oracle.legal_turns(v, me, opp, oracle.turn_dice(v, d1, d2))
            if legal:
                me, opp = rng.choice(list(legal))
            if me[0] == v.checkers:
                break
            me, opp = opp, me
    return rng.sample(out, count)


@pytest.mark.parametrize("name", NAMES)
def test_000_12_12_1_compiled_generator_gives_the_old_generators_moves_for_every_roll(name: str) -> None:
    """000 §12.12.1 Moves 1-4, Hitting, Bearing off and the variant's own rules: both
    generators list the same positions, in the same order, each with the same steps."""
    v = load_variant(name)
    firsts = (False, True) if v.head_rule else (False,)
    compared = 0
    for me, opp in positions(name, 80) + [(v.start, v.start)]:
        for d1, d2 in ROLLS:
            assert board.turn_dice(v, d1, d2) == oracle.turn_dice(v, d1, d2)
            for first in firsts:
                dice = oracle.turn_dice(v, d1, d2)
                new = board.legal_turns(v, me, opp, dice, first)
                old = oracle.legal_turns(v, me, opp, dice, first)
                assert list(new.items()) == list(old.items()), (name, me, opp, d1, d2, first)
                compared += 1
    assert compared >= 81 * 21


@pytest.mark.parametrize("name", NAMES)
def test_000_12_12_1_compiled_single_moves_match_the_old_ones(name: str) -> None:
    """Single moves (000 §12.12.1 Moves 1, Hitting, Bearing off; Long's head; Armenian's frozen
    checker) from turns part-way through a roll: the same steps, hits and turns after them."""
    v = load_variant(name)
    rng = random.Random(f"single-{name}")
    for me, opp in positions(name, 30):
        t = oracle.Turn(me, opp, (0,) * 26, 0)
        for _depth in range(3):
            for die in range(1, 7):
                for limit in (1, 2):
                    new = board.single_moves(v, board.Turn(*t), die, limit)
                    old = oracle.single_moves(v, t, die, limit)
                    assert [tuple(p) for p in new] == [tuple(p) for p in old], (name, t, die, limit)
            nxt = oracle.single_moves(v, t, rng.randint(1, 6), 1)
            if not nxt:
                break
            t = rng.choice(nxt).after


def engine_games(name: str, games: int, seed: int) -> list[MatchState]:
    """One-point matches through the engine: chance and picks from one SplitMix stream, the
    cube always answered roll / take (the benchmark's bot)."""
    v = load_variant(name)
    src = SplitMixSource(seed)
    setup = MatchSetup((1, 2), 1000, target=1, cube=v.cube == "mandatory",
                       koks=v.koks == "mandatory")

    def bot(_s: object, legal: list[Decision]) -> Decision:
        for d in legal:
            if d.name in ("roll", "take"):
                return d
        return legal[src.randbelow(len(legal))]

    return [play_seated(ENGINE, v, setup, "AMD", src, {1: bot, 2: bot})[0] for _ in range(games)]


@pytest.mark.parametrize("name", NAMES)
def test_000_12_12_1_compiled_random_games_are_the_engines_games(name: str) -> None:
    """The benchmark's compiled loop (no events) and the engine, from the same stream: the same
    winner, the same final position, the same number of turns and of turns lost (Moves 4)."""
    games = 4
    states = engine_games(name, games, 2024)
    rows = random_games(load_variant(name), games, SplitMixSource(2024))
    for s, row in zip(states, rows, strict=True):
        turns = sum(1 for e in s.events if e.type in ("moved", "no_move"))
        lost = sum(1 for e in s.events if e.type == "no_move")
        assert s.winner == row[G_WINNER]
        assert (int(row[G_TURNS]), int(row[G_NO_MOVES])) == (turns, lost)
        assert s.sides == (tuple(row[G_SIDES:G_SIDES + 26].tolist()),
                           tuple(row[G_SIDES + 26:G_SIDES + 52].tolist()))


def test_000_12_12_1_a_variant_with_more_checkers_than_the_generator_packs_is_refused() -> None:
    """The compiled generator packs a point's count in 4 bits: a rule set with 16 checkers a side
    is refused with a precise error, never played wrong."""
    v = dataclasses.replace(load_variant("short"), checkers=movegen.MAX_COUNT + 1)
    with pytest.raises(VariantError, match="at most 15 checkers"):
        movegen.variant_params(v)
    assert movegen.variant_params(load_variant("nack"))[movegen.P_CHECKERS] == 15


def side(**points: int) -> tuple[int, ...]:
    """A side's 26 counts from ``p<point>=count`` (``off`` for point 0), the rest borne off."""
    counts = [0] * 26
    for key, n in points.items():
        counts[0 if key == "off" else int(key[1:])] = n
    counts[0] += 15 - sum(counts)
    return tuple(counts)


def test_issue22_000_12_12_1_a_move_the_commuting_rule_skips_still_counts_as_a_move() -> None:
    """Issue 22 (speed: the walk skips, before the single-move rule, a move that commutes with the
    one before it) and 000 §12.12.1 Moves 4: checkers on 13 and 10, the opponent holding the
    mover's 9, roll 3-1. After 13/12 the 3 can only be played by 10/7, a move the walk skips (the
    order 10/7, 13/12 was tried first); that node has moved all the same, so 13/12 alone is not a
    play. Worked by hand: 10/7/6 and 10/7 13/12 are the only two plays (13/10 then 10/9 and 13/12
    then 12/9 land on the block), in the walk's order, each with its first longest steps."""
    v = load_variant("short")
    me, opp = side(p13=1, p10=1), side(p16=2)
    expected = [
        ((side(p13=1, p6=1), opp), ((10, 7), (7, 6))),
        ((side(p12=1, p7=1), opp), ((10, 7), (13, 12))),
    ]
    assert list(board.legal_turns(v, me, opp, (3, 1)).items()) == expected
    assert list(oracle.legal_turns(v, me, opp, (3, 1)).items()) == expected
    # a double with a block in the way (the opponent holds 4): the oracle's plays and order
    me2, opp2 = side(p10=1, p8=1), side(p21=2)
    new = board.legal_turns(v, me2, opp2, (2, 2, 2, 2))
    assert list(new.items()) == list(oracle.legal_turns(v, me2, opp2, (2, 2, 2, 2)).items())
    assert all(len(steps) == max(len(s) for s in new.values()) for steps in new.values())


@pytest.mark.parametrize("name", NAMES)
def test_issue22_000_12_12_1_the_packed_position_seen_by_the_other_player(name: str) -> None:
    """Issue 22 (speed: the playout keeps the position packed between turns): swapping the packed
    halves is the position of the other player (his 26 counts first), so a turn generated from
    the swapped key gives the legal plays of the unpacked position, in the same order. Random
    positions with counts up to 15 on a point (every nibble, the top bit of each word)."""
    v = load_variant(name)
    ws = movegen.workspace()
    vp = movegen.variant_params(v)
    rng = random.Random(22)
    for _ in range(30):
        me = [0] * 26
        opp = [0] * 26
        for s in (me, opp):
            for p in rng.sample(range(26), 6):
                s[p] = rng.randint(1, 15)
        a = np.array(me, dtype=np.int8)
        b = np.array(opp, dtype=np.int8)
        w = movegen.swap_sides(*movegen.pack_position(a, b))
        assert w == movegen.pack_position(b, a)
        assert movegen.swap_sides(*w) == movegen.pack_position(a, b)
    me2, opp2 = v.start, v.start
    for roll in ((3, 1), (6, 6), (2, 2)):
        dice = np.zeros(4, dtype=np.int64)
        n = movegen.turn_dice_of(vp, roll[0], roll[1], dice)
        sw = movegen.swap_sides(*movegen.pack_position(np.array(opp2, dtype=np.int8),
                                                       np.array(me2, dtype=np.int8)))
        k = movegen.generate_packed(vp, *sw, dice, n, 1, *ws.buffers())
        packed = [[movegen.cell_of(ws.mem, int(ws.out[j]), c) for c in range(52)]
                  for j in range(k)]
        expected = [list(me_) + list(opp_) for me_, opp_ in
                    board.legal_turns(v, me2, opp2, tuple(int(d) for d in dice[:n]))]
        assert packed == expected and k > 0
