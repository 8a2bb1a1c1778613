"""Exact RTP of every craps bet over its whole decision, by walking the engine's own settlement.

A bet is followed as a Markov chain whose states are the table's point and the forms of the
bets still working (as the engine carries them out). From each state the engine settles all 36
rolls of two dice (each 1/36); a roll either settles the bet (an absorbing return) or leads to a
next state. The absorption probabilities solve ``(I - Q) X = R`` exactly (Fractions, Gaussian
elimination), so loops between table states (a come bet waiting on 6 while the puck goes ON and
OFF) are handled exactly.

:func:`closed_form` is the second, independent method: the textbook formulas over the counts of
ways to roll each total (``tests/test_craps_exact.py`` checks the two agree exactly).

Selections: pass / don't pass from a come-out roll; come / don't come at each point of the table;
odds on a pass bet at each point and on a come bet at each number during a come-out roll (when
the variant has them off); lay likewise; place and hardway bets on each number; one-roll bets.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from croupier.games.base import BetRequest, DrawAction
from croupier.games.dice.craps.engine import ENGINE, CrapsState
from croupier.games.dice.craps.variant import HARD, ONE_ROLL, POINTS, CrapsVariant
from croupier.games.maths import BetRTP, Distribution, summarize

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
P_ROLL = Fraction(1, 36)
WAYS = {t: sum(1 for a, b in ROLLS if a + b == t) for t in range(2, 13)}

Node = tuple[int | None, tuple[BetRequest, ...]]


class Selection(NamedTuple):
    """One way to hold a bet: the table's point, the bets already working, the bets placed."""

    point: int | None
    carried: tuple[BetRequest, ...]
    bets: tuple[BetRequest, ...]
    track: str  # the bet code whose return is followed


def roll(state: CrapsState, d1: int, d2: int) -> CrapsState:
    state = ENGINE.apply(state, DrawAction("die", d1 - 1))
    return ENGINE.apply(state, DrawAction("die", d2 - 1))


def selections(v: CrapsVariant) -> dict[str, list[Selection]]:
    u = v.unit()
    out: dict[str, list[Selection]] = defaultdict(list)
    for code in ("pass", "dont_pass"):
        out[code].append(Selection(None, (), (BetRequest(code, u),), code))
    for code in ("come", "dont_come"):
        for p in POINTS:
            out[code].append(Selection(p, (), (BetRequest(code, u),), code))
    for side, line, come in (("odds", "pass", "come"), ("lay", "dont_pass", "dont_come")):
        for p in POINTS:
            base = (BetRequest(line, u, (p,)),)
            out[side].append(Selection(p, base, (BetRequest(side, u, (p,)),), side))
        for p in POINTS:
            base = (BetRequest(come, u, (p,)),)
            out[side].append(Selection(None, base, (BetRequest(side, u, (p,)),), side))
    for code in ("place_win", "place_lose"):
        for n in POINTS:
            out[code].append(Selection(None, (), (BetRequest(code, u, (n,)),), code))
    for n in HARD:
        out["hardway"].append(Selection(None, (), (BetRequest("hardway", u, (n,)),), "hardway"))
    for code in ONE_ROLL:
        out[code].append(Selection(None, (), (BetRequest(code, u),), code))
    return out


def walk(v: CrapsVariant, sel: Selection) -> Distribution:
    """The exact distribution of the tracked bet's return per unit staked, over its decision."""
    start: Node = (sel.point, sel.carried)
    index: dict[Node, int] = {}
    rows: list[tuple[dict[int, Fraction], dict[Fraction, Fraction]]] = []
    todo: list[tuple[Node, tuple[BetRequest, ...]]] = [(start, sel.bets)]
    index[start] = 0
    rows.append(({}, {}))
    while todo:
        node, own = todo.pop()
        i = index[node]
        trans, absorb = rows[i]
        state0 = ENGINE.start(v.at_point(node[0]), own, "XXX", node[1])
        for d1, d2 in ROLLS:
            state = roll(state0, d1, d2)
            s = ENGINE.settle(state)
            mine = [r for r in s.bets if r.code == sel.track]
            if all(r.outcome != "carried" for r in mine):
                ratio = Fraction(sum(r.returned for r in mine), sum(r.stake for r in mine))
                absorb[ratio] = absorb.get(ratio, Fraction(0)) + P_ROLL
                continue
            if any(r.outcome != "carried" for r in mine):  # pragma: no cover - one decision each
                raise ValueError(f"{sel.track}: part of the tracked bets settled")
            result = next(e for e in state.events if e.type == "result")
            nxt: Node = (result.data["table"]["point"], s.carried)
            j = index.get(nxt)
            if j is None:
                j = index[nxt] = len(rows)
                rows.append(({}, {}))
                todo.append((nxt, ()))
            trans[j] = trans.get(j, Fraction(0)) + P_ROLL
    return Distribution.of(_absorb(rows))


