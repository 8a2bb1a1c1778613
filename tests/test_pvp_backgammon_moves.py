"""Backgammon legal-move generation (000 §12.12.1 Moves 1-4, Hitting, Bearing off, Armenian,
Long Backgammon, Pioneer, Blitz), perft-style: the number of distinct legal moves of a roll is
checked against an independent brute force (tests/bg_helpers.py) on the opening position of
every opposed variant for all 21 rolls and on positions from random games, and against counts
worked out by hand on small positions."""

from __future__ import annotations

import random

import pytest

from croupier.games.pvp.backgammon.board import legal_turns, turn_dice
from croupier.games.pvp.backgammon.engine import ENGINE
from croupier.games.pvp.backgammon.variant import load_variant
from tests.bg_helpers import brute_force, brute_force_long, side

# the module's compiled kernels compile once, on one worker (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("numba_backgammon")

OPPOSED = ("short", "armenian", "nack", "hyper")
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]


def counts(name: str, me: tuple[int, ...], opp: tuple[int, ...], d1: int, d2: int) -> int:
    v = load_variant(name)
    return len(legal_turns(v, me, opp, turn_dice(v, d1, d2)))


@pytest.mark.parametrize("name", OPPOSED)
def test_000_12_12_1_opening_position_move_counts_match_a_brute_force(name: str) -> None:
    v = load_variant(name)
    table = {}
    for d1, d2 in ROLLS:
        mine = legal_turns(v, v.start, v.start, turn_dice(v, d1, d2))
        theirs = brute_force(v, v.start, v.start, d1, d2)
        assert set(mine) == theirs, (name, d1, d2)
        table[(d1, d2)] = len(mine)
    assert all(n > 0 for n in table.values())  # every opening roll can be played


def test_000_12_12_1_short_opening_counts_worked_by_hand() -> None:
    """5-5: a checkers 13/8 and b 8/3 with a + b = 4 and b <= 3 + a (24/19 and 6/1 are closed):
    four ways. 6-5: 24/18, 13/7 or 8/2 with 13/8 or 8/3 (six, of which 8/2 13/8 = 13/7/2), and
    24/18/13: seven."""
    v = load_variant("short")
    assert len(legal_turns(v, v.start, v.start, turn_dice(v, 5, 5))) == 4
    assert len(legal_turns(v, v.start, v.start, turn_dice(v, 6, 5))) == 7


@pytest.mark.parametrize("name", OPPOSED)
def test_000_12_12_1_positions_from_random_games_match_a_brute_force(name: str) -> None:
    v = load_variant(name)
    rng = random.Random(name)
    checked = 0
    while checked < 200:
        me, opp = v.start, v.start
        for _ply in range(120):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            mine = legal_turns(v, me, opp, turn_dice(v, d1, d2))
            assert set(mine) == brute_force(v, me, opp, d1, d2), (name, me, opp, d1, d2)
            checked += 1
            if mine:
                me, opp = rng.choice(sorted(mine))
            if me[0] == v.checkers:
                break
            me, opp = opp, me
    assert checked >= 200


@pytest.mark.parametrize("name", ["pioneer", "blitz"])
def test_000_12_12_1_pioneer_and_blitz_random_positions_match_a_brute_force(name: str) -> None:
    v = load_variant(name)
    rng = random.Random(name)
    checked = 0
    while checked < 200:
        me, opp = v.start, v.start
        for _ply in range(200):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            mine = legal_turns(v, me, opp, turn_dice(v, d1, d2))
            assert set(mine) == brute_force(v, me, opp, d1, d2), (name, me, opp, d1, d2)
            checked += 1
            if mine:
                me, opp = rng.choice(sorted(mine))
            if me[0] == v.checkers:
                break
            me, opp = opp, me


def test_000_12_12_1_long_opening_and_random_positions_match_a_brute_force() -> None:
    v = load_variant("long")
    for d1, d2 in ROLLS:
        for first in (True, False):
            mine = legal_turns(v, v.start, v.start, turn_dice(v, d1, d2), first)
            assert set(mine) == brute_force_long(v, v.start, v.start, d1, d2, first), (d1, d2, first)
    rng = random.Random("long")
    checked = 0
    while checked < 300:
        me, opp = v.start, v.start
        firsts = [True, True]
        who = 0
        for _ply in range(400):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            mine = legal_turns(v, me, opp, turn_dice(v, d1, d2), firsts[who])
            assert set(mine) == brute_force_long(v, me, opp, d1, d2, firsts[who]), (me, opp, d1, d2)
            checked += 1
            firsts[who] = False
            if mine:
                me, opp = rng.choice(sorted(mine))
            if me[0] == v.checkers:
                break
            me, opp = opp, me
            who = 1 - who


# -- hand-checked positions --------------------------------------------------------------------

FAR = side({0: 15})  # an opponent who has borne everything off: no contact


