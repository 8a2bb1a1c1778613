"""Lucky 7 (000 §12.35): every row of the clause's table - its odds, its exact RTP by a second
method (closed forms and subset enumerations counted here), and its settlement on any draw."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import IllegalAction, InvalidSelection
from croupier.games.base import BetRequest, DrawAction, play
from croupier.games.draws.fixedodds.pricing import default_odds
from croupier.games.draws.lucky7 import ENGINE, LUCKY7
from croupier.games.registry import load_variant, read_data
from croupier.rng import seeded

from .draws_lucky_helpers import Reference, Row, check_draw, engine_rtp, reference_rtp, win

V = load_variant("lucky7", "lucky7_000")
N, K = 42, 7
#: the variant's ASSUMPTION: n is yellow when n mod 4 is 0 or 1
YELLOW = frozenset(n for n in range(1, N + 1) if n % 4 in (0, 1))
BLACK = frozenset(range(1, N + 1)) - YELLOW
TOTAL = comb(N, K)


@cache
def subset_sums(colour: frozenset[int]) -> dict[tuple[int, int], int]:
    """(size, sum) -> how many subsets of the colour's balls (sizes 0-7), by enumeration."""
    out: Counter[tuple[int, int]] = Counter()
    for j in range(K + 1):
        for s in combinations(sorted(colour), j):
            out[(j, sum(s))] += 1
    return dict(out)


def colour_sum_dist(colour: frozenset[int]) -> dict[Any, Fraction]:
    other = N - len(colour)
    out: Counter[int] = Counter()
    for (j, s), n in subset_sums(colour).items():
        out[s] += n * comb(other, K - j)
    return {s: Fraction(n, TOTAL) for s, n in out.items()}


def total_dist() -> dict[Any, Fraction]:
    out: Counter[int] = Counter()
    ys, ks = subset_sums(YELLOW), subset_sums(BLACK)
    for (j, s1), n1 in ys.items():
        for (j2, s2), n2 in ks.items():
            if j + j2 == K:
                out[s1 + s2] += n1 * n2
    return {s: Fraction(n, TOTAL) for s, n in out.items()}


def hyper(marked: int) -> dict[Any, Fraction]:
    return {h: Fraction(comb(marked, h) * comb(N - marked, K - h), TOTAL) for h in range(min(marked, K) + 1)}


def key(b: int) -> tuple[bool, bool]:
    """(odd, yellow) of a ball."""
    return b % 2 == 1, b in YELLOW


def positions(count: int) -> dict[Any, Fraction]:
    c = Counter(tuple(key(b) for b in t) for t in permutations(range(1, N + 1), count))
    total = sum(c.values())
    return {k: Fraction(n, total) for k, n in c.items()}


DIST = {
    "hits": lambda t: hyper(len(t)),
    "y": lambda t: hyper(len(YELLOW)),
    "odd": lambda t: hyper(sum(1 for n in range(1, N + 1) if n % 2)),
    "ysum": lambda t: colour_sum_dist(YELLOW),
    "ksum": lambda t: colour_sum_dist(BLACK),
    "total": lambda t: total_dist(),
    "first": lambda t: positions(1),
    "last": lambda t: positions(1),
    "first_two": lambda t: positions(2),
    "first_last": lambda t: positions(2),
}
EXTRACT = {
    "hits": lambda b, t: len(set(b) & set(t)),
    "y": lambda b, t: sum(1 for x in b if x in YELLOW),
    "odd": lambda b, t: sum(1 for x in b if x % 2),
    "ysum": lambda b, t: sum(x for x in b if x in YELLOW),
    "ksum": lambda b, t: sum(x for x in b if x in BLACK),
    "total": lambda b, t: sum(b),
    "first": lambda b, t: (key(b[0]),),
    "last": lambda b, t: (key(b[6]),),
    "first_two": lambda b, t: (key(b[0]), key(b[1])),
    "first_last": lambda b, t: (key(b[0]), key(b[6])),
}

SEVEN = (2, 9, 14, 23, 31, 38, 42)


