"""Dream Catcher's bonus figures, exact: the chance of a multiplier round, of k stacked
multipliers, and the mean multiplier a bonus round pays with (the par sheet's section)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from croupier.games.shows.dream_catcher.show import SHOW, DreamCatcherVariant
from croupier.games.shows.parsheet import pct, segment_table
from croupier.games.shows.tree import build_graph, moments


@dataclass(frozen=True)
class BonusFigures:
    p_bonus: Fraction               # P(the first spin shows a multiplier)
    p_stack: tuple[Fraction, ...]   # P(exactly k multipliers before the number), k = 0..
    mean_multiplier: Fraction       # E[stacked multiplier] over every round
    mean_in_bonus: Fraction         # E[stacked multiplier | at least one multiplier]


def bonus_figures(v: DreamCatcherVariant, depth: int = 5) -> BonusFigures:
    w = v.wheel
    m = Fraction(sum(s.count for s in w.segments if s.kind == "multiplier"), w.size)
    stack = tuple((1 - m) * m ** k for k in range(depth + 1))
    ends = moments(build_graph(SHOW, v))
    if v.multiplier_cap is None:
        mean = sum((e.m1 for e in ends), Fraction(0))
    else:
        g = build_graph(SHOW, v)
        mean = sum((e.p * g.nodes[e.node].stage.multiplier for e in ends), Fraction(0))  # type: ignore[attr-defined]
    return BonusFigures(m, stack, mean, (mean - (1 - m)) / m if m else Fraction(0))


def parsheet_section(v: DreamCatcherVariant) -> str:
    b = bonus_figures(v)
    lines = ["## Wheel and bonus (000 §12.22)", "", *segment_table("Segments", v.wheel),
             "### Multiplier rounds", "",
             f"- P(a round has a multiplier) = {b.p_bonus} ({pct(b.p_bonus)})",
             f"- mean stacked multiplier over all rounds = {b.mean_multiplier} ({float(b.mean_multiplier):.6f})",
             f"- mean stacked multiplier in a multiplier round = {b.mean_in_bonus} "
             f"({float(b.mean_in_bonus):.6f})",
             "- multipliers before the number: " + "; ".join(
                 f"{k}: {pct(p)}" for k, p in enumerate(b.p_stack)) + "; ...",
             "- cap on the stacked multiplier: " + ("none (12.22 states none)" if v.multiplier_cap is None
                                                   else f"x{v.multiplier_cap}"),
             ""]
    return "\n".join(lines)
