"""The betting layout: every position a bet can take, and the numbers each one covers.

A :class:`Position` is one place a chip (or, for racetrack call bets, a fixed package of chips) can
go. Each chip is paid at the odds of its own bet kind, so a Voisins du Zéro is nine chips on a trio,
five splits and a corner, exactly as 000 §12.1 and 004 §1.13 compose it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Final

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.roulette.variant import (
    EVEN_MONEY,
    RACETRACK_ORDER,
    THRESHOLD_CODE,
    RouletteVariant,
    bet_label,
)
from croupier.games.roulette.wheel import BLACK, DOUBLE_ZERO, RED, Wheel, label


@dataclass(frozen=True, slots=True)
class Chip:
    """One chip of a position: paid at the odds of ``kind`` when a ball lands in ``cover``."""

    kind: str
    cover: frozenset[int]


@dataclass(frozen=True, slots=True)
class Position:
    code: str
    target: tuple[int, ...]
    chips: tuple[Chip, ...]
    label: str
    index: int = -1  # unique within its layout; set by Layout

    @property
    def cover(self) -> frozenset[int]:
        out: frozenset[int] = frozenset()
        for c in self.chips:
            out |= c.cover
        return out


# -- the number field (000 §12.1; 001 §8.10-8.14) ------------------------------------------------


def _straights(wheel: Wheel) -> list[tuple[int, ...]]:
    return [(p,) for p in wheel.pockets]


def _splits(wheel: Wheel) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for n in range(1, 37):
        if n % 3 != 0:
            out.append((n, n + 1))
        if n <= 33:
            out.append((n, n + 3))
    if wheel.name == "american":
        # ASSUMPTION (001 §8): 0 sits over 1-2 and 00 over 2-3; 0/00 is a split.
        out += [(0, 1), (0, 2), (2, DOUBLE_ZERO), (3, DOUBLE_ZERO), (0, DOUBLE_ZERO)]
    else:
        out += [(0, 1), (0, 2), (0, 3)]  # 000 §12.1 "including 0"
    return out


def _streets() -> list[tuple[int, ...]]:
    return [(3 * k + 1, 3 * k + 2, 3 * k + 3) for k in range(12)]


def _trios(wheel: Wheel) -> list[tuple[int, ...]]:
    if wheel.name == "american":
        return [(0, 1, 2), (0, 2, DOUBLE_ZERO), (2, 3, DOUBLE_ZERO)]  # ASSUMPTION 001 §8
    return [(0, 1, 2), (0, 2, 3)]  # 001 §8.14 "Split / Basket": 0-1-2 or 0-2-3


def _corners(first_four: bool) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [(n, n + 1, n + 3, n + 4) for n in range(1, 33) if n % 3 != 0]
    if first_four:
        out.append((0, 1, 2, 3))  # 001 §8.14 "First Corner (with 0)"
    return out


def _six_lines() -> list[tuple[int, ...]]:
    return [tuple(range(3 * k + 1, 3 * k + 7)) for k in range(11)]


INSIDE_SHAPES: Final = {
    "straight": "one number",
    "split": "two numbers that share a line of the layout",
    "street": "a row of three numbers (1-2-3 ... 34-35-36)",
    "trio": "zero with two numbers next to it (0-1-2 or 0-2-3)",
    "corner": "four numbers that meet at a corner",
    "six_line": "two adjacent rows of three numbers",
    "five_number": "0, 00, 1, 2 and 3",
    "double_number": "one number both balls must land on",
}

#: Racetrack call bets as fixed chip packages on the European wheel (000 §12.1; 004 §1.13;
#: 001 §8.15). Each entry is (bet kind, numbers, chips).
CALL_BETS: Final[dict[str, tuple[tuple[str, tuple[int, ...], int], ...]]] = {
    "voisins": (
        ("trio", (0, 2, 3), 2),
        ("split", (4, 7), 1),
        ("split", (12, 15), 1),
        ("split", (18, 21), 1),
        ("split", (19, 22), 1),
        ("corner", (25, 26, 28, 29), 2),
        ("split", (32, 35), 1),
    ),
    "tiers": (
        ("split", (5, 8), 1),
        ("split", (10, 11), 1),
        ("split", (13, 16), 1),
        ("split", (23, 24), 1),
        ("split", (27, 30), 1),
        ("split", (33, 36), 1),
    ),
    # 004 §1.13 writes "4" chips, but its composition (and 000 §12.1's) has five: ASSUMPTION 5.
    "orphelins": (
        ("straight", (1,), 1),
        ("split", (6, 9), 1),
        ("split", (14, 17), 1),
        ("split", (17, 20), 1),
        ("split", (31, 34), 1),
    ),
    "jeu_zero": (
        ("split", (0, 3), 1),
        ("split", (12, 15), 1),
        ("straight", (26,), 1),
        ("split", (32, 35), 1),
    ),
}

CALL_TITLES: Final = {
    "voisins": "Voisins du Zéro",
    "tiers": "Tiers du Cylindre",
    "orphelins": "Orphelins",
    "jeu_zero": "Jeu Zéro",
}


class Layout:
    """All positions of a variant, and the resolution of a player's (code, target) to one."""

    def __init__(self, variant: RouletteVariant) -> None:
        self.variant = variant
        w = variant.wheel
        self._by_code: dict[str, dict[tuple[int, ...], Position]] = {}
        self._resolved: dict[tuple[str, tuple[object, ...]], Position] = {}
        inside_sets: dict[str, list[tuple[int, ...]]] = {
            "straight": _straights(w),
            "split": _splits(w),
            "street": _streets(),
            "trio": _trios(w),
            "corner": _corners(variant.first_four),
            "six_line": _six_lines(),
            "five_number": [(0, 1, 2, 3, DOUBLE_ZERO)],
            "double_number": _straights(w),
        }
        for code in variant.payouts:
            if code in inside_sets:
                self._by_code[code] = {
                    t: Position(code, t, (Chip(code, frozenset(t)),), f"{code} {'/'.join(map(label, t))}")
                    for t in inside_sets[code]
                }
            elif code in ("dozen", "column"):
                self._by_code[code] = {
                    (k,): Position(code, (k,), (Chip(code, _group(code, k)),), f"{code} {k}")
                    for k in (1, 2, 3)
                }
            else:
                cover = _outside_cover(code, variant)
                self._by_code[code] = {(): Position(code, (), (Chip(code, cover),), bet_label(code))}
        for code in RACETRACK_ORDER:
            if code not in variant.racetrack:
                continue
            if code == "neighbours":
                self._by_code[code] = {
                    (p, n): Position(
                        code,
                        (p, n),
                        tuple(Chip("straight", frozenset({q})) for q in w.neighbours(p, n)),
                        f"neighbours {label(p)}±{n}",
                    )
                    for p in w.pockets
                    for n in range(variant.neighbours_max + 1)
                }
            else:
                chips: list[Chip] = []
                for kind, numbers, count in CALL_BETS[code]:
                    chips += [Chip(kind, frozenset(numbers))] * count
                self._by_code[code] = {(): Position(code, (), tuple(chips), CALL_TITLES[code])}
        i = 0
        for table in self._by_code.values():
            for key, pos in table.items():
                table[key] = replace(pos, index=i)
                i += 1

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(self._by_code)

    def positions(self, code: str) -> list[Position]:
        return list(self._table(code).values())

    def all_positions(self) -> list[Position]:
        return [p for table in self._by_code.values() for p in table.values()]

    def _table(self, code: str) -> dict[tuple[int, ...], Position]:
        try:
            return self._by_code[code]
        except KeyError:
            offered = ", ".join(self._by_code)
            raise UnknownBetCode(
                f"{code!r} is not a bet of {self.variant.title}; its bets are: {offered}"
            ) from None

    def resolve(self, code: object, target: Sequence[object]) -> Position:
        """The position a player means by ``code`` and ``target``, or a precise error."""
        key = (code, target)
        try:
            hit = self._resolved.get(key)  # type: ignore[arg-type]
        except TypeError:  # an unhashable target: take the slow path, which explains the error
            hit = None
        if hit is not None and not any(type(t) is bool for t in target):
            return hit
        pos = self._resolve(code, target)
        if isinstance(target, tuple) and len(self._resolved) < 100_000:
            self._resolved[key] = pos  # type: ignore[index]
        return pos

    def resolve_checked(self, code: str, target: tuple[int | str, ...]) -> Position:
        """:meth:`resolve` for a :class:`~croupier.games.base.BetRequest`'s already type-checked
        code and target (no bool can hide among its ints)."""
        hit = self._resolved.get((code, target))
        return hit if hit is not None else self.resolve(code, target)

    def _resolve(self, code: object, target: Sequence[object]) -> Position:
        if not isinstance(code, str):
            raise UnknownBetCode(f"a bet code must be text, got {code!r}")
        table = self._table(code)
        if not isinstance(target, (tuple, list)):
            raise InvalidSelection(f"{code}: the target must be a list, got {target!r}")
        w = self.variant.wheel
        if code in INSIDE_SHAPES:
            numbers = tuple(sorted(w.parse_pocket(t) for t in target))
            size = len(next(iter(table)))
            if len(numbers) != size:
                raise InvalidSelection(
                    f"{code} covers {size} number{'s' if size > 1 else ''}, got {len(target)}"
                )
            if len(set(numbers)) != len(numbers):
                raise InvalidSelection(f"{code}: a number is repeated in {list(target)}")
            pos = table.get(numbers)
            if pos is None:
                shown = ", ".join(map(label, numbers))
                raise InvalidSelection(f"{shown} is not a {code}: a {code} is {INSIDE_SHAPES[code]}")
            return pos
        if code in ("dozen", "column"):
            if len(target) != 1 or isinstance(target[0], bool) or target[0] not in (1, 2, 3):
                raise InvalidSelection(f"{code}: the target is [1], [2] or [3], got {list(target)}")
            return table[(int(target[0]),)]
        if code == "neighbours":
            if len(target) != 2:
                raise InvalidSelection("neighbours: the target is [number, pairs of neighbours]")
            p = w.parse_pocket(target[0])
            n = target[1]
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.variant.neighbours_max:
                raise InvalidSelection(
                    f"neighbours: pairs of neighbours must be 0 to {self.variant.neighbours_max}, got {n!r}"
                )
            return table[(p, n)]
        if target:
            raise InvalidSelection(f"{code} takes no target, got {list(target)}")
        return table[()]


