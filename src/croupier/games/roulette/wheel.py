"""Roulette wheels: pockets, their order on the wheel and their colours.

Pockets are indices: 0-36 are the numbers themselves and 37 is the American double zero "00".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from croupier.errors import InvalidSelection

DOUBLE_ZERO: Final = 37

#: 001 §8.5: red = {1,3,5,7,9,12,14,16,18,19,21,23,25,27,30,32,34,36}; the same set is written in
#: 000 §12.52 (1 Bet). Black is every other number 1-36; 0 and 00 are green (001 §8.3).
RED: Final = frozenset({1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36})
BLACK: Final = frozenset(range(1, 37)) - RED

#: 001 §8 ASSUMPTION (order not in the sources; checked against 001 §8.4-8.5 and the racetrack).
EUROPEAN_ORDER: Final = (
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20,
    14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
)
AMERICAN_ORDER: Final = (
    0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1, DOUBLE_ZERO, 27, 10, 25,
    29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2,
)


@dataclass(frozen=True, slots=True)
class Wheel:
    """A wheel: its pockets in wheel order. ``pockets`` lists them ascending (a draw's value ``v``
    means ``pockets[v]``) and ``zeros`` holds the green pockets."""

    name: str
    order: tuple[int, ...]
    pockets: tuple[int, ...] = field(init=False)
    zeros: frozenset[int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pockets", tuple(sorted(self.order)))
        object.__setattr__(self, "zeros", frozenset(p for p in self.order if p in (0, DOUBLE_ZERO)))

    @property
    def size(self) -> int:
        return len(self.order)

    def neighbours(self, pocket: int, pairs: int) -> tuple[int, ...]:
        """``pocket`` and ``pairs`` wheel neighbours on each side, in wheel order."""
        i = self.order.index(pocket)
        n = self.size
        return tuple(self.order[(i + k) % n] for k in range(-pairs, pairs + 1))

    def parse_pocket(self, token: object) -> int:
        """Read a number as a player writes it: 0-36 (int or text) or "00" on an American wheel."""
        if isinstance(token, bool):
            raise InvalidSelection(f"{token!r} is not a roulette number")
        if isinstance(token, str):
            text = token.strip()
            if text == "00":
                value = DOUBLE_ZERO
            elif text.isdigit() and len(text) <= 2:
                value = int(text)
            else:
                raise InvalidSelection(f"{token!r} is not a roulette number")
        elif isinstance(token, int):
            value = token
        else:
            raise InvalidSelection(f"{token!r} ({type(token).__name__}) is not a roulette number")
        if value not in self.order or (isinstance(token, int) and value == DOUBLE_ZERO):
            raise InvalidSelection(f"{token!r} is not a number of the {self.name} wheel")
        return value


def label(pocket: int) -> str:
    return "00" if pocket == DOUBLE_ZERO else str(pocket)


def colour(pocket: int) -> str:
    if pocket in RED:
        return "red"
    if pocket in BLACK:
        return "black"
    return "green"


WHEELS: Final = {
    "european": Wheel("european", EUROPEAN_ORDER),  # 000 §12.1, 001 §8.2: 37 pockets
    "american": Wheel("american", AMERICAN_ORDER),  # 000 §12.1 American, 001 §8.2: 38 pockets
}
