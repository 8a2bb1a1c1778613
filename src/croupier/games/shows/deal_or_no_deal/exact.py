"""Exact figures of Deal or No Deal (000 §12.28) for a documented decision rule.

The qualification and the briefcases are independent: a bet of cost ``c`` qualifies with
``P = P(gold) ** (rings - rings bought)`` and then wins ``W`` bets, so it returns
``P * E[W] / c`` per unit staked. :func:`prize_law` gives the law of ``W`` exactly (Fractions):
a backward recursion over the multiset of unopened values (the same law as the show's stages:
each ``case`` draw reveals one unopened value, equally likely; ``reveal`` picks the player's among
the last two), the banker's offer at each stage answered by ``rule``. The shape's graph walker
(:func:`croupier.games.shows.tree.bet_rtp`) solves the same round through the show's own
``advance`` and ``pays``; a test checks both agree on a smaller variant (the standard one has
~32,000 stages: the recursion takes about a second, the generic graph solver half a minute).

Rules (``Rule``: ``(variant, stage, legal) -> Decision``, the tree's signature; a stage asking
for an answer carries ``stage.stage`` and ``stage.offer``):

* :func:`never_deal` - No Deal to every offer, the own case at the end: the win is a uniformly
  random briefcase, ``E[W]`` = the mean of the 16 values (the closed form). No rule does better:
  each offer is at most the mean of the unopened values, which is what going on is worth
  (the revealed values are exchangeable: the mean of what is left is a martingale).
* :func:`deal_at` ``(k)`` - Deal at the offer of stage ``k`` (1-based): ``E[W] = factor[k] x``
  the mean of the 16 values.
* :func:`threshold` ``(t)`` - Deal at the first offer of at least ``t`` bets.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import lcm
from typing import Any

from croupier.games.base import Decision
from croupier.games.maths import BetRTP
from croupier.games.shows.deal_or_no_deal.show import (
    BUYS,
    DEAL,
    NO_DEAL,
    OPEN_CASES,
    SWITCH,
    TOP_UP,
    DondVariant,
    Stage,
)

Rule = Callable[[Any, Any, list[Decision]], Decision]


def _top_up_window(stage: Any) -> bool:
    return bool(getattr(stage, "topping", False))


def never_deal(_v: Any, stage: Any, legal: list[Decision]) -> Decision:
    """No Deal to every offer (the timer's default too, 000 §12.28 "no answer = No Deal"); no
    top-up (the Top Up round's default)."""
    return Decision(OPEN_CASES) if _top_up_window(stage) else Decision(NO_DEAL)


def deal_at(k: int) -> Rule:
    def rule(_v: Any, stage: Any, legal: list[Decision]) -> Decision:
        if _top_up_window(stage):
            return Decision(OPEN_CASES)
        return Decision(DEAL if stage.stage + 1 == k else NO_DEAL)
    return rule


def threshold(t: Fraction) -> Rule:
    def rule(_v: Any, stage: Any, legal: list[Decision]) -> Decision:
        if _top_up_window(stage):
            return Decision(OPEN_CASES)
        return Decision(DEAL if stage.offer >= t else NO_DEAL)
    return rule


def switch_always(_v: Any, stage: Any, legal: list[Decision]) -> Decision:
    """No Deal, and Switch Briefcases at the last offer."""
    if _top_up_window(stage):
        return Decision(OPEN_CASES)
    return Decision(SWITCH) if Decision(SWITCH) in legal else Decision(NO_DEAL)


def top_up_times(k: int, then: Rule = never_deal) -> Rule:
    """Top up ``k`` times in the Top Up round (000 §12.28), then answer the banker by ``then``."""
    def rule(v: Any, stage: Any, legal: list[Decision]) -> Decision:
        if _top_up_window(stage):
            return Decision(TOP_UP if stage.topups < k and Decision(TOP_UP) in legal else OPEN_CASES)
        return then(v, stage, legal)
    return rule


@dataclass(frozen=True, slots=True)
class PrizeLaw:
    """The win ``W`` (in bets) of a qualified round: ``E[W]``, ``E[W^2]``, ``P(W > c)`` for each
    cost ``c`` (1, then the ring prices) and the largest win."""

    mean: Fraction
    second: Fraction
    above: tuple[Fraction, ...]
    top: Fraction


def prize_law(v: DondVariant, rule: Rule = never_deal) -> PrizeLaw:
    """The law of the win, exactly. Integer arithmetic: every value is scaled by ``scale_l`` (a
    common denominator of the values and offers) and every path's probability by the product
    of the draws' sizes still to come, which depends on the depth only (``n`` values are
    unopened after ``16 - n`` openings)."""
    costs = (1, *v.ring_prices)
    last = len(v.stages) - 1
    cases = len(v.cases) + 1
    ends = [sum(v.stages[: k + 1]) for k in range(len(v.stages))]  # openings done at each offer
    scale_l = 1
    for x in (*v.cases, *(s.value for s in v.top.segments)):
        scale_l = lcm(scale_l, x.denominator)
    for k, f in enumerate(v.offer_factors):
        scale_l = lcm(scale_l, f.denominator * (cases - ends[k]) * scale_l)
    # rest[d]: the product of the sizes of the draws after d openings (the case draws, then the
    # reveal's 2); a path ending after d openings is weighted rest[d] (its probability x D)
    rest = [1] * (cases + 1)
    rest[cases - 2] = 2
    for d in range(cases - 3, -1, -1):
        rest[d] = rest[d + 1] * (cases - d)
    denom = rest[0]

    Sum = tuple[int, int, tuple[int, ...], Fraction]

    def point(x: Fraction, depth: int) -> Sum:
        w = rest[depth]
        scaled = x * scale_l
        if scaled.denominator != 1:  # pragma: no cover - scale_l is a common denominator
            raise ArithmeticError(f"{x} is not a multiple of 1/{scale_l}")
        xi = scaled.numerator
        return xi * w, xi * xi * w, tuple(w if x > c else 0 for c in costs), x

    parts: list[tuple[Fraction, Fraction, Fraction]] = []
    total_a = [Fraction(0)] * len(costs)
    total_top = Fraction(0)
    for seg_index, seg in enumerate(v.top.segments):
        slots = (*v.values, seg.value)

        @cache
        def walk(left: tuple[int, ...], st: int, opened: int, slots: tuple[Fraction, ...] = slots,
                 seg_index: int = seg_index) -> Sum:
            n = sum(left)
            depth = cases - n
            if opened == v.stages[st]:
                vals = [slots[i] for i, c in enumerate(left) for _ in range(c)]
                offer = v.offer_factors[st] * sum(vals, Fraction(0)) / n
                legal = [Decision(DEAL), Decision(NO_DEAL)] + ([Decision(SWITCH)] if st == last else [])
                asking = Stage(need=v.rings, rings=v.rings, level=v.rings, top_segment=seg_index, left=left,
                               stage=st, opened=opened, asking=True, offer=offer, top=slots[-1])
                if rule(v, asking, legal).name == DEAL:
                    return point(offer, depth)
                if st < last:
                    return walk(left, st + 1, 0)
                # the player's case is either of the last two (the reveal's two values): own or
                # switched, the win is each of them once
                a, b = point(vals[0], depth + 1), point(vals[1], depth + 1)
                return a[0] + b[0], a[1] + b[1], tuple(x + y for x, y in zip(a[2], b[2], strict=True)), max(a[3], b[3])
            m = s = 0
            above = [0] * len(costs)
            top = Fraction(0)
            for i, c in enumerate(left):
                if c:
                    cm, cs, ca, ct = walk(tuple(x - (j == i) for j, x in enumerate(left)), st, opened + 1)
                    m += c * cm
                    s += c * cs
                    above = [x + c * y for x, y in zip(above, ca, strict=True)]
                    top = max(top, ct)
            return m, s, tuple(above), top

        start = tuple(v.cases.count(x) for x in v.values) + (1,)
        m, s, above, top = walk(start, 0, 0)
        w = Fraction(seg.count, v.top.size)
        total_a = [x + w * Fraction(y, denom) for x, y in zip(total_a, above, strict=True)]
        total_top = max(total_top, top)
        law_m = Fraction(m, denom * scale_l)
        law_s = Fraction(s, denom * scale_l * scale_l)
        parts.append((w, law_m, law_s))
    mean = sum((w * m for w, m, _ in parts), Fraction(0))
    second = sum((w * s for w, _, s in parts), Fraction(0))
    return PrizeLaw(mean, second, tuple(total_a), total_top)


def bet_figures(v: DondVariant, law: PrizeLaw, note: str = "") -> list[BetRTP]:
    """Each bet code's exact figures per unit staked from the prize law."""
    out = []
    for k, (code, cost) in enumerate(v.costs.items()):
        p = v.p_qualify(code)
        rtp = p * law.mean / cost
        second = p * law.second / (cost * cost)
        out.append(BetRTP(bet=code, rtp=rtp, rtp_max=rtp, selections=1, hit_frequency=p * law.above[k],
                          variance=second - rtp * rtp, max_return=law.top / cost,
                          note=f"P(qualification) = {p}, mean win {law.mean} bets; {note}".rstrip("; ")))
    return out


#: the round figures ``croupier rtp`` prints for topping up: a plain spin topped up ``k`` times
TOP_UP_ROWS = (1, 10)


def top_up_sums(k: int, wheel: Any) -> dict[Fraction, Fraction]:
    """The law of the bets ``k`` top-up spins add (a convolution of the wheel's law)."""
    law = {Fraction(0): Fraction(1)}
    for _ in range(k):
        nxt: dict[Fraction, Fraction] = {}
        for total, p in law.items():
            for seg in wheel.segments:
                x = total + seg.value
                nxt[x] = nxt.get(x, Fraction(0)) + p * Fraction(seg.count, wheel.size)
        law = nxt
    return law


def topped_up_rtp(v: DondVariant, code: str, k: int) -> Fraction:
    """RTP per unit of total stake of a round of ``code`` whose player, once qualified, tops up
    ``k`` times and never deals: ``P (mean + k mu / 16) / (c + P k)`` (the stake is ``c`` bets,
    ``c + k`` when it qualifies; each top-up adds ``mu`` bets on average to the top case, which is
    the player's with probability 1/16). Expected return over expected stake, the casino's RTP."""
    p, c = v.p_qualify(code), v.costs[code]
    return p * (v.mean_prize() + k * v.top_up_rtp()) / (c + p * k)


def top_up_figures(v: DondVariant) -> list[BetRTP]:
    """``top_up``: one top-up spin's own figures per unit it stakes, never dealing (its amount
    ``X`` is won when the player's case is the top one, 1 in 16); ``spin_top_up_k``: a plain spin
    topped up ``k`` times once qualified, never dealing, per unit of total stake (variance of the
    return per unit of the mean stake; hit = the return beats the round's stake)."""
    wheel = v.top_up
    if wheel is None:
        return []
    n = len(v.cases) + 1
    xs = {seg.value: Fraction(seg.count, wheel.size) for seg in wheel.segments}
    mu = sum((x * p for x, p in xs.items()), Fraction(0))
    second = sum((x * x * p for x, p in xs.items()), Fraction(0)) / n
    own = v.top_up_rtp()
    rows = [BetRTP(bet="top_up", rtp=own, rtp_max=own, selections=1, hit_frequency=Fraction(1, n),
                   variance=second - own * own, max_return=max(xs),
                   note=f"one top-up spin (1 bet, adds {mu} bets on average to the top case), never dealing")]
    tops = {seg.value: Fraction(seg.count, v.top.size) for seg in v.top.segments}
    p = v.p_qualify("spin")
    for k in TOP_UP_ROWS:
        sums = top_up_sums(k, wheel)
        stake_q = 1 + k
        mean_stake = 1 + p * k
        # the win W (bets) of a qualified round: a case of the 15 or the topped top case, 1/16 each
        law: dict[Fraction, Fraction] = {}
        for x in v.cases:
            law[x] = law.get(x, Fraction(0)) + Fraction(1, n)
        for t, pt in tops.items():
            for s_, ps in sums.items():
                law[t + s_] = law.get(t + s_, Fraction(0)) + pt * ps / n
        e_r = p * sum((w * q for w, q in law.items()), Fraction(0))
        e_r2 = p * sum((w * w * q for w, q in law.items()), Fraction(0))
        rtp = e_r / mean_stake
        rows.append(BetRTP(
            bet=f"spin_top_up_{k}", rtp=rtp, rtp_max=rtp, selections=1,
            hit_frequency=p * sum((q for w, q in law.items() if w > stake_q), Fraction(0)),
            variance=(e_r2 - e_r * e_r) / (mean_stake * mean_stake), max_return=max(law) / stake_q,
            note=f"a spin, topped up {k} time(s) once qualified, never dealing; per unit of total stake "
                 f"(mean stake {mean_stake} bets)"))
    return rows


def closed_form_never_deal(v: DondVariant) -> dict[str, Fraction]:
    """``P(qualify) x mean of the 16 values / cost`` per bet code (000 §12.28, never dealing)."""
    return {code: v.p_qualify(code) * v.mean_prize() / cost for code, cost in v.costs.items()}


__all__ = ["BUYS", "PrizeLaw", "bet_figures", "closed_form_never_deal", "deal_at", "never_deal",
           "prize_law", "switch_always", "threshold", "top_up_figures", "top_up_sums", "top_up_times",
           "topped_up_rtp"]
