"""Lucky 5 (000 §12.34): every row of the clause's table - its odds, its exact RTP by a second
method (all C(36, 5) draws enumerated here), and its settlement on any draw."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import BetRequest, play
from croupier.games.draws.fixedodds.pricing import default_odds
from croupier.games.draws.lucky5 import ENGINE, LUCKY5
from croupier.games.registry import load_variant, read_data
from croupier.rng import seeded

from .draws_lucky_helpers import Reference, Row, check_draw, engine_rtp, reference_rtp, win

V = load_variant("lucky5", "lucky5_000")
N, K = 36, 5
#: 000 §12.34 ASSUMPTION (the variant's [colours]): ball n has colour (n - 1) mod 4 in the order white, blue, green, red
ORDER = ("white", "blue", "green", "red")
COLOUR = {n: ORDER[(n - 1) % 4] for n in range(1, N + 1)}


def features(balls: tuple[int, ...]) -> tuple[int, int, int, int, int, int]:
    """(W, G, R, B, sum, number of odd balls), 000 §12.34's notation."""
    c = Counter(COLOUR[b] for b in balls)
    return c["white"], c["green"], c["red"], c["blue"], sum(balls), sum(b % 2 for b in balls)


@cache
def all_draws() -> dict[Any, Fraction]:
    """Every 5-ball set, each equally likely (brute force)."""
    counts = Counter(features(d) for d in combinations(range(1, N + 1), K))
    total = comb(N, K)
    return {f: Fraction(n, total) for f, n in counts.items()}


def hits_dist(target: tuple[Any, ...]) -> dict[Any, Fraction]:
    m = len(target)
    return {h: Fraction(comb(m, h) * comb(N - m, K - h), comb(N, K)) for h in range(m + 1)}


def _rows() -> list[Row]:
    rows = [
        Row(1, "number_drawn", "hits", win(lambda h: h == 1), (17,)),
        Row(2, "number_not_drawn", "hits", win(lambda h: h == 0), (17,)),
        Row(3, "two_numbers_drawn", "hits", win(lambda h: h == 2), (3, 36)),
        Row(4, "three_numbers_drawn", "hits", win(lambda h: h == 3), (1, 2, 30)),
        Row(5, "more_odd", "set", win(lambda f: f[5] > K - f[5])),
        Row(6, "more_even", "set", win(lambda f: K - f[5] > f[5])),
        Row(7, "sum_odd", "set", win(lambda f: f[4] % 2 == 1)),
        Row(8, "sum_even", "set", win(lambda f: f[4] % 2 == 0)),
        Row(9, "sum_under_92_5", "set", win(lambda f: f[4] < 92.5)),
        Row(10, "sum_over_92_5", "set", win(lambda f: f[4] > 92.5)),
    ]
    conditions = [  # rows 11-25 for white, 26-40 green, 41-55 red, 56-70 blue
        ("at_least_1", lambda n: n >= 1), ("none", lambda n: n == 0), ("over_1_5", lambda n: n >= 2),
        ("under_1_5", lambda n: n <= 1), ("over_2_5", lambda n: n >= 3), ("under_2_5", lambda n: n <= 2),
        ("over_3_5", lambda n: n >= 4), ("5", lambda n: n == 5), ("exactly_1", lambda n: n == 1),
        ("not_exactly_1", lambda n: n != 1), ("exactly_2", lambda n: n == 2), ("not_exactly_2", lambda n: n != 2),
        ("exactly_3", lambda n: n == 3), ("not_exactly_3", lambda n: n != 3), ("exactly_4", lambda n: n == 4),
    ]
    for i, colour in enumerate(("white", "green", "red", "blue")):
        for j, (name, test) in enumerate(conditions):
            rows.append(Row(11 + 15 * i + j, f"{colour}_{name}", "set",
                            win(lambda f, i=i, test=test: test(f[i]))))
    rows += [
        Row(71, "same_colour_3", "set", win(lambda f: max(f[:4]) >= 3)),
        Row(72, "same_colour_4", "set", win(lambda f: max(f[:4]) >= 4)),
        Row(73, "same_colour_5", "set", win(lambda f: max(f[:4]) == 5)),
        Row(74, "white_green_over_red_blue", "set", win(lambda f: f[0] + f[1] > f[2] + f[3])),
        Row(75, "white_red_over_green_blue", "set", win(lambda f: f[0] + f[2] > f[1] + f[3])),
        Row(76, "white_blue_over_green_red", "set", win(lambda f: f[0] + f[3] > f[1] + f[2])),
    ]
    idx = {"white": 0, "green": 1, "red": 2, "blue": 3}
    row = 77
    for a, b in (("white", "green"), ("white", "red"), ("white", "blue"), ("green", "red"), ("green", "blue"),
                 ("red", "blue")):
        x, y = idx[a], idx[b]
        rows += [Row(row, f"{a}_over_{b}", "set", win(lambda f, x=x, y=y: f[x] > f[y])),
                 Row(row + 1, f"{b}_over_{a}", "set", win(lambda f, x=x, y=y: f[y] > f[x])),
                 Row(row + 2, f"{a}_equals_{b}", "set", win(lambda f, x=x, y=y: f[x] == f[y]))]
        row += 3
    return rows


