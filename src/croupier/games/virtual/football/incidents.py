"""A match's incidents and free kicks (000 §12.59 rows 24–32), as variant data an operator files
(ASSUMPTION: the rules describe no model of them; docs/virtual.md).

**Incidents** (``[incidents]``): each team's chance, in any one minute, of a yellow card, a red
card and a penalty. A minute has at most one incident (ASSUMPTION): after the minute's two goal
draws, one ``incident`` draw in ``[0, Q)`` (``Q`` the chances' common denominator) names it — home
yellow, home red, home penalty, away yellow, away red, away penalty, in that order from 0, or none.
Incidents are independent of the goals: a penalty is recorded as awarded; the goal draws already
hold every goal (ASSUMPTION), so a penalty does not change the score.

**Free kicks** (``[free_kicks]``): after the 90 minutes, ``rounds`` rounds of set-piece free kicks
(ASSUMPTION: rows 27–32 speak of kicks "in each round"), each round one home kick then one away
kick. A kick is two ``kick`` draws: its taker, uniform over the team's listed shirt numbers (with
replacement: a player may take several), then its direction by the integer ``directions`` weights
(goal, save, miss, woodwork). The kicks do not change the score (ASSUMPTION).

Exact chances (:func:`cells`): each incident scope is whether a kind happened in the match or the
first half — none has weight ``(Q − 2c)^n`` over ``Q^n`` for ``n`` minutes and a team's chance
``c/Q``; a kick scope is a taker, a sum of shirt numbers (the takers' distribution convolved kick
by kick, integer weights) or a round's pair of directions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Any

from croupier.errors import VariantError
from croupier.games.virtual import fields as F
from croupier.rng.source import RandomSource

KINDS = ("yellow", "red", "penalty")
DIRECTIONS = ("goal", "save", "miss", "woodwork")
SUMS = ("all", "home", "away")


@dataclass(frozen=True)
class Incidents:
    #: each team's chance of a yellow card, a red card and a penalty in any one minute
    chances: tuple[Fraction, Fraction, Fraction]

    @property
    def scale(self) -> int:
        """Q: the incident draw is an index in [0, Q)."""
        return lcm(*(c.denominator for c in self.chances))

    def bounds(self) -> tuple[int, ...]:
        """The upper ends of the six (team, kind) ranges of the incident draw, home first."""
        q, out, at = self.scale, [], 0
        for _team in range(2):
            for c in self.chances:
                at += c.numerator * (q // c.denominator)
                out.append(at)
        return tuple(out)


@dataclass(frozen=True)
class FreeKicks:
    rounds: int
    takers: tuple[tuple[int, ...], tuple[int, ...]]  # the shirt numbers of the home, the away takers
    directions: tuple[int, ...]                        # integer weights of DIRECTIONS, in order
    #: the over/under lines of the sums of shirt numbers: all kicks, the home kicks, the away kicks
    lines: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def parse_incidents(raw: Any, name: str) -> Incidents | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != set(KINDS):
        raise VariantError(f"{name}: [incidents] gives yellow, red and penalty chances, got {raw!r}")
    chances = tuple(F.fraction(raw[k], f"{name}: incidents.{k}") for k in KINDS)
    if any(not 0 < c < 1 for c in chances) or 2 * sum(chances) >= 1:
        raise VariantError(f"{name}: incident chances are in (0, 1) and a minute's six sum under 1, got {raw!r}")
    return Incidents((chances[0], chances[1], chances[2]))


def _line(x: Any, what: str) -> str:
    value = F.fraction(x, what)
    if value.denominator != 2 or value < 0:
        raise VariantError(f"{what}: an over/under line is a non-negative half number (x.5), got {x!r}")
    return str(x)


def parse_free_kicks(raw: Any, name: str) -> FreeKicks | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise VariantError(f"{name}: [free_kicks] is a table, got {raw!r}")
    rounds = raw.get("rounds")
    if type(rounds) is not int or not 1 <= rounds <= 10:
        raise VariantError(f"{name}: free_kicks.rounds is a whole number in 1..10, got {rounds!r}")
    takers = []
    for side in ("home_takers", "away_takers"):
        shirts = raw.get(side)
        if (not isinstance(shirts, list) or not shirts or any(type(s) is not int or not 1 <= s <= 99 for s in shirts)
                or len(set(shirts)) != len(shirts)):
            raise VariantError(f"{name}: free_kicks.{side} are distinct shirt numbers in 1..99, got {shirts!r}")
        takers.append(tuple(shirts))
    weights = raw.get("directions")
    if (not isinstance(weights, dict) or set(weights) != set(DIRECTIONS)
            or any(type(weights[d]) is not int or weights[d] < 1 for d in DIRECTIONS)):
        raise VariantError(f"{name}: free_kicks.directions weighs goal, save, miss, woodwork (whole numbers ≥ 1), "
                           f"got {weights!r}")
    lines = []
    for which in SUMS:
        got = raw.get("sum_lines", {}).get(which)
        if not isinstance(got, list) or not got:
            raise VariantError(f"{name}: free_kicks.sum_lines.{which} lists the over/under lines, got {got!r}")
        lines.append(tuple(_line(x, f"{name}: free_kicks.sum_lines.{which}") for x in got))
    return FreeKicks(rounds, (takers[0], takers[1]), tuple(weights[d] for d in DIRECTIONS),
                     (lines[0], lines[1], lines[2]))


# -- the draws (match.py calls these from its one run) -------------------------------------------

def minute_incident(model: Incidents, source: RandomSource) -> tuple[int, str] | None:
    """The minute's ``incident`` draw: (team, kind) or None."""
    v = source.randbelow(model.scale)
    for i, top in enumerate(model.bounds()):
        if v < top:
            return i // 3, KINDS[i % 3]
    return None


