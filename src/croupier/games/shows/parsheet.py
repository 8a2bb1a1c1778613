"""The game shows' own par-sheet sections (appended to the generic par sheet): every segment's
probability, and each bonus stage's probability and mean, from the exact walker."""

from __future__ import annotations

from fractions import Fraction

from croupier.games.shows.wheel import Wheel


def pct(x: Fraction) -> str:
    return f"{float(x):.4%}"


def segment_table(title: str, wheel: Wheel, value: str = "value") -> list[str]:
    """A Markdown table of a wheel's segments: count, exact probability, value."""
    lines = [f"### {title}", "", f"| Segment | Kind | Count | Probability | Exact | {value.capitalize()} |",
             "|---|---|---|---|---|---|"]
    for s in wheel.segments:
        p = Fraction(s.count, wheel.size)
        lines.append(f"| {s.label} | {s.kind} | {s.count} | {pct(p)} | {p} | {s.value} |")
    lines.append(f"| total | | {wheel.size} | 100% | 1 | |")
    return lines + [""]