def _rows() -> list[Row]:
    rows = [
        Row(1, "number_drawn", "hits", win(lambda h: h == 1), (5,)),
        Row(2, "number_not_drawn", "hits", win(lambda h: h == 0), (5,)),
        Row(3, "two_numbers_drawn", "hits", win(lambda h: h == 2), (5, 6)),
        Row(4, "three_numbers_drawn", "hits", win(lambda h: h == 3), (1, 20, 42)),
        Row(5, "four_numbers_drawn", "hits", win(lambda h: h == 4), (1, 2, 3, 4)),
        Row(6, "none_of_seven", "hits", win(lambda h: h == 0), SEVEN),
    ]
    rows += [Row(6 + k, f"at_least_{k}_of_seven", "hits", win(lambda h, k=k: h >= k), SEVEN) for k in range(1, 6)]
    rows += [
        Row(12, "yellow_sum_under_73_5", "ysum", win(lambda s: s < 73.5)),
        Row(13, "yellow_sum_over_73_5", "ysum", win(lambda s: s > 73.5)),
        Row(14, "black_sum_under_73_5", "ksum", win(lambda s: s < 73.5)),
        Row(15, "black_sum_over_73_5", "ksum", win(lambda s: s > 73.5)),
        Row(16, "sum_under_100_5", "total", win(lambda s: s < 100.5)),
        Row(17, "sum_under_125_5", "total", win(lambda s: s < 125.5)),
        Row(18, "sum_over_125_5", "total", win(lambda s: s > 125.5)),
        Row(19, "sum_under_150_5", "total", win(lambda s: s < 150.5)),
        Row(20, "sum_over_150_5", "total", win(lambda s: s > 150.5)),
        Row(21, "sum_under_175_5", "total", win(lambda s: s < 175.5)),
        Row(22, "sum_over_175_5", "total", win(lambda s: s > 175.5)),
        Row(23, "sum_under_200_5", "total", win(lambda s: s < 200.5)),
    ]
    for colour, first, exact_first, count in (("yellow", 24, 38, lambda y: y), ("black", 31, 45, lambda y: K - y)):
        tests = [("under_3_5", lambda n: n < 3.5), ("over_3_5", lambda n: n > 3.5), ("under_2_5", lambda n: n < 2.5),
                 ("over_2_5", lambda n: n > 2.5), ("under_1_5", lambda n: n < 1.5), ("over_1_5", lambda n: n > 1.5),
                 ("none", lambda n: n == 0)]
        rows += [Row(first + i, f"{colour}_{name}", "y", win(lambda y, t=t, c=count: t(c(y))))
                 for i, (name, t) in enumerate(tests)]
        rows += [Row(exact_first + i, f"{colour}_7" if n == 7 else f"{colour}_exactly_{n}", "y",
                     win(lambda y, n=n, c=count: c(y) == n)) for i, n in enumerate(range(7, 0, -1))]
    rows.sort(key=lambda r: r.row)
    odd, even = True, False
    rows += [
        Row(52, "more_odd", "odd", win(lambda n: n > K - n)),
        Row(53, "more_even", "odd", win(lambda n: K - n > n)),
        Row(54, "sum_odd", "total", win(lambda s: s % 2 == 1)),
        Row(55, "sum_even", "total", win(lambda s: s % 2 == 0)),
        Row(56, "first_odd", "first", win(lambda f: f[0][0] is odd)),
        Row(57, "first_even", "first", win(lambda f: f[0][0] is even)),
        Row(58, "last_odd", "last", win(lambda f: f[0][0] is odd)),
        Row(59, "last_even", "last", win(lambda f: f[0][0] is even)),
        Row(60, "first_two_odd", "first_two", win(lambda f: f[0][0] and f[1][0])),
        Row(61, "first_two_even", "first_two", win(lambda f: not f[0][0] and not f[1][0])),
        Row(62, "first_odd_second_even", "first_two", win(lambda f: f[0][0] and not f[1][0])),
        Row(63, "first_even_second_odd", "first_two", win(lambda f: not f[0][0] and f[1][0])),
        Row(64, "first_odd_last_even", "first_last", win(lambda f: f[0][0] and not f[1][0])),
        Row(65, "first_even_last_odd", "first_last", win(lambda f: not f[0][0] and f[1][0])),
        Row(66, "first_yellow", "first", win(lambda f: f[0][1])),
        Row(67, "first_black", "first", win(lambda f: not f[0][1])),
        Row(68, "last_yellow", "last", win(lambda f: f[0][1])),
        Row(69, "last_black", "last", win(lambda f: not f[0][1])),
        Row(70, "more_yellow", "y", win(lambda y: y > K - y)),
        Row(71, "more_black", "y", win(lambda y: K - y > y)),
        Row(72, "first_two_same_colour", "first_two", win(lambda f: f[0][1] == f[1][1])),
        Row(73, "first_two_different_colours", "first_two", win(lambda f: f[0][1] != f[1][1])),
    ]
    return rows


ROWS = _rows()
REF = Reference(extract=EXTRACT, dist=DIST, rows=ROWS)


def test_000_12_35_the_table_has_73_rows_each_a_bet() -> None:
    assert [r.row for r in ROWS] == list(range(1, 74))
    assert sorted(r.code for r in ROWS) == sorted(b.code for b in LUCKY7.bets)


def test_000_12_35_colours_are_the_documented_assumption() -> None:
    data = read_data("lucky7", "lucky7_000")
    assert set(data["colours"]["yellow"]) == YELLOW and set(data["colours"]["black"]) == BLACK


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_000_12_35_row(row: Row) -> None:
    """The row's odds follow the documented default; its exact RTP, counted here by closed
    forms and subset enumeration, is the engine's."""
    odds = default_odds(LUCKY7, V, V.odds_rtp or Fraction(0))
    assert V.payouts[row.code].total == odds[row.code]
    assert engine_rtp(ENGINE, V, row) == reference_rtp(V, REF, row, {})


@given(st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_000_12_35_every_draw_settles_every_row_as_the_rules_state(seed: int) -> None:
    check_draw(ENGINE, V, REF, V.draw.draw(seeded(seed)))


def test_000_12_35_the_first_7_balls_count_an_8th_is_refused() -> None:
    state, _ = play(ENGINE, V, [BetRequest("first_odd", 100)], "EUR", seeded(3))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("ball", 0))


def test_000_12_35_seven_numbers_must_be_seven_distinct_balls() -> None:
    with pytest.raises(InvalidSelection, match="pick exactly 7 numbers; 8 is more"):
        ENGINE.start(V, [BetRequest("at_least_3_of_seven", 100, (1, 2, 3, 4, 5, 6, 7, 8))], "EUR")
    with pytest.raises(InvalidSelection, match="pick 7 numbers, not 6"):
        ENGINE.start(V, [BetRequest("at_least_3_of_seven", 100, (1, 2, 3, 4, 5, 6))], "EUR")
    with pytest.raises(InvalidSelection, match="43 is outside the balls 1-42"):
        ENGINE.start(V, [BetRequest("number_drawn", 100, (43,))], "EUR")
    with pytest.raises(InvalidSelection, match="picked twice"):
        ENGINE.start(V, [BetRequest("four_numbers_drawn", 100, (1, 2, 2, 4))], "EUR")
