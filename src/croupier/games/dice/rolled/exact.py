"""Exact RTP of every position of a rolled dice game, read off the engine's own settlement.

The engine settles rounds for every roll of the dice (every multiset with its multinomial weight
when the rules are symmetric in the dice, every ordered roll otherwise) and, with a strike step,
for every case of each position: not struck, or struck with each entry of its multiplier table.
A position's return depends only on the dice and its own strike, so the cases combine exactly:

* the struck positions are a uniformly random set of ``k`` of the ``N`` eligible positions (one
  after another without replacement), so a position is struck with probability ``E[k] / N``;
* a struck position's entry ``i`` has probability ``w_i / W`` of its table, whatever else is struck;
* a strike changes only a winning position's return (:meth:`.engine.DiceEngine.position_return`
  returns 0 for a loser before it looks at the strike), so struck rounds are settled only for the
  rolls on which the position wins.

The stake is a multiple of every payout's denominator, so no return is rounded: the ratios are
exact fractions. ``tests/test_000_12_25_sicbo_exact.py`` checks every figure by a closed form.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement, permutations, product
from math import lcm

from croupier.games.base import BetRequest, DrawAction
from croupier.games.dice.rolled.engine import DiceEngine, DiceState, draws_for
from croupier.games.dice.rolled.rules import Dice
from croupier.games.dice.rolled.variant import (
    DiceVariant,
    MultiplierTable,
    Position,
    position_label,
)
from croupier.games.maths import BetRTP, Distribution, summarize


def all_positions(engine: DiceEngine, v: DiceVariant) -> list[Position]:
    return [(c, t) for c in v.codes for t in engine.rules.targets(c)]


def rolls(engine: DiceEngine) -> list[tuple[Dice, Fraction]]:
    """Every roll with its probability (multisets with their weights for symmetric rules)."""
    n = engine.rules.dice
    if not engine.rules.symmetric:
        return [(d, Fraction(1, 6**n)) for d in product(range(1, 7), repeat=n)]
    return [(d, Fraction(len(set(permutations(d))), 6**n))
            for d in combinations_with_replacement(range(1, 7), n)]


def unit_stake(v: DiceVariant) -> int:
    """A stake on which no return of the variant needs rounding."""
    dens = [p.total.denominator for p in v.payouts.values()]
    if v.strikes is not None:
        dens += [x.denominator for t in v.strikes.tables.values() for x in t.values]
    return lcm(*dens)


def _run(engine: DiceEngine, state: DiceState, draws: list[DrawAction]) -> DiceState:
    for d in draws:
        state = engine.apply(state, d)
    return state


@dataclass(frozen=True)
class ReturnTable:
    """Every position's return per unit staked for every roll: ``returns[pos][r][0]`` not struck,
    ``returns[pos][r][1 + i]`` struck with entry ``i`` (eligible positions only)."""

    positions: list[Position]
    rolls: list[tuple[Dice, Fraction]]
    returns: dict[Position, list[list[Fraction]]]
    #: the chance a position is struck a round (0 for a position that cannot be)
    struck: dict[Position, Fraction]


def return_table(engine: DiceEngine, v: DiceVariant) -> ReturnTable:
    positions = all_positions(engine, v)
    unit = unit_stake(v)
    bets = [BetRequest(c, unit, t) for c, t in positions]
    start = engine.start(v, bets, "XXX")
    st = v.strikes
    eligible = list(engine.eligible(v))
    index = {p: i for i, p in enumerate(positions)}
    table: dict[Position, list[list[Fraction]]] = defaultdict(list)
    # not struck: two rounds striking disjoint sets of the fewest positions a round can strike
    alone: list[list[tuple[Position, int]]] = [[]]
    if st is not None:
        c0 = min(c for c, w in zip(st.counts, st.count_weights, strict=True) if w)
        alone = [[(p, _first_entry(v, p)) for p in eligible[k * c0:(k + 1) * c0]] for k in (0, 1)]
    for dice, _ in rolls(engine):
        settled = [engine.settle(_run(engine, start, draws_for(engine, v, dice, s))) for s in alone]
        for pos in positions:
            which = 1 if any(p == pos for p, _ in alone[0]) else 0
            r = settled[which].bets[index[pos]]
            table[pos].append([Fraction(r.returned, r.stake)])
    struck: dict[Position, Fraction] = {p: Fraction(0) for p in positions}
    if st is not None:
        c1s = [c for c, w in zip(st.counts, st.count_weights, strict=True) if w and c]
        for pos in eligible:
            struck[pos] = st.expected_count / len(eligible)
        if c1s:
            c1 = min(c1s)
            for pos in eligible:
                others = [(p, _first_entry(v, p)) for p in eligible if p != pos][: c1 - 1]
                one = engine.start(v, [BetRequest(pos[0], unit, pos[1])], "XXX")
                for r_i, (dice, _) in enumerate(rolls(engine)):
                    row = table[pos][r_i]
                    for i in range(len(st.table_for(pos).values)):
                        if not row[0]:  # a strike changes only a winner's return
                            row.append(row[0])
                            continue
                        s = engine.settle(_run(engine, one, draws_for(engine, v, dice,
                                                                       [(pos, i), *others])))
                        b = s.bets[0]
                        row.append(Fraction(b.returned, b.stake))
    return ReturnTable(positions, rolls(engine), dict(table), struck)


def _first_entry(v: DiceVariant, pos: Position) -> int:
    """The first entry of a position's table that can be drawn (a positive weight)."""
    if v.strikes is None:
        raise ValueError(f"{v.name} has no strike step")
    return next(i for i, w in enumerate(v.strikes.table_for(pos).weights) if w)


