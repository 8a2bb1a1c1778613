"""Slots describe themselves (docs/describe.md, issue 14 contract): the description's example
target is a bet the engine accepts, its decisions are the engine's, and a round's outcome shows
as the ``reels`` view."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.games import describe as D
from croupier.games.base import BetRequest, Decision, play
from croupier.games.registry import game
from croupier.money import currency, format_minor
from croupier.rng import seeded
from tests.slot_helpers import slot

NAMES = ["classic_fruit", "amber_caravan", "aurora_fjord"]


@pytest.mark.parametrize("name", NAMES)
def test_example_target_at_the_lowest_stake_is_accepted(name: str) -> None:
    spec, v = game("slot"), slot(name)
    desc = D.describe(spec, v)
    (spin,) = desc["bets"]
    for cur, (lo, hi) in spin["limits"].items():
        lines = spin["example_target"][0] if spin["example_target"] else 1
        stake = v.steps[cur][0] * (lines if v.mode == "lines" else v.bet_multiplier)
        spec.engine.start(v, [BetRequest("spin", stake, tuple(spin["example_target"]))], cur)
        assert lo <= stake <= hi
        # the highest total bet is every line at the highest step (ways: the highest coin)
        every = (v.max_lines,) if v.mode == "lines" else ()
        spec.engine.start(v, [BetRequest("spin", hi, every)], cur)
    assert desc["outcome"]["kind"] == "reels"


@pytest.mark.parametrize("name", ["classic_fruit", "amber_caravan"])
def test_001_6_7_described_decisions_are_the_engines(name: str) -> None:
    spec, v = game("slot"), slot(name)
    described = {d["name"] for d in D.describe(spec, v)["decisions"]}
    seen: set[str] = set()
    src = seeded(5)
    for _ in range(300):
        def decide(state, legal):  # type: ignore[no-untyped-def]
            seen.update(d.name for d in legal)
            return Decision("collect")
        play(spec.engine, v, spec.demo_bets(v, "EUR"), "EUR", src, decide)
        if seen == described:
            break
    assert seen == described


def test_display_shows_the_window_the_winning_lines_and_the_paid_amount() -> None:
    spec, v = game("slot"), slot("amber_caravan")
    src = seeded(9)
    for _ in range(200):
        state, settlement = play(spec.engine, v, [BetRequest("spin", 100, (20,))], "EUR", src,
                                 lambda s, legal: Decision("collect"))
        if settlement.total_returned and any(e.data["wins"] for e in state.events if e.type == "spin"):
            break
    outcome = next(e.data for e in state.events if e.type == "result")
    view = D.display(spec, v, outcome)
    assert view is not None and view["kind"] == "reels"
    assert view["window"] == outcome["window"] and len(view["window"]) == 5
    assert view["paid_minor"] == settlement.total_returned
    assert view["headline"].startswith(f"Win {format_minor(settlement.total_returned, currency('EUR'))}")
    for line in view["lines"]:
        shape = v.lines[line["line"] - 1]
        assert line["symbols"].split() == [view["window"][r][h] for r, h in enumerate(shape)]


def test_001_6_7_an_open_round_at_the_gamble_shows_the_win_at_stake_not_no_win() -> None:
    """While the player may collect or gamble, nothing is paid yet (`paid` 0): the headline is
    the win Collect would take (the spins' win before a move), as the slot page shows it."""
    spec, v = game("slot"), slot("amber_caravan")
    src = seeded(11)
    engine: Any = spec.engine  # the slot engine's table_view is not on the Engine protocol
    seen: list[dict[str, Any]] = []

    def decide(state, legal):  # type: ignore[no-untyped-def]
        seen.append(engine.table_view(state))
        return Decision("collect")
    for _ in range(200):
        _, settlement = play(spec.engine, v, [BetRequest("spin", 100, (20,))], "EUR", src, decide)
        if seen:
            break
    (view,) = seen
    assert view["phase"] != "done" and view["paid"] == 0 and view["gamble_amount"] == view["spins_win"] > 0
    shown = D.display(spec, v, view)
    assert shown is not None
    assert shown["headline"].startswith(f"Win {format_minor(view['spins_win'], currency('EUR'))}")
    assert settlement.total_returned == view["spins_win"]  # collected
