"""One virtual match from its randomness (ASSUMPTION: 000 §12.59 gives no model; docs/virtual.md).

Draws, each a :class:`~croupier.games.base.DrawRequest` answered by the injected source:

* ``rate`` twice (home, then away): each team's chance of a goal in a minute, uniform over the
  variant's ``rates``, drawn before the board is priced and published;
* then for every minute 1..90, ``goal`` for the home team and then for the away team: an index
  in ``[0, q)`` for a rate ``p/q``, a goal when it is below ``p``. At most one goal a team a
  minute; when both score in the same minute the home goal is recorded first (ASSUMPTION).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games.virtual.football.variant import FootballVariant
from croupier.rng.source import RandomSource

HOME, AWAY = 0, 1


@dataclass(frozen=True)
class Match:
    """The rates drawn for the event and the goals as (minute, team), in the order scored."""

    minutes_per_half: int
    rates: tuple[int, int]  # indices into the variant's rates
    goals: tuple[tuple[int, int], ...]

    def score(self, scope: str) -> tuple[int, int]:
        """(home goals, away goals) over ``match``, ``half1`` or ``half2``."""
        m = self.minutes_per_half
        lo, hi = {"match": (1, 2 * m), "half1": (1, m), "half2": (m + 1, 2 * m)}[scope]
        h = sum(1 for t, team in self.goals if lo <= t <= hi and team == HOME)
        a = sum(1 for t, team in self.goals if lo <= t <= hi and team == AWAY)
        return h, a

    def first_goal(self, scope: str) -> tuple[int, int] | None:
        """(minute, team) of the first goal in the match or in the first half, or None."""
        last = 2 * self.minutes_per_half if scope == "match" else self.minutes_per_half
        return next(((t, team) for t, team in self.goals if t <= last), None)


def run(variant: FootballVariant, source: RandomSource) -> Match:
    n = len(variant.rates)
    idx = (source.randbelow(n), source.randbelow(n))
    p = [variant.rates[i] for i in idx]
    goals = []
    for minute in range(1, 2 * variant.minutes_per_half + 1):
        for team in (HOME, AWAY):
            if source.randbelow(p[team].denominator) < p[team].numerator:
                goals.append((minute, team))
    return Match(variant.minutes_per_half, idx, tuple(goals))
