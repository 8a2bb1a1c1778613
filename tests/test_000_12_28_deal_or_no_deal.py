"""Deal or No Deal Live (000 §12.28): the vault of 3 rings (a spin costs the bet, one ring bought
3 bets, two rings 9), 16 briefcases with a top one of 75-500 times the bet, cases opened 3, 4, 4, 3
with the banker's offer after each stage, Deal / No Deal and Switch at the last offer, no answer
= No Deal. The exact RTP for a decision rule (the prize law) cross-checked by the closed form of
"never deal" (the mean of the 16 values), by the shape's graph walker and by enumerating every
draw through the engine on a small variant, and by simulation; the simulation tied to the engine
on identical draws; bad input refused with nothing moved."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.registry import game, load_variant
from croupier.games.shows.deal_or_no_deal import ENGINE, closed_form_never_deal
from croupier.games.shows.deal_or_no_deal import vecsim as sim
from croupier.games.shows.deal_or_no_deal.exact import (
    bet_figures,
    deal_at,
    never_deal,
    prize_law,
    switch_always,
    threshold,
)
from croupier.games.shows.deal_or_no_deal.show import (
    SHOW,
    DondVariant,
    Stage,
    parse_variant,
    values_of,
)
from croupier.games.shows.tree import bet_rtp
from croupier.money import apply_ratio

from .shows_helpers import assert_simulation_inside

V = load_variant("deal_or_no_deal", "standard")
GOLD, GREY = 0, V.ring_segments - 1
DEAL, NO_DEAL, SWITCH = Decision("deal"), Decision("no_deal"), Decision("switch")
TOP_UP, OPEN_CASES = Decision("top_up"), Decision("open_cases")


def top_pos(v: DondVariant, value: int) -> int:
    seg = next(i for i, s in enumerate(v.top.segments) if s.value == value)
    return v.top.positions.index(seg)


def qualified(code: str = "spin", stake: int = 900, top: int = 500, rings: tuple[int, ...] = (GOLD,) * 3,
              top_ups: tuple[int, ...] = (), open_cases: bool = True) -> Any:
    """A round through the vault and the top draw, then the Top Up round: a spin landing on each
    of ``top_ups`` (bets added), then the cases opened (unless ``open_cases`` is False)."""
    state = ENGINE.start(V, [BetRequest(code, stake)], "EUR")
    for k, x in enumerate(rings):
        state = ENGINE.apply(state, DrawAction(f"ring{k + 1}", x))
    if ENGINE.is_finished(state):
        return state
    state = ENGINE.apply(state, DrawAction("top", top_pos(V, top)))
    for x in top_ups:
        state = ENGINE.apply(state, TOP_UP)
        state = ENGINE.apply(state, DrawAction("top_up", up_pos(V, x)))
    return ENGINE.apply(state, OPEN_CASES) if open_cases else state


def up_pos(v: DondVariant, value: int) -> int:
    assert v.top_up is not None
    seg = next(i for i, s in enumerate(v.top_up.segments) if s.value == value)
    return v.top_up.positions.index(seg)


def open_value(state: Any, value: Fraction | int) -> Any:
    vals = values_of(V, state.stage)
    return ENGINE.apply(state, DrawAction("case", vals.index(Fraction(value))))


def open_smallest(state: Any, k: int) -> Any:
    for _ in range(k):
        state = ENGINE.apply(state, DrawAction("case", 0))
    return state


# -- the vault (qualification) -------------------------------------------------------------------


def test_000_12_28_vault_of_three_rings_a_spin_costs_the_bet() -> None:
    assert V.rings == 3 and V.costs["spin"] == 1
    assert ENGINE.next_draw(ENGINE.start(V, [BetRequest("spin", 100)], "EUR")).kind == "ring1"


def test_000_12_28_buying_one_ring_costs_3x_two_rings_9x() -> None:
    assert (V.costs["buy_one_ring"], V.costs["buy_two_rings"]) == (3, 9)
    # a bought ring is lined up: ring 1 grey still qualifies with one ring bought, not a spin
    assert not ENGINE.is_finished(qualified("buy_one_ring", rings=(GREY, GOLD, GOLD)))
    assert ENGINE.is_finished(qualified("spin", rings=(GREY, GOLD, GOLD)))
    assert not ENGINE.is_finished(qualified("buy_two_rings", rings=(GREY, GREY, GOLD)))
    assert ENGINE.is_finished(qualified("buy_one_ring", rings=(GOLD, GREY, GOLD)))


@pytest.mark.parametrize("rings", [(GREY, GOLD, GOLD), (GOLD, GREY, GOLD), (GOLD, GOLD, GREY)])
def test_000_12_28_qualifies_only_when_three_gold_segments_line_up(rings: tuple[int, ...]) -> None:
    state = qualified("spin", stake=500, rings=rings)
    assert ENGINE.is_finished(state)
    s = ENGINE.settle(state)
    assert (s.total_stake, s.total_returned) == (500, 0)
    assert state.events[-2].data == {"rings": [x == GOLD for x in rings], "qualified": False}


def test_000_12_28_failed_spin_carries_the_player_to_the_next_qualifying_round() -> None:
    """A failed spin loses its stake only; the next round is a fresh spin (nothing carried)."""
    lost = qualified("spin", stake=500, rings=(GREY, GREY, GREY))
    assert ENGINE.settle(lost).total_returned == 0
    with pytest.raises(InvalidBet, match="carries no bet"):
        ENGINE.start(V, [BetRequest("spin", 500)], "EUR", carried=[BetRequest("spin", 500)])


def test_000_12_28_qualification_probabilities_and_the_cost_of_a_qualification() -> None:
    assert [V.p_qualify(c) for c in V.costs] == [Fraction(1, 27), Fraction(1, 9), Fraction(1, 3)]
    # the expected cost of a qualification is the same whichever way (27 bets): ASSUMPTION
    assert {V.costs[c] / V.p_qualify(c) for c in V.costs} == {27}


# -- the briefcases --------------------------------------------------------------------------------


def test_000_12_28_sixteen_briefcases_the_top_one_75_to_500_times_the_bet() -> None:
    assert len(V.cases) + 1 == 16
    tops = [s.value for s in V.top.segments]
    assert min(tops) == 75 and max(tops) == 500
    assert all(t > max(V.cases) for t in tops)
    state = qualified(stake=100, top=250)
    assert sorted(values_of(V, state.stage)) == sorted([*V.cases, Fraction(250)])


def test_000_12_28_the_bet_sets_the_size_of_the_briefcase_contents() -> None:
    def win(stake: int, code: str) -> int:
        state = qualified(code, stake=stake, top=500, rings=(GOLD,) * 3)
        state = open_smallest(state, 3)
        state = ENGINE.apply(state, DEAL)
        return ENGINE.settle(state).total_returned

    # the offer has denominator 20 x 13: stakes of 2600 keep it whole (no rounding)
    assert win(5200, "spin") == 2 * win(2600, "spin")
    # one ring bought: the stake is 3 bets, the cases are in bets of stake / 3
    assert win(3 * 2600, "buy_one_ring") == win(2600, "spin")
    assert win(9 * 2600, "buy_two_rings") == win(2600, "spin")


# -- the main game -------------------------------------------------------------------------------


def test_000_12_28_stages_open_3_4_4_3_with_an_offer_after_each() -> None:
    assert V.stages == (3, 4, 4, 3)
    state = qualified()
    counts = []
    for _ in V.stages:
        n = 0
        while ENGINE.next_draw(state) is not None:
            state = ENGINE.apply(state, DrawAction("case", 0))
            n += 1
        counts.append(n)
        assert ENGINE.legal_actions(state)[:2] == [DEAL, NO_DEAL]
        if len(counts) < 4:
            state = ENGINE.apply(state, NO_DEAL)
    assert counts == [3, 4, 4, 3]
    assert len(values_of(V, state.stage)) == 2  # the player's case and one other


def test_000_12_28_offer_is_a_factor_of_the_mean_of_the_unopened_values() -> None:
    """ASSUMPTION (12.28 ambiguities 2, 6): offer = factor[stage] x mean of what is unopened."""
    state = open_smallest(qualified(top=400), 3)
    rest = values_of(V, state.stage)
    assert state.stage.offer == Fraction(17, 20) * sum(rest, Fraction(0)) / 13
    assert V.offer_factors == (Fraction(17, 20), Fraction(9, 10), Fraction(19, 20), Fraction(1))


def test_000_12_28_deal_credits_the_offer_and_ends_the_round() -> None:
    state = open_smallest(qualified(stake=1000, top=400), 3)
    offer = state.stage.offer
    done = ENGINE.apply(state, DEAL)
    assert ENGINE.is_finished(done)
    assert ENGINE.settle(done).total_returned == apply_ratio(1000, offer) > 0
    assert done.events[-2].data["answers"] == ["deal"]


def _to_last_offer(top: int = 500, stake: int = 100) -> Any:
    state = qualified(stake=stake, top=top)
    for k, n in enumerate(V.stages):
        state = open_smallest(state, n)
        if k < 3:
            state = ENGINE.apply(state, NO_DEAL)
    return state


def test_000_12_28_last_offer_deal_switch_or_no_deal() -> None:
    state = _to_last_offer()
    assert ENGINE.legal_actions(state) == [DEAL, NO_DEAL, SWITCH]
    a, b = values_of(V, state.stage)  # the two left: 70 and the top 500
    assert (a, b) == (Fraction(70), Fraction(500))
    assert state.stage.offer == (a + b) / 2
    deal = ENGINE.settle(ENGINE.apply(state, DEAL)).total_returned
    assert deal == apply_ratio(100, (a + b) / 2)
    for answer, reveal, wins in [(NO_DEAL, 0, a), (NO_DEAL, 1, b), (SWITCH, 0, b), (SWITCH, 1, a)]:
        s = ENGINE.apply(ENGINE.apply(state, answer), DrawAction("reveal", reveal))
        assert ENGINE.settle(s).total_returned == apply_ratio(100, wins), (answer, reveal)


def test_000_12_28_switch_only_at_the_last_offer() -> None:
    state = open_smallest(qualified(), 3)
    assert SWITCH not in ENGINE.legal_actions(state)
    with pytest.raises(IllegalAction, match="not allowed now"):
        ENGINE.apply(state, SWITCH)


def test_000_12_28_no_answer_is_no_deal() -> None:
    state = open_smallest(qualified(), 3)
    assert ENGINE.default_decision(state) == NO_DEAL
    assert ENGINE.default_decision(_to_last_offer()) == NO_DEAL
    assert ENGINE.default_decision(qualified()) is None  # no offer pending: nothing to default


def test_000_12_28_round_replays_from_its_events() -> None:
    state = ENGINE.apply(ENGINE.apply(_to_last_offer(stake=700), SWITCH), DrawAction("reveal", 1))
    assert replay(ENGINE, V, state.events) == ENGINE.settle(state)


# -- bad input -------------------------------------------------------------------------------------


def test_000_12_28_decision_when_none_is_due_is_refused() -> None:
    start = ENGINE.start(V, [BetRequest("spin", 100)], "EUR")
    with pytest.raises(IllegalAction, match="waits for a ring1 draw, not a decision"):
        ENGINE.apply(start, NO_DEAL)
    mid = open_smallest(qualified(), 1)
    with pytest.raises(IllegalAction, match="waits for a case draw, not a decision"):
        ENGINE.apply(mid, DEAL)
    with pytest.raises(IllegalAction, match="waits for a player's decision, not a draw"):
        ENGINE.apply(open_smallest(qualified(), 3), DrawAction("case", 0))


def test_000_12_28_unknown_decision_is_refused_and_nothing_moves() -> None:
    state = open_smallest(qualified(), 3)
    with pytest.raises(IllegalAction, match=r"take_half \{\} is not allowed now; allowed: deal .*no_deal"):
        ENGINE.apply(state, Decision("take_half"))
    assert ENGINE.legal_actions(state) == [DEAL, NO_DEAL] and not ENGINE.is_finished(state)


def test_000_12_28_second_decision_is_refused() -> None:
    state = open_smallest(qualified(), 3)
    went_on = ENGINE.apply(state, NO_DEAL)
    with pytest.raises(IllegalAction, match="waits for a case draw, not a decision"):
        ENGINE.apply(went_on, DEAL)
    dealt = ENGINE.apply(state, DEAL)
    with pytest.raises(RoundFinished):
        ENGINE.apply(dealt, NO_DEAL)
    assert ENGINE.settle(dealt).total_returned == apply_ratio(900, state.stage.offer)


def test_000_12_28_one_qualifying_spin_a_round_and_bad_bets() -> None:
    with pytest.raises(InvalidBet, match="one qualifying spin"):
        ENGINE.start(V, [BetRequest("spin", 100), BetRequest("buy_one_ring", 300)], "EUR")
    with pytest.raises(UnknownBetCode, match="no bet 'top_up'"):
        ENGINE.start(V, [BetRequest("top_up", 100)], "EUR")
    with pytest.raises(InvalidSelection, match="takes no target"):
        ENGINE.start(V, [BetRequest("spin", 100, (3,))], "EUR")


def test_000_12_28_variant_data_is_validated() -> None:
    import tomllib
    from importlib import resources

    raw = tomllib.loads(resources.files("croupier.variants").joinpath("deal_or_no_deal/standard.toml").read_text())
    with pytest.raises(VariantError, match="stages open 13 cases"):
        parse_variant({**raw, "stages": [3, 4, 3, 3]}, "bad")
    with pytest.raises(VariantError, match="one factor per stage"):
        parse_variant({**raw, "offer_factors": ["0.9"]}, "bad")
    with pytest.raises(VariantError, match=r"in \(0, 1\]"):
        parse_variant({**raw, "offer_factors": ["0.9", "1", "1", "1.1"]}, "bad")
    with pytest.raises(VariantError, match="holds more than every other"):
        parse_variant({**raw, "cases": [*raw["cases"][:-1], 80]}, "bad")


# -- the maths -------------------------------------------------------------------------------------


def test_000_12_28_exact_rtp_never_deal_equals_the_mean_prize_closed_form() -> None:
    figs = {b.bet: b for b in game("deal_or_no_deal").exact(V)}
    closed = closed_form_never_deal(V)
    assert V.mean_prize() == Fraction(415, 16)
    for code in V.costs:
        assert figs[code].rtp == closed[code] == Fraction(415, 432)  # 96.0648%
    assert Fraction(94, 100) <= figs["spin"].rtp <= Fraction(97, 100)
    assert figs["spin"].hit_frequency == Fraction(1, 27) * Fraction(3, 4)  # a win above the bet
    assert figs["spin"].max_return == 500


def test_000_12_28_rtp_depends_on_the_decisions_never_deal_is_best() -> None:
    base = prize_law(V, never_deal).mean
    # the mean of what is unopened is a martingale: dealing at stage k returns factor[k] x mean
    for k, f in enumerate(V.offer_factors):
        assert prize_law(V, deal_at(k + 1)).mean == f * base
    assert prize_law(V, switch_always).mean == base
    mid = prize_law(V, threshold(Fraction(40))).mean
    assert Fraction(17, 20) * base < mid < base


SMALL = {
    "title": "small", "source": "test", "rings": 2, "ring_segments": 3, "ring_gold": 1, "ring_prices": [3],
    "cases": [1, 2, 2, 5, 10], "stages": [2, 2], "offer_factors": ["0.8", "1"],
    "top": [{"label": "t20", "count": 2, "kind": "top", "value": 20},
            {"label": "t50", "count": 1, "kind": "top", "value": 50}],
}


def _engine_rtp(v: DondVariant, code: str, rule: Any) -> Fraction:
    """Every draw of a round enumerated through the engine (weight 1/n each), the rule answering."""
    total = Fraction(0)
    stack: list[tuple[Any, Fraction]] = [(ENGINE.start(v, [BetRequest(code, 3000)], "XXX"), Fraction(1))]
    while stack:
        state, p = stack.pop()
        if ENGINE.is_finished(state):
            total += p * Fraction(ENGINE.settle(state).total_returned, 3000)
            continue
        req = ENGINE.next_draw(state)
        if req is None:
            stack.append((ENGINE.apply(state, rule(v, state.stage, ENGINE.legal_actions(state))), p))
            continue
        stack.extend((ENGINE.apply(state, DrawAction(req.kind, x)), p / req.n) for x in range(req.n))
    return total


@pytest.mark.parametrize("rule", [never_deal, threshold(Fraction(8)), deal_at(1), switch_always])
def test_000_12_28_prize_law_agrees_with_the_engine_and_the_graph_walker(rule: Any) -> None:
    """Three methods on a small variant (6 cases, 2 rings): the prize law, the shape's graph
    walker over the whole round (every bet through ``pays``), and every draw through the engine's
    settlement (stakes of 3000 divide every return: no rounding)."""
    v = parse_variant(dict(SMALL), "small")
    law = {b.bet: b for b in bet_figures(v, prize_law(v, rule))}
    walker = {b.bet: b for b in bet_rtp(SHOW, v, rule)}
    for code in v.costs:
        assert law[code].rtp == walker[code].rtp == _engine_rtp(v, code, rule), code
        assert law[code].variance == walker[code].variance, code


def test_000_12_28_simulation_inside_99_percent() -> None:
    assert_simulation_inside("deal_or_no_deal", V, rounds=400_000, seed=5)
    exact = prize_law(V, threshold(Fraction(40))).mean * Fraction(1, 27)
    [s, *_] = sim.simulate(V, 400_000, 9, None, rule=sim.threshold(40.0))
    assert s.ci99[0] <= float(exact) <= s.ci99[1]


@pytest.mark.parametrize(("vec", "rule", "switch"), [
    (sim.never_deal, never_deal, False), (sim.threshold(30.0), threshold(Fraction(30)), False),
    (sim.never_deal, switch_always, True)])
def test_000_12_28_simulation_matches_the_engine_on_identical_draws(vec: Any, rule: Any, switch: bool) -> None:
    rng = np.random.Generator(np.random.PCG64(11))
    s = sim.sample(V, rng, 3000)
    s = s._replace(rings=np.where(np.arange(3000)[:, None] % 2 == 0, 0, s.rings))  # many qualify
    level, win = sim.outcome(V, s, vec, switch)
    played = 0
    for r in range(0, 3000, 7):
        state = ENGINE.start(V, [BetRequest("spin", 2700)], "EUR")
        for kind, x in sim.engine_draws(V, s, r):
            while not ENGINE.is_finished(state) and ENGINE.next_draw(state) is None:
                state = ENGINE.apply(state, rule(V, state.stage, ENGINE.legal_actions(state)))
            if ENGINE.is_finished(state):
                break
            state = ENGINE.apply(state, DrawAction(kind, x))
        assert ENGINE.is_finished(state)
        st: Stage = state.stage
        assert st.level == level[r]
        if st.level == 3:
            played += 1
            assert float(st.win) == pytest.approx(win[r], rel=1e-12)
    assert played > 100


def test_000_12_28_every_round_settles_and_replays() -> None:
    from croupier.games.base import play
    from croupier.rng import seeded

    spec = game("deal_or_no_deal")

    def decide(state: Any, legal: list[Decision], k: int) -> Decision:
        if TOP_UP in legal:  # top up k % 3 times
            return TOP_UP if state.stage.topups < k % 3 else OPEN_CASES
        return legal[k % len(legal)]

    for seed, code in itertools.product(range(30), ("spin", "buy_two_rings")):
        state, settlement = play(spec.engine, V, [BetRequest(code, 900)], "EUR", seeded(seed),
                                 decide=lambda st, legal, k=seed: decide(st, legal, k))
        bet = 900 // V.costs[code]
        assert settlement.total_stake == 900 + bet * state.stage.topups and settlement.total_returned >= 0
        assert replay(spec.engine, V, state.events) == settlement