def kick(model: FreeKicks, team: int, source: RandomSource) -> tuple[int, str]:
    """One kick's two ``kick`` draws: (the taker's shirt number, the direction)."""
    shirt = model.takers[team][source.randbelow(len(model.takers[team]))]
    v = source.randbelow(sum(model.directions))
    i = 0
    while v >= model.directions[i]:  # the draw is below the weights' sum: i stays in range
        v -= model.directions[i]
        i += 1
    return shirt, DIRECTIONS[i]


# -- exact chances ---------------------------------------------------------------------------------

def _power(dist: dict[int, int], k: int) -> dict[int, int]:
    """The weights of the sum of ``k`` independent draws of ``dist`` (integer convolution)."""
    out = {0: 1}
    for _ in range(k):
        nxt: dict[int, int] = {}
        for s, w in out.items():
            for x, v in dist.items():
                nxt[s + x] = nxt.get(s + x, 0) + w * v
        out = nxt
    return out


@lru_cache(maxsize=64)
def cells(incidents: Incidents | None, kicks: FreeKicks | None, minutes_per_half: int,
          scope: str) -> tuple[dict[Any, int], int]:
    """The cells of an incident or kick scope (markets.summary reads the same from a match) with
    integer weights over a common denominator; they do not depend on the goal rates."""
    if scope.startswith("incident_"):
        if incidents is None:  # pragma: no cover - markets offer these scopes only with [incidents]
            raise KeyError(scope)
        _, kind, span = scope.split("_")
        n = 2 * minutes_per_half if span == "match" else minutes_per_half
        q = incidents.scale
        c = incidents.chances[KINDS.index(kind)]
        none = (q - 2 * c.numerator * (q // c.denominator)) ** n
        return {False: none, True: q ** n - none}, q ** n
    if kicks is None:  # pragma: no cover - markets offer these scopes only with [free_kicks]
        raise KeyError(scope)
    home, away = ({s: 1 for s in t} for t in kicks.takers)
    if scope in ("kick_first_home", "kick_last_away"):
        dist = home if scope == "kick_first_home" else away
        return dict(dist), len(dist)
    k = kicks.rounds
    if scope == "kick_sum_home":
        return _power(home, k), len(home) ** k
    if scope == "kick_sum_away":
        return _power(away, k), len(away) ** k
    if scope == "kick_sum_all":
        h, a = _power(home, k), _power(away, k)
        out: dict[Any, int] = {}
        for x, w in h.items():
            for y, v in a.items():
                out[x + y] = out.get(x + y, 0) + w * v
        return out, (len(home) * len(away)) ** k
    if scope.startswith("kick_round"):
        ways = kicks.directions
        return ({(a, b): ways[i] * ways[j] for i, a in enumerate(DIRECTIONS) for j, b in enumerate(DIRECTIONS)},
                sum(ways) ** 2)
    raise KeyError(scope)
