"""Deal or No Deal's Top Up round (000 §12.28): after qualifying, before the briefcases open, the
player may spin the Top Up wheel any number of times; each spin costs one bet (a stake added
mid-round) and adds 5 to 50 bets to the top briefcase (the wheel is an ASSUMPTION of the variant,
12.28 ambiguity 4). The exact RTP per unit of total stake through the engine's own settlements,
the closed form, the par-sheet rows, the simulation tied to the engine; bad input refused."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.registry import game, load_variant
from croupier.games.shows.deal_or_no_deal import ENGINE
from croupier.games.shows.deal_or_no_deal import vecsim as sim
from croupier.games.shows.deal_or_no_deal.exact import (
    TOP_UP_ROWS,
    deal_at,
    never_deal,
    prize_law,
    top_up_figures,
    top_up_times,
    topped_up_rtp,
)
from croupier.games.shows.deal_or_no_deal.show import SHOW, DondVariant, parse_variant, values_of
from croupier.games.shows.exact_walk import stake_and_return
from croupier.games.shows.tree import bet_rtp
from croupier.platform.decisions import stakes_of

V = load_variant("deal_or_no_deal", "standard")
GOLD, GREY = 0, V.ring_segments - 1
TOP_UP, OPEN_CASES = Decision("top_up"), Decision("open_cases")
NO_DEAL = Decision("no_deal")

SMALL: dict[str, Any] = {
    "title": "small", "source": "test", "rings": 2, "ring_segments": 3, "ring_gold": 1, "ring_prices": [3],
    "cases": [1, 2, 2, 5, 10], "stages": [2, 2], "offer_factors": ["0.8", "1"],
    "top": [{"label": "t20", "count": 2, "kind": "top", "value": 20},
            {"label": "t50", "count": 1, "kind": "top", "value": 50}],
    "top_up": [{"label": "u5", "count": 2, "kind": "top_up", "value": 5},
               {"label": "u20", "count": 1, "kind": "top_up", "value": 20}],
}


def _pos(wheel: Any, value: int) -> int:
    seg = next(i for i, s in enumerate(wheel.segments) if s.value == value)
    return int(wheel.positions.index(seg))


def top_up_round(v: DondVariant = V, code: str = "spin", stake: int = 900, top: int = 500) -> Any:
    """A round that qualified, its top briefcase drawn: the Top Up round."""
    state = ENGINE.start(v, [BetRequest(code, stake)], "EUR" if v is V else "XXX")
    for k in range(v.rings):
        state = ENGINE.apply(state, DrawAction(f"ring{k + 1}", GOLD))
    return ENGINE.apply(state, DrawAction("top", _pos(v.top, top)))


def spin(state: Any, value: int) -> Any:
    assert state.variant.top_up is not None
    state = ENGINE.apply(state, TOP_UP)
    return ENGINE.apply(state, DrawAction("top_up", _pos(state.variant.top_up, value)))


# -- the rules -----------------------------------------------------------------------------------


def test_000_12_28_top_up_costs_one_bet_per_spin() -> None:
    """Each spin adds one bet to the round's stake (the opening stake / the code's cost): a plain
    spin of 900 adds 900, a bought ring's 2700 (3 bets) adds 900 too; the settlement's stake is
    the total, the platform's view of the stakes (stakes_of) says the same before settlement."""
    for code, stake in (("spin", 900), ("buy_one_ring", 2700), ("buy_two_rings", 8100)):
        state = top_up_round(code=code, stake=stake)
        assert stakes_of(state) == {0: (code, stake)}
        state = spin(spin(state, 5), 50)
        assert stakes_of(state) == {0: (code, stake + 2 * 900)}
        assert [e.data.get("stake_added") for e in state.events if e.type == "decision"] == [900, 900]
        state = ENGINE.apply(state, OPEN_CASES)
        assert stakes_of(state) == {0: (code, stake + 1800)}  # opening the cases adds nothing
        while not ENGINE.is_finished(state):
            req = ENGINE.next_draw(state)
            state = ENGINE.apply(state, NO_DEAL if req is None else DrawAction(req.kind, 0))
        settled = ENGINE.settle(state)
        assert settled.total_stake == stake + 1800 == settled.bets[0].stake


