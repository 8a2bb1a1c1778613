"""Bad input to the PvP poker engine: each refused with a precise error (issue 21)."""

from __future__ import annotations

import pytest

from croupier.errors import IllegalAction, InvalidBet, RoundFinished, UnknownCurrency
from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.poker.engine import ENGINE, HandSetup
from tests.pvp_poker_helpers import act, deal_any, start, variant


def test_acting_out_of_turn_names_the_seat_to_act() -> None:
    s = deal_any(start(variant(), [1000] * 4, button=1, bb=20))
    with pytest.raises(IllegalAction, match="out of turn: seat 4 is to act, not seat 2"):
        act(s, 2, "call")


def test_acting_while_the_cards_are_dealt() -> None:
    s = start(variant(), [1000] * 3)
    with pytest.raises(IllegalAction, match="being dealt"):
        act(s, 1, "call")


def test_raise_below_the_minimum_and_above_the_limit() -> None:
    s = deal_any(start(variant("holdem", "pot_limit"), [1000] * 3, button=1, bb=20))
    with pytest.raises(IllegalAction, match="below the minimum raise to 40"):
        act(s, 1, "raise", to=39)
    with pytest.raises(IllegalAction, match="above the pot limit 70"):
        act(s, 1, "raise", to=71)
    nl = deal_any(start(variant(), [1000] * 3, button=1, bb=20))
    with pytest.raises(IllegalAction, match="more than your chips"):
        act(nl, 1, "raise", to=1001)


def test_bet_raise_names_and_amounts() -> None:
    s = deal_any(start(variant(), [1000] * 3, button=1, bb=20))
    with pytest.raises(IllegalAction, match="raise, not bet"):
        act(s, 1, "bet", to=40)
    with pytest.raises(IllegalAction, match="needs 'to'"):
        act(s, 1, "raise")
    with pytest.raises(IllegalAction, match="needs 'to'"):
        act(s, 1, "raise", to="40")
    with pytest.raises(IllegalAction, match="unknown action 'shove'"):
        act(s, 1, "shove")
    with pytest.raises(IllegalAction, match="you cannot check: 20 to call"):
        act(s, 1, "check")
    with pytest.raises(IllegalAction, match="all_in is the All-in or Fold action"):
        act(s, 1, "all_in")


def test_nothing_to_call_and_no_bet_to_raise() -> None:
    s = deal_any(start(variant(), [1000] * 2, button=1, bb=20))
    s = act(act(s, 1, "call"), 2, "check")
    s = deal_any(s)
    with pytest.raises(IllegalAction, match="nothing to call"):
        act(s, 2, "call")
    with pytest.raises(IllegalAction, match="no bet to raise"):
        act(s, 2, "raise", to=40)


def test_an_incomplete_all_in_raise_does_not_reopen_the_betting() -> None:
    s = deal_any(start(variant(), [1000, 1000, 130], button=1, bb=20))
    s = act(s, 1, "raise", to=100)
    s = act(s, 2, "call")
    s = act(s, 3, "raise", to=130)  # all-in: 30 more, short of a full raise of 80
    assert ENGINE.raise_range(s) is None
    with pytest.raises(IllegalAction, match="not reopened"):
        act(s, 1, "raise", to=300)
    assert {d.name for d in ENGINE.legal_actions(s)} == {"fold", "call"}


def test_straddle_where_banned() -> None:
    with pytest.raises(IllegalAction, match="not allowed at tournament tables"):
        start(variant(), [1000] * 4, format="tournament", predeal=((4, "straddle"),))
    with pytest.raises(IllegalAction, match="straddle or a no_look_all_in"):
        start(variant(), [1000] * 4, predeal=((4, "double_straddle"),))
    with pytest.raises(IllegalAction, match="seat 7 is not at this table"):
        start(variant(), [1000] * 4, predeal=((7, "straddle"),))
    with pytest.raises(IllegalAction, match="no place in Fixed Limit"):
        start(variant("holdem", "fixed_limit"), [1000] * 4, predeal=((4, "no_look_all_in"),))


def test_one_player_in_two_seats_and_bad_tables() -> None:
    v = variant()
    with pytest.raises(InvalidBet, match="each seat once"):
        ENGINE.start(v, HandSetup((1, 1, 2), (100, 100, 100), 1, 20), "AMD")
    with pytest.raises(InvalidBet, match="stack of whole minor units"):
        ENGINE.start(v, HandSetup((1, 2), (100, 0), 1, 20), "AMD")
    with pytest.raises(InvalidBet, match="button must be at an occupied seat"):
        ENGINE.start(v, HandSetup((1, 2), (100, 100), 5, 20), "AMD")
    with pytest.raises(InvalidBet, match="unknown table format"):
        ENGINE.start(v, HandSetup((1, 2), (100, 100), 1, 20, format="home_game"), "AMD")
    with pytest.raises(InvalidBet, match="big blind is a positive"):
        ENGINE.start(v, HandSetup((1, 2), (100, 100), 1, 0), "AMD")
    with pytest.raises(UnknownCurrency):
        ENGINE.start(v, HandSetup((1, 2), (100, 100), 1, 20), "GBP")
    with pytest.raises(IllegalAction, match="pairs"):
        ENGINE.start(v, HandSetup((1, 2, 3), (100,) * 3, 1, 20, predeal=(3,)), "AMD")  # type: ignore[arg-type]


def test_bad_draws_and_finished_hands() -> None:
    s = start(variant(), [1000] * 2, button=1, bb=20)
    with pytest.raises(IllegalAction, match="a deal index is in"):
        ENGINE.apply(s, DrawAction("deal", -1))
    with pytest.raises(IllegalAction, match="not a card draw"):
        ENGINE.apply(deal_any(s), DrawAction("card", 0))
    s = act(deal_any(s), 1, "fold")
    assert ENGINE.is_finished(s)
    with pytest.raises(RoundFinished):
        ENGINE.apply(s, Decision("check", {"seat": 2}))
    with pytest.raises(IllegalAction, match="seat 9 is not in this hand"):
        act(deal_any(start(variant(), [1000] * 2)), 9, "fold")
    with pytest.raises(IllegalAction, match="not over"):
        ENGINE.settle(start(variant(), [1000] * 2))
