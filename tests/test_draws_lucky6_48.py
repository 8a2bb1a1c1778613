"""Lucky 6 with 48 balls (000 §12.46): every row of the clause's table in both readings of rows
1-30 - its odds, its exact RTP by a second method (closed forms and symmetry, counted here), and
its settlement on any draw."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest
from croupier.games.draws.fixedodds.exact import win_chance
from croupier.games.draws.fixedodds.pricing import default_odds
from croupier.games.draws.lucky6_48 import ENGINE, LUCKY6_48
from croupier.games.registry import load_variant, read_data
from croupier.money import apply_ratio
from croupier.rng import seeded

from .draws_lucky_helpers import (
    Reference,
    Row,
    check_draw,
    engine_rtp,
    reference_rtp,
    settle_all,
    win,
)

TABLE = load_variant("lucky6_48", "lucky6_48_000")
CHOSEN = load_variant("lucky6_48", "lucky6_48_chosen")
N, K = 48, 35
SIX = (4, 9, 17, 30, 41, 48)
#: 000 §12.46 Equipment: the colour table, in its order
COLOURS = ("green", "blue", "red", "purple", "yellow", "orange", "brown", "black")


def completion(balls: tuple[int, ...], six: tuple[Any, ...]) -> int:
    where = [balls.index(x) + 1 if x in balls else 0 for x in six]
    return 0 if 0 in where else max(where)


def completion_dist(six: tuple[Any, ...]) -> dict[Any, Fraction]:
    """P(the six are all out by ball n) = C(n, 6) / C(48, 6), so exactly with ball n:
    (C(n, 6) - C(n - 1, 6)) / C(48, 6)."""
    out = {n: Fraction(comb(n, 6) - comb(n - 1, 6), comb(N, 6)) for n in range(6, K + 1)}
    out[0] = 1 - sum(out.values())
    return out


def hyper(marked: int, drawn: int) -> dict[Any, Fraction]:
    return {h: Fraction(comb(marked, h) * comb(N - marked, drawn - h), comb(N, drawn)) for h in range(drawn + 1)}


def half() -> dict[Any, Fraction]:
    """The first five balls are a uniform 5-set; n -> 49 - n maps a set of sum s to one of sum
    245 - s, so a sum over 122.5 is exactly as likely as one under it (no sum is 122.5)."""
    return {True: Fraction(1, 2), False: Fraction(1, 2)}


EXTRACT = {
    "completion": lambda b, t: completion(b, t),
    "first5_high": lambda b, t: sum(b[:5]) > 122.5,
    "first": lambda b, t: b[0],
    "last": lambda b, t: b[34],
    "evens": lambda b, t: sum(1 for x in b if x % 2 == 0),
    "evens5": lambda b, t: sum(1 for x in b[:5] if x % 2 == 0),
}
DIST = {
    "completion": completion_dist,
    "first5_high": lambda t: half(),
    "first": lambda t: {n: Fraction(1, N) for n in range(1, N + 1)},
    "last": lambda t: {n: Fraction(1, N) for n in range(1, N + 1)},
    "evens": lambda t: hyper(24, K),
    "evens5": lambda t: hyper(24, 5),
}


def colour(n: int) -> str:
    return COLOURS[(n - 1) % 8]


def side_rows(parity: str) -> list[Row]:
    rows = [
        Row(31, "first5_sum_over_122_5", "first5_high", win(lambda h: h)),
        Row(32, "first5_sum_under_122_5", "first5_high", win(lambda h: not h)),
        Row(33, "first_over_24_5", "first", win(lambda b: b > 24.5)),
        Row(34, "first_under_24_5", "first", win(lambda b: b < 24.5)),
        Row(35, "last_over_24_5", "last", win(lambda b: b > 24.5)),
        Row(36, "last_under_24_5", "last", win(lambda b: b < 24.5)),
        Row(37, "first_even", "first", win(lambda b: b % 2 == 0)),
        Row(38, "first_odd", "first", win(lambda b: b % 2 == 1)),
        Row(39, "last_even", "last", win(lambda b: b % 2 == 0)),
        Row(40, "last_odd", "last", win(lambda b: b % 2 == 1)),
    ]
    if parity == "all":
        rows += [Row(41, "more_even", "evens", win(lambda e: e > K - e)),
                 Row(42, "more_odd", "evens", win(lambda e: K - e > e))]
    else:
        rows += [Row(41, "more_even_first_5", "evens5", win(lambda e: e > 5 - e)),
                 Row(42, "more_odd_first_5", "evens5", win(lambda e: 5 - e > e))]
    rows += [Row(43, "first_colour", "first", win(lambda b: colour(b) == "red"), ("red",)),
             Row(44, "last_colour", "last", win(lambda b: colour(b) == "black"), ("black",))]
    return rows


#: rows 1-30 by position (the default reading): one ticket, one row per completing position
POSITION_ROWS = [Row(n - 5, "six_numbers", "completion", lambda c, n=n: str(n) if c == n else None, SIX)
                 for n in range(6, K + 1)]
TICKET = Row(1, "six_numbers", "completion", lambda c: str(c) if c else None, SIX)
#: rows 1-30 with the position chosen (the other reading): thirty bets
CHOSEN_ROWS = [Row(n - 5, f"six_numbers_ball_{n}", "completion", win(lambda c, n=n: c == n), SIX)
               for n in range(6, K + 1)]
SIDE = side_rows("all")
REF_TABLE = Reference(EXTRACT, DIST, [TICKET, *SIDE])
REF_CHOSEN = Reference(EXTRACT, DIST, [*CHOSEN_ROWS, *SIDE])


def test_000_12_46_the_table_has_44_rows_in_each_reading() -> None:
    assert [r.row for r in POSITION_ROWS + SIDE] == list(range(1, 45))
    assert [r.row for r in CHOSEN_ROWS + SIDE] == list(range(1, 45))
    assert [b.code for b in LUCKY6_48.offered(TABLE)] == [r.code for r in [TICKET, *SIDE]]
    assert [b.code for b in LUCKY6_48.offered(CHOSEN)] == [r.code for r in [*CHOSEN_ROWS, *SIDE]]


def test_000_12_46_colours_are_the_extracts_table() -> None:
    data = read_data("lucky6_48", "lucky6_48_000")
    assert {c: data["colours"][c] for c in COLOURS} == {
        c: [n for n in range(1, N + 1) if colour(n) == c] for c in COLOURS}


@pytest.mark.parametrize("row", POSITION_ROWS, ids=[f"row_{r.row}_six_numbers_with_ball_{r.row + 5}"
                                                    for r in POSITION_ROWS])
def test_000_12_46_row_by_position(row: Row) -> None:
    """Rows 1-30, position reading: the position's odds follow the documented λ/√P rule and
    its chance, by the closed form here, is the engine's."""
    key = str(row.row + 5)
    odds = default_odds(LUCKY6_48, TABLE, TABLE.odds_rtp or Fraction(0))
    assert TABLE.paytables["six_numbers"][key].total == odds["six_numbers"][key]
    assert win_chance(TABLE, ENGINE.bet_of("six_numbers"), SIX, key) == completion_dist(SIX)[row.row + 5]


