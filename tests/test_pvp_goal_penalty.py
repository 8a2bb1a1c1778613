"""Goal Penalty, player against player (000 §12.12.6): hidden shot and guard, a goal on different
sectors, roles swapping, the early stop, sudden death, bad input and random play to the end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import IllegalAction, RoundFinished, StakeBelowMinimum, VariantError
from croupier.games.base import Decision, DrawAction, Event, play_seated
from croupier.games.pvp.goal_penalty.engine import (
    ENGINE,
    MatchState,
    TableSetup,
    decided,
    replay_match,
)
from croupier.games.pvp.goal_penalty.variant import load_variant
from croupier.rng import seeded

V = load_variant()


def start(shots: int = 5) -> MatchState:
    s = ENGINE.start(V, TableSetup((1, 2), 1000, shots), "AMD")
    return ENGINE.apply(s, DrawAction("roles", 0))  # seat 1 shoots first


def kick(s: MatchState, goal: bool) -> MatchState:
    f = ENGINE.to_act(s)
    k = 2 if f == 1 else 1
    s = ENGINE.apply(s, Decision("shoot", {"seat": f, "sector": 3}))
    return ENGINE.apply(s, Decision("guard", {"seat": k, "sector": 4 if goal else 3}))


def test_000_12_12_6_six_sectors_different_is_a_goal_same_is_a_save() -> None:
    s = start()
    assert [d.args["sector"] for d in ENGINE.legal_actions(s)] == [1, 2, 3, 4, 5, 6]
    s = kick(s, True)
    assert s.goals == (1, 0) and ENGINE.to_act(s) == 2  # the roles swap
    s = kick(s, False)
    assert s.goals == (1, 0) and s.taken == (1, 1)


def test_000_12_12_6_early_stop_example_4_1_after_3_shots_each() -> None:
    s = start(5)
    for a, b in ((True, True), (True, False), (True, False)):
        s = kick(kick(s, a), b)
    assert s.goals == (3, 1) and not ENGINE.is_finished(s)
    s = kick(s, True)  # 4:1, the trailing player has 2 shots left: he cannot catch up
    assert ENGINE.is_finished(s) and s.winner == 0
    assert decided((4, 1), (4, 3), 5) == 0 and decided((3, 1), (3, 3), 5) == -1


def test_000_12_12_6_more_goals_after_the_set_shots_wins_and_a_tie_goes_to_sudden_death() -> None:
    s = start(3)
    for _ in range(3):
        s = kick(kick(s, True), True)
    assert s.goals == (3, 3) and not ENGINE.is_finished(s)
    s = kick(kick(s, True), True)       # sudden death round 1: both score, go on
    assert not ENGINE.is_finished(s)
    s = kick(s, False)                  # round 2: seat 1 misses
    assert not ENGINE.is_finished(s)    # seat 2 still has his shot
    s = kick(s, True)
    assert ENGINE.is_finished(s) and s.winner == 1
    assert [b.returned for b in ENGINE.settle(s).bets] == [0, 1920]


def test_000_12_12_6_bad_input_and_time_out() -> None:
    s = start()
    with pytest.raises(IllegalAction, match="out of turn: seat 1 is to act, not seat 2"):
        ENGINE.apply(s, Decision("guard", {"seat": 2, "sector": 1}))
    with pytest.raises(IllegalAction, match="the Forward shoots: 'shoot', not 'guard'"):
        ENGINE.apply(s, Decision("guard", {"seat": 1, "sector": 1}))
    with pytest.raises(IllegalAction, match="a sector is 1..6, got 7"):
        ENGINE.apply(s, Decision("shoot", {"seat": 1, "sector": 7}))
    with pytest.raises(VariantError, match="number of shots is 3, 5, 7, 9"):
        ENGINE.start(V, TableSetup((1, 2), 1000, 4), "AMD")
    with pytest.raises(StakeBelowMinimum):
        ENGINE.start(V, TableSetup((1, 2), 10, 5), "AMD")
    t = ENGINE.apply(s, Decision("time_out", {"seat": "house", "player": 1}))
    assert t.winner == 1
    with pytest.raises(RoundFinished):
        kick(t, True)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), shots=st.sampled_from([3, 5, 7, 9]))
def test_000_12_12_6_random_play_ends_with_one_winner(seed: int, shots: int) -> None:
    src = seeded(str(seed))

    def bot(state: MatchState, legal: list[Decision]) -> Decision:
        assert legal, "a legal action exists until the end"
        return legal[src.randbelow(len(legal))]

    s, se = play_seated(ENGINE, V, TableSetup((5, 6), 800, shots), "AMD", seeded(f"g{seed}"),
                        {5: bot, 6: bot})
    assert s.goals[0] != s.goals[1] and sorted(b.outcome for b in se.bets) == ["lose", "win"]
    assert se.total_stake == se.total_returned + se.rake == 1600
    assert replay_match(ENGINE, V, [Event.from_dict(e.to_dict()) for e in s.events]) == se
