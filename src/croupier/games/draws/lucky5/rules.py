"""Lucky 5 (5 Bet), 000 §12.34: 5 balls drawn out of 36 (1-36) in four colours of 9 balls -
white, blue, green, red; 94 outcomes to bet on (rows 1-94 of the clause's table).

W, G, R, B below are the numbers of white, green, red and blue balls among the 5 drawn.
ASSUMPTIONS (docs/draws.md): which numbers have which colour is variant data (default: ball n
has colour (n - 1) mod 4 in the order white, blue, green, red); "exactly N <colour> balls will
not be drawn" is count != N; rows 18, 48, 63 ("5 <colour> balls will be") read "will be drawn";
rows 3-4: all of the chosen numbers are drawn, in any order.
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

#: colour order of the counts tuple (the rows' order: white 11-25, green 26-40, red 41-55, blue 56-70)
COLOURS: Final = ("white", "green", "red", "blue")
W, G, R, B = range(4)

HITS = stats.hits()
ODD = stats.count("odd_count", lambda v, b, t: b % 2 == 1)
SUM = stats.total("sum", lambda v, b: b)
COUNTS = stats.groups("colour_counts", colour_of, lambda v: len(COLOURS))


def picks(n: int) -> TargetSpec:
    return TargetSpec("picks", n, what="number")


def _colour_rows(colour: int, first_row: int) -> list[Bet]:
    c = COLOURS[colour]
    lines: list[tuple[str, str, Any]] = [
        (f"{c}_at_least_1", f"At least 1 {c} ball will be drawn", lambda n: n >= 1),
        (f"{c}_none", f"No {c} ball will be drawn", lambda n: n == 0),
        (f"{c}_over_1_5", f"The amount of {c} drawn balls will be over 1.5", lambda n: n >= 2),
        (f"{c}_under_1_5", f"The amount of {c} drawn balls will be under 1.5", lambda n: n <= 1),
        (f"{c}_over_2_5", f"The amount of {c} drawn balls will be over 2.5", lambda n: n >= 3),
        (f"{c}_under_2_5", f"The amount of {c} drawn balls will be under 2.5", lambda n: n <= 2),
        (f"{c}_over_3_5", f"The amount of {c} drawn balls will be over 3.5", lambda n: n >= 4),
        (f"{c}_5", f"5 {c} balls will be drawn", lambda n: n == 5),
        (f"{c}_exactly_1", f"Exactly one {c} ball will be drawn", lambda n: n == 1),
        (f"{c}_not_exactly_1", f"Exactly one {c} ball will not be drawn", lambda n: n != 1),
        (f"{c}_exactly_2", f"Exactly two {c} balls will be drawn", lambda n: n == 2),
        (f"{c}_not_exactly_2", f"Exactly two {c} balls will not be drawn", lambda n: n != 2),
        (f"{c}_exactly_3", f"Exactly three {c} balls will be drawn", lambda n: n == 3),
        (f"{c}_not_exactly_3", f"Exactly three {c} balls will not be drawn", lambda n: n != 3),
        (f"{c}_exactly_4", f"Exactly four {c} balls will be drawn", lambda n: n == 4),
    ]
    return [bet(code, first_row + i, label, COUNTS, _of_colour(colour, f), group=c)
            for i, (code, label, f) in enumerate(lines)]


def _of_colour(colour: int, test: Callable[[int], bool]) -> Callable[[Any], bool]:
    """A test of the colour counts tuple that reads one colour's count."""
    return lambda counts: test(counts[colour])


def _compare(row: int, a: int, b: int, how: str) -> Bet:
    x, y = COLOURS[a], COLOURS[b]
    if how == "more":
        return bet(f"{x}_over_{y}", row, f"More {x} balls than {y} ones will be drawn", COUNTS,
                   lambda t: t[a] > t[b], group="duels")
    return bet(f"{x}_equals_{y}", row, f"There will be equal amount of {x} and {y} balls", COUNTS,
               lambda t: t[a] == t[b], group="duels")