def test_000_12_28_top_up_cost_rounds_up_in_the_house_favour() -> None:
    """Two rings bought at 1000 minor units: a bet is 1000 / 9; the spin costs 112 (rounded up:
    a charge rounds in the house's favour as a return rounds down)."""
    state = spin(top_up_round(code="buy_two_rings", stake=1000), 5)
    assert stakes_of(state) == {0: ("buy_two_rings", 1112)}
    assert state.events[-2].data["stake_added"] == 112


def test_000_12_28_top_up_wheel_adds_5_to_50_bets_to_the_top_briefcase() -> None:
    assert V.top_up is not None
    assert min(s.value for s in V.top_up.segments) == 5 and max(s.value for s in V.top_up.segments) == 50
    state = spin(spin(top_up_round(top=150), 50), 5)
    assert state.stage.top == 205 and state.stage.added == 55 and state.stage.topups == 2
    assert [e.data.get("top") for e in state.events if e.type == "draw" and e.data["kind"] == "top_up"] == \
        ["200", "205"]
    state = ENGINE.apply(state, OPEN_CASES)
    assert max(values_of(V, state.stage)) == 205
    # the player's case turns out to be the topped one: the win is 205 bets of the bet (900)
    while not ENGINE.is_finished(state):
        req = ENGINE.next_draw(state)
        if req is None:
            state = ENGINE.apply(state, NO_DEAL)
        elif req.kind == "reveal":
            vals = values_of(V, state.stage)
            state = ENGINE.apply(state, DrawAction("reveal", vals.index(Fraction(205))))
        else:
            state = ENGINE.apply(state, DrawAction("case", 0))  # the smallest: 205 stays
    assert ENGINE.settle(state).total_returned == 205 * 900
    assert ENGINE.settle(state).total_stake == 3 * 900


def test_000_12_28_top_up_any_number_of_spins_and_an_optional_cap() -> None:
    state = top_up_round()
    for _ in range(30):  # "any number of spins"
        state = spin(state, 5)
    assert state.stage.topups == 30 and TOP_UP in ENGINE.legal_actions(state)
    capped = parse_variant({**SMALL, "top_up_cap": 2}, "capped")
    s = spin(spin(top_up_round(capped, stake=300, top=20), 5), 20)
    # the cap reached: the cases open at once, a further top-up is refused with the reason
    assert ENGINE.next_draw(s) is not None and ENGINE.next_draw(s).kind == "case"  # type: ignore[union-attr]
    s = ENGINE.apply(ENGINE.apply(s, DrawAction("case", 0)), DrawAction("case", 0))
    with pytest.raises(IllegalAction, match="at most 2 spins"):
        ENGINE.apply(s, TOP_UP)


def test_000_12_28_top_up_round_comes_after_qualifying_before_the_cases_open() -> None:
    start = ENGINE.start(V, [BetRequest("spin", 900)], "EUR")
    with pytest.raises(IllegalAction, match="waits for a ring1 draw, not a decision"):
        ENGINE.apply(start, TOP_UP)
    failed = ENGINE.start(V, [BetRequest("spin", 900)], "EUR")
    for k, x in enumerate((GOLD, GREY, GOLD)):
        failed = ENGINE.apply(failed, DrawAction(f"ring{k + 1}", x))
    with pytest.raises(RoundFinished):  # not qualified: the round is settled, nothing to top up
        ENGINE.apply(failed, TOP_UP)
    window = top_up_round()
    assert ENGINE.legal_actions(window) == [OPEN_CASES, TOP_UP]  # the default first
    opened = ENGINE.apply(window, OPEN_CASES)
    for _ in range(3):
        opened = ENGINE.apply(opened, DrawAction("case", 0))
    with pytest.raises(IllegalAction, match="only in the Top Up round, before the briefcases open"):
        ENGINE.apply(opened, TOP_UP)
    assert stakes_of(opened) == {0: ("spin", 900)}  # nothing moved


