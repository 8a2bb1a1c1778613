"""The race model: a Plackett–Luce finishing order over integer strengths.

Each runner ``i`` has a positive integer strength ``s_i``. The winner is drawn with chance
``s_i / S`` (``S`` the sum of the strengths), then the second among the others in proportion to
their strengths, and so on (Plackett–Luce, the model behind Harville's formulas). Integer
strengths make every draw a uniform index into the remaining total, so the event's committed
randomness decides the order exactly and a replay reproduces it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from croupier.errors import IllegalAction, VariantError

Order = tuple[int, ...]  # runner numbers (1-based) from the winner down


def check_strengths(strengths: Sequence[int]) -> tuple[int, ...]:
    out = tuple(strengths)
    if len(out) < 2:
        raise VariantError(f"a race needs at least two runners, got {len(out)}")
    for s in out:
        if type(s) is not int or s <= 0:
            raise VariantError(f"a runner's strength is a positive integer, got {s!r}")
    return out


def runner_at(strengths: Sequence[int], placed: Sequence[int], value: int) -> int:
    """The runner (1-based) that the draw ``value`` picks among those not yet ``placed``: the
    remaining strengths laid end to end in runner order, ``value`` an index into their total."""
    left = value
    for i, s in enumerate(strengths, start=1):
        if i in placed:
            continue
        if left < s:
            return i
        left -= s
    raise IllegalAction(f"a place draw is below the remaining strength {remaining(strengths, placed)}, got {value}")


def remaining(strengths: Sequence[int], placed: Sequence[int]) -> int:
    return sum(s for i, s in enumerate(strengths, start=1) if i not in placed)


def order_chance(strengths: Sequence[int], order: Sequence[int]) -> Fraction:
    """The chance that the race starts with ``order`` (a prefix of the finishing order)."""
    left = sum(strengths)
    num = den = 1
    for r in order:
        s = strengths[r - 1]
        num *= s
        den *= left
        left -= s
    return Fraction(num, den)
