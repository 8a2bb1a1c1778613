"""The scoreboards baccarat players expect: the bead plate and the big road (pure functions).

Both take the coups of a shoe in order, as :class:`Mark` (see :func:`mark`), and return grid
cells ``(column, row)`` -> mark, with 6 rows by default, so any client can draw them.

* Bead plate: every coup (ties included) in order, filling each column top to bottom.
* Big road: Player and Banker wins only; a column holds one side's streak; a new streak starts at
  the top of the next column. A tie is counted on the last win's cell (ties before the first win
  are counted on the first win's cell). A streak longer than the column (or blocked by an earlier
  tail) turns right along its row: the "dragon tail".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from croupier.games.baccarat.rules import Coup


@dataclass(frozen=True, slots=True)
class Mark:
    winner: str  # "player", "banker" or "tie"
    player_pair: bool = False
    banker_pair: bool = False
    ties: int = 0  # big road: ties counted on this cell


def mark(coup: Coup) -> Mark:
    return Mark(coup.winner, coup.player_pair, coup.banker_pair)


Grid = dict[tuple[int, int], Mark]


def bead_plate(marks: Iterable[Mark], rows: int = 6) -> Grid:
    if rows < 1:
        raise ValueError("a scoreboard needs at least one row")
    return {(i // rows, i % rows): m for i, m in enumerate(marks)}


def streaks(marks: Iterable[Mark]) -> list[list[Mark]]:
    """Player/Banker wins grouped into streaks, with ties counted on the preceding win."""
    out: list[list[Mark]] = []
    leading_ties = 0
    for m in marks:
        if m.winner == "tie":
            if out:
                last = out[-1][-1]
                out[-1][-1] = replace(last, ties=last.ties + 1)
            else:
                leading_ties += 1
            continue
        m = replace(m, ties=leading_ties if not out else 0)
        leading_ties = 0
        if out and out[-1][0].winner == m.winner:
            out[-1].append(m)
        else:
            out.append([m])
    return out


def big_road(marks: Sequence[Mark] | Iterable[Mark], rows: int = 6) -> Grid:
    if rows < 1:
        raise ValueError("a scoreboard needs at least one row")
    grid: Grid = {}
    for col0, streak in enumerate(streaks(marks)):
        col, row, turned = col0, 0, False
        while (col, row) in grid:  # the top of this column is taken by an earlier tail
            col += 1
        for i, m in enumerate(streak):
            if i:
                if not turned and row + 1 < rows and (col, row + 1) not in grid:
                    row += 1
                else:
                    turned = True
                    col += 1
            grid[(col, row)] = m
    return grid
