"""Backgammon matches (000 §12.12.1): the opening roll, the doubling cube (double, take, drop,
redouble, beaver), the Crawford rule, Mars / Koks / Jacoby, the Pioneer/Blitz 51/101 pip
scoring, the match score, the fund less the 4% rake, resignation, void and replay."""

from __future__ import annotations

import pytest

from croupier.errors import IllegalAction, ReplayMismatch
from croupier.games.base import Decision, DrawAction, Event
from croupier.games.pvp.backgammon.engine import ENGINE, MatchState, replay_match
from croupier.games.pvp.backgammon.variant import load_variant
from tests.bg_helpers import act, move, opening, roll, side, start

LAST = side({1: 1, 0: 14})  # one checker left on the 1-point


def near_end(s: MatchState, loser: tuple[int, ...], mover: int = 0) -> MatchState:
    """Player ``mover`` has one checker left on his 1-point and is about to roll."""
    sides = (LAST, loser) if mover == 0 else (loser, LAST)
    s = s._replace(sides=sides, player=mover, first_turn=(False, False))
    return s._replace(phase="turn" if ENGINE.may_double(s, mover) else "dice")


def bear_last(s: MatchState, seat: int = 1) -> MatchState:
    s = roll(s, 2, 1)
    return move(s, seat, (1, 0))


def last_game(s: MatchState) -> dict[str, object]:
    return dict([e for e in s.events if e.type == "game_over"][-1].data)


def test_000_12_12_1_opening_higher_die_moves_first_with_both_dice_ties_rerolled() -> None:
    s = start()
    s = opening(s, 4, 4)
    assert s.phase == "opening" and s.events[-1].data["again"] is True
    s = opening(s, 2, 5)
    assert ENGINE.to_act(s) == 2 and s.phase == "move" and s.dice == (5, 2)
    s = move(s, 2, (13, 8), (13, 11))
    # the next turn starts with the cube's choice (Short: the cube is mandatory)
    assert ENGINE.to_act(s) == 1 and [d.name for d in ENGINE.legal_actions(s)] == ["roll", "double"]


def test_000_12_12_1_no_cube_in_armenian_the_dice_roll_at_once() -> None:
    s = opening(start("armenian"), 5, 2)
    s = move(s, 1, (13, 8), (13, 11))
    assert s.phase == "dice" and ENGINE.next_draw(s) is not None and ENGINE.to_act(s) is None


def test_000_12_12_1_doubling_take_doubles_the_value_and_gives_the_cube() -> None:
    s = opening(start(target=7), 5, 2)
    s = move(s, 1, (13, 8), (13, 11))
    s = act(s, 2, "double")
    assert ENGINE.to_act(s) == 1 and [d.name for d in ENGINE.legal_actions(s)] == ["take", "drop"]
    s = act(s, 1, "take")
    assert (s.cube, s.owner, s.phase) == (2, 0, "dice")
    s = roll(s, 3, 1)
    s = move(s, 2, (8, 5), (6, 5))
    # seat 1 owns the cube: he may redouble; seat 2 may not double again
    assert [d.name for d in ENGINE.legal_actions(s)] == ["roll", "double"]
    s = act(s, 1, "double")
    s = act(s, 2, "take")
    assert (s.cube, s.owner) == (4, 1)
    s = roll(s, 6, 5)
    s = move(s, 1, (24, 18), (18, 13))
    s = act(s, 2, "double")  # no limit on redoubles (000 §12.12.1)
    s = act(s, 1, "take")
    assert (s.cube, s.owner) == (8, 0)


def test_000_12_12_1_doubling_a_player_without_the_cube_cannot_double() -> None:
    s = opening(start(target=7), 5, 2)
    s = move(s, 1, (13, 8), (13, 11))
    s = act(s, 2, "double")
    s = act(s, 1, "take")
    s = roll(s, 3, 1)
    s = move(s, 2, (8, 5), (6, 5))
    s = act(s, 1, "roll")
    s = ENGINE.apply(s, DrawAction("dice", 0))
    s = move(s, 1, (6, 5), (6, 5), (6, 5), (6, 5))
    assert s.phase == "dice"  # seat 2 does not own the cube: his dice roll at once
    with pytest.raises(IllegalAction, match="the dice are being rolled"):
        act(s, 2, "double")


