"""A draw's tickets settled at once (issue 20, docs/draws.md "Settlement in batches"):
``TicketEngine.bet_returns`` - keno's numpy hit count, the other games' memoised
``bet_return`` - gives every ticket exactly what ``bet_return`` gives it alone; and
``TicketEngine.explain`` says why each bet won or lost, in agreement with its return."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from croupier.games.draws.ticket import Outcome, PlacedBet, TicketEngine
from croupier.games.registry import game, load_variant
from croupier.rng import seeded

FIXED = [("lucky5", "lucky5_000"), ("lucky7", "lucky7_000"), ("lucky6", "lucky6_000"),
         ("lucky6_48", "lucky6_48_000"), ("lucky6_48", "lucky6_48_chosen"), ("fruitrace", "fruitrace_000")]


def one_by_one(engine: TicketEngine, v: Any, bets: list[PlacedBet], outcome: Outcome, cur: str) -> list[int]:
    limits = v.limits_for(cur)
    return [engine.bet_return(v, b, outcome, limits) for b in bets]


@pytest.mark.parametrize("variant", ["keno8", "keno10", "keno_gold"])
def test_000_12_19_keno_tickets_settled_at_once_as_one_by_one(variant: str) -> None:
    engine: Any = game("keno").engine
    v = load_variant("keno", variant)
    rng = np.random.default_rng(20)
    bets = []
    for i in range(3000):
        n = int(rng.integers(1, v.max_picks + 1))
        picks = tuple(sorted(int(x) for x in rng.choice(np.arange(1, 81), size=n, replace=False)))
        stake = int(rng.choice([100, 150, 1999, 500_000, 10**7]))  # up to stakes capped by max_win
        bets.append(PlacedBet(i, "keno" if i % 2 else f"pick_{n}", stake, picks))
    for seed in range(5):
        outcome = engine.outcome(v, v.draw.draw(seeded(seed)))
        got = engine.bet_returns(v, bets, outcome, v.limits_for("AMD"))
        assert got == one_by_one(engine, v, bets, outcome, "AMD")
        assert any(r > 0 for r in got) and any(r == 0 for r in got)
    # a ticket holding every drawn ball: the best cell of its row, capped
    outcome = engine.outcome(v, v.draw.draw(seeded(9)))
    best = PlacedBet(0, "keno", 10**6, tuple(sorted(outcome.balls))[:v.max_picks])
    assert engine.bet_returns(v, [best], outcome, v.limits_for("AMD")) == one_by_one(
        engine, v, [best], outcome, "AMD")


@pytest.mark.parametrize("name,variant", FIXED, ids=[v for _, v in FIXED])
def test_issue20_fixed_odds_tickets_settled_at_once_as_one_by_one(name: str, variant: str) -> None:
    engine: Any = game(name).engine
    v = load_variant(name, variant)
    offered = list(engine.spec.offered(v))
    bets = []
    for i in range(4 * len(offered)):
        b = offered[i % len(offered)]
        for target, _n in b.target.classes(v)[:3]:
            bets.append(PlacedBet(i, b.code, 100 + 50 * (i % 3), tuple(target)))
    for seed in range(4):
        outcome = engine.outcome(v, v.draw.draw(seeded(seed)))
        assert engine.bet_returns(v, bets, outcome, v.limits_for("EUR")) == one_by_one(
            engine, v, bets, outcome, "EUR")


def test_000_12_33_keno_express_tickets_settled_at_once_as_one_by_one() -> None:
    engine: Any = game("keno_express").engine
    v = load_variant("keno_express", "standard")
    bets = [PlacedBet(0, "lower", 100, (40,)), PlacedBet(1, "higher", 200, (70,)),
            PlacedBet(2, "in_range", 100, (10, 60)), PlacedBet(3, "not_in_range", 300, (20, 80))]
    for seed in range(10):
        outcome = engine.outcome(v, v.draw.draw(seeded(seed)))
        assert engine.bet_returns(v, bets, outcome, v.limits_for("EUR")) == one_by_one(
            engine, v, bets, outcome, "EUR")
        for b in bets:
            text = engine.explain(v, b, outcome)["text"]
            assert text.startswith(f"number {outcome.balls[0]} drawn")
            assert ("wins" in text) == (engine.ratio(v, b, outcome) > 0)


def test_000_12_19_keno_explains_the_numbers_hit_and_the_cell() -> None:
    engine: Any = game("keno").engine
    v = load_variant("keno", "keno10")
    outcome = Outcome.of(tuple(range(1, 21)))
    bet = PlacedBet(0, "keno", 100, (1, 2, 3, 4, 5, 50, 60, 70, 75, 80))
    told = engine.explain(v, bet, outcome)
    assert told["hits"] == 5 and told["hit_numbers"] == [1, 2, 3, 4, 5]
    cell = v.paytable[10][5]
    assert told["text"].startswith("5 of 10 numbers drawn: 1, 2, 3, 4, 5; 5 of 10 ")
    assert ("pays nothing" in told["text"]) == (cell == 0)
    none = engine.explain(v, PlacedBet(0, "keno", 100, (50, 60)), outcome)
    assert none["hits"] == 0 and none["text"].startswith("0 of 2 numbers drawn; ")


@pytest.mark.parametrize("name,variant", FIXED, ids=[v for _, v in FIXED])
def test_issue20_lucky_bets_explain_which_won_and_why(name: str, variant: str) -> None:
    engine: Any = game(name).engine
    v = load_variant(name, variant)
    for seed in range(3):
        outcome = engine.outcome(v, v.draw.draw(seeded(seed)))
        for b in engine.spec.offered(v):
            sel = tuple(b.target.example(v))
            placed = PlacedBet(0, b.code, 100, sel)
            told = engine.explain(v, placed, outcome)
            won = engine.ratio(v, placed, outcome) > 0
            assert told["text"].startswith(f"{b.label}: {'won' if won else 'lost'}")
            assert (told["odds"] is not None) == won
            if won:
                assert f"pays x{told['odds']}" in told["text"]
