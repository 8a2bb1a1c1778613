"""The draw shape (docs/draws.md): a draw of k balls out of n as chance steps, exact
hypergeometric helpers, the schedule arithmetic."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import IllegalAction, InvalidSelection, VariantError
from croupier.games.draws.balls import BallDraw, hits
from croupier.games.draws.hypergeom import hit_distribution, hypergeom, position_of_last
from croupier.games.draws.schedule import DrawSchedule
from croupier.rng import seeded


def test_draw_values_name_the_remaining_balls_in_ascending_order() -> None:
    d = BallDraw(5, 3)
    assert d.ball((), 0) == 1
    assert d.ball((1,), 0) == 2
    assert d.ball((2, 4), 1) == 3
    assert d.ball((2, 4), 2) == 5
    assert d.request((1, 2, 3)) is None
    with pytest.raises(IllegalAction):
        d.ball((1,), 4)
    with pytest.raises(IllegalAction):
        d.ball((1, 2, 3), 0)


def test_every_value_sequence_gives_a_distinct_ordered_draw_uniformly() -> None:
    """Brute force: the value sequences of a 3-of-6 draw are in one-to-one correspondence with
    the ordered draws, so uniform values give a uniform ordered draw."""
    d = BallDraw(6, 3)
    seen = set()
    for a in range(6):
        for b in range(5):
            for c in range(4):
                so: list[int] = []
                for v in (a, b, c):
                    so.append(d.ball(so, v))
                seen.add(tuple(so))
    assert seen == set(permutations(range(1, 7), 3))


@given(st.integers(1, 80), st.data())
@settings(max_examples=60, deadline=None)
def test_value_of_inverts_ball(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(1, n))
    d = BallDraw(n, k, first=0)
    balls = d.draw(seeded(data.draw(st.integers(0, 10**6))))
    assert len(set(balls)) == k and all(0 <= b < n for b in balls)
    so: list[int] = []
    for action in d.actions(balls):
        so.append(d.ball(so, action.value))
    assert tuple(so) == balls


def test_picks_are_checked_precisely() -> None:
    d = BallDraw(80, 20)
    assert d.check_picks([5, 1, 80], 1, 10) == (1, 5, 80)
    with pytest.raises(InvalidSelection, match="not 11"):
        d.check_picks(list(range(1, 12)), 1, 10)
    with pytest.raises(InvalidSelection, match="outside"):
        d.check_picks([0, 5], 1, 10)
    with pytest.raises(InvalidSelection, match="outside"):
        d.check_picks([81], 1, 10)
    with pytest.raises(InvalidSelection, match="twice"):
        d.check_picks([7, 7], 1, 10)
    with pytest.raises(InvalidSelection, match="whole number"):
        d.check_picks(["7"], 1, 10)
    with pytest.raises(VariantError):
        BallDraw(10, 11)


def test_hypergeometric_agrees_with_brute_force() -> None:
    population, drawn, picks = 10, 4, 3
    counts = [0] * (picks + 1)
    for draw in combinations(range(population), drawn):
        counts[hits(range(picks), draw)] += 1
    total = comb(population, drawn)
    assert hit_distribution(population, drawn, picks) == tuple(Fraction(c, total) for c in counts)
    assert sum(hit_distribution(80, 20, 10)) == 1
    assert hypergeom(80, 1, 20, 1) == Fraction(1, 4)


def test_position_of_last_agrees_with_brute_force() -> None:
    population, marked = 7, 3
    counts = [0] * (population + 1)
    for order in permutations(range(population)):
        counts[max(order.index(m) for m in range(marked)) + 1] += 1
    total = sum(counts)
    for pos in range(population + 1):
        assert position_of_last(population, marked, pos) == Fraction(counts[pos], total)


def test_schedule_arithmetic() -> None:
    s = DrawSchedule(every_seconds=60, cutoff_seconds=10, max_draws=10)
    assert s.due(5) == 300 and s.closes(5) == 290
    assert s.next_open(289.9) == 5
    assert s.next_open(290) == 6
    assert s.next_open(300) == 6
    with pytest.raises(VariantError):
        DrawSchedule(every_seconds=60, cutoff_seconds=60, max_draws=1)
