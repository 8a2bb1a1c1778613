"""Exact chances of every football market, with integers over a common denominator.

With a goal chance ``p = u/q`` a minute, a team's goals over ``n`` minutes are Binomial(n, p):
``C(n,k) u^k (q−u)^(n−k)`` over ``q^n``. The two teams are independent, so a span's score
(h, a) has the product weight; the half-time/full-time pair comes from the goal differences of
the two halves; the first goal from the minute-by-minute chance that nobody scores. Each scope's
cells are enumerated in full (no truncation) and every market sums the cells whose summary makes
a selection win; ``tests/test_virtual_football.py`` checks the cells against a brute force over
every goal pattern of a short match, and two samplers against the chances."""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction
from functools import lru_cache, partial
from math import comb
from typing import Any

from croupier.games.virtual.football import incidents
from croupier.games.virtual.football.grid import GridPlan, correlate, group_sums, make_plan
from croupier.games.virtual.football.incidents import FreeKicks, Incidents
from croupier.games.virtual.football.markets import Market
from croupier.games.virtual.football.match import AWAY, HOME

Cells = tuple[dict[Any, int], int]  # weight of each summary, and the common denominator


@lru_cache(maxsize=64)
def _binomial(p: Fraction, n: int) -> tuple[tuple[int, ...], int]:
    u, q = p.numerator, p.denominator
    return tuple(comb(n, k) * u ** k * (q - u) ** (n - k) for k in range(n + 1)), q ** n


def binomial(p: Fraction, n: int) -> tuple[list[int], int]:
    """A team's goals over ``n`` minutes: each count's weight, and their denominator (a rate comes
    from the variant's finite list, so each is built once)."""
    w, d = _binomial(p, n)
    return list(w), d


@lru_cache(maxsize=64)
def score_cells(ph: Fraction, pa: Fraction, minutes: int) -> Cells:
    """The (home, away) goals over ``minutes`` with their weights (shared: read, never changed;
    both halves and the half-time/full-time pairs use the same cells)."""
    wh, dh = binomial(ph, minutes)
    wa, da = binomial(pa, minutes)
    return {(h, a): x * y for h, x in enumerate(wh) for a, y in enumerate(wa)}, dh * da


def _sign(d: int) -> str:
    return "1" if d > 0 else "X" if d == 0 else "2"


def htft_cells(ph: Fraction, pa: Fraction, half: int) -> Cells:
    wh, dh = binomial(ph, half)
    wa, da = binomial(pa, half)
    # a half's goal difference d = h − a has weight c[d + half] (one correlation of the two teams)
    diff = {k - half: w for k, w in enumerate(correlate(wh, wa)) if w}
    den = dh * da
    # the second half's differences in order, with running totals: for each first-half
    # difference d1, the weight of d2 below, at and above -d1 (the match's sign) in O(1)
    ds = sorted(diff)
    below = [0]
    for d in ds:
        below.append(below[-1] + diff[d])
    total = below[-1]
    out: dict[Any, int] = {}
    for d1, w1 in diff.items():
        less = below[bisect_left(ds, -d1)]
        level = diff.get(-d1, 0)
        for sign, w2 in (("2", less), ("X", level), ("1", total - less - level)):
            if w2:
                key = (_sign(d1), sign)
                out[key] = out.get(key, 0) + w1 * w2
    return out, den * den


def first_goal_cells(ph: Fraction, pa: Fraction, minutes: int) -> Cells:
    """(minute, team) of the first goal within ``minutes``, or None; in a minute where both
    teams score the home goal comes first (match.py)."""
    uh, qh, ua, qa = ph.numerator, ph.denominator, pa.numerator, pa.denominator
    per = qh * qa
    none = (qh - uh) * (qa - ua)
    home, away = uh * qa, (qh - uh) * ua
    before = [1]  # none^(t-1) and per^(minutes-t), built by one multiplication each
    after = [1]
    for _ in range(minutes):
        before.append(before[-1] * none)
        after.append(after[-1] * per)
    out: dict[Any, int] = {None: before[minutes]}
    for t in range(1, minutes + 1):
        both = before[t - 1] * after[minutes - t]
        out[(t, HOME)] = both * home
        out[(t, AWAY)] = both * away
    return out, after[minutes]


@lru_cache(maxsize=64)
def _plan(keys: tuple[Any, ...], markets: tuple[Market, ...]) -> tuple[tuple[int, ...], tuple[tuple[tuple[str, ...], ...], ...]]:
    """Cells that every market of a scope reads alike are merged: each cell's group (by the
    selections it makes win in every market), and each group's winning selections per market.
    The cells of a scope depend on the match's length only, so the plan is made once."""
    groups: dict[tuple[tuple[str, ...], ...], int] = {}
    index = []
    for key in keys:
        sig = tuple(tuple(m.classify(key)) for m in markets)
        index.append(groups.setdefault(sig, len(groups)))
    return tuple(index), tuple(groups)


def _primes(n: int) -> tuple[int, ...]:
    out, p = [], 2
    while p * p <= n:
        if n % p == 0:
            out.append(p)
            while n % p == 0:
                n //= p
        p += 1
    return tuple(out + ([n] if n > 1 else []))


