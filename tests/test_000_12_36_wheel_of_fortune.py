"""The Wheel / Classic Wheel / Wheel of Fortune (000 §12.36): 19 sectors (1-18 and the cup with
star), every bet row #1-#18 of the clause with its winning sectors; the assumed odds give 18/19,
cross-checked through the engine; bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import game, load_variant
from croupier.games.shows.wheel_of_fortune import ENGINE

from .shows_helpers import assert_simulation_inside, one_spin_rtp

V = load_variant("wheel_of_fortune", "standard")
N = range(1, 19)
COLOUR = {k: ("grey", "red", "black")[(k - 1) % 3] for k in N}  # ASSUMPTION: layout

#: 000 §12.36 rows: row number, bet, target, winning sectors (total return: ASSUMPTION 18/len)
ROWS = [
    (1, "number", ("7",), {7}),
    (2, "range_1_6", (), set(range(1, 7))),
    (3, "range_7_12", (), set(range(7, 13))),
    (4, "range_13_18", (), set(range(13, 19))),
    (5, "under_9_5", (), set(range(1, 10))),
    (6, "over_9_5", (), set(range(10, 19))),
    (7, "grey", (), {k for k in N if COLOUR[k] == "grey"}),
    (8, "red", (), {k for k in N if COLOUR[k] == "red"}),
    (9, "black", (), {k for k in N if COLOUR[k] == "black"}),
    (10, "cup", (), {0}),
    (11, "even", (), {k for k in N if k % 2 == 0}),
    (12, "odd", (), {k for k in N if k % 2 == 1}),
    (13, "even_grey", (), {k for k in N if k % 2 == 0 and COLOUR[k] == "grey"}),
    (14, "odd_grey", (), {k for k in N if k % 2 == 1 and COLOUR[k] == "grey"}),
    (15, "even_red", (), {k for k in N if k % 2 == 0 and COLOUR[k] == "red"}),
    (16, "odd_red", (), {k for k in N if k % 2 == 1 and COLOUR[k] == "red"}),
    (17, "even_black", (), {k for k in N if k % 2 == 0 and COLOUR[k] == "black"}),
    (18, "odd_black", (), {k for k in N if k % 2 == 1 and COLOUR[k] == "black"}),
]


def sector(x: int) -> int:
    label = V.wheel.at(x).label
    return 0 if label == "cup" else int(label)


def test_000_12_36_wheel_has_19_sectors_numbers_1_to_18_and_the_cup() -> None:
    assert V.wheel.size == 19
    assert V.wheel.labels("number") == tuple(str(k) for k in N) and V.wheel.labels("cup") == ("cup",)


@pytest.mark.parametrize(("row", "code", "target", "winners"), ROWS, ids=[f"row{r[0]}-{r[1]}" for r in ROWS])
def test_000_12_36_bet_row(row: int, code: str, target: tuple[str, ...], winners: set[int]) -> None:
    pays = 18 // len(winners)  # ASSUMPTION: odds not given; each bet returns 18/19
    assert V.bets[code].pays is not None and V.bets[code].pays.total == pays
    for x in range(V.wheel.size):
        state = ENGINE.apply(ENGINE.start(V, [BetRequest(code, 100, target)], "EUR"), DrawAction("spin", x))
        assert ENGINE.settle(state).bets[0].returned == (100 * pays if sector(x) in winners else 0)


def test_000_12_36_the_cup_loses_every_number_and_colour_bet() -> None:
    x = V.wheel.positions.index(V.wheel.segments.index(V.wheel.segment("cup")))
    bets = [BetRequest(c, 100, t) for _, c, t, _ in ROWS if c != "cup"]
    state = ENGINE.apply(ENGINE.start(V, bets, "EUR"), DrawAction("spin", x))
    assert ENGINE.settle(state).total_returned == 0


def test_000_12_36_every_bet_returns_18_of_19_exactly_and_through_the_engine() -> None:
    for r in game("wheel_of_fortune").exact(V):
        assert r.rtp == r.rtp_max == Fraction(18, 19)
    for _, code, target, _ in ROWS:
        assert one_spin_rtp(ENGINE, V, BetRequest(code, 1, target)) == Fraction(18, 19)


def test_000_12_36_simulation_within_99_percent_interval() -> None:
    assert_simulation_inside("wheel_of_fortune", V)


def test_000_12_36_a_number_not_on_the_wheel_is_refused() -> None:
    for target in (("19",), ("cup",), ()):
        with pytest.raises(InvalidSelection, match="number"):
            ENGINE.start(V, [BetRequest("number", 100, target)], "EUR")
    with pytest.raises(UnknownBetCode, match="no bet 'green'"):
        ENGINE.start(V, [BetRequest("green", 100)], "EUR")
