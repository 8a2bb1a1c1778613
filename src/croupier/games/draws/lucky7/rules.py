"""Lucky 7 (7 Bet), 000 §12.35: 7 balls drawn out of 42 (1-42), 21 yellow and 21 black; 73
outcomes to bet on (rows 1-73 of the clause's table). Ball order is the order of falling; the
7th is "the last".

Y and K below are the numbers of yellow and black balls among the 7. ASSUMPTIONS
(docs/draws.md): which numbers are yellow is variant data (default: n mod 4 in {0, 1});
a sum over no ball of a colour is 0; rows 6-11 name 7 numbers; the over/under lines are as
printed (no "over 100.5", no "over 200.5"). 000 §12.35 "draw validity": the first 7 balls count,
so the engine takes exactly 7 and refuses more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from croupier.games.draws.balls import BallDraw
from croupier.games.draws.fixedodds import stats
from croupier.games.draws.fixedodds.bets import Bet, TargetSpec, aimed, bet
from croupier.games.draws.fixedodds.colours import colour_name, colour_of, parse_colours
from croupier.games.draws.fixedodds.variant import DrawGame
from croupier.games.draws.schedule import DrawSchedule

COLOURS: Final = ("yellow", "black")
YELLOW, BLACK = 0, 1
DRAWN: Final = 7


def _is(colour: int) -> Any:
    return lambda v, b: colour_of(v, b) == colour


def _key(v: Any, b: int) -> tuple[int, int]:
    """(parity: 1 odd / 0 even, colour) of a ball."""
    return b % 2, colour_of(v, b)


HITS = stats.hits()
SUM = stats.total("sum", lambda v, b: b)
YELLOW_SUM = stats.total("yellow_sum", lambda v, b: b, _is(YELLOW))
BLACK_SUM = stats.total("black_sum", lambda v, b: b, _is(BLACK))
YELLOWS = stats.count("yellow_count", lambda v, b, t: colour_of(v, b) == YELLOW)
ODD = stats.count("odd_count", lambda v, b, t: b % 2 == 1)
FIRST = stats.at("first", (0,), _key)
LAST = stats.at("last", (-1,), _key)
FIRST_TWO = stats.at("first_two", (0, 1), _key)
FIRST_LAST = stats.at("first_last", (0, -1), _key)

ODD_, EVEN_ = 1, 0


def picks(n: int) -> TargetSpec:
    return TargetSpec("picks", n, what="number")


def _numbers() -> list[Bet]:
    out = [
        aimed("number_drawn", 1, "Ball with the chosen number will be drawn", HITS, lambda h, t: h == 1, picks(1)),
        aimed("number_not_drawn", 2, "Ball with the chosen number will not be drawn", HITS,
              lambda h, t: h == 0, picks(1)),
        aimed("two_numbers_drawn", 3, "Two balls with the chosen numbers will be drawn", HITS,
              lambda h, t: h == 2, picks(2)),
        aimed("three_numbers_drawn", 4, "Three balls with the chosen numbers will be drawn", HITS,
              lambda h, t: h == 3, picks(3)),
        aimed("four_numbers_drawn", 5, "Four balls with the chosen numbers will be drawn", HITS,
              lambda h, t: h == 4, picks(4)),
        aimed("none_of_seven", 6, "None of seven balls with chosen numbers will be drawn", HITS,
              lambda h, t: h == 0, picks(7)),
    ]
    for i, k in enumerate(range(1, 6)):
        out.append(aimed(f"at_least_{k}_of_seven", 7 + i,
                         f"At least {k} out of 7 balls with chosen numbers will be drawn", HITS,
                         _at_least(k), picks(7)))
    return [Bet(b.code, b.row, b.label, b.stat, b.prize, b.target, group="numbers") for b in out]


def _at_least(k: int) -> Callable[[Any, Any], bool]:
    return lambda hits, target: bool(hits >= k)


def _line(way: str, line: float) -> Callable[[Any], bool]:
    return (lambda s: bool(s < line)) if way == "under" else (lambda s: bool(s > line))


def _sums() -> list[Bet]:
    rows: list[Bet] = [
        bet("yellow_sum_under_73_5", 12, "The sum of yellow drawn balls' numbers will be under 73.5",
            YELLOW_SUM, lambda s: s < 73.5, group="sums"),
        bet("yellow_sum_over_73_5", 13, "The sum of yellow drawn balls' numbers will be over 73.5",
            YELLOW_SUM, lambda s: s > 73.5, group="sums"),
        bet("black_sum_under_73_5", 14, "The sum of black drawn balls' numbers will be under 73.5",
            BLACK_SUM, lambda s: s < 73.5, group="sums"),
        bet("black_sum_over_73_5", 15, "The sum of black drawn balls' numbers will be over 73.5",
            BLACK_SUM, lambda s: s > 73.5, group="sums"),
    ]
    lines = [(16, "under", 100), (17, "under", 125), (18, "over", 125), (19, "under", 150), (20, "over", 150),
             (21, "under", 175), (22, "over", 175), (23, "under", 200)]
    for row, way, line in lines:
        rows.append(bet(f"sum_{way}_{line}_5", row, f"The sum of drawn balls' numbers will be {way} {line}.5",
                        SUM, _line(way, line + 0.5), group="sums"))
    return rows


def _colour_counts(colour: int, first_row: int, exact_row: int) -> list[Bet]:
    c = COLOURS[colour]

    def n_of(counts: int) -> int:  # the yellow count statistic, turned into this colour's count
        return counts if colour == YELLOW else DRAWN - counts

    lines: list[tuple[str, str, Any]] = [
        (f"{c}_under_3_5", f"The amount of {c} drawn balls will be under 3.5", lambda n: n <= 3),
        (f"{c}_over_3_5", f"The amount of {c} drawn balls will be over 3.5", lambda n: n >= 4),
        (f"{c}_under_2_5", f"The amount of {c} drawn balls will be under 2.5", lambda n: n <= 2),
        (f"{c}_over_2_5", f"The amount of {c} drawn balls will be over 2.5", lambda n: n >= 3),
        (f"{c}_under_1_5", f"The amount of {c} drawn balls will be under 1.5", lambda n: n <= 1),
        (f"{c}_over_1_5", f"The amount of {c} drawn balls will be over 1.5", lambda n: n >= 2),
        (f"{c}_none", f"No {c} ball will be drawn", lambda n: n == 0),
    ]
    def test(f: Callable[[int], bool]) -> Callable[[Any], bool]:
        return lambda yellows: f(n_of(yellows))

    out = [bet(code, first_row + i, label, YELLOWS, test(f), group=c) for i, (code, label, f) in enumerate(lines)]
    for i, k in enumerate(range(7, 0, -1)):
        code = f"{c}_7" if k == 7 else f"{c}_exactly_{k}"
        label = f"7 {c} balls will be drawn" if k == 7 else f"Exactly {k} {c} ball{'s' * (k > 1)} will be drawn"
        out.append(bet(code, exact_row + i, label, YELLOWS, test(_equals(k)), group=c))
    return out


def _equals(k: int) -> Callable[[int], bool]:
    return lambda n: n == k


def _order() -> list[Bet]:
    def par(x: tuple[int, int]) -> int:
        return x[0]

    def col(x: tuple[int, int]) -> int:
        return x[1]

    return [
        bet("more_odd", 52, "More balls with odd numbers will be drawn", ODD, lambda n: n >= 4, group="odd_even"),
        bet("more_even", 53, "More balls with even numbers will be drawn", ODD, lambda n: n <= 3, group="odd_even"),
        bet("sum_odd", 54, "The sum of drawn balls' numbers will be odd", SUM, lambda s: s % 2 == 1, group="odd_even"),
        bet("sum_even", 55, "The sum of drawn balls' numbers will be even", SUM, lambda s: s % 2 == 0,
            group="odd_even"),
        bet("first_odd", 56, "The number of the first drawn ball will be odd", FIRST, lambda t: par(t[0]) == ODD_,
            group="order"),
        bet("first_even", 57, "The number of the first drawn ball will be even", FIRST,
            lambda t: par(t[0]) == EVEN_, group="order"),
        bet("last_odd", 58, "The number of the last drawn ball will be odd", LAST, lambda t: par(t[0]) == ODD_,
            group="order"),
        bet("last_even", 59, "The number of the last drawn ball will be even", LAST, lambda t: par(t[0]) == EVEN_,
            group="order"),
        bet("first_two_odd", 60, "The numbers of first two drawn balls will be odd", FIRST_TWO,
            lambda t: par(t[0]) == ODD_ and par(t[1]) == ODD_, group="order"),
        bet("first_two_even", 61, "The numbers of first two drawn balls will be even", FIRST_TWO,
            lambda t: par(t[0]) == EVEN_ and par(t[1]) == EVEN_, group="order"),
        bet("first_odd_second_even", 62,
            "The number of the first drawn ball will be odd, and the number of the second one - even", FIRST_TWO,
            lambda t: par(t[0]) == ODD_ and par(t[1]) == EVEN_, group="order"),
        bet("first_even_second_odd", 63,
            "The number of the first drawn ball will be even, and the number of the second one - odd", FIRST_TWO,
            lambda t: par(t[0]) == EVEN_ and par(t[1]) == ODD_, group="order"),
        bet("first_odd_last_even", 64,
            "The number of the first drawn ball will be odd, and the number of the last one - even", FIRST_LAST,
            lambda t: par(t[0]) == ODD_ and par(t[1]) == EVEN_, group="order"),
        bet("first_even_last_odd", 65,
            "The number of the first drawn ball will be even, and the number of the last one - odd", FIRST_LAST,
            lambda t: par(t[0]) == EVEN_ and par(t[1]) == ODD_, group="order"),
        bet("first_yellow", 66, "The first drawn ball will be yellow", FIRST, lambda t: col(t[0]) == YELLOW,
            group="order"),
        bet("first_black", 67, "The first drawn ball will be black", FIRST, lambda t: col(t[0]) == BLACK,
            group="order"),
        bet("last_yellow", 68, "The last drawn ball will be yellow", LAST, lambda t: col(t[0]) == YELLOW,
            group="order"),
        bet("last_black", 69, "The last drawn ball will be black", LAST, lambda t: col(t[0]) == BLACK,
            group="order"),
        bet("more_yellow", 70, "More yellow balls will be drawn", YELLOWS, lambda y: y >= 4, group="colours"),
        bet("more_black", 71, "More black balls will be drawn", YELLOWS, lambda y: y <= 3, group="colours"),
        bet("first_two_same_colour", 72, "The first and the second drawn balls will be of the same colour",
            FIRST_TWO, lambda t: col(t[0]) == col(t[1]), group="colours"),
        bet("first_two_different_colours", 73, "The first and the second drawn balls will be of different colours",
            FIRST_TWO, lambda t: col(t[0]) != col(t[1]), group="colours"),
    ]


BETS: Final = (
    *_numbers(),
    *_sums(),
    *_colour_counts(YELLOW, 24, 38),
    *_colour_counts(BLACK, 31, 45),
    *_order(),
)


def parse_options(data: Mapping[str, Any], where: str, draw: BallDraw) -> dict[str, Any]:
    return {"colour": parse_colours(data, where, draw, COLOURS, 21), "colour_names": COLOURS}


LUCKY7: Final = DrawGame(
    name="lucky7",
    title="Lucky 7",
    clause="000 §12.35",
    bets=BETS,
    default_draw=BallDraw(42, DRAWN, ordered=True),
    # 000 §12.35: once every 5 minutes, betting approx. 3 minutes between games
    default_schedule=DrawSchedule(every_seconds=300, cutoff_seconds=120, max_draws=10),
    own_fields=frozenset({"colours"}),
    parse_options=parse_options,
    ball_label=lambda v, b: f"{b} {colour_name(v, b)}",
    demo=(("number_drawn", (7,)), ("first_odd", ()), ("more_yellow", ()), ("sum_over_150_5", ())),
)
