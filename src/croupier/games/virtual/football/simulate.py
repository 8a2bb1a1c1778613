"""A vectorised match simulator: every minute's goals drawn as arrays (numpy, chunked), then the
summary cells of each scope counted (the incidents' and kicks' too: :func:`tally_incidents`). It
shares no code with the exact chances (chances.py, incidents.cells):
``tests/test_virtual_football.py`` checks each market's counts against them."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import numpy as np

from croupier.games.virtual.football.incidents import DIRECTIONS, KINDS
from croupier.games.virtual.football.match import AWAY, HOME
from croupier.games.virtual.football.variant import FootballVariant

SCOPES = ("match", "half1", "half2", "htft", "first_match", "first_half1")


_RESULT = ("2", "X", "1")  # by the sign of (home − away) + 1


def tally(ph: Fraction, pa: Fraction, minutes_per_half: int, events: int, seed: int,
          chunk: int = 50_000) -> dict[str, Counter[Any]]:
    """How many of ``events`` simulated matches fall in each cell of every scope."""
    rng = np.random.default_rng(seed)
    m = minutes_per_half
    out: dict[str, Counter[Any]] = {s: Counter() for s in SCOPES}
    done = 0
    while done < events:
        n = min(chunk, events - done)
        done += n
        home = rng.random((n, 2 * m), dtype=np.float32) < np.float32(ph)
        away = rng.random((n, 2 * m), dtype=np.float32) < np.float32(pa)
        h1, a1 = home[:, :m].sum(1), away[:, :m].sum(1)
        h2, a2 = home[:, m:].sum(1), away[:, m:].sum(1)
        for scope, (h, a) in (("match", (h1 + h2, a1 + a2)), ("half1", (h1, a1)), ("half2", (h2, a2))):
            counts = np.bincount(h * 128 + a)
            out[scope].update({(int(k) // 128, int(k) % 128): int(counts[k]) for k in np.flatnonzero(counts)})
        r1, r = np.sign(h1 - a1) + 1, np.sign(h1 + h2 - a1 - a2) + 1  # 0: away ahead, 1: level, 2: home
        counts = np.bincount(r1 * 3 + r, minlength=9)
        out["htft"].update({(_RESULT[k // 3], _RESULT[k % 3]): int(counts[k]) for k in range(9) if counts[k]})
        any_goal = home | away
        first = np.where(any_goal.any(1), any_goal.argmax(1) + 1, 0)  # minute, 0: no goal
        team = np.where(home[np.arange(n), np.maximum(first - 1, 0)], HOME, AWAY)
        for scope, last in (("first_match", 2 * m), ("first_half1", m)):
            scored = (first > 0) & (first <= last)
            out[scope][None] += int((~scored).sum())
            counts = np.bincount(first[scored] * 2 + team[scored])
            out[scope].update({(int(k) // 2, int(k) % 2): int(counts[k]) for k in np.flatnonzero(counts)})
    return out


def tally_incidents(variant: FootballVariant, events: int, seed: int, chunk: int = 50_000) -> dict[str, Counter[Any]]:
    """How many of ``events`` simulated matches fall in each cell of the incident and kick scopes
    (rows 24–32): every minute's incident draw and every kick drawn as arrays."""
    rng = np.random.default_rng(seed)
    m = variant.minutes_per_half
    out: dict[str, Counter[Any]] = {}
    done = 0
    while done < events:
        n = min(chunk, events - done)
        done += n
        if variant.incidents is not None:
            draws = rng.integers(0, variant.incidents.scale, size=(n, 2 * m))
            b = (0, *variant.incidents.bounds())
            for k, kind in enumerate(KINDS):  # home range b[k]..b[k+1], away range b[k+3]..b[k+4]
                hit = ((draws >= b[k]) & (draws < b[k + 1])) | ((draws >= b[k + 3]) & (draws < b[k + 4]))
                for span, cols in (("match", hit), ("half1", hit[:, :m])):
                    yes = int(cols.any(1).sum())
                    out.setdefault(f"incident_{kind}_{span}", Counter()).update({True: yes, False: n - yes})
        fk = variant.free_kicks
        if fk is not None:
            shirts = [np.asarray(t)[rng.integers(0, len(t), size=(n, fk.rounds))] for t in fk.takers]
            edges = np.cumsum(fk.directions)
            ways = [np.searchsorted(edges, rng.integers(0, int(edges[-1]), size=(n, fk.rounds)), side="right")
                    for _ in range(2)]
            home, away = shirts
            for scope, values in (("kick_first_home", home[:, 0]), ("kick_last_away", away[:, -1]),
                                  ("kick_sum_home", home.sum(1)), ("kick_sum_away", away.sum(1)),
                                  ("kick_sum_all", home.sum(1) + away.sum(1))):
                counts = np.bincount(values)
                out.setdefault(scope, Counter()).update({int(k): int(counts[k]) for k in np.flatnonzero(counts)})
            for r in range(fk.rounds):
                counts = np.bincount(ways[0][:, r] * 4 + ways[1][:, r], minlength=16)
                out.setdefault(f"kick_round{r + 1}", Counter()).update(
                    {(DIRECTIONS[k // 4], DIRECTIONS[k % 4]): int(counts[k]) for k in range(16) if counts[k]})
    return out