def request_target(pos: Position) -> tuple[int | str, ...]:
    """The target a player would send for ``pos`` (numbers as labels, so "00" stays "00")."""
    if pos.code in INSIDE_SHAPES:
        return tuple(label(p) for p in pos.target)
    if pos.code == "neighbours":
        return (label(pos.target[0]), pos.target[1])
    return pos.target


def _group(code: str, k: int) -> frozenset[int]:
    if code == "dozen":
        return frozenset(range(12 * (k - 1) + 1, 12 * k + 1))
    return frozenset(range(k, 37, 3))


def _outside_cover(code: str, variant: RouletteVariant) -> frozenset[int]:
    if code in EVEN_MONEY:
        return {
            "red": RED,
            "black": BLACK,
            "odd": frozenset(range(1, 37, 2)),
            "even": frozenset(range(2, 37, 2)),
            "low": frozenset(range(1, 19)),
            "high": frozenset(range(19, 37)),
        }[code]
    m = THRESHOLD_CODE.match(code)
    if m:
        x = int(m.group(2))  # the threshold is x.5
        if m.group(1) == "over":
            return frozenset(range(x + 1, 37))
        # 000 §12.52 ASSUMPTION: 0 is numerically under every threshold unless configured off.
        return frozenset(range(0 if variant.zero_wins_under else 1, x + 1))
    # two-ball bets read both balls together (rules.py); they cover every pocket.
    return frozenset(variant.wheel.pockets)


@cache
def layout_for(variant: RouletteVariant) -> Layout:
    return Layout(variant)


def demo_layout(variant: RouletteVariant, count: int = 20) -> list[Position]:
    """A spread of ``count`` positions across every bet code (benchmarks and the interactive CLI)."""
    lay = layout_for(variant)
    per_code = [lay.positions(c) for c in lay.codes]
    out: list[Position] = []
    i = 0
    while len(out) < count and any(per_code):
        table = per_code[i % len(per_code)]
        if table:
            out.append(table.pop(len(table) // 2))
        i += 1
    return out


def chips_of(positions: Iterable[Position]) -> int:
    return sum(len(p.chips) for p in positions)