def _absorb(rows: Sequence[tuple[dict[int, Fraction], dict[Fraction, Fraction]]]
            ) -> list[tuple[Fraction, Fraction]]:
    """Solve ``(I - Q) X = R`` for the start state (row 0): P(absorbed at each return)."""
    n = len(rows)
    returns = sorted({r for _, a in rows for r in a})
    width = n + len(returns)
    m = [[Fraction(0)] * width for _ in range(n)]
    for i, (trans, absorb) in enumerate(rows):
        m[i][i] += 1
        for j, p in trans.items():
            m[i][j] -= p
        for ret, p in absorb.items():
            m[i][n + returns.index(ret)] += p
    for c in range(n):
        piv = next(r for r in range(c, n) if m[r][c] != 0)
        m[c], m[piv] = m[piv], m[c]
        inv = 1 / m[c][c]
        m[c] = [x * inv for x in m[c]]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [(m[0][n + k], ret) for k, ret in enumerate(returns)]


def distributions(v: CrapsVariant) -> dict[str, list[Distribution]]:
    return {code: [walk(v, s) for s in sels] for code, sels in selections(v).items()}


def exact(v: CrapsVariant) -> list[BetRTP]:
    """Exact RTP of every bet code over its whole decision (the lowest over its selections)."""
    dists = distributions(v)
    notes = {"odds": "take odds on a pass or come bet", "lay": "lay odds on a don't bet",
             "come": "over the whole decision, from any point", "pass": "over the whole decision"}
    return [summarize(code, dists[code], notes.get(code, "")) for code in v.bet_codes]


# -- the second method: closed forms over the ways to roll each total ------------------------------


def closed_form(v: CrapsVariant) -> dict[str, list[Fraction]]:
    """Each selection's RTP by the textbook formulas (same order as :func:`selections`; the
    come-bet odds selections under a come-out roll are left out)."""
    p = {t: Fraction(w, 36) for t, w in WAYS.items()}

    def win_first(n: int) -> Fraction:  # the number before a 7
        return Fraction(WAYS[n], WAYS[n] + 6)

    def line(code: str) -> Fraction:
        r = v.ratio(code)
        if code in ("pass", "come"):
            return (p[7] + p[11]) * r + sum((p[n] * win_first(n) * r for n in POINTS), Fraction(0))
        craps = sum((p[t] for t in (2, 3, 12) if t != v.bar), Fraction(0))
        return craps * r + p[v.bar] + sum((p[n] * (1 - win_first(n)) * r for n in POINTS), Fraction(0))

    out: dict[str, list[Fraction]] = {
        "pass": [line("pass")], "dont_pass": [line("dont_pass")],
        "come": [line("come")] * 6, "dont_come": [line("dont_come")] * 6,
        "odds": [win_first(n) * v.ratio("odds", n) for n in POINTS],
        "lay": [(1 - win_first(n)) * v.ratio("lay", n) for n in POINTS],
        "place_win": [win_first(n) * v.ratio("place_win", n) for n in POINTS],
        "place_lose": [(1 - win_first(n)) * v.ratio("place_lose", n) for n in POINTS],
        "hardway": [Fraction(1, WAYS[n] + 6) * v.ratio("hardway", n) for n in HARD],
    }
    for code, totals in ONE_ROLL.items():
        out[code] = [sum((p[t] * _one_roll_ratio(v, code, t) for t in totals), Fraction(0))]
    return out


def _one_roll_ratio(v: CrapsVariant, code: str, t: int) -> Fraction:
    if code == "field" and t in (2, 12):
        return v.ratio(f"field_{t}")
    if code == "c_and_e":
        return v.ratio("c_and_e_eleven" if t == 11 else "c_and_e_craps")
    return v.ratio(code)
