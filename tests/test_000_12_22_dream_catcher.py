"""Dream Catcher (000 §12.22): every segment count and paytable row, stacking multipliers, the
exact RTP over the whole re-spin tree cross-checked by the closed form and by enumerating the
engine's rounds, the simulation (within its 99% interval and tied to the engine on identical
draws), and bad input."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import BetRequest, DrawAction, play, replay
from croupier.games.registry import game, load_variant
from croupier.games.shows.dream_catcher import ENGINE, SHOW, parse_variant
from croupier.games.shows.dream_catcher.exact import closed_form
from croupier.games.shows.fastsim import ChainTables, run_chain
from croupier.games.shows.tree import UNBOUNDED, build_graph
from croupier.rng import seeded

V = load_variant("dream_catcher", "standard")

#: 000 §12.22 paytable: number, segments, odds ("n to 1")
ROWS = [("1", 23, 1), ("2", 15, 2), ("5", 7, 5), ("10", 4, 10), ("20", 2, 20), ("40", 1, 40)]
#: 000 §12.22 derived table (not in the source; only used to check)
DERIVED = {"1": 95.34, "2": 95.51, "5": 91.24, "10": 96.58, "20": 92.74, "40": 90.81}


def position_of(label: str) -> int:
    return next(p for p in range(V.wheel.size) if V.wheel.at(p).label == label)


def run(bets: list[BetRequest], labels: list[str]) -> Any:
    state = ENGINE.start(V, bets, "EUR")
    for label in labels:
        state = ENGINE.apply(state, DrawAction("spin", position_of(label)))
    return state


def test_000_12_22_wheel_has_54_equal_segments() -> None:
    assert V.wheel.size == 54
    assert sum(s.count for s in V.wheel.segments if s.kind == "number") == 52
    assert [s.label for s in V.wheel.segments if s.kind == "multiplier"] == ["2x", "7x"]


@pytest.mark.parametrize(("label", "count", "odds"), ROWS)
def test_000_12_22_paytable_row_segments_and_odds(label: str, count: int, odds: int) -> None:
    seg = V.wheel.segment(label)
    assert (seg.count, seg.value, seg.kind) == (count, odds, "number")
    state = run([BetRequest(n, 1000) for n in V.numbers], [label])
    for r in ENGINE.settle(state).bets:
        # "n to 1": the stake is returned plus n x stake; every other number loses
        assert r.returned == (1000 + odds * 1000 if r.code == label else 0)


@pytest.mark.parametrize(("label", "factor"), [("2x", 2), ("7x", 7)])
def test_000_12_22_multiplier_row_one_segment_multiplies_next_win(label: str, factor: int) -> None:
    seg = V.wheel.segment(label)
    assert (seg.count, seg.value, seg.kind) == (1, factor, "multiplier")
    state = run([BetRequest("10", 100)], [label])
    assert not ENGINE.is_finished(state)  # bets stay in place; the wheel is spun again
    state = ENGINE.apply(state, DrawAction("spin", position_of("10")))
    assert ENGINE.settle(state).bets[0].returned == 100 + 10 * factor * 100


def test_000_12_22_multipliers_stack_2x_7x_then_5_pays_70_to_1() -> None:
    state = run([BetRequest("5", 100), BetRequest("1", 100)], ["2x", "7x", "5"])
    assert [r.returned for r in ENGINE.settle(state).bets] == [100 + 70 * 100, 0]
    result = state.events[-2].data
    assert (result["number"], result["multiplier"], result["spins"]) == ("5", "14", ["2x", "7x", "5"])
    view = game("dream_catcher").display(V, result)  # type: ignore[misc]
    assert view["kind"] == "segment" and view["stacked"] == ["2x", "7x"] and view["multiplier"] == "14"
    assert view["segments"][view["index"]] == "5" and view["headline"] == "2x, 7x, then 5: odds x14"


def test_000_12_22_multiplier_applies_to_the_odds_not_the_returned_stake() -> None:
    state = run([BetRequest("1", 100)], ["7x", "7x", "1"])
    assert ENGINE.settle(state).bets[0].returned == 100 + 49 * 100


def test_000_12_22_exact_rtp_equals_closed_form_and_derived_table() -> None:
    exact = {r.bet: r for r in game("dream_catcher").exact(V)}
    cf = closed_form(V)
    for label, count, odds in ROWS:
        assert exact[label].rtp == cf[label] == Fraction(count, 52) + Fraction(count * odds, 45)
        assert round(float(exact[label].rtp) * 100, 2) == DERIVED[label]
        assert exact[label].hit_frequency == Fraction(count, 52)
        assert exact[label].max_return == UNBOUNDED  # 12.22 states no cap


def test_000_12_22_exact_rtp_agrees_with_engine_enumeration() -> None:
    """Every sequence of spins through the engine up to 6 multipliers (the rest: a tail)."""
    bets = [BetRequest(n, 1) for n in V.numbers]
    totals = dict.fromkeys(V.numbers, Fraction(0))
    second = dict.fromkeys(V.numbers, Fraction(0))
    frontier = [(ENGINE.start(V, bets, "XXX"), Fraction(1))]  # a unit stake, no limits
    rest = Fraction(0)
    for depth in range(7):
        nxt = []
        for state, p in frontier:
            # one engine round per segment (the positions of a segment are alike)
            for label in V.wheel.labels():
                q = p * V.wheel.probability(label)
                s = ENGINE.apply(state, DrawAction("spin", position_of(label)))
                if ENGINE.is_finished(s):
                    for r in ENGINE.settle(s).bets:
                        totals[r.code] += q * r.returned
                        second[r.code] += q * r.returned ** 2
                elif depth < 6:
                    nxt.append((s, q))
                else:
                    rest += q
        frontier = nxt
    exact = {r.bet: r for r in game("dream_catcher").exact(V)}
    assert rest == Fraction(2, 54) ** 7
    for label, c, n in ROWS:
        # what the enumeration leaves out: the rounds with 7 or more multipliers, exactly the
        # geometric tails of the probability (2 multiplier segments) and of the odds (2 + 7)
        tail = (Fraction(c, 54) * Fraction(2, 54) ** 7 / (1 - Fraction(2, 54))
                + Fraction(c * n, 54) * Fraction(9, 54) ** 7 / (1 - Fraction(9, 54)))
        assert exact[label].rtp - totals[label] == tail
        # the second moment: (1 + M n)^2 on a win, M^2's tail has ratio (2^2 + 7^2) / 54
        tail2 = Fraction(c, 54) * sum((k * Fraction(f, 54) ** 7 / (1 - Fraction(f, 54))
                                       for k, f in ((1, 2), (2 * n, 9), (n * n, 53))), Fraction(0))
        ex2 = exact[label].variance + exact[label].rtp ** 2
        assert ex2 - second[label] == tail2


def test_000_12_22_simulation_within_99_percent_interval() -> None:
    exact = {r.bet: float(r.rtp) for r in game("dream_catcher").exact(V)}
    for s in game("dream_catcher").simulate(V, 2_000_000, 11, None):
        assert s.ci99[0] <= exact[s.bet] <= s.ci99[1], s


def test_000_12_22_vectorised_chain_matches_engine_on_identical_draws() -> None:
    g = build_graph(SHOW, V)
    draws: dict[int, list[int]] = {}

    def record(rounds: Any, values: Any) -> None:
        for r, x in zip(rounds.tolist(), values.tolist(), strict=True):
            draws.setdefault(r, []).append(x)

    n = 20_000
    node, scale = run_chain(ChainTables.of(g), np.random.Generator(np.random.PCG64(3)), n, record)
    bets = [BetRequest(x, 100) for x in V.numbers]
    respun = 0
    for r in range(n):
        state = ENGINE.start(V, bets, "EUR")
        for x in draws[r]:
            state = ENGINE.apply(state, DrawAction("spin", x))
        assert ENGINE.is_finished(state)
        respun += len(draws[r]) > 1
        assert g.nodes[int(node[r])].stage.number == state.stage.number
        assert Fraction(scale[r]) == state.stage.multiplier
        sim = [100 * float(SHOW.returns(V, g.nodes[int(node[r])].stage._replace(
            multiplier=Fraction(scale[r])), b)) for b in V.numbers]
        assert [r_.returned for r_ in ENGINE.settle(state).bets] == sim
    assert respun > 500  # the re-spins were exercised


def test_000_12_22_bet_on_a_segment_the_wheel_does_not_have_is_refused() -> None:
    for code in ("3", "2x", "7x", "bonus"):
        with pytest.raises(UnknownBetCode, match=f"no bet '{code}'"):
            ENGINE.start(V, [BetRequest("5", 100), BetRequest(code, 100)], "EUR")
    with pytest.raises(InvalidSelection):
        ENGINE.start(V, [BetRequest("5", 100, ("x",))], "EUR")


def test_000_12_22_variant_data_is_validated() -> None:
    data: dict[str, Any] = {"title": "t", "source": "s", "segments": [
        {"label": "1", "count": 2, "kind": "number", "value": 1},
        {"label": "2x", "count": 1, "kind": "multiplier", "value": 2}]}
    assert parse_variant(data, "x").wheel.size == 3
    with pytest.raises(VariantError, match="multiplier_cap"):
        parse_variant({**data, "multiplier_cap": 0}, "x")
    with pytest.raises(VariantError, match="factor"):
        parse_variant({**data, "segments": [data["segments"][0], {**data["segments"][1], "value": 0}]}, "x")
    with pytest.raises(VariantError, match="unknown field"):
        parse_variant({**data, "bonus": 1}, "x")


def test_000_12_22_a_capped_multiplier_is_exact_on_a_finite_graph() -> None:
    data: dict[str, Any] = {"title": "t", "source": "s", "multiplier_cap": 14, "segments": [
        {"label": "1", "count": 50, "kind": "number", "value": 1},
        {"label": "2x", "count": 2, "kind": "multiplier", "value": 2},
        {"label": "7x", "count": 2, "kind": "multiplier", "value": 7}]}
    capped = parse_variant(data, "capped")
    uncapped = parse_variant({k: x for k, x in data.items() if k != "multiplier_cap"}, "free")
    rc = game("dream_catcher").exact(capped)[0]
    ru = game("dream_catcher").exact(uncapped)[0]
    assert rc.rtp < ru.rtp and rc.max_return == 1 + 14
    assert ru.rtp == closed_form(uncapped)["1"]
    state = ENGINE.start(capped, [BetRequest("1", 100)], "EUR")
    for x in (50, 52, 52, 0):  # 2x, 7x, 7x: 98x capped at 14x
        state = ENGINE.apply(state, DrawAction("spin", x))
    assert ENGINE.settle(state).bets[0].returned == 100 + 14 * 100


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), stakes=st.lists(st.integers(10, 250000), min_size=6, max_size=6))
def test_000_12_22_every_round_settles_every_bet_and_replays(seed: int, stakes: list[int]) -> None:
    bets = [BetRequest(n, s) for n, s in zip(V.numbers, stakes, strict=True)]
    state, settlement = play(ENGINE, V, bets, "EUR", seeded(seed))
    assert [b.stake for b in settlement.bets] == stakes
    winners = [b for b in settlement.bets if b.returned]
    assert len(winners) == 1 and winners[0].code == state.stage.number
    assert replay(ENGINE, V, state.events) == settlement


def test_000_12_22_par_sheet_bonus_probability_and_mean() -> None:
    from croupier.games.shows.dream_catcher.bonus import bonus_figures

    b = bonus_figures(V)
    assert b.p_bonus == Fraction(2, 54)
    assert b.p_stack[:3] == (Fraction(52, 54), Fraction(52, 54) * Fraction(2, 54), Fraction(52, 54) * Fraction(2, 54) ** 2)
    # closed form: E[M] = 1 + (9/54) E[M]... per the derivation, E[M] = (52/54) / (1 - 9/54)
    assert b.mean_multiplier == Fraction(52, 54) / (1 - Fraction(9, 54)) == Fraction(52, 45)
    # a multiplier round: the first multiplier's mean (2 + 7) / 2 times a fresh E[M]
    assert b.mean_in_bonus == Fraction(9, 2) * Fraction(52, 45)
    text = V.parsheet_markdown()
    assert "P(a round has a multiplier) = 1/27" in text and "26/5" in text