ROWS = _rows()
REF = Reference(
    extract={"hits": lambda balls, t: len(set(balls) & set(t)), "set": lambda balls, t: features(balls)},
    dist={"hits": hits_dist, "set": lambda t: all_draws()},
    rows=ROWS,
)


def test_000_12_34_the_table_has_94_rows_each_a_bet() -> None:
    assert [r.row for r in ROWS] == list(range(1, 95))
    assert [r.code for r in ROWS] == [b.code for b in LUCKY5.bets]


def test_000_12_34_colours_are_the_documented_assumption() -> None:
    data = read_data("lucky5", "lucky5_000")
    assert {c: sorted(ns) for c, ns in data["colours"].items()} == {
        c: [n for n in range(1, N + 1) if COLOUR[n] == c] for c in ORDER}


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_000_12_34_row(row: Row) -> None:
    """The row's odds follow the documented default and its exact RTP, counted by brute force
    over all 376 992 draws here, is the engine's."""
    odds = default_odds(LUCKY5, V, V.odds_rtp or Fraction(0))
    assert V.payouts[row.code].total == odds[row.code]
    assert engine_rtp(ENGINE, V, row) == reference_rtp(V, REF, row, {})


@given(st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_000_12_34_every_draw_settles_every_row_as_the_rules_state(seed: int) -> None:
    check_draw(ENGINE, V, REF, V.draw.draw(seeded(seed)))


def test_000_12_34_figures_cross_checked() -> None:
    """Spot values from the enumeration: W = 5 has C(9, 5) / C(36, 5) = 1/2992; a number is
    drawn with chance 5/36."""
    assert sum(p for f, p in all_draws().items() if f[0] == 5) == Fraction(1, 2992)
    assert hits_dist((1,))[1] == Fraction(5, 36)


@pytest.mark.parametrize("target,message", [
    ((1, 2), "pick exactly 1 number; 2 is more than the bet allows"),
    ((37,), "outside the balls 1-36"),
    ((0,), "outside the balls 1-36"),
    ((5, 5), "picked twice"),
    (("7",), "whole number"),
])
def test_000_12_34_bad_numbers_are_refused_precisely(target: tuple[Any, ...], message: str) -> None:
    code = "two_numbers_drawn" if target == (5, 5) else "number_drawn"
    with pytest.raises(InvalidSelection, match=message):
        ENGINE.start(V, [BetRequest(code, 100, target)], "EUR")


def test_000_12_34_unknown_bet_and_no_target_bets() -> None:
    with pytest.raises(UnknownBetCode):
        ENGINE.start(V, [BetRequest("orange_5", 100)], "EUR")
    with pytest.raises(InvalidSelection, match="takes no numbers"):
        ENGINE.start(V, [BetRequest("more_odd", 100, (3,))], "EUR")


def test_000_12_34_a_variant_must_price_every_row() -> None:
    from croupier.games.draws.fixedodds.variant import parse_variant

    data = dict(read_data("lucky5", "lucky5_000"))
    data["payouts"] = {k: v for k, v in data["payouts"].items() if k != "white_5"}
    with pytest.raises(VariantError, match="white_5"):
        parse_variant(LUCKY5, data, "broken")


def test_000_12_34_a_round_plays_and_replays() -> None:
    from croupier.games.base import replay

    bets = [BetRequest("number_drawn", 100, (7,)), BetRequest("white_at_least_1", 100)]
    state, settlement = play(ENGINE, V, bets, "EUR", seeded(5))
    assert len(state.balls) == 5 and len(set(state.balls)) == 5
    assert replay(ENGINE, V, state.events) == settlement
