"""Exact sums over a score grid without visiting every cell (issue 23: one football event priced
in under 10 ms).

A scope's cells are the (home, away) goals with the product weight ``wh[h]·wa[a]`` (chances.py).
The markets merge cells into groups (the selections a cell makes win in every market); a plan,
made once per match length and market list by classifying every cell, proves three shortcuts
cell by cell and keeps exactness (integer weights, no truncation):

* **the core** ``h, a ≥ C``: every cell's group depends on the difference ``d = h − a`` only, and
  past a point on either side on its parity only; each difference before those points is one sum
  along a diagonal, and each parity tail one sum of ``wh[h]`` times every second ``wa`` up to
  ``h − D`` (prefix sums), or the same with the teams swapped;
* **the strips** ``h < C`` (every ``a``) and ``a < C`` (``h ≥ C``): along a strip, past a point the
  group depends only on the parity of the other team's goals, so those tails are sums of every
  second weight (suffix sums), and only the cells before that point are read one by one;
* each strip line multiplies its own weight once per group it meets.

``tests/test_virtual_football.py`` checks the sums against the plain cell-by-cell sums.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Line = tuple[int, tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]]  # (h or a, ((group, singles, tails)...))


def correlate(x: list[int], y: list[int]) -> list[int]:
    """``c[i − j + len(y) − 1] = Σ x[i]·y[j]`` over every ``i, j`` (non-negative integers), by one
    product of the two lists packed into integers."""
    if not x or not y:
        return []
    width = ((sum(x) * sum(y)).bit_length() + 8) // 8  # bytes per coefficient: no carry between them
    px = int.from_bytes(b"".join(v.to_bytes(width, "little") for v in x), "little")
    py = int.from_bytes(b"".join(v.to_bytes(width, "little") for v in reversed(y)), "little")
    n = len(x) + len(y) - 1
    data = (px * py).to_bytes(width * n, "little")
    return [int.from_bytes(data[k * width:(k + 1) * width], "little") for k in range(n)]


def suffix2(w: list[int]) -> list[int]:
    """``s[k] = w[k] + w[k + 2] + w[k + 4] + …``"""
    s = w + [0, 0]
    for k in range(len(w) - 1, -1, -1):
        s[k] = w[k] + s[k + 2]
    return s[:len(w)]


def prefix2(w: list[int], lo: int) -> list[int]:
    """``p[k] = w[k] + w[k − 2] + …`` down to ``lo`` (0 below ``lo``)."""
    p = [0] * len(w)
    for k in range(lo, len(w)):
        p[k] = w[k] + (p[k - 2] if k - 2 >= lo else 0)
    return p


@dataclass(frozen=True)
class GridPlan:
    groups: tuple[Any, ...]  # each group's signature, in group order
    core_from: int           # C
    core: tuple[tuple[int, int], ...]       # (d, group): differences summed one by one
    core_tails: tuple[tuple[int, int], ...]  # (D, group): every d = D, D ± 2, … away from 0 (D ≥ 0 home side)
    rows: tuple[Line, ...]   # h < C: (h, ((group, single a's, tail starts), ...))
    cols: tuple[Line, ...]   # a < C, h ≥ C: (a, ((group, single h's, tail starts), ...))


def _line(get: Any, lo: int, n: int) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """One strip line over positions lo..n: the cells read one by one, then the two parity tails."""
    tail = lo
    for k in range(lo, n - 1):
        if get(k) != get(k + 2):
            tail = k + 1
    acc: dict[int, tuple[list[int], list[int]]] = {}
    for k in range(lo, min(tail, n + 1)):
        acc.setdefault(get(k), ([], []))[0].append(k)
    for k in (tail, tail + 1):
        if k <= n:
            acc.setdefault(get(k), ([], []))[1].append(k)
    return tuple((g, tuple(s), tuple(t)) for g, (s, t) in acc.items())


def make_plan(n: int, classify: Any) -> GridPlan:
    """The plan of an ``(n + 1) × (n + 1)`` grid whose cell ``(h, a)`` has signature ``classify((h, a))``."""
    ids: dict[Any, int] = {}
    g = [[ids.setdefault(classify((h, a)), len(ids)) for a in range(n + 1)] for h in range(n + 1)]
    c = 0
    for h in range(n):
        for a in range(n):
            if g[h][a] != g[h + 1][a + 1]:
                c = max(c, min(h, a) + 1)
    c = min(c, n + 1)
    span = n - c
    by_d = {d: g[c + max(d, 0)][c + max(-d, 0)] for d in range(-span, span + 1)}
    hi, lo = 0, 0  # the first positive and negative differences where the parity tails start
    for d in range(0, span - 1):
        if by_d[d] != by_d[d + 2]:
            hi = d + 1
        if by_d[-d] != by_d[-d - 2]:
            lo = d + 1
    hi, lo = max(hi, 1), max(lo, 1)
    core = tuple((d, by_d[d]) for d in range(-lo + 1, hi) if -span <= d <= span)
    tails = tuple((d, by_d[d]) for d in (hi, hi + 1, -lo, -lo - 1) if -span <= d <= span)
    rows = tuple((h, _line(lambda a, h=h: g[h][a], 0, n)) for h in range(c))
    cols = tuple((a, _line(lambda h, a=a: g[h][a], c, n)) for a in range(min(c, n + 1)))
    return GridPlan(tuple(ids), c, core, tails, rows, cols)


def group_sums(plan: GridPlan, wh: list[int], wa: list[int]) -> list[int]:
    """Each group's total weight ``Σ wh[h]·wa[a]`` over its cells."""
    weight = [0] * len(plan.groups)
    for own, flat, other, lines in ((wh, wa, suffix2(wa), plan.rows), (wa, wh, suffix2(wh), plan.cols)):
        for k, parts in lines:
            x = own[k]
            for grp, singles, tails in parts:
                s = sum(flat[j] for j in singles) + sum(other[j] for j in tails)
                if s:
                    weight[grp] += x * s
    c, n = plan.core_from, len(wh) - 1
    for d, grp in plan.core:
        weight[grp] += sum(wh[h] * wa[h - d] for h in range(c + max(d, 0), n + 1 + min(d, 0)))
    if plan.core_tails:
        pa, ph = prefix2(wa, c), prefix2(wh, c)
        for d, grp in plan.core_tails:
            if d > 0:  # h − a ≥ d with h − a ≡ d (mod 2): a ≤ h − d, a ≥ C
                weight[grp] += sum(wh[h] * pa[h - d] for h in range(c + d, n + 1))
            else:
                weight[grp] += sum(wa[a] * ph[a + d] for a in range(c - d, n + 1))
    return weight