def test_000_12_46_rows_1_30_by_position_whole_ticket() -> None:
    assert engine_rtp(ENGINE, TABLE, TICKET) == reference_rtp(TABLE, REF_TABLE, TICKET, {})
    assert sum(reference_rtp(TABLE, REF_TABLE, r, {}) for r in POSITION_ROWS) == engine_rtp(ENGINE, TABLE, TICKET)


@pytest.mark.parametrize("row", CHOSEN_ROWS, ids=[r.id.replace("_4_9_17_30_41_48", "") for r in CHOSEN_ROWS])
def test_000_12_46_row_chosen_position(row: Row) -> None:
    odds = default_odds(LUCKY6_48, CHOSEN, CHOSEN.odds_rtp or Fraction(0))
    assert CHOSEN.payouts[row.code].total == odds[row.code]
    assert engine_rtp(ENGINE, CHOSEN, row) == reference_rtp(CHOSEN, REF_CHOSEN, row, {})


@pytest.mark.parametrize("row", SIDE, ids=[r.id for r in SIDE])
def test_000_12_46_row(row: Row) -> None:
    for v in (TABLE, CHOSEN):
        odds = default_odds(LUCKY6_48, v, v.odds_rtp or Fraction(0))
        assert v.payouts[row.code].total == odds[row.code]
        assert engine_rtp(ENGINE, v, row) == reference_rtp(v, REF_TABLE, row, {})


