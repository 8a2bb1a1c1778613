"""Mega Ball's own par sheet section (000 §12.43): the paytable and the Mega Ball data, the exact
chance of each line count of the main draw and of the Mega Balls completing lines, and how the
RTP splits between the line paytable and the Mega Ball Bonus (all from :mod:`.exact`)."""

from __future__ import annotations

from fractions import Fraction

from croupier.games.draws.megaball.exact import card_distribution, events
from croupier.games.draws.megaball.variant import MegaBallVariant


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.6g}%"


def parsheet_markdown(v: MegaBallVariant) -> str:
    mt, rt = v.multipliers_total(), v.rounds_total()
    out = ["## Line paytable (total return per unit staked on a card)", "",
           "| completed lines | return |", "|---|---|"]
    out += [f"| {i + 1}{'+' if i + 1 == len(v.line_pays) else ''} | x{p} |" for i, p in enumerate(v.line_pays)]
    out += ["", "## Mega Ball Bonus (ASSUMPTION: the rules give the range 5x-100x only)", "",
            "| bonus rounds | chance |", "|---|---|"]
    out += [f"| {r} | {w}/{rt} |" for r, w in v.rounds]
    out += ["", "| multiplier | chance |", "|---|---|"]
    out += [f"| x{m} | {w}/{mt} |" for m, w in v.multipliers]
    one = events(v, 1)
    lines: dict[int, Fraction] = {}
    for (n, _a, _b), p in one.items():
        lines[n] = lines.get(n, Fraction(0)) + p
    line_rtp = sum((p * v.line_pay(n) for n, p in lines.items()), Fraction(0))
    out += ["", "## Chances (exact, per card)", "", "| lines completed by the 20 balls | chance |", "|---|---|"]
    out += [f"| {n} | {_pct(p)} |" for n, p in sorted(lines.items())]
    two = events(v, 2)
    first = sum((p for (_n, a, _b), p in one.items() if a), Fraction(0))
    second = sum((p for (_n, _a, b), p in two.items() if b), Fraction(0))
    both = sum((p for (_n, a, b), p in two.items() if a and b), Fraction(0))
    total = card_distribution(v).mean
    out += ["", "| Mega Ball event | chance |", "|---|---|",
            f"| the first Mega Ball completes a line | {_pct(first)} |",
            f"| the second Mega Ball completes a line (two rounds) | {_pct(second)} |",
            f"| both complete a line (two rounds) | {_pct(both)} |",
            "", "| part of the RTP | per unit staked |", "|---|---|",
            f"| line paytable | {_pct(line_rtp)} |",
            f"| Mega Ball Bonus | {_pct(total - line_rtp)} |",
            f"| card | {_pct(total)} = {total} |"]
    return "\n".join(out) + "\n"
