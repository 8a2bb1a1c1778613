"""The scoring of 000 §12.61: one set to 7 points; at 6:6 play goes on until a player leads by
two, but not beyond 9 points — at 8:8 the next point ends the set 9:8 (ASSUMPTION, the extract's
reading of "not more than 9 points"). Finals: 7:0–7:5, 8:6, 9:7, 9:8 and their mirrors."""

from __future__ import annotations

A, B = "A", "B"
TARGET, CAP = 7, 9


def finished(a: int, b: int) -> bool:
    """Whether the score a:b ends the set."""
    hi, lo = max(a, b), min(a, b)
    if hi < TARGET:
        return False
    if lo < TARGET - 1:
        return True  # 7:0–7:5
    return hi - lo >= 2 or hi == CAP  # from 6:6 a two-point lead, or the cap


def finals() -> list[tuple[int, int]]:
    """Every final score the rules allow, A's points first."""
    out = []
    for a in range(CAP + 1):
        for b in range(CAP + 1):
            if finished(a, b) and _reachable(a, b):
                out.append((a, b))
    return out


def _reachable(a: int, b: int) -> bool:
    """a:b is reached by a point sequence that does not pass a finished score first."""
    last = (a - 1, b) if a > b else (a, b - 1)
    return min(last) >= 0 and not finished(*last)


def firsts(points: str, marks: tuple[int, ...]) -> str:
    """Who first reached each number of points in ``marks`` along the sequence ``points``
    ("ABBA…"); a mark nobody reached is "-"."""
    a = b = 0
    out = dict.fromkeys(marks, "-")
    for p in points:
        if p == A:
            a += 1
            if a in out and out[a] == "-":
                out[a] = A
        else:
            b += 1
            if b in out and out[b] == "-":
                out[b] = B
    return "".join(out[m] for m in marks)
