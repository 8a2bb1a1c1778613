"""Bad input to the backgammon engine: each refused with a precise error, nothing changed
(issue 22: an illegal move, a move out of turn, a bad table)."""

from __future__ import annotations

import pytest

from croupier.errors import IllegalAction, InvalidBet, RoundFinished, UnknownCurrency, VariantError
from croupier.games.base import DrawAction
from croupier.games.pvp.backgammon.engine import ENGINE, MatchSetup
from croupier.games.pvp.backgammon.variant import load_variant
from tests.bg_helpers import act, move, opening, roll, side, start


def test_out_of_turn_names_the_seat_to_act() -> None:
    s = opening(start(), 5, 2)
    with pytest.raises(IllegalAction, match="out of turn: seat 1 is to act, not seat 2"):
        move(s, 2, (13, 8), (13, 11))


def test_a_decision_while_the_dice_roll_and_a_draw_while_a_decision_waits() -> None:
    s = start()
    with pytest.raises(IllegalAction, match="the dice are being rolled"):
        act(s, 1, "roll")
    with pytest.raises(IllegalAction, match="waits for a opening draw, not .dice."):
        ENGINE.apply(s, DrawAction("dice", 3))
    with pytest.raises(IllegalAction, match=r"in \[0, 36\)"):
        ENGINE.apply(s, DrawAction("opening", 36))
    s = opening(s, 5, 2)
    with pytest.raises(IllegalAction, match="waits for a decision, not a dice draw"):
        ENGINE.apply(s, DrawAction("dice", 3))


def test_unknown_seat_and_wrong_decision_names() -> None:
    s = opening(start(), 5, 2)
    with pytest.raises(IllegalAction, match="seat 7 is not at this table"):
        act(s, 7, "move", steps=[[13, 8]])
    with pytest.raises(IllegalAction, match="play your roll with 'move', not 'double'"):
        act(s, 1, "double")
    with pytest.raises(IllegalAction, match="only the house voids"):
        act(s, 1, "void")
    s = move(s, 1, (13, 8), (13, 11))
    with pytest.raises(IllegalAction, match="roll or double, not 'take'"):
        act(s, 2, "take")
    s = act(s, 2, "double")
    with pytest.raises(IllegalAction, match="take, drop, not 'beaver'"):
        act(s, 1, "beaver")


def test_malformed_steps() -> None:
    s = opening(start(), 5, 2)
    for bad in (None, [], "13/8", [[13]], [[26, 1]], [[13, -1]], [["13", "8"]]):
        with pytest.raises(IllegalAction, match="step|steps"):
            act(s, 1, "move", steps=bad)


def test_000_12_12_1_illegal_moves_say_why() -> None:
    s = opening(start(), 5, 2)
    with pytest.raises(IllegalAction, match="step 24/19 is not legal with the roll 5-2: point 19 is blocked"):
        move(s, 1, (24, 19), (13, 11))
    with pytest.raises(IllegalAction, match="you have no checker on 20"):
        move(s, 1, (20, 15), (13, 11))
    with pytest.raises(IllegalAction, match="no die left moves 4"):
        move(s, 1, (13, 9), (13, 11))
    with pytest.raises(IllegalAction, match="bear off only when all your checkers are in your home board"):
        move(s, 1, (6, 0), (13, 11))
    with pytest.raises(IllegalAction, match="every die is used"):
        move(s, 1, (13, 8), (13, 11), (11, 9))
    with pytest.raises(IllegalAction, match="can be played with 2 moves: you must play as many as you can"):
        move(s, 1, (13, 8))


def test_000_12_12_1_the_bar_first_and_the_larger_die() -> None:
    s = start()._replace(phase="dice", player=0, first_turn=(False, False),
                         sides=(side({25: 1, 10: 1, 0: 13}), side({0: 15})))
    s = ENGINE.apply(s, DrawAction("dice", 0 * 6 + 1))  # 1-2
    with pytest.raises(IllegalAction, match="a checker on the bar; it must enter first"):
        move(s, 1, (10, 8), (25, 24))
    s = start()._replace(phase="dice", player=0, first_turn=(False, False),
                         sides=(side({10: 1, 0: 14}), side({22: 2, 0: 13})))
    s = roll(s, 6, 1)
    with pytest.raises(IllegalAction, match="only one die of 6-1 can be played: it must be the larger, 6"):
        move(s, 1, (10, 9))
    move(s, 1, (10, 4))


def test_000_12_12_1_long_head_rule_and_armenian_stop_messages() -> None:
    s = opening(start("long"), 6, 5)
    with pytest.raises(IllegalAction, match="only 1 checker\\(s\\) may leave the head"):
        move(s, 1, (24, 18), (24, 19))
    a = start("armenian")._replace(phase="dice", player=0, first_turn=(False, False),
                                   sides=(side({22: 1, 6: 1, 0: 13}), side({5: 1, 0: 14})))
    a = roll(a, 2, 1)
    with pytest.raises(IllegalAction, match="stops there"):
        move(a, 1, (22, 20), (20, 19))


def test_after_the_match_and_settling_too_early() -> None:
    s = opening(start(), 5, 2)
    with pytest.raises(IllegalAction, match="the match is not over"):
        ENGINE.settle(s)
    s = act(s, 1, "resign")
    with pytest.raises(RoundFinished, match="the match is over"):
        act(s, 2, "resign")


def test_000_12_12_1_table_conditions_are_checked() -> None:
    v = load_variant("short")
    with pytest.raises(VariantError, match="the score to win is one of 1, 3, 5, 7, 9, 11, 51, 101"):
        ENGINE.start(v, MatchSetup((1, 2), 100, target=4, cube=True, koks=True), "AMD")
    with pytest.raises(VariantError, match="the cube is mandatory"):
        ENGINE.start(v, MatchSetup((1, 2), 100, koks=True), "AMD")
    with pytest.raises(VariantError, match="Armenian Backgammon has no cube"):
        ENGINE.start(load_variant("armenian"), MatchSetup((1, 2), 100, cube=True, koks=True), "AMD")
    with pytest.raises(VariantError, match="Long Backgammon has no koks"):
        ENGINE.start(load_variant("long"), MatchSetup((1, 2), 100, koks=True), "AMD")
    with pytest.raises(VariantError, match="need the cube"):
        ENGINE.start(load_variant("long"), MatchSetup((1, 2), 100, beaver=True), "AMD")
    with pytest.raises(InvalidBet, match="two different seats"):
        ENGINE.start(v, MatchSetup((1, 1), 100, cube=True, koks=True), "AMD")
    with pytest.raises(InvalidBet, match="positive whole number"):
        ENGINE.start(v, MatchSetup((1, 2), 0, cube=True, koks=True), "AMD")
    with pytest.raises(UnknownCurrency):
        ENGINE.start(v, MatchSetup((1, 2), 100, cube=True, koks=True), "QQQ")
    assert ENGINE.legal_actions(ENGINE.start(v, MatchSetup((1, 2), 100, cube=True, koks=True), "AMD")) == []
