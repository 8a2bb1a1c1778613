"""Dream Catcher's exact figures: the shared walker over the whole re-spin tree, and the closed
form that cross-checks it (tests/test_000_12_22_dream_catcher.py).

Closed form (uncapped): from the opening, let N be the wheel's size, M the multiplier positions
and X the sum of their factors. The spins end on a number, so a number of c positions comes up
with probability c / (N - M); the expected stacked multiplier E satisfies E = 1 + (X / N) E over
the numbers' ends... per number: P(win) = c/(N-M) and E[multiplier; win] = c / (N - X). A bet at
odds n returns 1 + multiplier * n on a win: RTP = c/(N - M) + c n/(N - X)  (000 §12.22's
derived c/52 + c n/45).
"""

from __future__ import annotations

from fractions import Fraction

from croupier.games.maths import BetRTP
from croupier.games.shows.dream_catcher.show import SHOW, DreamCatcherVariant
from croupier.games.shows.tree import bet_rtp


def exact(v: DreamCatcherVariant) -> list[BetRTP]:
    return bet_rtp(SHOW, v)


def closed_form(v: DreamCatcherVariant) -> dict[str, Fraction]:
    """Each number's RTP in closed form (uncapped variants only)."""
    if v.multiplier_cap is not None:
        raise ValueError("the closed form is for uncapped multipliers")
    w = v.wheel
    mult = [s for s in w.segments if s.kind == "multiplier"]
    n_pos = w.size
    m_pos = sum(s.count for s in mult)
    x_sum = sum((s.count * s.value for s in mult), Fraction(0))
    return {s.label: Fraction(s.count, n_pos - m_pos) + s.count * s.value / (n_pos - x_sum)
            for s in w.segments if s.kind == "number"}