def distributions(engine: DiceEngine, v: DiceVariant,
                  table: ReturnTable | None = None) -> dict[Position, Distribution]:
    t = table or return_table(engine, v)
    st = v.strikes
    out = {}
    for pos in t.positions:
        p = t.struck[pos]
        pts: list[tuple[Fraction, Fraction]] = []
        for (_, w), rets in zip(t.rolls, t.returns[pos], strict=True):
            pts.append((w * (1 - p), rets[0]))
            if p and st is not None:
                mult = st.table_for(pos)
                for wi, r in zip(mult.weights, rets[1:], strict=True):
                    pts.append((w * p * Fraction(wi, mult.total_weight), r))
        out[pos] = Distribution.of(pts)
    return out


def exact(engine: DiceEngine, v: DiceVariant) -> list[BetRTP]:
    """Exact RTP of every bet code of the variant (the lowest over its targets)."""
    by_code: dict[str, list[tuple[Position, Distribution]]] = defaultdict(list)
    for pos, dist in distributions(engine, v).items():
        by_code[pos[0]].append((pos, dist))
    out = []
    for code in v.codes:
        items = by_code[code]
        notes = []
        st = v.strikes
        if st is not None and code in st.codes:  # the strike step, for the par sheet
            n = len(engine.eligible(v))
            tables = {position_label(*p): st.table_for(p) for p, _ in items}
            shown = {(t.texts, t.weights) for t in tables.values()}
            def text(t: MultiplierTable) -> str:
                return f"{', '.join(t.texts)} (weights {'/'.join(map(str, t.weights))})"
            if len(shown) == 1:
                what = text(next(iter(tables.values())))
            else:
                what = "; ".join(f"{label} {text(t)}" for label, t in tables.items())
            notes.append(f"each position struck with probability {st.expected_count / n} a round "
                         f"({st.mode}): {what}")
        if len({d.mean for _, d in items}) > 1:  # every target's figure, when they differ
            notes.append("per target: " + ", ".join(
                f"{'/'.join(str(t) for t in pos[1])} {d.mean} ({float(d.mean):.4%})" for pos, d in items))
        out.append(summarize(code, [d for _, d in items], "; ".join(notes)))
    return out
