"""A virtual football variant as data (``variants/football/*.toml``): the match's length, the goal
rates a team may be given for an event, the first-goal intervals, the margin, and the incident
and free-kick models of rows 24–32 (incidents.py)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError
from croupier.games.virtual import fields as F
from croupier.games.virtual.football.incidents import (
    FreeKicks,
    Incidents,
    parse_free_kicks,
    parse_incidents,
)


@dataclass(frozen=True)
class FootballVariant:
    name: str
    title: str
    source: str
    minutes_per_half: int
    #: a team's chance of scoring in any one minute; each team's is drawn uniformly per event
    rates: tuple[Fraction, ...]
    #: the intervals of "the time of the first goal" (12.59 row 22), inclusive minute ranges
    intervals: tuple[tuple[int, int], ...]
    rtp: Fraction
    betting_seconds: int
    #: rows 24–26: cards and penalties a minute (None: those rows are not offered; incidents.py)
    incidents: Incidents | None = None
    #: rows 27–32: the free-kick rounds (None: not offered)
    free_kicks: FreeKicks | None = None


def parse_variant(raw: dict[str, Any], name: str) -> FootballVariant:
    minutes = raw.get("minutes_per_half", 45)
    if type(minutes) is not int or not 1 <= minutes <= 60:
        raise VariantError(f"{name}: minutes_per_half is a whole number in 1..60, got {minutes!r}")
    rates = F.chances(raw, "rates", name)
    intervals = tuple((int(a), int(b)) for a, b in raw.get("first_goal_intervals", ()))
    expect = 1
    for a, b in intervals:
        if a != expect or b < a:
            raise VariantError(f"{name}: first_goal_intervals cover the match from minute 1 in order, got {intervals}")
        expect = b + 1
    if expect != 2 * minutes + 1:
        raise VariantError(f"{name}: first_goal_intervals end at minute {2 * minutes}, got {intervals}")
    rtp = F.rtp(raw, name)
    seconds = F.betting_seconds(raw, name, "000 §12.59")
    return FootballVariant(name, str(raw.get("title", name)), str(raw.get("source", "")), minutes,
                           rates, intervals, rtp, seconds, parse_incidents(raw.get("incidents"), name),
                           parse_free_kicks(raw.get("free_kicks"), name))