def test_000_12_12_1_moves_4_must_use_both_dice_when_possible() -> None:
    # checkers on 20 and 10; the opponent holds 14 (his 11) and 3 (his 22): 6-1
    me = side({20: 1, 10: 1, 0: 13})
    opp = side({11: 2, 22: 2, 0: 11})
    got = legal_turns(load_variant("short"), me, opp, (6, 1))
    assert {tuple(k for k in range(26) if pos[0][k] and 0 < k < 25) for pos in got} == {(4, 19), (10, 13)}
    assert all(len(steps) == 2 for steps in got.values())


def test_000_12_12_1_moves_4_only_one_die_playable_play_the_larger() -> None:
    # one checker on 10, the opponent holds 3 (his 22): 10/4 or 10/9, never both: the 6
    me = side({10: 1, 0: 14})
    opp = side({22: 2, 0: 13})
    got = legal_turns(load_variant("short"), me, opp, (6, 1))
    assert list(got.values()) == [((10, 4),)]


def test_000_12_12_1_moves_4_only_the_smaller_die_playable_is_played() -> None:
    me = side({10: 1, 0: 14})
    opp = side({21: 2, 22: 2, 0: 11})  # 4 and 3 closed: the 6 cannot move, the 1 can
    got = legal_turns(load_variant("short"), me, opp, (6, 1))
    assert list(got.values()) == [((10, 9),)]


def test_000_12_12_1_moves_4_no_legal_move_loses_the_turn() -> None:
    me = side({25: 1, 0: 14})
    opp = side({p: 2 for p in range(1, 7)} | {0: 3})  # a closed board: nothing enters
    assert legal_turns(load_variant("short"), me, opp, (6, 5)) == {}


def test_000_12_12_1_moves_3_doubles_as_many_as_possible() -> None:
    me = side({10: 1, 0: 14})
    opp = side({21: 2, 0: 13})  # point 4 closed: 10/7 and no further
    got = legal_turns(load_variant("short"), me, opp, (3, 3, 3, 3))
    assert list(got.values()) == [((10, 7),)]
    free = legal_turns(load_variant("short"), me, side({0: 15}), (3, 3, 3, 3))
    assert list(free.values()) == [((10, 7), (7, 4), (4, 1), (1, 0))]  # the last 3 bears it off


def test_000_12_12_1_moves_2_one_checker_uses_both_dice_only_through_an_open_point() -> None:
    me = side({13: 1, 0: 14})
    eight_closed = side({17: 2, 0: 13})  # his 17 is my 8: 13/8/7 is closed, 13/12/7 is open
    got = legal_turns(load_variant("short"), me, eight_closed, (5, 1))
    assert list(got.values()) == [((13, 12), (12, 7))]


def test_000_12_12_1_hitting_sends_a_blot_to_the_bar_and_the_bar_enters_first() -> None:
    v = load_variant("short")
    me = side({10: 1, 25: 1, 0: 13})
    opp = side({18: 1, 0: 14})  # a blot on my 7
    got = legal_turns(v, me, opp, (3, 2))
    # the bar must enter first (on 22 or 23), then the other die moves any checker
    assert all(steps[0][0] == 25 for steps in got.values())
    hit = [pos for pos, steps in got.items() if (10, 7) in steps]
    assert hit and all(pos[1][25] == 1 and pos[1][18] == 0 for pos in hit)


def test_000_12_12_1_bearing_off_6_6_takes_four_from_the_six_point() -> None:
    me = side({6: 5, 0: 10})
    got = legal_turns(load_variant("short"), me, FAR, (6, 6, 6, 6))
    assert list(got) == [(side({6: 1, 0: 14}), FAR)]


def test_000_12_12_1_bearing_off_a_higher_die_takes_the_highest_checker() -> None:
    # checkers on 3 and 2, roll 6-1: off from 3 then 2/1, or 3/2 then off from 2 (hand count: 2)
    me = side({3: 1, 2: 1, 0: 13})
    got = legal_turns(load_variant("short"), me, FAR, (6, 1))
    assert set(got) == {(side({1: 1, 0: 14}), FAR), (side({2: 1, 0: 14}), FAR)}


def test_000_12_12_1_bearing_off_needs_every_checker_home() -> None:
    me = side({7: 1, 2: 1, 0: 13})
    got = legal_turns(load_variant("short"), me, FAR, (2, 1))
    # 2 from the 2-point is not allowed while a checker is on 7: 7/5 then 5/4 or 2/1...
    assert all(steps[0][0] == 7 or steps[1][0] == 7 for steps in got.values())


def test_000_12_12_1_bearing_off_is_not_forced_when_a_move_is_possible() -> None:
    me = side({6: 1, 5: 1, 0: 13})
    got = legal_turns(load_variant("short"), me, FAR, (1, 1, 1, 1))
    assert (side({6: 1, 1: 1, 0: 13}), FAR) in got  # 5/1 with four 1s: no checker borne off


