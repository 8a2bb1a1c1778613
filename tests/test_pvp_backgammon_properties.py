"""Invariants of backgammon matches over random legal play in every variant (issue 22): play
always ends, a legal action (or a draw) exists until the match ends, checkers are conserved, the
result is a win for one seat of the fund less the rake, and every record replays exactly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games.base import Decision, DrawAction, Event
from croupier.games.pvp.backgammon.engine import ENGINE, MatchSetup, MatchState, replay_match
from croupier.games.pvp.backgammon.variant import BAR, load_variant, variant_names
from croupier.games.pvp.fund import FundRake
from croupier.rng import RandomSource, seeded

NAMES = variant_names()


def setup_for(name: str, target: int, cube: bool, stake: int, rounding: str) -> MatchSetup:
    v = load_variant(name)
    cube = v.cube == "mandatory" or (cube and v.cube == "optional")
    return MatchSetup((3, 8), stake, target=target, cube=cube, koks=v.koks == "mandatory",
                      beaver=cube, jacoby=False, rake=FundRake(rounding=rounding))


def play_checked(name: str, setup: MatchSetup, source: RandomSource, cube_play: bool) -> MatchState:
    v = load_variant(name)
    s = ENGINE.start(v, setup, "AMD")
    steps = 0
    while not ENGINE.is_finished(s):
        steps += 1
        assert steps < 20_000, "a match ends"
        for side in s.sides:
            on_board = sum(side[1:BAR]) + side[BAR] + side[0]
            assert on_board == v.checkers  # checkers are conserved
        req = ENGINE.next_draw(s)
        if req is not None:
            assert ENGINE.to_act(s) is None
            s = ENGINE.apply(s, DrawAction(req.kind, source.randbelow(req.n)))
            continue
        legal = ENGINE.legal_actions(s)
        assert legal, "a legal action exists until the match ends"
        assert all(d.args["seat"] == ENGINE.to_act(s) for d in legal)
        if not cube_play and s.phase in ("turn", "doubled", "beavered"):
            pick = next(d for d in legal if d.name in ("roll", "take"))
        else:
            pick = legal[source.randbelow(len(legal))]
        s = ENGINE.apply(s, Decision(pick.name, dict(pick.args)))
    se = ENGINE.settle(s)
    fund = 2 * setup.stake
    assert max(s.score) >= setup.target
    assert sorted(b.outcome for b in se.bets) == ["lose", "win"]
    assert se.total_stake == fund == se.total_returned + se.rake
    assert se.rake == (setup.rake.of(fund) if setup.rake else 0)
    assert replay_match(ENGINE, v, s.events) == se
    assert replay_match(ENGINE, v, [Event.from_dict(e.to_dict()) for e in s.events]) == se
    return s


@pytest.mark.parametrize("name", NAMES)
def test_000_12_12_1_random_legal_play_ends_in_every_variant(name: str) -> None:
    v = load_variant(name)
    for k in range(3):
        target = v.targets[min(k, 1)]
        play_checked(name, setup_for(name, target, True, 1000, "down"), seeded(f"{name}{k}"), k != 1)


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 2**32), stake=st.integers(1, 50_000_000),
       cube=st.booleans(), rounding=st.sampled_from(["down", "up"]))
def test_000_12_12_1_matches_settle_the_fund_less_the_rake(name: str, seed: int, stake: int,
                                                          cube: bool, rounding: str) -> None:
    v = load_variant(name)
    play_checked(name, setup_for(name, v.targets[0], cube, stake, rounding), seeded(str(seed)), cube)
