"""A Mega Ball card (000 §12.43 Equipment): a 5x5 grid of 24 distinct numbers and a free centre
square that counts as already marked, and its twelve 5-square lines (5 rows, 5 columns, 2
diagonals; 000 §12.43 Main round 3).

A card is given as its 24 numbers row by row, left to right, skipping the centre (cells 0-11
then 13-24 of the 25). Its *position* ``i`` (0-23) is that cell; :data:`LINES` are the lines as
bit masks over the 24 positions (the centre is in no mask: it is always marked).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from croupier.errors import InvalidSelection
from croupier.games.draws.balls import BallDraw
from croupier.rng import RandomSource

SIZE = 5
CENTRE = 12  # the cell of the free square (row 3, column 3)
CELLS = 24  # numbers on a card

#: the position (0-23) of each of the 25 cells; None for the free centre
POSITION: tuple[int | None, ...] = tuple(
    None if c == CENTRE else (c if c < CENTRE else c - 1) for c in range(SIZE * SIZE))


def _cells() -> list[tuple[str, tuple[int, ...]]]:
    rows = [(f"row {r + 1}", tuple(r * SIZE + c for c in range(SIZE))) for r in range(SIZE)]
    cols = [(f"column {c + 1}", tuple(r * SIZE + c for r in range(SIZE))) for c in range(SIZE)]
    diags = [("diagonal", tuple(i * (SIZE + 1) for i in range(SIZE))),
             ("anti-diagonal", tuple((i + 1) * (SIZE - 1) for i in range(SIZE)))]
    return rows + cols + diags


#: the 12 lines: name and the 25-grid cells each covers
LINE_CELLS: tuple[tuple[str, tuple[int, ...]], ...] = tuple(_cells())


def _mask(cells: Iterable[int]) -> int:
    m = 0
    for c in cells:
        p = POSITION[c]
        if p is not None:
            m |= 1 << p
    return m


#: each line as a bit mask over the 24 card positions (the free centre left out)
LINES: tuple[int, ...] = tuple(_mask(cells) for _name, cells in LINE_CELLS)
FULL = (1 << CELLS) - 1


def check_card(draw: BallDraw, numbers: Sequence[object]) -> tuple[int, ...]:
    """A card's 24 numbers as given (row by row, the centre skipped); :class:`InvalidSelection`
    for a card of another size, a number outside the drum or a number twice on the card."""
    if len(numbers) != CELLS:
        raise InvalidSelection(f"a card has {CELLS} numbers (5x5 with a free centre), not {len(numbers)}")
    seen: set[int] = set()
    for n in numbers:
        b = draw.check_number(n, "card number")
        if b in seen:
            raise InvalidSelection(f"card number {b} is on the card twice")
        seen.add(b)
    return tuple(int(n) for n in numbers)  # type: ignore[call-overload]


def marked(card: Sequence[int], drawn: Collection[int]) -> int:
    """The card's positions whose numbers are among ``drawn``, as a bit mask."""
    m = 0
    for i, n in enumerate(card):
        if n in drawn:
            m |= 1 << i
    return m


def complete_lines(mask: int) -> int:
    """How many lines the marked positions ``mask`` (and the free centre) complete."""
    return sum(1 for line in LINES if mask & line == line)


def completes_line(mask: int, position: int) -> bool:
    """Whether marking ``position`` (unmarked in ``mask``) completes a line."""
    bit = 1 << position
    if mask & bit:
        return False
    now = mask | bit
    return any(line & bit and now & line == line for line in LINES)


def deal_card(draw: BallDraw, source: RandomSource) -> tuple[int, ...]:
    """A random card (000 §12.43: 24 unique numbers randomly arranged): the first 24 of a
    Fisher-Yates shuffle of the drum, drawn from ``source``."""
    pool = list(draw.numbers)
    out = []
    for _ in range(CELLS):
        out.append(pool.pop(source.randbelow(len(pool))))
    return tuple(out)