def test_000_12_28_top_up_no_answer_opens_the_cases() -> None:
    """The timer never buys a spin (it would add a stake): no answer opens the briefcases."""
    assert ENGINE.default_decision(top_up_round()) == OPEN_CASES
    assert ENGINE.default_decision(spin(top_up_round(), 10)) == OPEN_CASES


def test_000_12_28_top_up_refused_when_the_variant_has_no_wheel() -> None:
    plain = parse_variant({k: x for k, x in SMALL.items() if k != "top_up"}, "plain")
    state = ENGINE.start(plain, [BetRequest("spin", 300)], "XXX")
    for k in range(plain.rings):
        state = ENGINE.apply(state, DrawAction(f"ring{k + 1}", GOLD))
    state = ENGINE.apply(state, DrawAction("top", 0))
    assert ENGINE.next_draw(state) is not None  # no Top Up round: the cases open at once
    state = ENGINE.apply(ENGINE.apply(state, DrawAction("case", 0)), DrawAction("case", 0))
    with pytest.raises(IllegalAction, match="has no Top Up wheel"):
        ENGINE.apply(state, TOP_UP)


def test_000_12_28_top_up_wheel_data_is_validated() -> None:
    with pytest.raises(VariantError, match="adds more than nothing"):
        parse_variant({**SMALL, "top_up": [{"label": "u0", "count": 1, "kind": "top_up", "value": 0}]}, "x")
    with pytest.raises(VariantError, match="no top_up wheel"):
        parse_variant({**{k: x for k, x in SMALL.items() if k != "top_up"}, "top_up_cap": 3}, "x")
    with pytest.raises(VariantError, match="top_up_cap"):
        parse_variant({**SMALL, "top_up_cap": 0}, "x")


def test_000_12_28_top_up_round_replays_from_its_events() -> None:
    state = ENGINE.apply(spin(spin(top_up_round(stake=700), 25), 15), OPEN_CASES)
    while not ENGINE.is_finished(state):
        req = ENGINE.next_draw(state)
        state = ENGINE.apply(state, NO_DEAL if req is None else DrawAction(req.kind, req.n - 1))
    assert replay(ENGINE, V, state.events) == ENGINE.settle(state)


# -- the exact figures ---------------------------------------------------------------------------


@pytest.mark.parametrize("k", [0, 1, 2])
def test_000_12_28_top_up_rtp_per_unit_of_total_stake_through_the_engine(k: int) -> None:
    """Every draw of a round through the engine's own settlements (small variant, a 3-segment
    wheel), the player topping up k times then never dealing: E[return] / E[stake] is the closed
    form P (mean + k mu / n) / (c + P k); the graph walker (per unit of the opening stake) and the
    prize law agree on the return."""
    v = parse_variant(dict(SMALL), "small")
    rule = top_up_times(k)
    for code in v.costs:
        stake, ret = stake_and_return(ENGINE, v, [BetRequest(code, 3000)],
                                      lambda st, legal: rule(v, st.stage, legal))
        c, p = v.costs[code], v.p_qualify(code)
        assert stake == 3000 + p * k * Fraction(3000, c)
        assert ret / stake == topped_up_rtp(v, code, k), code
        walker = {b.bet: b.rtp for b in bet_rtp(SHOW, v, rule)}
        assert walker[code] * 3000 == ret, code
    assert prize_law(v, never_deal).mean + k * v.top_up_rtp() == \
        stake_and_return(ENGINE, v, [BetRequest("spin", 3000)], lambda st, legal: rule(v, st.stage, legal))[1] \
        / 3000 / v.p_qualify("spin")