def _coprime(n: int, d: int) -> Fraction:
    """``n/d`` already in lowest terms, without a gcd of two numbers of a thousand bits."""
    make: Any = getattr(Fraction, "_from_coprime_ints", None)  # Python 3.12+
    if make is None:  # Python 3.11: the constructor's switch
        make = partial(Fraction, _normalize=False)
    out: Fraction = make(n, d)
    return out


def chance(w: int, den: int, primes: tuple[int, ...]) -> Fraction:
    """``Fraction(w, den)`` for a ``den`` whose prime factors are ``primes`` (every denominator of
    a scope is a power of the rates' denominators): the common power of 2 is shifted out, and a
    ``w`` that no odd one of ``primes`` divides is then coprime to ``den`` — no gcd of two numbers
    of a thousand bits (issue 23's pricing time). Otherwise the gcd."""
    if w == 0:
        return Fraction(0)
    if 2 in primes:
        k = min((w & -w).bit_length(), (den & -den).bit_length()) - 1
        w, den = w >> k, den >> k
    if any(p != 2 and w % p == 0 for p in primes):
        return Fraction(w, den)  # a common odd factor: the gcd (its power may be large)
    return _coprime(w, den)


@lru_cache(maxsize=64)
def _grid_plan(n: int, markets: tuple[Market, ...]) -> GridPlan:
    """The grid plan of a score scope (grid.py), by every market's reading of every cell."""
    return make_plan(n, lambda key: tuple(tuple(m.classify(key)) for m in markets))


GRID_SCOPES = {"match": 2, "half": 1}  # the score scopes (both halves read one grid), in halves


class MatchChances:
    """The cells of every scope for one event's two goal rates, built once each (the incident and
    kick scopes of rows 24–32 come from incidents.py, shared by every rate pair)."""

    def __init__(self, ph: Fraction, pa: Fraction, minutes_per_half: int,
                 incident_model: Incidents | None = None, kicks: FreeKicks | None = None) -> None:
        self.ph, self.pa, self.half = ph, pa, minutes_per_half
        self.incidents, self.kicks = incident_model, kicks
        self._cells: dict[str, Cells] = {}

    def cells(self, scope: str) -> Cells:
        if scope.startswith(("incident_", "kick_")):  # rows 24-32: independent of the goal rates
            return incidents.cells(self.incidents, self.kicks, self.half, scope)
        if scope not in self._cells:
            ph, pa, m = self.ph, self.pa, self.half
            self._cells[scope] = {
                "match": lambda: score_cells(ph, pa, 2 * m),
                "half1": lambda: score_cells(ph, pa, m),
                "half2": lambda: score_cells(ph, pa, m),
                "htft": lambda: htft_cells(ph, pa, m),
                "first_match": lambda: first_goal_cells(ph, pa, 2 * m),
                "first_half1": lambda: first_goal_cells(ph, pa, m),
            }[scope]()
        return self._cells[scope]

    def markets(self, markets: tuple[Market, ...]) -> dict[str, dict[str, Fraction]]:
        """Each selection's chance of winning, for every market (grouped by scope)."""
        out: dict[str, dict[str, Fraction]] = {}
        primes = _primes(self.ph.denominator * self.pa.denominator * (self.kicks_scale()))
        # the score scopes of one length (both halves) share a grid: their markets are summed together
        scopes = dict.fromkeys("half" if m.scope in ("half1", "half2") else m.scope for m in markets)
        for scope in scopes:
            ms = tuple(m for m in markets if m.scope == scope or (scope == "half" and m.scope in ("half1", "half2")))
            groups: tuple[tuple[tuple[str, ...], ...], ...]
            if scope in GRID_SCOPES:
                n = GRID_SCOPES[scope] * self.half
                wh, dh = binomial(self.ph, n)
                wa, da = binomial(self.pa, n)
                plan = _grid_plan(n, ms)
                weight, groups, den = group_sums(plan, wh, wa), plan.groups, dh * da
            else:
                cells, den = self.cells(scope)
                index, groups = _plan(tuple(cells), ms)
                weight = [0] * len(groups)
                for g, w in zip(index, cells.values(), strict=True):
                    weight[g] += w
            for i, m in enumerate(ms):
                acc = dict.fromkeys(m.selections, 0)
                for g, sig in enumerate(groups):
                    for sel in sig[i]:
                        acc[sel] += weight[g]
                out[m.code] = {sel: chance(w, den, primes) for sel, w in acc.items()}
        return out

    def kicks_scale(self) -> int:
        """The product of every denominator the incident and kick scopes use (1 without them)."""
        q = self.incidents.scale if self.incidents is not None else 1
        if self.kicks is not None:
            q *= len(self.kicks.takers[0]) * len(self.kicks.takers[1]) * sum(self.kicks.directions)
        return q

    def market(self, m: Market) -> dict[str, Fraction]:
        """Each selection's chance of winning, summed cell by cell (the plain way)."""
        cells, den = self.cells(m.scope)
        acc = dict.fromkeys(m.selections, 0)
        for key, w in cells.items():
            for sel in m.classify(key):
                acc[sel] += w
        return {sel: Fraction(w, den) for sel, w in acc.items()}
