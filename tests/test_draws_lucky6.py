"""Lucky 6 with digit balls (000 §12.38): every row of the clause's table - its odds, its exact
RTP by a second method (ordered pairs enumerated, digit compositions counted here), and its
settlement on any draw."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import permutations, product
from math import comb, prod
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import InvalidSelection, VariantError
from croupier.games.base import BetRequest
from croupier.games.draws.fixedodds.pricing import default_odds
from croupier.games.draws.fixedodds.variant import parse_variant
from croupier.games.draws.lucky6 import ENGINE, LUCKY6
from croupier.games.registry import load_variant, read_data
from croupier.rng import seeded

from .draws_lucky_helpers import Reference, Row, check_draw, engine_rtp, reference_rtp, win

V = load_variant("lucky6", "lucky6_000")
K = 6
#: the variant's ASSUMPTION: balls per digit 0-9 (red adds up to 138, blue to 132, 000 §12.38)
RED = (3, 3, 3, 3, 3, 3, 2, 3, 3, 4)
BLUE = (3, 3, 3, 3, 3, 3, 4, 3, 3, 2)
#: the engine's ball ids 1-60: the red balls by digit, then the blue ones (docs/draws.md)
BALL = [(d, "red") for d, n in enumerate(RED) for _ in range(n)] + \
       [(d, "blue") for d, n in enumerate(BLUE) for _ in range(n)]
TOTAL = comb(60, K)


def digit(b: int) -> int:
    return BALL[b - 1][0]


@cache
def zone_pairs() -> dict[Any, Fraction]:
    c = Counter((digit(a), digit(b)) for a, b in permutations(range(1, 61), 2))
    return {k: Fraction(n, 60 * 59) for k, n in c.items()}


@cache
def compositions(counts: tuple[int, ...]) -> dict[tuple[int, int, int], int]:
    """(balls, digit sum, even balls) -> ways to choose that many balls of a colour."""
    out: Counter[tuple[int, int, int]] = Counter()
    for take in product(*(range(min(n, K) + 1) for n in counts)):
        j = sum(take)
        if j <= K:
            s = sum(d * c for d, c in enumerate(take))
            ev = sum(c for d, c in enumerate(take) if d % 2 == 0)
            out[(j, s, ev)] += prod(comb(n, c) for n, c in zip(counts, take, strict=True))
    return dict(out)


@cache
def colours() -> dict[Any, Fraction]:
    """(red sum, blue sum, even balls) of the 6 balls."""
    out: Counter[tuple[int, int, int]] = Counter()
    for (j, s, e), n in compositions(RED).items():
        for (j2, s2, e2), n2 in compositions(BLUE).items():
            if j + j2 == K:
                out[(s, s2, e + e2)] += n * n2
    return {k: Fraction(n, TOTAL) for k, n in out.items()}


def count_of(d: int) -> dict[Any, Fraction]:
    m = RED[d] + BLUE[d]
    return {h: Fraction(comb(m, h) * comb(60 - m, K - h), TOTAL) for h in range(K + 1)}


def colour_features(balls: tuple[int, ...]) -> tuple[int, int, int]:
    red = sum(digit(b) for b in balls if BALL[b - 1][1] == "red")
    blue = sum(digit(b) for b in balls if BALL[b - 1][1] == "blue")
    return red, blue, sum(1 for b in balls if digit(b) % 2 == 0)


EXTRACT = {
    "zone_a": lambda b, t: (digit(b[0]), digit(b[1])),
    "zone_b": lambda b, t: (digit(b[2]), digit(b[3])),
    "zone_c": lambda b, t: (digit(b[4]), digit(b[5])),
    "count": lambda b, t: sum(1 for x in b if digit(x) == t[0]),
    "colours": lambda b, t: colour_features(b),
}
DIST = {"zone_a": lambda t: zone_pairs(), "zone_b": lambda t: zone_pairs(), "zone_c": lambda t: zone_pairs(),
        "count": lambda t: count_of(t[0]), "colours": lambda t: colours()}


def _rows() -> list[Row]:
    rows: list[Row] = []
    for i, (z, d) in enumerate((("a", 9), ("b", 0), ("c", 6))):
        rows.append(Row(1 + i, f"digit_in_zone_{z}", f"zone_{z}", win(lambda p, d=d: d in p), (d,)))
    for i, (z, n) in enumerate((("a", 66), ("b", 9), ("c", 96))):
        rows.append(Row(4 + i, f"number_in_zone_{z}", f"zone_{z}", win(lambda p, n=n: p[0] * 10 + p[1] == n), (n,)))
    rows += [
        Row(7, "digit_count_over_1_5", "count", win(lambda c: c > 1.5), (9,)),
        Row(8, "digit_count_under_1_5", "count", win(lambda c: c < 1.5), (6,)),
        Row(9, "digit_count_even", "count", win(lambda c: c % 2 == 0), (0,)),
        Row(10, "digit_count_odd", "count", win(lambda c: c % 2 == 1), (3,)),
        Row(11, "red_sum_under_13_5", "colours", win(lambda f: f[0] < 13.5)),
        Row(12, "red_sum_over_13_5", "colours", win(lambda f: f[0] > 13.5)),
        Row(13, "blue_sum_under_12_5", "colours", win(lambda f: f[1] < 12.5)),
        Row(14, "blue_sum_over_12_5", "colours", win(lambda f: f[1] > 12.5)),
    ]
    for i, z in enumerate("abc"):
        rows += [Row(15 + 2 * i, f"zone_{z}_sum_under_9_5", f"zone_{z}", win(lambda p: p[0] + p[1] < 9.5)),
                 Row(16 + 2 * i, f"zone_{z}_sum_over_9_5", f"zone_{z}", win(lambda p: p[0] + p[1] > 9.5))]
    rows += [
        Row(21, "sum_even", "colours", win(lambda f: (f[0] + f[1]) % 2 == 0)),
        Row(22, "sum_odd", "colours", win(lambda f: (f[0] + f[1]) % 2 == 1)),
        Row(23, "even_under_2_5", "colours", win(lambda f: f[2] < 2.5)),
        Row(24, "even_over_2_5", "colours", win(lambda f: f[2] > 2.5)),
        Row(25, "odd_under_2_5", "colours", win(lambda f: K - f[2] < 2.5)),
        Row(26, "odd_over_2_5", "colours", win(lambda f: K - f[2] > 2.5)),
    ]
    for i, z in enumerate("abc"):
        rows += [Row(27 + 2 * i, f"zone_{z}_sum_even", f"zone_{z}", win(lambda p: (p[0] + p[1]) % 2 == 0)),
                 Row(28 + 2 * i, f"zone_{z}_sum_odd", f"zone_{z}", win(lambda p: (p[0] + p[1]) % 2 == 1))]
    for row, way, line in ((33, "under", 26), (34, "over", 26), (35, "under", 15), (36, "over", 15),
                           (37, "under", 38), (38, "over", 38)):
        h = line + 0.5
        test = (lambda f, h=h: f[0] + f[1] < h) if way == "under" else (lambda f, h=h: f[0] + f[1] > h)
        rows.append(Row(row, f"sum_{way}_{line}_5", "colours", win(test)))
    return rows


ROWS = _rows()
REF = Reference(extract=EXTRACT, dist=DIST, rows=ROWS)


def test_000_12_38_the_table_has_38_rows_each_a_bet() -> None:
    assert [r.row for r in ROWS] == list(range(1, 39))
    assert [r.code for r in ROWS] == [b.code for b in LUCKY6.bets]


def test_000_12_38_the_balls_are_30_red_adding_to_138_and_30_blue_adding_to_132() -> None:
    data = read_data("lucky6", "lucky6_000")
    assert tuple(data["digits"]["red"]) == RED and tuple(data["digits"]["blue"]) == BLUE
    assert (sum(RED), sum(d * n for d, n in enumerate(RED))) == (30, 138)
    assert (sum(BLUE), sum(d * n for d, n in enumerate(BLUE))) == (30, 132)
    assert [ENGINE.spec.ball_label(V, b) for b in (1, 30, 31, 60)] == ["0 red", "9 red", "0 blue", "9 blue"]
    bad = dict(data, digits={"red": [3] * 10, "blue": [3] * 10})
    with pytest.raises(VariantError, match="adding up to 138"):
        parse_variant(LUCKY6, bad, "broken")


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_000_12_38_row(row: Row) -> None:
    """The row's odds follow the documented default; its exact RTP on the row's target, counted
    here, is the engine's."""
    odds = default_odds(LUCKY6, V, V.odds_rtp or Fraction(0))
    assert V.payouts[row.code].total == odds[row.code]
    assert engine_rtp(ENGINE, V, row) == reference_rtp(V, REF, row, {})


def test_000_12_38_two_digit_numbers_pay_less_on_a_double() -> None:
    """Rows 4-6: "00" ... "99" are 30 of the 3540 ordered pairs of balls, any other number 36."""
    pairs = zone_pairs()
    assert pairs[(6, 6)] == Fraction(30, 3540) and pairs[(6, 9)] == Fraction(36, 3540)


@given(st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_000_12_38_every_draw_settles_every_row_as_the_rules_state(seed: int) -> None:
    check_draw(ENGINE, V, REF, V.draw.draw(seeded(seed)))


@pytest.mark.parametrize("code,target,message", [
    ("digit_in_zone_a", (10,), "10 is not a digit"),
    ("digit_in_zone_a", (), "name one digit"),
    ("digit_in_zone_a", (1, 2), "name one digit"),
    ("number_in_zone_b", (100,), "100 is not a two-digit number"),
    ("number_in_zone_b", ("07",), "not a two-digit number"),
])
def test_000_12_38_bad_targets_are_refused_precisely(code: str, target: tuple[Any, ...], message: str) -> None:
    with pytest.raises(InvalidSelection, match=message):
        ENGINE.start(V, [BetRequest(code, 100, target)], "EUR")