def test_000_12_28_top_up_rows_match_the_engine_and_the_closed_form() -> None:
    """The rows croupier rtp prints: ``top_up`` (a spin's own RTP, mu / 16 never dealing) and
    ``spin_top_up_k``, checked against the closed form on the standard variant and against the
    engine's settlements on the small one (k = 1)."""
    rows = {r.bet: r for r in game("deal_or_no_deal").exact(V)}
    assert rows["top_up"].rtp == Fraction(19, 20)  # 15.2 / 16: the documented calibration
    for k in TOP_UP_ROWS:
        assert rows[f"spin_top_up_{k}"].rtp == topped_up_rtp(V, "spin", k)
        assert Fraction(94, 100) <= rows[f"spin_top_up_{k}"].rtp <= Fraction(97, 100)
    assert rows["spin"].rtp == Fraction(415, 432)  # never topping up: unchanged
    v = parse_variant(dict(SMALL), "small")
    small = {r.bet: r for r in top_up_figures(v)}
    stake, ret = stake_and_return(ENGINE, v, [BetRequest("spin", 3000)],
                                  lambda st, legal: top_up_times(1)(v, st.stage, legal))
    assert small["spin_top_up_1"].rtp == ret / stake
    own = stake_and_return(ENGINE, v, [BetRequest("spin", 3000)],
                           lambda st, legal: top_up_times(1)(v, st.stage, legal))[1] - \
        stake_and_return(ENGINE, v, [BetRequest("spin", 3000)],
                         lambda st, legal: never_deal(v, st.stage, legal))[1]
    assert small["top_up"].rtp == own / (3000 * v.p_qualify("spin"))


def test_000_12_28_top_up_with_a_deal_rule_scales_by_the_offer_factor() -> None:
    """Deal at the first offer: the offer is the factor times the mean of the unopened values,
    so k top-ups are worth factor x k mu / n to the win (linear), through the engine."""
    v = parse_variant(dict(SMALL), "small")
    base = stake_and_return(ENGINE, v, [BetRequest("spin", 3000)],
                            lambda st, legal: deal_at(1)(v, st.stage, legal))[1]
    once = stake_and_return(ENGINE, v, [BetRequest("spin", 3000)],
                            lambda st, legal: top_up_times(1, deal_at(1))(v, st.stage, legal))[1]
    assert (once - base) / 3000 / v.p_qualify("spin") == v.offer_factors[0] * v.top_up_rtp()


# -- the simulation --------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 3])
def test_000_12_28_top_up_simulation_matches_the_engine_on_identical_draws(k: int) -> None:
    rng = np.random.Generator(np.random.PCG64(17))
    s = sim.sample(V, rng, 2000)
    s = s._replace(rings=np.where(np.arange(2000)[:, None] % 2 == 0, 0, s.rings))  # many qualify
    level, win = sim.outcome(V, s, sim.never_deal, False, k)
    rule = top_up_times(k)
    played = 0
    for r in range(0, 2000, 9):
        state = ENGINE.start(V, [BetRequest("spin", 2700)], "EUR")
        for kind, x in sim.engine_draws(V, s, r, k):
            while not ENGINE.is_finished(state) and ENGINE.next_draw(state) is None:
                state = ENGINE.apply(state, rule(V, state.stage, ENGINE.legal_actions(state)))
            if ENGINE.is_finished(state):
                break
            state = ENGINE.apply(state, DrawAction(kind, x))
        assert ENGINE.is_finished(state)
        assert state.stage.level == level[r]
        if state.stage.level == 3:
            played += 1
            assert state.stage.topups == k
            assert float(state.stage.win) == pytest.approx(win[r], rel=1e-12)
            assert ENGINE.settle(state).total_stake == 2700 * (1 + k)
    assert played > 50
