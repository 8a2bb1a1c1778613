"""Lucky 6 with 48 balls, 000 §12.46: 35 of 48 balls (1-48, eight colours of six) fall out in
order; the player guesses 6 numbers that fall out "as early as possible", or bets on the first
and last balls, the first five balls' sum, even/odd and colours (rows 1-44 of the clause's table).

Rows 1-30 "the selected 6 numbers will fall out with the Nth ball" (N = 6 ... 35) have two
readings, a variant option ``six_numbers``:

* ``by_position`` (the extract's ASSUMPTION, default): one 6-number ticket (``six_numbers``),
  won when all six are among the 35 and paid at the odds of the position of the ball that
  completes them (a prize table ``6`` ... ``35``);
* ``chosen_position``: thirty bets ``six_numbers_ball_N``, each won only when the six are
  complete exactly with ball N.

Rows 41-42 "will be more even/odd balls" count all 35 balls (ASSUMPTION, option ``parity_over =
"all"``) or the first 5 (``"first_5"``, like row 31). "The last ball" is ball 35.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from croupier.games.draws.balls import BallDraw
from croupier.games.draws.fixedodds import stats
from croupier.games.draws.fixedodds.bets import Bet, Stat, TargetSpec, aimed, bet
from croupier.games.draws.fixedodds.colours import colour_name, colour_of, parse_colours
from croupier.games.draws.fixedodds.variant import DrawGame
from croupier.games.draws.schedule import DrawSchedule

#: 000 §12.46 Equipment: the colours in the order of the table (ball n: (n - 1) mod 8)
COLOURS: Final = ("green", "blue", "red", "purple", "yellow", "orange", "brown", "black")
BALLS, DRAWN, PICKS = 48, 35, 6
POSITIONS: Final = tuple(range(PICKS, DRAWN + 1))

COMPLETION = stats.completion()
FIRST5_SUM = stats.total("first5_sum", lambda v, b: b, first=5)
FIRST = stats.at("first", (0,), lambda v, b: b)
LAST = stats.at("last", (-1,), lambda v, b: b)
EVENS = stats.count("even_count", lambda v, b, t: b % 2 == 0)
EVENS5 = stats.count("even_count_first_5", lambda v, b, t: b % 2 == 0, first=5)

SIX = TargetSpec("picks", PICKS, what="number")
COLOUR = TargetSpec("choice", options=lambda v: COLOURS, what="colour")


def _by_position(v: Any, position: Any, target: Any) -> str | None:
    return str(position) if position else None


def _at(n: int) -> Callable[[Any, Any], bool]:
    return lambda position, target: bool(position == n)


def _six() -> list[Bet]:
    table = Bet("six_numbers", 1, "The selected 6 numbers will fall out with the 6th ... 35th ball",
                COMPLETION, _by_position, SIX, table=True, keys=tuple(map(str, POSITIONS)), group="six",
                reading=("six_numbers", "by_position"))
    chosen = [Bet(b.code, b.row, b.label, b.stat, b.prize, b.target, group="six",
                  reading=("six_numbers", "chosen_position"))
              for b in (aimed(f"six_numbers_ball_{n}", n - 5, f"The selected 6 numbers will fall out with the "
                              f"{n}th ball", COMPLETION, _at(n), SIX) for n in POSITIONS)]
    return [table, *chosen]


def _ball(stat: Stat, which: str, row: int) -> list[Bet]:
    """Rows 33-40: over/under 24.5 and even/odd of the first or last ball."""
    w = which
    return [
        bet(f"{w}_over_24_5", row, f"The {w} ball's number will be higher than 24.5", stat,
            lambda t: t[0] > 24.5, group="balls"),
        bet(f"{w}_under_24_5", row + 1, f"The {w} ball's number will be lower than 24.5", stat,
            lambda t: t[0] < 24.5, group="balls"),
    ]


def _parity(stat: Stat, which: str, row: int) -> list[Bet]:
    return [
        bet(f"{which}_even", row, f"The {which} ball's number will be even", stat, lambda t: t[0] % 2 == 0,
            group="balls"),
        bet(f"{which}_odd", row + 1, f"The {which} ball's number will be odd", stat, lambda t: t[0] % 2 == 1,
            group="balls"),
    ]


def _more(reading: str) -> list[Bet]:
    stat, half, suffix = (EVENS, DRAWN / 2, "") if reading == "all" else (EVENS5, 2.5, "_first_5")
    out = [bet(f"more_even{suffix}", 41, "Will be more even balls", stat, lambda n: n > half, group="balls"),
           bet(f"more_odd{suffix}", 42, "Will be more odd balls", stat, lambda n: n < half, group="balls")]
    return [Bet(b.code, b.row, b.label, b.stat, b.prize, b.target, group=b.group, reading=("parity_over", reading))
            for b in out]


FIRST_COLOURED = stats.at("first_colour", (0,), lambda v, b: colour_of(v, b))
LAST_COLOURED = stats.at("last_colour", (-1,), lambda v, b: colour_of(v, b))

BETS: Final = (
    *_six(),
    bet("first5_sum_over_122_5", 31, "The total sum of the first 5 balls numbers is higher than 122.5",
        FIRST5_SUM, lambda s: s > 122.5, group="balls"),
    bet("first5_sum_under_122_5", 32, "The total sum of the first 5 balls numbers is lower than 122.5",
        FIRST5_SUM, lambda s: s < 122.5, group="balls"),
    *_ball(FIRST, "first", 33),
    *_ball(LAST, "last", 35),
    *_parity(FIRST, "first", 37),
    *_parity(LAST, "last", 39),
    *_more("all"),
    *_more("first_5"),
    aimed("first_colour", 43, "The color of the first ball", FIRST_COLOURED,
          lambda t, target: COLOURS[t[0]] == target[0], COLOUR, group="colours"),
    aimed("last_colour", 44, "The color of the last ball", LAST_COLOURED,
          lambda t, target: COLOURS[t[0]] == target[0], COLOUR, group="colours"),
)


def parse_options(data: Mapping[str, Any], where: str, draw: BallDraw) -> dict[str, Any]:
    return {"colour": parse_colours(data, where, draw, COLOURS, 6), "colour_names": COLOURS}


LUCKY6_48: Final = DrawGame(
    name="lucky6_48",
    title="Lucky 6 (48 balls)",
    clause="000 §12.46",
    bets=BETS,
    default_draw=BallDraw(BALLS, DRAWN, ordered=True),
    # ASSUMPTION: 000 §12.46 gives no schedule; a draw every 5 minutes like the other lotteries of Part D
    default_schedule=DrawSchedule(every_seconds=300, cutoff_seconds=60, max_draws=10, ball_interval_ms=1000),
    own_fields=frozenset({"colours"}),
    parse_options=parse_options,
    ball_label=lambda v, b: f"{b} {colour_name(v, b)}",
    demo=(("six_numbers", (3, 11, 19, 27, 35, 43)), ("first_over_24_5", ()), ("first_colour", ("red",))),
    readings={"six_numbers": ("by_position", ("by_position", "chosen_position")),
              "parity_over": ("all", ("all", "first_5"))},
)
