"""Exact RTP of Top Card Trump(s): the first two cards and the war walked by rank, through the engine.

* The ANTE's figure is **per initial wager**: a round returns ``(ANTE returned + RAISE returned -
  RAISE staked) / ANTE``, with the better decision at a tie (war if it is at least as good).
* Burned cards are unseen: burning them does not change the law of the cards dealt after them, so
  the war cards are weighted by the composition before the burn (the engine burns representatives).
* A tie in the war with ``war_tie = "repeat"``: in every war round the hand's and the dealer's
  cards are two draws from the same shoe, so each is as likely to be the higher one, and a tied
  round leaves the next round just as symmetric; with a fresh shoe whenever cards run short, a
  repeated war is won with probability exactly 1/2. Those two endings are settled by the engine.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from croupier.cards import rank_of
from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.cardcompare.top_card.engine import ENGINE, TopCardState
from croupier.games.cardcompare.top_card.variant import TopCardVariant
from croupier.games.maths import BetRTP, Distribution, summarize

RANKS = tuple(range(2, 15))
Points = dict[tuple[Fraction, Fraction | None], Fraction]  # (ante return, tie return) -> prob


def _deal_rank(state: TopCardState, rank: int) -> TopCardState:
    code = next(c for c, _ in state.shoe.codes() if rank_of(c) == rank)
    return ENGINE.apply(state, DrawAction("card", state.shoe.index_of(code)))


def _burn(state: TopCardState) -> TopCardState:
    for _ in range(state.variant.burn):
        state = ENGINE.apply(state, DrawAction("card", state.shoe.size - 1))
    return state


def _outcome(state: TopCardState) -> tuple[Fraction, Fraction | None]:
    ante = raise_ = tie = None
    s = ENGINE.settle(state)
    for b in s.bets:
        if b.code == "ante":
            ante = b
        elif b.code == "raise":
            raise_ = b
        else:
            tie = b
    if ante is None:  # pragma: no cover - the walk always bets an ANTE
        raise RuntimeError("no ante in the round")
    r = Fraction(ante.returned, ante.stake)
    if raise_ is not None:
        r += Fraction(raise_.returned - raise_.stake, ante.stake)
    return r, None if tie is None else Fraction(tie.returned, tie.stake)


def _counts(state: TopCardState) -> dict[int, int]:
    out: dict[int, int] = defaultdict(int)
    for c, n in state.shoe.codes():
        out[rank_of(c)] += n
    return out


def _war(state: TopCardState, counts: dict[int, int]) -> Points:
    """Distribution after a war is called; ``counts`` is the shoe by rank before the burn."""
    out: Points = defaultdict(Fraction)
    total = sum(counts.values())
    burned = _burn(state)
    for a in RANKS:
        if not counts[a]:
            continue
        wa = Fraction(counts[a], total)
        sa = _deal_rank(burned, a)
        for b in RANKS:
            nb = counts[b] - (a == b)
            if nb <= 0:
                continue
            w = wa * Fraction(nb, total - 1)
            sb = _deal_rank(sa, b)
            if ENGINE.is_finished(sb):
                out[_outcome(sb)] += w
                continue
            # a repeated war: won or lost with probability 1/2 each (see the module docstring)
            for hi, lo in ((14, 2), (2, 14)):
                end = _deal_rank(_deal_rank(_burn(sb), hi), lo)
                out[_outcome(end)] += w / 2
    return out


def _mean(points: Points) -> Fraction:
    return sum((p * r for (r, _), p in points.items()), Fraction(0))


def walk(v: TopCardVariant) -> Points:
    hand = v.middle
    bets = [BetRequest("ante", 2 * v.fold_refund.denominator, (hand,) if v.hands > 1 else ())]
    if "tie" in v.payouts:
        bets.append(BetRequest("tie", v.payouts["tie"].total.denominator))
    start = ENGINE.start(v, bets, "XXX")
    counts = _counts(start)
    total = sum(counts.values())
    out: Points = defaultdict(Fraction)
    for a in RANKS:
        wa = Fraction(counts[a], total)
        sa = _deal_rank(start, a)
        for b in RANKS:
            nb = counts[b] - (a == b)
            w = wa * Fraction(nb, total - 1)
            sb = _deal_rank(sa, b)
            if ENGINE.is_finished(sb):
                out[_outcome(sb)] += w
                continue
            fold = ENGINE.apply(sb, Decision("fold", {"hand": hand}))
            war_state = ENGINE.apply(sb, Decision("war", {"hand": hand}))
            war = _war(war_state, _counts(war_state))
            fold_points: Points = {_outcome(fold): Fraction(1)}
            best = war if _mean(war) >= _mean(fold_points) else fold_points
            for k, p in best.items():
                out[k] += w * p
    return out


def exact(v: TopCardVariant) -> list[BetRTP]:
    points = walk(v)
    ante: dict[Fraction, Fraction] = defaultdict(Fraction)
    tie: dict[Fraction, Fraction] = defaultdict(Fraction)
    for (ra, rt), p in points.items():
        ante[ra] += p
        if rt is not None:
            tie[rt] += p
    out = [summarize("ante", [Distribution.of((p, r) for r, p in ante.items())],
                     note="per initial wager, war on ties when at least as good as folding")]
    if tie:
        out.append(summarize("tie", [Distribution.of((p, r) for r, p in tie.items())]))
    return out
