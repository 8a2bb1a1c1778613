"""The shared show shape (games/shows/wheel.py, tree.py, engine.py, fastsim.py): the exact walker
over a bonus tree with re-spins and stacked multipliers, checked by brute-force enumeration of the
engine's rounds and by closed forms; the vectorised chain tied to the engine on identical draws."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np
import pytest

from croupier.errors import IllegalAction, InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import BetRequest, Decision, DrawAction, Target, play, replay
from croupier.games.cardcompare.fields import Limits
from croupier.games.shows.engine import ShowEngine
from croupier.games.shows.fastsim import ChainTables, run_chain
from croupier.games.shows.tree import UNBOUNDED, Chance, Show, bet_rtp, build_graph, moments
from croupier.games.shows.variant import ShowVariant
from croupier.games.shows.wheel import Segment, Wheel, parse_wheel
from croupier.rng import seeded


class Toy(NamedTuple):
    """A toy show: a 6-position wheel A(3) B(1) x2(1) flip(1). x2 re-spins with the odds doubled;
    flip is a coin flip: heads -> the player picks 'A' or 'B' to win at 3x the odds, tails -> B."""

    mult: Fraction
    stage: str          # "spin", "flip", "pick", or the winner "A"/"B"


class ToyShow(Show[ShowVariant, Toy]):
    game = "toy"
    wheel = Wheel.of([Segment("A", 3, "number", Fraction(1)), Segment("B", 1, "number", Fraction(4)),
                      Segment("x2", 1, "multiplier", Fraction(2)), Segment("flip", 1, "bonus")])

    def bet_codes(self, v: ShowVariant) -> tuple[str, ...]:
        return ("A", "B")

    def resolve(self, v: ShowVariant, code: str, target: Target) -> Hashable:
        if code not in ("A", "B"):
            raise UnknownBetCode(code)
        return code

    def opening(self, v: ShowVariant) -> Toy:
        return Toy(Fraction(1), "spin")

    def chance(self, v: ShowVariant, stage: Toy) -> Chance | None:
        if stage.stage == "spin":
            return Chance("spin", self.wheel.size, self.wheel.positions)
        if stage.stage == "flip":
            return Chance("coin", 2)
        return None

    def advance(self, v: ShowVariant, stage: Toy, value: int) -> Toy:
        if stage.stage == "flip":
            return Toy(stage.mult * 3, "pick") if value == 0 else stage._replace(stage="B")
        seg = self.wheel.at(value)
        if seg.kind == "multiplier":
            return Toy(stage.mult * seg.value, "spin")
        return stage._replace(stage="flip" if seg.kind == "bonus" else seg.label)

    def decisions(self, v: ShowVariant, stage: Toy) -> list[Decision]:
        if stage.stage != "pick":
            return []
        return [Decision("pick", {"winner": "A"}), Decision("pick", {"winner": "B"})]

    def decide(self, v: ShowVariant, stage: Toy, decision: Decision) -> Toy:
        return stage._replace(stage=str(decision.args["winner"]))

    def finished(self, v: ShowVariant, stage: Toy) -> bool:
        return stage.stage in ("A", "B")

    def pays(self, v: ShowVariant, stage: Toy, bet: Hashable) -> tuple[Fraction, Fraction]:
        if bet != stage.stage:
            return Fraction(0), Fraction(0)
        return Fraction(1), self.wheel.segment(str(bet)).value

    def scale(self, stage: Toy) -> Fraction:
        return stage.mult

    def unscaled(self, stage: Toy) -> Toy:
        return stage._replace(mult=Fraction(1))


TOY = ToyShow()
VARIANT = ShowVariant("toy", "Toy show", "test", "wheel", {"EUR": Limits(10, 1000, None)}, False, None, ())
ENGINE = ShowEngine(TOY)


def pick_b(v: Any, stage: Any, legal: list[Decision] | None = None) -> Decision:
    """The decision rule (walker) and decider (``play``): always pick B."""
    if legal is None:  # play's decider: (state, legal)
        legal = stage
    assert legal is not None
    return next(d for d in legal if d.args["winner"] == "B")


def brute_force(bet: str, depth: int) -> tuple[Fraction, Fraction]:
    """Enumerate every round through the engine up to ``depth`` spins (the rest: a bound)."""
    total = Fraction(0)
    mass = Fraction(0)
    frontier = [(ENGINE.start(VARIANT, [BetRequest(bet, 100)], "EUR"), Fraction(1))]
    for _ in range(depth * 2 + 2):
        nxt = []
        for state, p in frontier:
            if ENGINE.is_finished(state):
                total += p * Fraction(ENGINE.settle(state).bets[0].returned, 100)
                mass += p
                continue
            req = ENGINE.next_draw(state)
            if req is None:
                nxt.append((ENGINE.apply(state, pick_b(None, None, ENGINE.legal_actions(state))), p))
                continue
            for x in range(req.n):
                nxt.append((ENGINE.apply(state, DrawAction(req.kind, x)), p / req.n))
        frontier = nxt
    return total, 1 - mass


def test_shape_walker_matches_closed_form_over_respins_and_stacked_multipliers() -> None:
    # P(end) per spin: A 3/6, B 1/6, flip 1/6 (heads: pick B at 3x; tails: B), x2 1/6 re-spin.
    # Ends: A w.p. 3/5, B w.p. 2/5. E[mult; A] = (3/6) / (1 - 2/6) = 3/4;
    # E[mult; B] = (1/6 + 1/12 * 3 + 1/12) / (2/3) = 3/4.
    rtps = {r.bet: r for r in bet_rtp(TOY, VARIANT, pick_b)}
    assert rtps["A"].rtp == Fraction(3, 5) + Fraction(3, 4) * 1
    assert rtps["B"].rtp == Fraction(2, 5) + Fraction(3, 4) * 4
    assert rtps["A"].max_return == UNBOUNDED


def test_shape_walker_agrees_with_engine_enumeration() -> None:
    exact = {r.bet: r.rtp for r in bet_rtp(TOY, VARIANT, pick_b)}
    for bet in ("A", "B"):
        lower, rest = brute_force(bet, 12)
        # the rounds left after 12 re-spins hold mass ``rest`` and a tiny share of the return
        assert 0 < rest < Fraction(1, 10**18)
        assert 0 <= exact[bet] - lower < Fraction(1, 10**9)


def test_shape_moments_sum_to_one_and_second_moment_geometric() -> None:
    g = build_graph(TOY, VARIANT, pick_b)
    ends = moments(g)
    assert sum(e.p for e in ends) == 1
    # E[mult^2; A] = (3/6) / (1 - 4/6)
    a = next(e for e in ends if g.nodes[e.node].stage.stage == "A")
    assert a.m2 == Fraction(3, 6) / (1 - Fraction(4, 6))


def test_shape_decision_rule_changes_the_tree() -> None:
    pick_a = lambda v, s, legal: legal[0]  # noqa: E731
    a_rule = {r.bet: r.rtp for r in bet_rtp(TOY, VARIANT, pick_a)}
    b_rule = {r.bet: r.rtp for r in bet_rtp(TOY, VARIANT, pick_b)}
    assert a_rule["A"] > b_rule["A"] and a_rule["B"] < b_rule["B"]
    with pytest.raises(IllegalAction, match="no rule"):
        build_graph(TOY, VARIANT)


def test_shape_engine_plays_replays_and_refuses_bad_input() -> None:
    bets = [BetRequest("A", 100), BetRequest("B", 50)]
    for seed in range(30):
        state, settlement = play(ENGINE, VARIANT, bets, "EUR", seeded(seed), decide=pick_b)
        assert replay(ENGINE, VARIANT, state.events) == settlement
    with pytest.raises(UnknownBetCode):
        ENGINE.start(VARIANT, [BetRequest("C", 100)], "EUR")
    state = ENGINE.start(VARIANT, bets, "EUR")
    with pytest.raises(IllegalAction, match="spin draw"):
        ENGINE.apply(state, DrawAction("coin", 0))
    with pytest.raises(IllegalAction, match=r"in \[0, 6\)"):
        ENGINE.apply(state, DrawAction("spin", 6))
    with pytest.raises(IllegalAction, match="not a decision"):
        ENGINE.apply(state, Decision("pick", {"winner": "A"}))


def test_shape_chain_simulation_matches_engine_on_identical_draws() -> None:
    g = build_graph(TOY, VARIANT, pick_b)
    t = ChainTables.of(g)
    draws: dict[int, list[int]] = {}

    def record(rounds: Any, values: Any) -> None:
        for r, x in zip(rounds.tolist(), values.tolist(), strict=True):
            draws.setdefault(r, []).append(x)

    node, scale = run_chain(t, np.random.Generator(np.random.PCG64(7)), 2000, record)
    for r in range(2000):
        state = ENGINE.start(VARIANT, [BetRequest("A", 1000), BetRequest("B", 1000)], "EUR")
        for x in draws[r]:  # a decision node is a one-value step of the chain
            req = ENGINE.next_draw(state)
            if req is None:
                state = ENGINE.apply(state, pick_b(None, None, ENGINE.legal_actions(state)))
            else:
                state = ENGINE.apply(state, DrawAction(req.kind, x))
        assert ENGINE.is_finished(state)
        assert g.nodes[int(node[r])].stage.stage == state.stage.stage
        assert Fraction(scale[r]) == TOY.scale(state.stage)


def test_shape_wheel_data_is_validated() -> None:
    with pytest.raises(VariantError, match="count"):
        parse_wheel([{"label": "1", "count": 0}], "w", ("number",))
    with pytest.raises(VariantError, match="kind"):
        parse_wheel([{"label": "1", "count": 1, "kind": "odd"}], "w", ("number",))
    with pytest.raises(VariantError, match="layout"):
        parse_wheel([{"label": "1", "count": 2}], "w", ("number",), ["1"])
    w = parse_wheel([{"label": "1", "count": 2}, {"label": "2", "count": 1, "colour": "red"}], "w",
                    ("number",), ["1", "2", "1"])
    assert [w.at(p).label for p in range(3)] == ["1", "2", "1"]
    assert w.segment("2").attrs == {"colour": "red"} and w.probability("1") == Fraction(2, 3)


def test_shape_selection_errors_name_the_bet() -> None:
    from croupier.games.registry import load_variant
    from croupier.games.shows.dream_catcher import ENGINE as DC

    v = load_variant("dream_catcher", "standard")
    with pytest.raises(InvalidSelection, match="takes no target"):
        DC.start(v, [BetRequest("5", 100, (1,))], "EUR")


SHOWS = ["dream_catcher", "wheel_of_fortune", "penalty", "rps", "gonzo", "lucky_spin", "deal_or_no_deal"]


@pytest.mark.parametrize("name", SHOWS)
def test_shape_every_show_round_settles_every_bet_and_replays(name: str) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from croupier.games.registry import game, load_variant

    spec = game(name)
    v = load_variant(name, "standard")
    cur = next(iter(v.limits))
    bets = spec.demo_bets(v, cur)

    @settings(max_examples=15, deadline=None)
    @given(seed=st.integers(0, 10**9))
    def check(seed: int) -> None:
        # a show that asks the player (Deal or No Deal) gets any legal answer, a top-up included
        pick = seeded(seed + 1)
        state, settlement = play(spec.engine, v, bets, cur, seeded(seed),
                                 decide=lambda _s, legal: legal[pick.randbelow(len(legal))])
        added = [e.data.get("stake_added", 0) for e in state.events if e.type == "decision"]
        # every bet settled, on its opening stake plus the stakes decisions added (one bet here)
        assert sum(b.stake for b in settlement.bets) == sum(b.stake for b in bets) + sum(added)
        assert len(settlement.bets) == len(bets)
        assert all(b.returned >= 0 for b in settlement.bets)
        assert replay(spec.engine, v, state.events) == settlement

    check()