def test_000_12_12_1_doubling_a_refusal_ends_the_game_losing_the_cube_value() -> None:
    s = opening(start(target=7), 5, 2)
    s = move(s, 1, (13, 8), (13, 11))
    s = act(s, 2, "double")
    s = act(s, 1, "take")
    s = roll(s, 3, 1)
    s = move(s, 2, (8, 5), (6, 5))
    s = act(s, 1, "double")
    s = act(s, 2, "drop")
    assert last_game(s)["points"] == 2 and last_game(s)["kind"] == "drop"
    assert s.score == (2, 0) and s.game == 2 and s.phase == "opening" and s.cube == 1


def test_000_12_12_1_beaver_redoubles_at_once_and_keeps_the_cube() -> None:
    s = opening(start(target=7, beaver=True), 5, 2)
    s = move(s, 1, (13, 8), (13, 11))
    s = act(s, 2, "double")
    assert "beaver" in [d.name for d in ENGINE.legal_actions(s)]
    s = act(s, 1, "beaver")
    assert ENGINE.to_act(s) == 2 and [d.name for d in ENGINE.legal_actions(s)] == ["take", "drop"]
    took = act(s, 2, "take")
    assert (took.cube, took.owner, took.phase, took.player) == (4, 0, "dice", 1)
    dropped = act(s, 2, "drop")
    # the doubler refuses the beaver: he loses the value at stake before it, 2
    assert dropped.score == (2, 0) and last_game(dropped)["points"] == 2


def test_000_12_12_1_crawford_no_cube_in_the_game_after_a_player_needs_one_point() -> None:
    s = start(target=7)._replace(score=(5, 2))
    s = bear_last(near_end(s, side({6: 5, 0: 10}), mover=0), seat=1)
    # a single game (the loser bore off some): 6-2, one point from 7: the Crawford game
    assert s.score == (6, 2) and s.crawford and s.phase == "opening"
    s = opening(s, 5, 2)
    s = move(s, 1, (13, 8), (13, 11))
    assert s.phase == "dice"  # no cube for seat 2 in the Crawford game
    s = roll(s, 6, 5)
    s = move(s, 2, (24, 18), (18, 13))
    assert s.phase == "dice"  # nor for seat 1
    # the trailing player wins it: 6-3, the cube is back for the following games
    s = near_end(s, side({6: 5, 0: 10}), mover=1)
    s = bear_last(s, seat=2)
    assert s.score == (6, 3) and not s.crawford and s.crawford_done
    s = opening(s, 5, 2)
    s = move(s, 1, (13, 8), (13, 11))
    assert s.phase == "turn" and [d.name for d in ENGINE.legal_actions(s)] == ["roll", "double"]


def test_000_12_12_1_mars_and_koks() -> None:
    single = bear_last(near_end(start(target=7), side({6: 5, 0: 10})))
    assert last_game(single)["points"] == 1 and last_game(single)["kind"] == "single"
    mars = bear_last(near_end(start(target=7), side({6: 15})))
    assert last_game(mars)["points"] == 2 and last_game(mars)["kind"] == "mars"
    # Koks: none borne off and a checker in the winner's home board (the loser's 19..24)
    koks = bear_last(near_end(start(target=7), side({6: 14, 20: 1})))
    assert last_game(koks)["points"] == 3 and last_game(koks)["kind"] == "koks"
    on_bar = bear_last(near_end(start(target=7), side({6: 14, 25: 1})))
    assert last_game(on_bar)["kind"] == "koks"
    # Koks only where the table has it (Nack: if ticked)
    nack = bear_last(near_end(start("nack", target=7, koks=False), side({6: 14, 20: 1})))
    assert last_game(nack)["kind"] == "mars"


def test_000_12_12_1_mars_and_koks_multiply_the_cube() -> None:
    s = near_end(start(target=11), side({6: 14, 20: 1}))._replace(cube=2, owner=0, cube_used=True)
    s = bear_last(s._replace(phase="dice"))
    assert last_game(s)["points"] == 6


