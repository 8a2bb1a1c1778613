"""A draw of k balls out of n, as data, and its chance steps (000 §12.19, §12.33-12.46).

A :class:`BallDraw` says which balls are in the drum (``first`` .. ``first + balls - 1``), how
many are drawn, and whether the order of the draw matters to the game's bets (Lucky 6's
position bets) or only the set (Keno). Balls are drawn one by one without replacement; each is a
chance step of the engine contract (:class:`~croupier.games.base.DrawRequest`):

* kind ``"ball"`` (or the draw's ``kind``), ``n`` = the number of balls still in the drum;
* the value ``v`` picks the ``v``-th ball still in the drum, in ascending order of number.

So a uniformly random value at each step gives a uniformly random ordered draw, an RNG and a live
drum's console feed the same values (:meth:`BallDraw.value_of` turns a ball seen in a live drum
into its value), and a record of values replays the draw exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from croupier.errors import IllegalAction, InvalidSelection, VariantError
from croupier.games.base import DrawAction, DrawRequest
from croupier.rng import RandomSource


@dataclass(frozen=True, slots=True)
class BallDraw:
    """``drawn`` balls out of ``balls`` numbered ``first`` .. ``last``, without replacement."""

    balls: int
    drawn: int
    first: int = 1
    ordered: bool = False
    kind: str = "ball"

    def __post_init__(self) -> None:
        for name in ("balls", "drawn", "first"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int):
                raise VariantError(f"a ball draw's {name} must be an integer, got {v!r}")
        if self.balls < 1:
            raise VariantError(f"a drum needs at least one ball, got {self.balls}")
        if not 1 <= self.drawn <= self.balls:
            raise VariantError(f"a draw takes 1 to {self.balls} balls, got {self.drawn}")

    @property
    def last(self) -> int:
        return self.first + self.balls - 1

    @property
    def numbers(self) -> range:
        return range(self.first, self.last + 1)

    def check_number(self, number: object, what: str = "number") -> int:
        """``number`` if it is a ball of the drum; otherwise :class:`InvalidSelection`."""
        if type(number) is not int:
            raise InvalidSelection(f"a {what} is a whole number, got {number!r}")
        if not self.first <= number <= self.last:
            raise InvalidSelection(
                f"{what} {number} is outside the balls {self.first}-{self.last}"
            )
        return number

    def check_picks(self, picks: Sequence[object], lo: int, hi: int, what: str = "pick") -> tuple[int, ...]:
        """A player's numbers: ``lo`` to ``hi`` distinct balls of the drum, sorted.

        Raises :class:`InvalidSelection` naming the first fault: too few or too many numbers, a
        number that is not a ball of the drum, a number picked twice."""
        if not lo <= len(picks) <= hi:
            span = f"{lo}" if lo == hi else f"{lo} to {hi}"
            raise InvalidSelection(f"pick {span} numbers, not {len(picks)}")
        seen: set[int] = set()
        for p in picks:
            n = self.check_number(p, what)
            if n in seen:
                raise InvalidSelection(f"{what} {n} is picked twice")
            seen.add(n)
        return tuple(sorted(seen))

    # -- chance steps ----------------------------------------------------------------------

    def request(self, so_far: Sequence[int]) -> DrawRequest | None:
        """The next chance step after ``so_far`` balls were drawn; None when the draw is done."""
        if len(so_far) >= self.drawn:
            return None
        return DrawRequest(self.kind, self.balls - len(so_far))

    def ball(self, so_far: Sequence[int], value: object) -> int:
        """The ball a draw value gives: the ``value``-th ball still in the drum, ascending.

        Raises :class:`IllegalAction` if the draw is complete or the value is out of range."""
        left = self.balls - len(so_far)
        if len(so_far) >= self.drawn:
            raise IllegalAction(f"all {self.drawn} balls are drawn")
        if type(value) is not int or not 0 <= value < left:
            raise IllegalAction(f"a {self.kind} draw is in [0, {left}), got {value!r}")
        # the value-th number not yet drawn: walk past the drawn balls at or below the candidate
        out = sorted(so_far)
        number = self.first + value
        i = 0
        while i < len(out) and out[i] <= number:
            number += 1
            i += 1
        return number

    def value_of(self, so_far: Sequence[int], ball: int) -> int:
        """The draw value that gives ``ball`` after ``so_far`` (a live drum's ball -> value)."""
        self.check_number(ball, "ball")
        if ball in so_far:
            raise IllegalAction(f"ball {ball} is already drawn")
        below = sum(1 for b in so_far if b < ball)
        return ball - self.first - below

    def actions(self, balls: Sequence[int]) -> tuple[DrawAction, ...]:
        """The chance-step actions that draw ``balls`` in this order."""
        out: list[DrawAction] = []
        for i, b in enumerate(balls):
            out.append(DrawAction(self.kind, self.value_of(balls[:i], b)))
        return tuple(out)

    def draw(self, source: RandomSource) -> tuple[int, ...]:
        """A whole draw from ``source``, in the order the balls come (same values as the engine
        asks for step by step, so a seeded draw equals the engine's draw on the same seed)."""
        remaining = list(self.numbers)
        out: list[int] = []
        for _ in range(self.drawn):
            out.append(remaining.pop(source.randbelow(len(remaining))))
        return tuple(out)


def drawn_set(balls: Iterable[int]) -> frozenset[int]:
    return frozenset(balls)


def hits(picks: Iterable[int], balls: Iterable[int]) -> int:
    """How many of ``picks`` are among ``balls``."""
    drawn = balls if isinstance(balls, (set, frozenset)) else set(balls)
    return sum(1 for p in picks if p in drawn)

