"""Gonzo's Treasure Hunt (000 §12.56): the wall of 70 stones, the five gem multipliers, 1-20
opportunities on distinct stones, bonuses that multiply a stone (and stack) or are redrawn; the
exact RTP over the whole bonus tree cross-checked by the closed form and shown independent of
the stone picked; simulation; bad input (a pick outside the wall, a stone picked twice)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from croupier.errors import InvalidBet, InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction, play, replay
from croupier.games.registry import game, load_variant
from croupier.games.shows.gonzo import ENGINE, closed_form
from croupier.games.shows.gonzo.show import GonzoShow, GonzoVariant, Stage
from croupier.games.shows.tree import bet_rtp
from croupier.rng import seeded

from .shows_helpers import assert_simulation_inside

V = load_variant("gonzo", "standard")
GEMS = [("gem1", 1), ("gem2", 2), ("gem4", 4), ("gem20", 20), ("gem65", 65)]


def pos(wheel: Any, label: str) -> int:
    return wheel.positions.index(wheel.segments.index(wheel.segment(label)))


def run(bets: list[BetRequest], drops: list[tuple[str, int]], gems: list[str]) -> Any:
    """Drops as (bonus label, stone), then the gems of the picked stones in order (every other
    stone of the wall shows gem1)."""
    state = ENGINE.start(V, bets, "EUR")
    for label, stone in drops:
        state = ENGINE.apply(state, DrawAction("bonus", pos(V.bonus, label)))
        if label != "redraw":
            state = ENGINE.apply(state, DrawAction("stone", state.stage.free(V.stones).index(stone)))
    by_stone = dict(zip(state.stage.picks, gems, strict=True))
    for stone in range(1, V.stones + 1):
        state = ENGINE.apply(state, DrawAction("gem", pos(V.gems, by_stone.get(stone, "gem1"))))
    return state


def test_000_12_56_wall_of_70_stones_and_1_to_20_opportunities() -> None:
    assert (V.stones, V.max_picks) == (70, 20)


@pytest.mark.parametrize(("gem", "mult"), GEMS)
def test_000_12_56_gem_row_pays_bet_times_its_multiplier(gem: str, mult: int) -> None:
    assert V.gems.segment(gem).value == mult
    other = next(g for g, _ in GEMS if g != gem)
    quiet = [("x3", 70 - k) for k in range(V.drops)]  # every bonus falls on another stone
    assert ENGINE.settle(run([BetRequest(gem, 100, (1,))], quiet, [gem])).bets[0].returned == 100 * mult
    assert ENGINE.settle(run([BetRequest(gem, 100, (1,))], quiet, [other])).bets[0].returned == 0


def test_000_12_56_bonuses_multiply_their_stone_on_distinct_stones_and_redraw() -> None:
    drops = [("x5", 2), ("redraw", 0), ("x3", 40), ("x10", 1), ("x100", 70), ("x50", 3)]
    state = run([BetRequest("gem20", 100, (1,)), BetRequest("gem4", 100, (2,))], drops, ["gem20", "gem4"])
    assert [r.returned for r in ENGINE.settle(state).bets] == [100 * 20 * 10, 100 * 4 * 5]
    wall = state.events[-2].data["wall"]
    assert len(wall) == 70 and wall[1] == {"stone": 2, "gem": "gem4", "bonus": "5", "multiplier": "20"}
    assert wall[39] == {"stone": 40, "gem": "gem1", "bonus": "3", "multiplier": "3"}
    stones = [e.data["stone"] for e in state.events if e.type == "draw" and e.data["kind"] == "stone"]
    assert stones == [2, 40, 1, 70, 3]
    # a stone a bonus fell on is not drawn again: the fifth drop chose among 65 stones
    assert [e.data.get("multiplier") for e in state.events if e.type == "draw" and e.data["kind"] == "stone"] \
        == ["5", "3", "10", "100", "50"]


def test_000_12_56_open_picks_take_free_stones() -> None:
    state = ENGINE.start(V, [BetRequest("gem1", 100), BetRequest("gem2", 100, (1,)), BetRequest("gem4", 100)], "EUR")
    assert state.stage.picks == (2, 1, 3)


def test_000_12_56_exact_rtp_equals_closed_form() -> None:
    cf = closed_form(V)
    for r in game("gonzo").exact(V):
        assert r.rtp == cf[r.bet]
        assert Fraction(94, 100) < r.rtp < Fraction(98, 100)


class TwoPicks(GonzoShow):
    """The same rules analysed from a round with two hands, on stones 5 and 9."""

    def opening(self, v: GonzoVariant) -> Stage:
        return Stage((5, 9), 0, None, (Fraction(1), Fraction(1)), (None, None))

    def selections(self, v: GonzoVariant, code: str) -> list[tuple[int | str, ...]]:
        return [(9,)]


def test_000_12_56_rtp_is_independent_of_the_stone_picked_and_of_other_hands() -> None:
    small = GonzoVariant(**{**{f: getattr(V, f) for f in V.__dataclass_fields__}, "drops": 2})
    one = {r.bet: r.rtp for r in bet_rtp(GonzoShow(), small)}
    two = {r.bet: r.rtp for r in bet_rtp(TwoPicks(), small)}
    assert one == two == closed_form(small)


def test_000_12_56_simulation_within_99_percent_interval() -> None:
    assert_simulation_inside("gonzo", V, rounds=200_000)


def test_000_12_56_rounds_replay() -> None:
    bets = [BetRequest(g, 100) for g, _ in GEMS]
    for seed in range(20):
        state, settlement = play(ENGINE, V, bets, "EUR", seeded(seed))
        assert replay(ENGINE, V, state.events) == settlement


def test_000_12_56_bad_picks_are_refused() -> None:
    for target in ((0,), (71,), ("a",), (1, 2)):
        with pytest.raises(InvalidSelection, match="one stone of 1 to 70"):
            ENGINE.start(V, [BetRequest("gem1", 100, target)], "EUR")
    with pytest.raises(InvalidSelection, match="stone 7 is picked twice"):
        ENGINE.start(V, [BetRequest("gem1", 100, (7,)), BetRequest("gem2", 100, (7,))], "EUR")
    with pytest.raises(InvalidBet, match="at most 20"):
        ENGINE.start(V, [BetRequest("gem1", 100)] * 21, "EUR")
    with pytest.raises(UnknownBetCode, match="no bet 'gem3'"):
        ENGINE.start(V, [BetRequest("gem3", 100)], "EUR")
