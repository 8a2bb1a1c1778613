"""The round engine of virtual events (issue 23; docs/virtual.md "The round engine"): bets on one
event settled at the event's own board, through the engine contract of games/base.py.

The exact figures ``croupier rtp`` prints (the reference event's board) are checked here against
the engine's own settlement summed over every outcome, where the outcomes can be listed: every
finishing order of a 4-rider speedway race and every point sequence of a table tennis set."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from math import sqrt
from statistics import NormalDist

import pytest

from croupier.errors import IllegalAction, InvalidSelection, StakeBelowMinimum, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction, play, replay
from croupier.games.draws.ticket import Outcome, PlacedBet
from croupier.games.registry import game, load_variant, variant_names
from croupier.games.virtual.engine import EventEngine
from croupier.games.virtual.football.markets import markets
from croupier.games.virtual.race.event import strengths_of
from croupier.games.virtual.race.model import order_chance
from croupier.games.virtual.tabletennis.game import sequences
from croupier.rng import seeded

VIRTUAL = ("horse_racing", "greyhounds", "racing", "football", "tennis", "table_tennis")
ALL = [(g, v) for g in VIRTUAL for v in variant_names(g)]


def _engine(name: str) -> EventEngine:
    engine = game(name).engine
    assert isinstance(engine, EventEngine)
    return engine


def _placed(engine: EventEngine, variant: object, code: str, target: tuple[object, ...], i: int = 0) -> PlacedBet:
    sel = engine.place(variant, BetRequest(code, 100, target))  # type: ignore[arg-type]
    return PlacedBet(i, code, 100, sel)


def _place_values(strengths: tuple[int, ...], order: tuple[int, ...]) -> list[int]:
    """The place draws that give ``order``: each an index into the strength still running, the
    runners laid end to end in number order (the inverse of race.model.runner_at)."""
    values, placed = [], set()
    for r in order[:-1]:
        values.append(sum(s for i, s in enumerate(strengths, 1) if i < r and i not in placed))
        placed.add(r)
    return values


@pytest.mark.parametrize(("name", "variant"), ALL, ids=[f"{g}-{v}" for g, v in ALL])
def test_issue23_every_virtual_variant_plays_and_replays_through_the_engine_contract(name: str, variant: str) -> None:
    spec = game(name)
    v = load_variant(name, variant)
    bets = spec.demo_bets(v, "EUR")
    assert {b.code for b in bets} == {r.bet for r in spec.exact(v)}  # one demo bet per priced market
    state, settlement = play(spec.engine, v, bets, "EUR", seeded(f"virtual-{name}-{variant}"))
    kinds = [e.data["kind"] for e in state.events if e.type == "draw"]
    forms = spec.engine.sport.form_count(v.core)
    assert kinds[:forms] == ["form"] * forms and set(kinds[forms:]) == set(spec.engine.sport.outcome_kinds)
    result = next(e.data for e in state.events if e.type == "result")
    assert result["forms"] == [e.data["value"] for e in state.events if e.type == "draw"][:forms]
    assert result["headline"]
    assert replay(spec.engine, v, state.events) == settlement
    for b in settlement.bets:  # every bet wins its odds, loses, or is void at this event's board
        assert b.returned == 0 or b.returned >= b.stake


def test_000_12_58_speedway_exact_rtp_equals_the_engine_settlement_over_every_finishing_order() -> None:
    engine = _engine("racing")
    v = load_variant("racing", "speedway")
    strengths = strengths_of(v.core, list(v.reference))
    exact = {r.bet: r for r in game("racing").exact(v)}
    board = engine.board(v, v.reference)
    orders = list(permutations(range(1, v.core.runners + 1)))
    assert sum(order_chance(strengths, o) for o in orders) == 1
    outcomes = [(order_chance(strengths, o),
                 Outcome.of((), [("form", f) for f in v.reference] + [("place", x) for x in _place_values(strengths, o)]))
                for o in orders]
    for code, row in board.items():
        rtps = []
        for sel in row:
            bet = _placed(engine, v, code, engine.sport.target(sel))
            rtps.append(sum((p * engine.ratio(v, bet, out) for p, out in outcomes), Fraction(0)))
            assert rtps[-1] == row[sel].rtp
        if rtps:
            assert (min(rtps), max(rtps)) == (exact[code].rtp, exact[code].rtp_max)


def test_000_12_61_table_tennis_exact_rtp_equals_the_engine_settlement_over_every_point_sequence() -> None:
    engine = _engine("table_tennis")
    v = load_variant("table_tennis", "standard")
    p = v.core.point_chances[v.reference[0]]
    exact = {r.bet: r for r in game("table_tennis").exact(v)}
    outcomes = []
    for s in sequences():  # A wins a point on a draw below p's numerator
        draws = [("point", 0 if c == "A" else p.numerator) for c in s]
        outcomes.append((p ** s.count("A") * (1 - p) ** s.count("B"),
                         Outcome.of((), [("form", v.reference[0])] + draws)))
    assert sum(w for w, _ in outcomes) == 1
    for code, row in engine.board(v, v.reference).items():
        rtps = [sum((w * engine.ratio(v, _placed(engine, v, code, (sel,)), out) for w, out in outcomes), Fraction(0))
                for sel in row]
        assert rtps == [price.rtp for price in row.values()]
        assert (min(rtps), max(rtps)) == (exact[code].rtp, exact[code].rtp_max)


def test_issue23_every_printed_rtp_is_inside_the_margin_bound() -> None:
    """Odds are rtp / P rounded down to 0.01: every selection returns between rtp − 0.01·P and rtp."""
    for name, variant in ALL:
        v = load_variant(name, variant)
        for row in _engine(name).board(v, v.reference).values():
            for price in row.values():
                assert v.core.rtp - Fraction(1, 100) * price.chance <= price.rtp <= v.core.rtp


def test_issue23_a_selection_the_event_does_not_offer_returns_the_stake() -> None:
    engine = _engine("football")
    v = load_variant("football", "standard")
    board = engine.board(v, v.reference)
    missing = [(m.code, sel) for m in markets(v.core) for sel in m.selections if sel not in board.get(m.code, {})]
    assert missing, "the reference board offers every selection: no odds under x1.01 to test"
    code, sel = missing[0]
    state, settlement = play(engine, v, [BetRequest(code, 100, (sel,))], "EUR", seeded("void"))
    assert settlement.bets[0].returned == 100 and settlement.bets[0].outcome == "push"


@pytest.mark.parametrize(("name", "variant", "code", "target", "error"), [
    ("horse_racing", "eight", "forecast", (3, 3), InvalidSelection),        # 12.42: a runner twice
    ("horse_racing", "eight", "win", (9,), InvalidSelection),               # not in the race
    ("greyhounds", "six", "tricast", (1, 2), InvalidSelection),             # two names for three places
    ("racing", "speedway", "exacta", (1, 2), UnknownBetCode),               # no such market
    ("football", "standard", "result", ("3",), InvalidSelection),           # 12.59 row 3 has no '3'
    ("football", "standard", "result", (1,), InvalidSelection),             # a selection is a name
    ("tennis", "standard", "match_score", ("3:0",), InvalidSelection),      # best of three sets
    ("table_tennis", "standard", "winner", ("C",), InvalidSelection),
])
def test_issue23_bad_bets_are_refused_with_a_precise_error(name: str, variant: str, code: str,
                                                          target: tuple[object, ...], error: type[Exception]) -> None:
    v = load_variant(name, variant)
    with pytest.raises(error):
        _engine(name).start(v, [BetRequest(code, 100, target)], "EUR")  # type: ignore[arg-type]


def test_issue23_a_stake_under_the_minimum_and_a_decision_are_refused() -> None:
    v = load_variant("tennis", "standard")
    engine = _engine("tennis")
    with pytest.raises(StakeBelowMinimum):
        engine.start(v, [BetRequest("match_winner", 1, ("1",))], "EUR")
    state = engine.start(v, [BetRequest("match_winner", 100, ("1",))], "EUR")
    req = engine.next_draw(state)
    assert req is not None and req.kind == "form"
    with pytest.raises(IllegalAction):
        engine.apply(state, DrawAction("point", 0))  # the form draws come first
    with pytest.raises(IllegalAction):
        engine.apply(state, DrawAction("form", req.n))  # outside [0, n)


@pytest.mark.parametrize(("name", "variant"), [("racing", "speedway"), ("greyhounds", "six"),
                                               ("football", "standard"), ("tennis", "standard"),
                                               ("table_tennis", "standard")])
def test_issue23_the_simulation_agrees_with_the_printed_rtp_of_every_market(name: str, variant: str) -> None:
    """Each market's lowest-RTP selection, simulated on the reference event, lies inside a
    99% interval shared over the markets (Bonferroni)."""
    spec = game(name)
    v = load_variant(name, variant)
    exact = {r.bet: r for r in spec.exact(v)}
    sims = spec.simulate(v, 20_000, 7, None)
    assert {s.bet for s in sims} == set(exact)
    z = NormalDist().inv_cdf(1 - 0.005 / len(sims))
    z99 = NormalDist().inv_cdf(0.995)
    for s in sims:
        se = (s.ci99[1] - s.ci99[0]) / (2 * z99)
        assert abs(s.rtp - float(exact[s.bet].rtp)) <= z * max(se, 1e-12) + 1e-12, (s, exact[s.bet].rtp)
        assert se <= 3 * sqrt(float(exact[s.bet].variance) / s.rounds)  # a real spread was measured