def test_000_12_12_1_armenian_a_checker_that_hits_in_the_opponents_home_stops() -> None:
    me = side({22: 1, 6: 1, 0: 13})
    opp = side({5: 1, 0: 14})  # a blot on my 20 (his 5, his home board)
    short = legal_turns(load_variant("short"), me, opp, (2, 1))
    armenian = legal_turns(load_variant("armenian"), me, opp, (2, 1))
    hit_on = (side({19: 1, 6: 1, 0: 13}), side({25: 1, 0: 14}))
    assert hit_on in short and short[hit_on] == ((22, 20), (20, 19))
    assert hit_on not in armenian
    assert set(armenian) == set(short) - {hit_on}
    assert set(armenian) == brute_force(load_variant("armenian"), me, opp, 2, 1)


# -- Long Backgammon -----------------------------------------------------------------------------


def test_000_12_12_1_long_one_checker_leaves_the_head_per_turn() -> None:
    v = load_variant("long")
    got = legal_turns(v, v.start, v.start, (6, 5))
    assert list(got) == [(side({24: 14, 13: 1}), v.start)]


def test_000_12_12_1_long_first_throw_exception_two_from_the_head_on_6_6() -> None:
    v = load_variant("long")
    first = legal_turns(v, v.start, v.start, (6, 6, 6, 6), first_turn=True)
    # 18/12 is the opponent's head: one checker plays one 6, a second leaves the head
    assert list(first) == [(side({24: 13, 18: 2}), v.start)]
    later = legal_turns(v, v.start, v.start, (6, 6, 6, 6), first_turn=False)
    assert list(later) == [(side({24: 14, 18: 1}), v.start)]


def test_000_12_12_1_long_first_throw_3_3_and_4_4_counts() -> None:
    v = load_variant("long")
    three = legal_turns(v, v.start, v.start, (3, 3, 3, 3), first_turn=True)
    assert set(three) == {(side({24: 13, 15: 1, 21: 1}), v.start), (side({24: 13, 18: 2}), v.start)}
    four = legal_turns(v, v.start, v.start, (4, 4, 4, 4), first_turn=True)
    assert set(four) == {(side({24: 13, 16: 2}), v.start)}
    five = legal_turns(v, v.start, v.start, (5, 5, 5, 5), first_turn=True)
    assert list(five) == [(side({24: 14, 4: 1}), v.start)]  # no exception for 5:5


def test_000_12_12_1_long_no_landing_on_any_opposing_checker() -> None:
    v = load_variant("long")
    me = side({20: 1, 0: 14})
    opp = side({2: 1, 0: 14})  # his point 2 is my 14
    got = legal_turns(v, me, opp, (6, 1))
    assert all(pos[0][14] == 0 for pos in got)


def test_000_12_12_1_long_six_block_needs_an_opposing_checker_ahead() -> None:
    """My 14..19 are his 2..7: 20/18 would close six in a row. Allowed only when one of his
    checkers is ahead of the block (his point 1 = my 13), not when all are behind it (his head)."""
    v = load_variant("long")
    me = side({14: 1, 15: 1, 16: 1, 17: 1, 19: 1, 20: 1, 23: 1, 0: 8})  # 23/22 plays the 1

    def six(pos: tuple[tuple[int, ...], tuple[int, ...]]) -> bool:
        return all(pos[0][p] for p in range(14, 20))

    behind = side({24: 15})
    passed = side({24: 14, 1: 1})
    assert not any(six(pos) for pos in legal_turns(v, me, behind, (2, 1)))
    assert any(six(pos) for pos in legal_turns(v, me, passed, (2, 1)))


# -- Pioneer and Blitz ---------------------------------------------------------------------------


def test_000_12_12_1_pioneer_low_doubles_one_move_high_doubles_two() -> None:
    v = load_variant("pioneer")
    assert turn_dice(v, 1, 1) == (1,) and turn_dice(v, 3, 3) == (3,)
    assert turn_dice(v, 4, 4) == (4, 4) and turn_dice(v, 6, 6) == (6, 6)
    got = legal_turns(v, v.start, v.start, (6, 6))
    # a double bears off only two checkers from its point
    assert list(got) == [(side({6: 1, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2, 0: 2}), v.start)]


def test_000_12_12_1_blitz_the_dice_place_checkers_on_their_points() -> None:
    v = load_variant("blitz")
    got = legal_turns(v, v.start, v.start, (6, 3))
    assert list(got) == [(side({25: 13, 6: 1, 3: 1}), v.start)]
    # bearing off only once all 15 are placed: the 6 places and the 5 moves 6/1, or the 5
    # places and the 6 bears off from the 6-point
    placed = legal_turns(v, side({25: 1, 6: 14}), v.start, (6, 5))
    assert set(placed) == {(side({6: 14, 1: 1}), v.start), (side({6: 13, 5: 1, 0: 1}), v.start)}


def test_engine_legal_actions_list_one_move_per_distinct_position() -> None:
    from tests.bg_helpers import opening, start
    s = opening(start(), 3, 1)
    assert s.phase == "move" and ENGINE.to_act(s) == 1
    v = load_variant("short")
    assert len(ENGINE.legal_actions(s)) == len(legal_turns(v, v.start, v.start, (3, 1)))