def test_000_12_12_1_jacoby_mars_and_koks_count_one_without_a_double() -> None:
    s = bear_last(near_end(start(target=7, jacoby=True), side({6: 14, 20: 1})))
    assert last_game(s)["points"] == 1 and last_game(s)["kind"] == "koks_jacoby"
    doubled = near_end(start(target=7, jacoby=True), side({6: 14, 20: 1}))
    doubled = doubled._replace(cube=2, owner=0, cube_used=True, phase="dice")
    assert last_game(bear_last(doubled))["points"] == 6


def test_000_12_12_1_long_scores_oin_and_mars_only() -> None:
    s = near_end(start("long", target=7), side({12: 15}))
    s = bear_last(s)
    assert last_game(s)["points"] == 2 and last_game(s)["kind"] == "mars"


@pytest.mark.parametrize("name", ["pioneer", "blitz"])
def test_000_12_12_1_pioneer_blitz_51_101_score_the_losers_pips(name: str) -> None:
    loser = side({6: 3, 2: 1, 0: 11})  # 3 x 6 + 2 = 20 pips
    s = bear_last(near_end(start(name, target=51), loser))
    assert last_game(s)["points"] == 20 and last_game(s)["kind"] == "pips"
    doubled = near_end(start(name, target=51, cube=True), loser)._replace(cube=2, owner=0, phase="dice")
    assert last_game(bear_last(doubled))["points"] == 40  # doubled with the cube
    mars = bear_last(near_end(start(name, target=5), side({6: 15})))
    assert last_game(mars)["kind"] == "mars"


def test_000_12_12_1_blitz_unplaced_checkers_count_seven_pips() -> None:
    s = bear_last(near_end(start("blitz", target=101), side({25: 2, 1: 1, 0: 12})))
    assert last_game(s)["points"] == 15


def test_000_12_12_1_match_to_the_target_then_the_fund_less_4_percent_rake() -> None:
    s = start(target=3, stake=1000)._replace(score=(2, 1))
    s = bear_last(near_end(s, side({6: 5, 0: 10})))
    assert s.phase == "done" and ENGINE.is_finished(s)
    se = ENGINE.settle(s)
    assert [(b.bet_id, b.stake, b.returned, b.outcome) for b in se.bets] == [
        (1, 1000, 1920, "win"), (2, 1000, 0, "lose")]
    assert se.rake == 80 and se.total_stake == se.total_returned + se.rake
    result = s.events[-1]
    assert result.type == "result" and result.data["rake"] == 80 and result.data["winner"] == 1


def test_resign_gives_the_match_to_the_opponent_at_any_time() -> None:
    s = opening(start(target=5), 5, 2)
    s = act(s, 2, "resign")  # not his turn: a resignation is always accepted
    se = ENGINE.settle(s)
    assert s.winner == 0 and [b.returned for b in se.bets] == [1920, 0]


def test_house_void_returns_every_stake() -> None:
    s = opening(start(target=5), 5, 2)
    s = ENGINE.apply(s, Decision("void", {"seat": "house"}))
    se = ENGINE.settle(s)
    assert se.rake == 0 and [b.returned for b in se.bets] == [1000, 1000]
    assert all(b.outcome == "push" for b in se.bets)


def test_a_match_replays_from_its_record_and_a_changed_record_is_refused() -> None:
    s = opening(start(target=7, beaver=True), 5, 2)
    s = move(s, 1, (13, 8), (13, 11))
    s = act(s, 2, "double")
    s = act(s, 1, "take")
    s = roll(s, 3, 1)
    s = move(s, 2, (8, 5), (6, 5))
    s = act(s, 1, "resign")
    v = load_variant("short")
    assert replay_match(ENGINE, v, s.events) == ENGINE.settle(s)
    as_json = [Event.from_dict(e.to_dict()) for e in s.events]
    assert replay_match(ENGINE, v, as_json) == ENGINE.settle(s)
    bad = list(s.events)
    i = next(k for k, e in enumerate(bad) if e.type == "draw" and e.data["kind"] == "dice")
    bad[i] = Event(i, "draw", {"kind": "dice", "value": 0})
    with pytest.raises((ReplayMismatch, IllegalAction)):
        replay_match(ENGINE, v, bad)
