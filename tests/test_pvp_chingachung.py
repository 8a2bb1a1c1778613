"""Chingachung, rock-paper-scissors player against player (000 §12.12.7)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    IllegalAction,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    VariantError,
)
from croupier.games.base import Decision, DrawAction, Event, play_seated
from croupier.games.pvp.chingachung.engine import ENGINE, MatchState, TableSetup, replay_match
from croupier.games.pvp.chingachung.variant import load_variant
from croupier.rng import seeded

V = load_variant()


def start(target: int = 3, stake: int = 1000) -> MatchState:
    s = ENGINE.start(V, TableSetup((1, 2), stake, target), "AMD")
    return ENGINE.apply(s, DrawAction("first", 0))  # seat 1 steps first


def step(s: MatchState, seat: int, name: str) -> MatchState:
    return ENGINE.apply(s, Decision("step", {"seat": seat, "step": name}))


def test_000_12_12_7_standard_rules_paper_rock_scissors() -> None:
    assert V.winner("paper", "rock") == 0 and V.winner("rock", "paper") == 1
    assert V.winner("scissors", "paper") == 0 and V.winner("rock", "scissors") == 0
    assert all(V.winner(x, x) == -1 for x in V.steps)


def test_000_12_12_7_first_step_by_draw_then_the_other() -> None:
    s = ENGINE.start(V, TableSetup((1, 2), 1000, 3), "AMD")
    assert ENGINE.next_draw(s) is not None and ENGINE.next_draw(s).n == 2  # type: ignore[union-attr]
    s = ENGINE.apply(s, DrawAction("first", 1))
    assert ENGINE.to_act(s) == 2
    s = step(s, 2, "rock")
    assert ENGINE.to_act(s) == 1 and s.score == (0, 0)
    s = step(s, 1, "paper")
    assert s.score == (1, 0) and ENGINE.to_act(s) == 2  # the same player steps first again


def test_000_12_12_7_a_winning_step_scores_1_the_same_step_is_a_draw() -> None:
    s = start()
    s = step(step(s, 1, "rock"), 2, "rock")
    assert s.score == (0, 0) and s.events[-1].data["winner"] is None
    s = step(step(s, 1, "rock"), 2, "scissors")
    assert s.score == (1, 0)


def test_000_12_12_7_first_to_the_score_wins_the_fund_less_4_percent() -> None:
    s = start(target=2, stake=500)
    for _ in range(2):
        s = step(step(s, 1, "scissors"), 2, "rock")
    assert ENGINE.is_finished(s) and s.score == (0, 2)
    se = ENGINE.settle(s)
    assert [b.returned for b in se.bets] == [0, 960] and se.rake == 40
    assert replay_match(ENGINE, V, s.events) == se
    assert replay_match(ENGINE, V, [Event.from_dict(e.to_dict()) for e in s.events]) == se


def test_000_12_12_7_running_out_of_step_time_loses_whatever_the_score() -> None:
    s = start(target=2)
    s = step(step(s, 1, "paper"), 2, "rock")  # seat 1 leads 1-0
    s = ENGINE.apply(s, Decision("time_out", {"seat": "house", "player": 1}))
    assert s.winner == 1 and [b.outcome for b in ENGINE.settle(s).bets] == ["lose", "win"]


def test_000_12_12_7_bad_input() -> None:
    s = start()
    with pytest.raises(IllegalAction, match="out of turn: seat 1 is to step, not seat 2"):
        step(s, 2, "rock")
    with pytest.raises(IllegalAction, match="a step is one of rock, scissors, paper, got 'lizard'"):
        step(s, 1, "lizard")
    with pytest.raises(IllegalAction, match="only the player to step can run out of time"):
        ENGINE.apply(s, Decision("time_out", {"seat": "house", "player": 2}))
    with pytest.raises(IllegalAction, match="waits for a decision"):
        ENGINE.apply(s, DrawAction("first", 0))
    with pytest.raises(StakeBelowMinimum, match="50-500000 AMD"):
        ENGINE.start(V, TableSetup((1, 2), 49, 3), "AMD")
    with pytest.raises(StakeAboveMaximum):
        ENGINE.start(V, TableSetup((1, 2), 500_001, 3), "AMD")
    with pytest.raises(VariantError, match="score to win is 1-10"):
        ENGINE.start(V, TableSetup((1, 2), 100, 11), "AMD")
    done = ENGINE.apply(s, Decision("resign", {"seat": 2}))
    with pytest.raises(RoundFinished):
        step(done, 1, "rock")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), target=st.integers(1, 10), stake=st.integers(50, 500_000))
def test_000_12_12_7_random_play_ends_with_one_winner_and_the_ledger_sums(seed: int, target: int, stake: int) -> None:
    src = seeded(str(seed))

    def bot(state: MatchState, legal: list[Decision]) -> Decision:
        assert legal, "a legal action exists until the end"
        return legal[src.randbelow(len(legal))]

    s, se = play_seated(ENGINE, V, TableSetup((4, 7), stake, target), "AMD", seeded(f"d{seed}"),
                        {4: bot, 7: bot})
    assert max(s.score) == target and sorted(b.outcome for b in se.bets) == ["lose", "win"]
    assert se.total_stake == se.total_returned + se.rake == 2 * stake
    assert replay_match(ENGINE, V, s.events) == se
    assert replay_match(ENGINE, V, [Event.from_dict(e.to_dict()) for e in s.events]) == se
