"""Bead plate and big road scoreboards."""

from __future__ import annotations

from croupier.games.baccarat.roads import Mark, bead_plate, big_road, streaks

P, B, T = Mark("player"), Mark("banker"), Mark("tie")


def test_bead_plate_fills_columns_top_to_bottom_ties_included() -> None:
    grid = bead_plate([P, B, T, P, P, B, B], rows=6)
    assert grid[(0, 0)] == P and grid[(0, 2)] == T and grid[(1, 0)] == B


def test_big_road_columns_are_streaks_and_ties_mark_the_last_win() -> None:
    grid = big_road([P, P, T, B, T, T, P])
    assert grid[(0, 0)].winner == "player" and grid[(0, 1)].ties == 1
    assert grid[(1, 0)].winner == "banker" and grid[(1, 0)].ties == 2
    assert grid[(2, 0)].winner == "player"
    assert len(grid) == 4


def test_big_road_leading_ties_count_on_the_first_win() -> None:
    assert streaks([T, T, B])[0][0].ties == 2


def test_big_road_dragon_tail_turns_right_along_the_bottom_row() -> None:
    grid = big_road([B] * 8 + [P, P], rows=6)
    assert all((0, r) in grid for r in range(6))
    assert grid[(1, 5)].winner == "banker" and grid[(2, 5)].winner == "banker"
    # the next streak starts at the top of column 1 and is blocked above the tail
    assert grid[(1, 0)].winner == "player"
    assert grid[(1, 1)].winner == "player"
