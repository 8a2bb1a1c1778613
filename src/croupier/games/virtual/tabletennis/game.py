"""Virtual Table Tennis: the markets of 000 §12.61, the event's draws and the exact chances.

Model (ASSUMPTION: the rules give none): player A wins each point with the event's chance ``p``,
drawn uniformly from the variant's ``point_chances``; points are independent. Draws: ``form``
(the index of ``p``), then one ``point`` draw per point, an index in ``[0, q)`` for ``p = u/q``:
A wins the point when it is below ``u``.

Exact chances: every point sequence that the rules let the set follow is enumerated (fewer than
10^4), with its chance ``p^a (1−p)^b``; ``tests/test_virtual_tabletennis.py`` checks them against
a closed form of the winner and against two samplers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.virtual import fields as F
from croupier.games.virtual.tabletennis.rules import A, B, finals, finished, firsts
from croupier.rng.source import RandomSource


@dataclass(frozen=True)
class Market:
    code: str
    label: str
    rows: str
    selections: tuple[str, ...]
    settle: Callable[[str], str]  # the point sequence -> the winning selection

    def check(self, selection: str) -> str:
        if selection not in self.selections:
            raise InvalidSelection(f"{self.code} has no selection {selection!r}; it offers {', '.join(self.selections)}")
        return selection


def _score(points: str) -> str:
    return f"{points.count(A)}:{points.count(B)}"


MARKETS = (
    Market("winner", "Winner of the game", "item 1", (A, B), lambda s: s[-1]),
    Market("exact_score", "Exact score", "item 2", tuple(f"{a}:{b}" for a, b in finals()), _score),
    Market("first_1_7", "First to 1 and to 7 points", "item 3", ("AB", "AA", "BA", "BB"),
           lambda s: firsts(s, (1, 7))),
    # the source's list of item 4 ends after six; AAB and BAB complete it (ASSUMPTION)
    Market("first_1_3_7", "First to 1, 3 and 7 points", "item 4",
           ("AAA", "BAA", "BBA", "ABA", "BBB", "ABB", "AAB", "BAB"), lambda s: firsts(s, (1, 3, 7))),
)


def market(code: str) -> Market:
    for m in MARKETS:
        if m.code == code:
            return m
    raise UnknownBetCode(f"virtual table tennis has no market {code!r}")


@dataclass(frozen=True)
class TableTennisVariant:
    name: str
    title: str
    source: str
    point_chances: tuple[Fraction, ...]
    rtp: Fraction
    betting_seconds: int


def parse_variant(raw: dict[str, Any], name: str) -> TableTennisVariant:
    return TableTennisVariant(name, str(raw.get("title", name)), str(raw.get("source", "")),
                              F.chances(raw, "point_chances", name), F.rtp(raw, name),
                              F.betting_seconds(raw, name, "000 §12.61"))


def sequences(prefix: str = "") -> Iterator[str]:
    """Every point sequence that ends the set (A's points and B's in the order played)."""
    if finished(prefix.count(A), prefix.count(B)):
        yield prefix
        return
    for p in (A, B):
        yield from sequences(prefix + p)


@lru_cache(maxsize=1)
def _classes() -> tuple[tuple[int, int, tuple[str, ...], int], ...]:
    """The sequences grouped by their points (a, b) and the selection each market gives them,
    with how many sequences each group holds (the same for every ``p``)."""
    groups: Counter[tuple[int, int, tuple[str, ...]]] = Counter()
    for s in sequences():
        groups[s.count(A), s.count(B), tuple(m.settle(s) for m in MARKETS)] += 1
    return tuple((a, b, sig, n) for (a, b, sig), n in groups.items())


def chances(p: Fraction) -> dict[str, dict[str, Fraction]]:
    """Each market's selections' chances for a point chance ``p`` of player A."""
    q = 1 - p
    out = {m.code: dict.fromkeys(m.selections, Fraction(0)) for m in MARKETS}
    for a, b, sig, n in _classes():
        w = n * p ** a * q ** b
        for m, sel in zip(MARKETS, sig, strict=True):
            out[m.code][sel] += w
    return out


def run(variant: TableTennisVariant, source: RandomSource) -> tuple[int, str]:
    """An event: the index of A's point chance, then the points."""
    form = source.randbelow(len(variant.point_chances))
    p = variant.point_chances[form]
    s = ""
    while not finished(s.count(A), s.count(B)):
        s += A if source.randbelow(p.denominator) < p.numerator else B
    return form, s