def test_000_12_46_rows_41_42_over_the_first_five_reading() -> None:
    from dataclasses import replace

    v = replace(TABLE, readings={**TABLE.readings, "parity_over": "first_5"},
                payouts={**{k: p for k, p in TABLE.payouts.items() if k not in ("more_even", "more_odd")},
                         "more_even_first_5": TABLE.payouts["more_even"], "more_odd_first_5": TABLE.payouts["more_odd"]})
    rows = side_rows("first_5")[10:12]
    for r in rows:
        assert engine_rtp(ENGINE, v, r) == reference_rtp(v, REF_TABLE, r, {})
    check_draw(ENGINE, v, Reference(EXTRACT, DIST, rows), v.draw.draw(seeded(9)))


@given(st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_000_12_46_every_draw_settles_every_row_as_the_rules_state(seed: int) -> None:
    balls = TABLE.draw.draw(seeded(seed))
    check_draw(ENGINE, TABLE, REF_TABLE, balls)
    check_draw(ENGINE, CHOSEN, REF_CHOSEN, balls)


@given(st.integers(0, 2**32), st.integers(0, 29))
@settings(max_examples=60, deadline=None)
def test_000_12_46_six_numbers_pay_the_odds_of_the_completing_ball(seed: int, last: int) -> None:
    """Six numbers taken from the draw, the last of them at position ``last + 6``."""
    balls = TABLE.draw.draw(seeded(seed))
    six = tuple(sorted((*balls[:5], balls[last + 5])))
    got = settle_all(ENGINE, TABLE, [Row(1, "six_numbers", "completion", lambda c: None, six)], balls, 1000)
    assert list(got.values()) == [apply_ratio(1000, TABLE.paytables["six_numbers"][str(last + 6)].total)]


def test_000_12_46_a_reading_offers_only_its_bets() -> None:
    with pytest.raises(UnknownBetCode, match="not offered"):
        ENGINE.start(TABLE, [BetRequest("six_numbers_ball_12", 100, SIX)], "EUR")
    with pytest.raises(UnknownBetCode, match="not offered"):
        ENGINE.start(CHOSEN, [BetRequest("six_numbers", 100, SIX)], "EUR")


@pytest.mark.parametrize("target,message", [
    ((1, 2, 3, 4, 5, 6, 7), "pick exactly 6 numbers; 7 is more than the bet allows"),
    ((1, 2, 3, 4, 5), "pick 6 numbers, not 5"),
    ((1, 2, 3, 4, 5, 49), "49 is outside the balls 1-48"),
    ((1, 2, 3, 4, 5, 5), "5 is picked twice"),
])
def test_000_12_46_bad_six_numbers_are_refused_precisely(target: tuple[int, ...], message: str) -> None:
    with pytest.raises(InvalidSelection, match=message):
        ENGINE.start(TABLE, [BetRequest("six_numbers", 100, target)], "EUR")


def test_000_12_46_colour_bets_name_a_colour_of_the_table() -> None:
    with pytest.raises(InvalidSelection, match="'pink' is not a colour"):
        ENGINE.start(TABLE, [BetRequest("first_colour", 100, ("pink",))], "EUR")