def _pairs() -> list[Bet]:
    out: list[Bet] = []
    row = 77
    for a, b in ((W, G), (W, R), (W, B), (G, R), (G, B), (R, B)):
        out += [_compare(row, a, b, "more"), _compare(row + 1, b, a, "more"), _compare(row + 2, a, b, "equal")]
        row += 3
    return out


BETS: Final = (
    aimed("number_drawn", 1, "The ball with chosen number will be drawn", HITS, lambda h, t: h == 1, picks(1),
          group="numbers"),
    aimed("number_not_drawn", 2, "The ball with chosen number will not be drawn", HITS, lambda h, t: h == 0,
          picks(1), group="numbers"),
    aimed("two_numbers_drawn", 3, "Two balls with chosen numbers will be drawn", HITS, lambda h, t: h == 2,
          picks(2), group="numbers"),
    aimed("three_numbers_drawn", 4, "Three balls with chosen numbers will be drawn", HITS, lambda h, t: h == 3,
          picks(3), group="numbers"),
    bet("more_odd", 5, "More balls with odd numbers will be drawn", ODD, lambda n: n >= 3, group="odd_even"),
    bet("more_even", 6, "More balls with even numbers will be drawn", ODD, lambda n: n <= 2, group="odd_even"),
    bet("sum_odd", 7, "The sum of drawn balls' numbers will be odd", SUM, lambda s: s % 2 == 1, group="sum"),
    bet("sum_even", 8, "The sum of drawn balls' numbers will be even", SUM, lambda s: s % 2 == 0, group="sum"),
    bet("sum_under_92_5", 9, "The sum of drawn balls' numbers will be under 92.5", SUM, lambda s: s < 92.5,
        group="sum"),
    bet("sum_over_92_5", 10, "The sum of drawn balls' numbers will be over 92.5", SUM, lambda s: s > 92.5,
        group="sum"),
    *_colour_rows(W, 11),
    *_colour_rows(G, 26),
    *_colour_rows(R, 41),
    *_colour_rows(B, 56),
    bet("same_colour_3", 71, "At least three balls of the same color will be drawn", COUNTS,
        lambda t: max(t) >= 3, group="colours"),
    bet("same_colour_4", 72, "At least four balls of the same color will be drawn", COUNTS,
        lambda t: max(t) >= 4, group="colours"),
    bet("same_colour_5", 73, "Five balls of the same color will be drawn", COUNTS,
        lambda t: max(t) == 5, group="colours"),
    bet("white_green_over_red_blue", 74, "More white and green balls than red and blue ones will be drawn",
        COUNTS, lambda t: t[W] + t[G] > t[R] + t[B], group="colours"),
    bet("white_red_over_green_blue", 75, "More white and red balls than green and blue ones will be drawn",
        COUNTS, lambda t: t[W] + t[R] > t[G] + t[B], group="colours"),
    bet("white_blue_over_green_red", 76, "More white and blue balls than green and red ones will be drawn",
        COUNTS, lambda t: t[W] + t[B] > t[G] + t[R], group="colours"),
    *_pairs(),
)



def parse_options(data: Mapping[str, Any], where: str, draw: BallDraw) -> dict[str, Any]:
    return {"colour": parse_colours(data, where, draw, COLOURS, 9), "colour_names": COLOURS}


LUCKY5: Final = DrawGame(
    name="lucky5",
    title="Lucky 5",
    clause="000 §12.34",
    bets=BETS,
    default_draw=BallDraw(36, 5, ordered=True),
    # 000 §12.34: a game every 5 minutes, betting approx. 3 minutes between games
    default_schedule=DrawSchedule(every_seconds=300, cutoff_seconds=120, max_draws=10),
    own_fields=frozenset({"colours"}),
    parse_options=parse_options,
    ball_label=lambda v, b: f"{b} {colour_name(v, b)}",
    demo=(("number_drawn", (7,)), ("more_odd", ()), ("white_at_least_1", ()), ("sum_over_92_5", ())),
)
