"""Lucky 6 with digit balls, 000 §12.38: 60 balls, 30 red and 30 blue, each showing a digit 0-9
(the red ones add up to 138, the blue ones to 132); 6 balls drop one at a time into zones A
(balls 1-2), B (3-4) and C (5-6); 38 outcomes to bet on (rows 1-38 of the clause's table).

Balls are identified 1-60 inside the engine (the drum's order: the red balls by digit, then the
blue ones); a draw value names the value-th ball still in the drum, as every draw of the family.
ASSUMPTIONS (docs/draws.md): the digits on each colour are variant data (default: every digit
three times per colour, but red has four 9s and two 6s and blue four 6s and two 9s, which gives
138 and 132); a zone's two-digit number reads its left ball as tens; 0 is even; a colour sum
over no ball of that colour is 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from croupier.errors import VariantError
from croupier.games.draws.balls import BallDraw
from croupier.games.draws.fixedodds import stats
from croupier.games.draws.fixedodds.bets import Bet, TargetSpec, aimed, bet
from croupier.games.draws.fixedodds.variant import DrawGame
from croupier.games.draws.schedule import DrawSchedule

COLOURS: Final = ("red", "blue")
RED, BLUE = 0, 1
#: 000 §12.38 Equipment: 30 red and 30 blue balls; the red ones add up to 138, the blue ones to 132
PER_COLOUR: Final = 30
SUMS: Final = (138, 132)
ZONES: Final = ("a", "b", "c")


def digit(v: Any, b: int) -> int:
    table: tuple[int, ...] = v.options["digit"]
    return table[b - 1]


def colour(v: Any, b: int) -> int:
    table: tuple[int, ...] = v.options["colour"]
    return table[b - 1]


HITS_ZONE = tuple(stats.at(f"zone_{z}", (2 * i, 2 * i + 1), digit) for i, z in enumerate(ZONES))
DIGIT_COUNT = stats.count("digit_count", lambda v, b, t: digit(v, b) == t[0], targeted=True)
RED_SUM = stats.total("red_sum", digit, lambda v, b: colour(v, b) == RED)
BLUE_SUM = stats.total("blue_sum", digit, lambda v, b: colour(v, b) == BLUE)
SUM = stats.total("sum", digit)
EVENS = stats.count("even_count", lambda v, b, t: digit(v, b) % 2 == 0)

DIGIT = TargetSpec("choice", options=lambda v: tuple(range(10)), what="digit")
NUMBER = TargetSpec("choice", options=lambda v: tuple(range(100)), what="two-digit number")


def _below(line: float) -> Callable[[Any], bool]:
    return lambda s: bool(s < line)


def _above(line: float) -> Callable[[Any], bool]:
    return lambda s: bool(s > line)


def _zone_bets() -> list[Bet]:
    out: list[Bet] = []
    for i, z in enumerate(ZONES):
        Z = z.upper()
        out.append(aimed(f"digit_in_zone_{z}", 1 + i, f"Selected ball with No. 0,1,2,...,9 will be dropped in {Z} zone",
                         HITS_ZONE[i], lambda pair, t: t[0] in pair, DIGIT, group="zones"))
    for i, z in enumerate(ZONES):
        Z = z.upper()
        out.append(aimed(f"number_in_zone_{z}", 4 + i,
                         f"The numbers of the balls dropped out in {Z} zone will make the selected number (00,...,99)",
                         HITS_ZONE[i], lambda pair, t: 10 * pair[0] + pair[1] == t[0], NUMBER, group="zones"))
    return out


def _zone_sums(first_row: int, parity: bool) -> list[Bet]:
    out: list[Bet] = []
    for i, z in enumerate(ZONES):
        Z, stat, row = z.upper(), HITS_ZONE[i], first_row + 2 * i
        if parity:
            out += [bet(f"zone_{z}_sum_even", row, f"Sum of the numbers of {Z} zone dropped out balls will be even",
                        stat, lambda p: (p[0] + p[1]) % 2 == 0, group="zones"),
                    bet(f"zone_{z}_sum_odd", row + 1, f"Sum of the numbers of {Z} zone dropped out balls will be odd",
                        stat, lambda p: (p[0] + p[1]) % 2 == 1, group="zones")]
        else:
            out += [bet(f"zone_{z}_sum_under_9_5", row,
                        f"Sum of the numbers of {Z} zone dropped out balls will be under 9,5",
                        stat, lambda p: p[0] + p[1] < 9.5, group="zones"),
                    bet(f"zone_{z}_sum_over_9_5", row + 1,
                        f"Sum of the numbers of {Z} zone dropped out balls will be over 9,5",
                        stat, lambda p: p[0] + p[1] > 9.5, group="zones")]
    return out


def _count(code: str, row: int, what: str, test: Callable[[int], bool]) -> Bet:
    return aimed(code, row, f"Count of the dropped out balls with the chosen number (0,1,2,...,9) will be {what}",
                 DIGIT_COUNT, lambda n, t: test(n), DIGIT, group="digits")


BETS: Final = (
    *_zone_bets(),
    _count("digit_count_over_1_5", 7, "more than 1,5", lambda n: n >= 2),
    _count("digit_count_under_1_5", 8, "less than 1,5", lambda n: n <= 1),
    _count("digit_count_even", 9, "even number", lambda n: n % 2 == 0),
    _count("digit_count_odd", 10, "odd number", lambda n: n % 2 == 1),
    bet("red_sum_under_13_5", 11, "Sum of the numbers of red dropped out balls will be under 13,5", RED_SUM,
        _below(13.5), group="colours"),
    bet("red_sum_over_13_5", 12, "Sum of the numbers of red dropped out balls will be over 13,5", RED_SUM,
        _above(13.5), group="colours"),
    bet("blue_sum_under_12_5", 13, "Sum of the numbers of blue dropped out balls will be under 12,5", BLUE_SUM,
        _below(12.5), group="colours"),
    bet("blue_sum_over_12_5", 14, "Sum of the numbers of blue dropped out balls will be over 12,5", BLUE_SUM,
        _above(12.5), group="colours"),
    *_zone_sums(15, parity=False),
    bet("sum_even", 21, "Sum of the numbers of the dropped out balls will be even", SUM, lambda s: s % 2 == 0,
        group="sums"),
    bet("sum_odd", 22, "Sum of the numbers of the dropped out balls will be odd", SUM, lambda s: s % 2 == 1,
        group="sums"),
    bet("even_under_2_5", 23, "Count of the even dropped out balls will be under 2,5", EVENS, lambda n: n <= 2,
        group="odd_even"),
    bet("even_over_2_5", 24, "Count of the even dropped out balls will be over 2,5", EVENS, lambda n: n >= 3,
        group="odd_even"),
    bet("odd_under_2_5", 25, "Count of the odd dropped out balls will be under 2,5", EVENS, lambda n: 6 - n <= 2,
        group="odd_even"),
    bet("odd_over_2_5", 26, "Count of the odd dropped out balls will be over 2,5", EVENS, lambda n: 6 - n >= 3,
        group="odd_even"),
    *_zone_sums(27, parity=True),
    *(bet(f"sum_{way}_{line}_5", row, f"Sum of the numbers of the dropped out balls will be {way} {line},5", SUM,
          (_below if way == "under" else _above)(line + 0.5), group="sums")
      for row, way, line in ((33, "under", 26), (34, "over", 26), (35, "under", 15), (36, "over", 15),
                             (37, "under", 38), (38, "over", 38))),
)


def parse_options(data: Mapping[str, Any], where: str, draw: BallDraw) -> dict[str, Any]:
    """``[digits] red = [how many red balls show 0, 1, ..., 9]``, ``blue = [...]``."""
    raw = data.get("digits")
    w = f"{where}.digits"
    if not isinstance(raw, Mapping) or set(raw) != set(COLOURS):
        raise VariantError(f"{w}: a table red = [10 counts], blue = [10 counts] (balls per digit 0-9)")
    digits: list[int] = []
    colours: list[int] = []
    for c, name in enumerate(COLOURS):
        counts = raw[name]
        if (not isinstance(counts, list) or len(counts) != 10
                or any(type(n) is not int or n < 0 for n in counts)):
            raise VariantError(f"{w}.{name}: 10 counts (balls showing 0, 1, ..., 9), got {counts!r}")
        if sum(counts) != PER_COLOUR or sum(d * n for d, n in enumerate(counts)) != SUMS[c]:
            raise VariantError(f"{w}.{name}: 000 §12.38 has {PER_COLOUR} {name} balls adding up to {SUMS[c]}; "
                               f"these are {sum(counts)} adding up to {sum(d * n for d, n in enumerate(counts))}")
        for d, n in enumerate(counts):
            digits += [d] * n
            colours += [c] * n
    return {"digit": tuple(digits), "colour": tuple(colours)}


LUCKY6: Final = DrawGame(
    name="lucky6",
    title="Lucky 6 (digit balls)",
    clause="000 §12.38",
    bets=BETS,
    default_draw=BallDraw(60, 6, ordered=True),
    # 000 §12.38: once every 5 minutes, betting approx. 3 minutes between games
    default_schedule=DrawSchedule(every_seconds=300, cutoff_seconds=120, max_draws=10),
    own_fields=frozenset({"digits"}),
    parse_options=parse_options,
    ball_label=lambda v, b: f"{digit(v, b)} {COLOURS[colour(v, b)]}",
    demo=(("digit_in_zone_a", (7,)), ("number_in_zone_b", (42,)), ("sum_even", ()), ("red_sum_over_13_5", ())),
)
