"""Fruitrace (000 §12.45): every match class of the clause (rows 1-7) - its odds, its exact
chance by a second method (rook polynomials of the symbol panel, counted here), and its
settlement on any order of the balls."""

from __future__ import annotations

from fractions import Fraction
from math import comb, factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import InvalidSelection
from croupier.games.base import BetRequest
from croupier.games.draws.fixedodds.exact import win_chance
from croupier.games.draws.fixedodds.pricing import default_odds
from croupier.games.draws.fruitrace import ENGINE, FRUITRACE
from croupier.games.registry import load_variant

from .draws_lucky_helpers import Reference, Row, check_draw, engine_rtp, reference_rtp

V = load_variant("fruitrace", "fruitrace_000")
#: 000 §12.45: 3 plums, 3 cherries, 3 lemons, one "7" (balls 1-3, 4-6, 7-9, 10); the panel shows them in that order
SYMBOL = {b: ("plum", "cherry", "lemon", "seven")[min((b - 1) // 3, 3)] for b in range(1, 11)}
BLOCKS = (3, 3, 3, 1)


def rook(blocks: tuple[int, ...]) -> list[int]:
    """Rook numbers of a board made of square blocks (a block of s: C(s, i)^2 i! ways for i rooks)."""
    poly = [1]
    for s in blocks:
        block = [comb(s, i) ** 2 * factorial(i) for i in range(s + 1)]
        poly = [sum(poly[a] * block[k - a] for a in range(len(poly)) if 0 <= k - a < len(block))
                for k in range(len(poly) + len(block) - 1)]
    return poly


def exactly(j: int, blocks: tuple[int, ...]) -> int:
    """Permutations of the balls with exactly j matches (inclusion-exclusion on rook numbers)."""
    n = sum(blocks)
    r = rook(blocks)
    return sum((-1) ** (k - j) * comb(k, j) * r[k] * factorial(n - k) for k in range(j, len(r)))


def classes(_target: tuple[object, ...] = ()) -> dict[str, Fraction]:
    """The "7" alone: the 7 in place and no fruit matched among the other nine balls."""
    whole = factorial(10)
    out = {str(j): Fraction(exactly(j, BLOCKS), whole) for j in (4, 5, 6, 7, 8, 10)}
    out["seven_only"] = Fraction(exactly(0, BLOCKS[:3]), whole)
    out["lose"] = 1 - sum(out.values())
    return out


def class_of(balls: tuple[int, ...], _target: tuple[object, ...] = ()) -> str:
    matched = [SYMBOL[b] == SYMBOL[i + 1] for i, b in enumerate(balls)]
    m = sum(matched)
    if m == 1 and matched[9]:
        return "seven_only"
    return str(m) if m >= 4 else "lose"


PRIZES = ("seven_only", "4", "5", "6", "7", "8", "10")
ROWS = [Row(i + 1, "fruitrace", "class", lambda c, k=k: k if c == k else None) for i, k in enumerate(PRIZES)]
TICKET = Row(1, "fruitrace", "class", lambda c: None if c == "lose" else c)
REF = Reference({"class": class_of}, {"class": classes}, [TICKET])


def test_000_12_45_nine_matches_are_impossible_and_the_classes_are_the_extracts() -> None:
    assert exactly(9, BLOCKS) == 0
    assert sum(exactly(j, BLOCKS) for j in range(11)) == factorial(10)
    assert FRUITRACE.bets[0].keys == PRIZES


@pytest.mark.parametrize("row", ROWS, ids=[f"row_{r.row}_{PRIZES[r.row - 1]}" for r in ROWS])
def test_000_12_45_row(row: Row) -> None:
    """The class's odds follow the documented λ/√P rule; its chance, by rook polynomials here,
    is the engine's (which enumerates the 16 800 orders of the symbols)."""
    key = PRIZES[row.row - 1]
    odds = default_odds(FRUITRACE, V, V.odds_rtp or Fraction(0))
    assert V.paytables["fruitrace"][key].total == odds["fruitrace"][key]
    assert win_chance(V, ENGINE.bet_of("fruitrace"), (), key) == classes()[key]


def test_000_12_45_the_bet_returns_what_the_classes_add_up_to() -> None:
    assert engine_rtp(ENGINE, V, TICKET) == reference_rtp(V, REF, TICKET, {})
    assert classes()["seven_only"] == Fraction(exactly(0, (3, 3, 3)), factorial(10))


@given(st.permutations(list(range(1, 11))))
@settings(max_examples=200, deadline=None)
def test_000_12_45_every_order_of_the_balls_settles_as_the_rules_state(order: list[int]) -> None:
    check_draw(ENGINE, V, REF, tuple(order))


def test_000_12_45_the_bet_takes_no_numbers() -> None:
    with pytest.raises(InvalidSelection, match="takes no numbers"):
        ENGINE.start(V, [BetRequest("fruitrace", 100, (7,))], "EUR")
