"""Exact RTP of every roulette bet, by running the engine's own settlement over every outcome.

For each variant, one round holds a bet on every position of the layout; the engine settles that
round for every outcome of the spin (every pocket; every pair of pockets for two balls), and each
bet's return per unit staked is read off the settlement. Stakes are chosen so that no rounding
happens (a multiple of every payout's denominator), so the ratios are exact fractions.

* En prison (001 §8.13.4): a carried bet is settled again by the engine over every next spin.
* Lightning (000 §12.1): the rules read the lucky numbers only for a straight-up chip on the winning
  pocket, so outcomes are lumped exactly: pocket ``p`` not lucky, or lucky with odds ``i``, with
  P(p lucky) = E[count] / pockets (the lucky numbers are a uniform subset) and P(odds i) = w_i / W.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from croupier.games.base import BetRequest, DrawAction
from croupier.games.maths import BetRTP, Distribution, summarize
from croupier.games.roulette.engine import ENGINE, RouletteState
from croupier.games.roulette.layout import Position, layout_for, request_target
from croupier.games.roulette.variant import RouletteVariant

Outcome = tuple[Fraction, tuple[DrawAction, ...]]


def unit_stake(variant: RouletteVariant) -> int:
    """A stake per chip that makes every return an exact whole number of units."""
    dens = [p.total.denominator for p in variant.payouts.values()]
    if variant.lightning is not None:
        dens += [o.total.denominator for o in variant.lightning.odds]
    return 2 * lcm(*dens)


def position_bets(variant: RouletteVariant) -> tuple[list[Position], list[BetRequest]]:
    unit = unit_stake(variant)
    positions = layout_for(variant).all_positions()
    bets = [BetRequest(p.code, unit * len(p.chips), request_target(p)) for p in positions]
    return positions, bets


def plain_outcomes(variant: RouletteVariant) -> list[Outcome]:
    """Every spin of a wheel without lucky numbers, with its probability."""
    n = variant.wheel.size
    if variant.balls == 1:
        return [(Fraction(1, n), (DrawAction("ball", v),)) for v in range(n)]
    return [
        (Fraction(1, n * n), (DrawAction("ball", a), DrawAction("ball", b)))
        for a in range(n)
        for b in range(n)
    ]


def lightning_draws(variant: RouletteVariant, lucky: Sequence[int], odds_index: int,
                    ball: int) -> tuple[DrawAction, ...]:
    """Draws that make ``lucky`` the lucky numbers (first one with odds ``odds_index``)."""
    lt = variant.lightning
    if lt is None:
        raise ValueError("not a Lightning variant")
    pockets = list(variant.wheel.pockets)
    draws = [DrawAction("lucky_count", len(lucky) - lt.count_min)]
    taken: list[int] = []
    for j, p in enumerate(lucky):
        free = [q for q in pockets if q not in taken]
        draws.append(DrawAction("lucky_number", free.index(p)))
        taken.append(p)
        i = odds_index if j == 0 else 0
        draws.append(DrawAction("lucky_odds", sum(lt.weights[:i])))
    draws.append(DrawAction("ball", pockets.index(ball)))
    return tuple(draws)


def _run(start: RouletteState, draws: Sequence[DrawAction]) -> RouletteState:
    state = start
    for d in draws:
        state = ENGINE.apply(state, d)
    return state


def distributions(variant: RouletteVariant) -> dict[Position, Distribution]:
    """The exact return distribution (per unit staked) of every position of the layout."""
    positions, bets = position_bets(variant)
    start = ENGINE.start(variant, bets, "XXX")
    prison_cache: dict[int, list[tuple[Fraction, Fraction]]] = {}

    def prison(i: int) -> list[tuple[Fraction, Fraction]]:
        if i not in prison_cache:
            s0 = ENGINE.start(variant, [], "XXX", carried=[bets[i]])
            pts = []
            for w, draws in plain_outcomes(variant):
                r = ENGINE.settle(_run(s0, draws)).bets[0]
                pts.append((w, Fraction(r.returned, r.stake)))
            prison_cache[i] = pts
        return prison_cache[i]

    # per bet: (weight numerator, weight denominator, returned, stake) -> times seen; fractions are
    # built once per distinct entry (fast, and exact).
    points: dict[int, dict[tuple[int, int, int, int], int]] = defaultdict(lambda: defaultdict(int))

    def add(i: int, weight: Fraction, returned: int, stake: int) -> None:
        points[i][(weight.numerator, weight.denominator, returned, stake)] += 1

    def record(state: RouletteState, weight: Fraction, only: set[int] | None = None) -> None:
        for r in ENGINE.settle(state).bets:
            i = r.bet_id
            if only is not None and i not in only:
                continue
            if r.outcome == "carried":
                for w, ret in prison(i):
                    add(i, weight * w, ret.numerator, ret.denominator)
            else:
                add(i, weight, r.returned, r.stake)

    lt = variant.lightning
    if lt is None:
        for w, draws in plain_outcomes(variant):
            record(_run(start, draws), w)
    else:
        n = variant.wheel.size
        pockets = variant.wheel.pockets
        straights = {i for i, p in enumerate(positions) if p.code == "straight"}
        others = set(range(len(positions))) - straights
        p_lucky = lt.expected_count / n
        total_w = sum(lt.weights)
        for ball in pockets:
            # the ball's pocket is not lucky: every bet, with the weight of that case
            not_lucky = [q for q in pockets if q != ball][: lt.count_min]
            state = _run(start, lightning_draws(variant, not_lucky, 0, ball))
            record(state, Fraction(1, n), others)
            for r in ENGINE.settle(state).bets:
                if r.bet_id in straights:
                    won = positions[r.bet_id].target == (ball,)
                    w = Fraction(1, n) * ((1 - p_lucky) if won else 1)
                    add(r.bet_id, w, r.returned, r.stake)
            # the ball's pocket is lucky with odds i: only the straight on it can tell
            for i, wi in enumerate(lt.weights):
                lucky = [ball] + [q for q in pockets if q != ball][: lt.count_min - 1]
                state = _run(start, lightning_draws(variant, lucky, i, ball))
                w = Fraction(1, n) * p_lucky * Fraction(wi, total_w)
                for r in ENGINE.settle(state).bets:
                    if r.bet_id in straights and positions[r.bet_id].target == (ball,):
                        add(r.bet_id, w, r.returned, r.stake)
    return {
        positions[i]: Distribution.of(
            (Fraction(wn * times, wd), Fraction(ret, stake))
            for (wn, wd, ret, stake), times in pts.items()
        )
        for i, pts in points.items()
    }


def exact(variant: RouletteVariant) -> list[BetRTP]:
    """Exact RTP of every bet code of the variant (the lowest over its selections)."""
    by_code: dict[str, list[Distribution]] = defaultdict(list)
    for pos, dist in distributions(variant).items():
        by_code[pos.code].append(dist)
    return [summarize(code, by_code[code]) for code in variant.bet_codes]
