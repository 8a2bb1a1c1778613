"""Penalty (000 §12.29): the goal's 24 sectors in three rows, colours, Failure and the bar; every
paytable row with its clause; exact RTP 24/26 cross-checked through the engine; bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import game, load_variant
from croupier.games.shows.penalty import ENGINE

from .shows_helpers import assert_simulation_inside, one_spin_rtp

V = load_variant("penalty", "standard")

#: 000 §12.29 paytable: bet, target, total return ("x" odds), the outcomes it wins on
ROWS = [
    ("sector", ("7",), 24, {"7"}),
    ("yellow", (), 2, {str(k) for k in range(1, 25) if ((k - 1) // 8 + (k - 1) % 8) % 2 == 0}),
    ("blue", (), 2, {str(k) for k in range(1, 25) if ((k - 1) // 8 + (k - 1) % 8) % 2 == 1}),
    ("row_upper", (), 3, {str(k) for k in range(1, 9)}),
    ("row_middle", (), 3, {str(k) for k in range(9, 17)}),
    ("row_bottom", (), 3, {str(k) for k in range(17, 25)}),
    ("failure", (), 24, {"failure"}),
    ("bar", (), 24, {"bar"}),
]


def test_000_12_29_goal_has_24_sectors_failure_and_bar() -> None:
    assert V.wheel.labels("sector") == tuple(str(k) for k in range(1, 25))
    assert V.wheel.labels("miss") == ("failure", "bar")
    assert V.wheel.size == 26  # ASSUMPTION (1): 26 equally likely outcomes
    colours = [V.wheel.segment(str(k)).attrs["colour"] for k in range(1, 25)]
    assert colours.count("yellow") == colours.count("blue") == 12  # ASSUMPTION (2)


@pytest.mark.parametrize(("code", "target", "pays", "winners"), ROWS, ids=[r[0] for r in ROWS])
def test_000_12_29_paytable_row(code: str, target: tuple[str, ...], pays: int, winners: set[str]) -> None:
    for x in range(V.wheel.size):
        state = ENGINE.apply(ENGINE.start(V, [BetRequest(code, 100, target)], "EUR"), DrawAction("spin", x))
        returned = ENGINE.settle(state).bets[0].returned
        assert returned == (100 * pays if V.wheel.at(x).label in winners else 0)


def test_000_12_29_failure_and_bar_lose_every_sector_colour_and_row_bet() -> None:
    bets = [BetRequest(c, 100, t) for c, t, _, _ in ROWS if c not in ("failure", "bar")]
    for miss in ("failure", "bar"):
        x = V.wheel.positions.index(V.wheel.segments.index(V.wheel.segment(miss)))
        state = ENGINE.apply(ENGINE.start(V, bets, "EUR"), DrawAction("spin", x))
        assert ENGINE.settle(state).total_returned == 0


def test_000_12_29_every_bet_returns_24_of_26_exactly_and_through_the_engine() -> None:
    for r in game("penalty").exact(V):
        assert r.rtp == r.rtp_max == Fraction(24, 26)
    for code, target, _, _ in ROWS:
        assert one_spin_rtp(ENGINE, V, BetRequest(code, 1, target)) == Fraction(24, 26)
    for k in range(1, 25):
        assert one_spin_rtp(ENGINE, V, BetRequest("sector", 1, (str(k),))) == Fraction(24, 26)


def test_000_12_29_simulation_within_99_percent_interval() -> None:
    assert_simulation_inside("penalty", V)


def test_000_12_29_a_sector_outside_the_goal_or_an_unknown_outcome_is_refused() -> None:
    for target in (("25",), ("0",), (), ("1", "2")):
        with pytest.raises(InvalidSelection, match="sector"):
            ENGINE.start(V, [BetRequest("sector", 100, target)], "EUR")
    with pytest.raises(UnknownBetCode, match="no bet 'post'"):
        ENGINE.start(V, [BetRequest("yellow", 100), BetRequest("post", 100)], "EUR")
    with pytest.raises(InvalidSelection, match="takes no target"):
        ENGINE.start(V, [BetRequest("yellow", 100, ("1",))], "EUR")
