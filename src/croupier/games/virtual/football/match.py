"""One virtual match from its randomness (ASSUMPTION: 000 §12.59 gives no model; docs/virtual.md).

Draws, each a :class:`~croupier.games.base.DrawRequest` answered by the injected source:

* ``rate`` twice (home, then away): each team's chance of a goal in a minute, uniform over the
  variant's ``rates``, drawn before the board is priced and published;
* then for every minute 1..90, ``goal`` for the home team and then for the away team: an index
  in ``[0, q)`` for a rate ``p/q``, a goal when it is below ``p``. At most one goal a team a
  minute; when both score in the same minute the home goal is recorded first (ASSUMPTION);
  with ``[incidents]``, the minute's ``incident`` draw follows (incidents.py);
* with ``[free_kicks]``, after minute 90, each round's home kick then away kick: two ``kick``
  draws each, the taker and the direction (incidents.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games.virtual.football.incidents import kick, minute_incident
from croupier.games.virtual.football.variant import FootballVariant
from croupier.rng.source import RandomSource

HOME, AWAY = 0, 1


@dataclass(frozen=True)
class Match:
    """The rates drawn for the event, the goals as (minute, team) in the order scored, the
    incidents as (minute, team, kind) and the free kicks as (round, team, shirt, direction)."""

    minutes_per_half: int
    rates: tuple[int, int]  # indices into the variant's rates
    goals: tuple[tuple[int, int], ...]
    incidents: tuple[tuple[int, int, str], ...] = ()
    kicks: tuple[tuple[int, int, int, str], ...] = ()

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

    def incident_in(self, kind: str, scope: str) -> bool:
        """Whether an incident of ``kind`` happened in the ``match`` or in ``half1``."""
        last = 2 * self.minutes_per_half if scope == "match" else self.minutes_per_half
        return any(k == kind and t <= last for t, _, k in self.incidents)


def run(variant: FootballVariant, source: RandomSource) -> Match:
    n = len(variant.rates)
    idx = (source.randbelow(n), source.randbelow(n))
    p = [variant.rates[i] for i in idx]
    goals, incidents, kicks = [], [], []
    for minute in range(1, 2 * variant.minutes_per_half + 1):
        for team in (HOME, AWAY):
            if source.randbelow(p[team].denominator) < p[team].numerator:
                goals.append((minute, team))
        if variant.incidents is not None:
            got = minute_incident(variant.incidents, source)
            if got is not None:
                incidents.append((minute, *got))
    if variant.free_kicks is not None:
        for rnd in range(1, variant.free_kicks.rounds + 1):
            for team in (HOME, AWAY):
                kicks.append((rnd, team, *kick(variant.free_kicks, team, source)))
    return Match(variant.minutes_per_half, idx, tuple(goals), tuple(incidents), tuple(kicks))
