"""Monopoly Live (000 §12.27): every wheel row, the stake handling, Chance (stacked multipliers,
cash prizes), the board walk's rules (properties, GO, taxes only when covered, Jail, doubles), the
exact RTP by two methods (closed form vs the show shape's graph solver), the simulation, replay and
bad input."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import IllegalAction, InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, DrawAction, play, replay
from croupier.games.registry import load_variant
from croupier.games.shows.monopoly import ENGINE, SHOW
from croupier.games.shows.monopoly.exact import exact
from croupier.games.shows.monopoly.show import MonopolyVariant
from croupier.games.shows.tree import bet_rtp
from croupier.games.shows.wheel import Wheel
from croupier.rng import seeded
from tests.shows_helpers import assert_simulation_inside

V: MonopolyVariant = load_variant("monopoly", "standard")

#: 000 §12.27 wheel paytable: segment, count, odds (None: not a number)
ROWS = [("1", 22, 1), ("2", 15, 2), ("5", 7, 5), ("10", 4, 10), ("chance", 2, None),
        ("2_rolls", 3, None), ("4_rolls", 1, None)]


def pos(label: str) -> int:
    return next(p for p in range(V.wheel.size) if V.wheel.at(p).label == label)


def card(kind: str, value: int) -> int:
    i = 0
    for c, w in V.chance_cards:
        if (c.kind, c.value) == (kind, value):
            return i
        i += w
    raise KeyError((kind, value))


def dice(a: int, b: int) -> int:
    return (a - 1) * 6 + (b - 1)


def run(bets: list[BetRequest], draws: list[tuple[str, int]]) -> Any:
    s = ENGINE.start(V, bets, "EUR")
    for kind, value in draws:
        s = ENGINE.apply(s, DrawAction(kind, value))
    return s


@pytest.mark.parametrize(("label", "count", "odds"), ROWS)
def test_000_12_27_wheel_rows(label: str, count: int, odds: int | None) -> None:
    assert V.wheel.segment(label).count == count
    if odds is not None:
        assert V.wheel.segment(label).value == odds


def test_000_12_27_wheel_has_54_segments_and_chance_is_not_a_bet() -> None:
    assert V.wheel.size == 54
    assert "chance" not in V.bet_codes
    with pytest.raises(UnknownBetCode):
        ENGINE.start(V, [BetRequest("chance", 100)], "EUR")


@pytest.mark.parametrize(("label", "odds"), [("1", 1), ("2", 2), ("5", 5), ("10", 10)])
def test_000_12_27_number_pays_odds_and_returns_the_stake(label: str, odds: int) -> None:
    s = run([BetRequest(label, 1000)], [("wheel", pos(label))])
    assert ENGINE.settle(s).bets[0].returned == 1000 + odds * 1000   # 1,000 on 5 -> 6,000


def test_000_12_27_chance_multipliers_stack_example_1() -> None:
    # 100 on 5; Chance x5 (the source's x8 is not a card of this variant), Chance x2, then 5
    s = run([BetRequest("5", 100), BetRequest("2", 100)],
            [("wheel", pos("chance")), ("chance_card", card("multiplier", 5)),
             ("wheel", pos("chance")), ("chance_card", card("multiplier", 2)), ("wheel", pos("5"))])
    out = ENGINE.settle(s).bets
    assert out[0].returned == 100 + 100 * 5 * 2 * 5 and out[1].returned == 0


def test_000_12_27_chance_cash_prize_pays_number_bets_only() -> None:
    s = run([BetRequest("1", 100), BetRequest("10", 200), BetRequest("2_rolls", 100)],
            [("wheel", pos("chance")), ("chance_card", card("cash", 4))])
    assert [b.returned for b in ENGINE.settle(s).bets] == [500, 1000, 0]


def walk(bet: str, moves: list[tuple[str, int]], layout: int = 0) -> Any:
    return run([BetRequest(bet, 100), BetRequest("1", 100)],
               [("wheel", pos(bet)), ("buildings", sum(w for _, w in V.buildings[:layout]))] + moves)


def test_000_12_27_only_the_landed_rolls_bets_play_and_properties_pay() -> None:
    # 2 rolls: 1+2 -> field 3 (3x), 2+4 -> field 9 (5x); the "1" bet loses
    s = walk("2_rolls", [("dice", dice(1, 2)), ("dice", dice(2, 4))])
    assert [b.returned for b in ENGINE.settle(s).bets] == [100 + 100 * (3 + 5), 0]


def test_000_12_27_a_double_gives_an_extra_roll() -> None:
    # 1+1 -> 2 Community Chest (a 1x card), the double's extra roll 1+2 -> 5 (railway 8x), 2+3 -> 10
    s = walk("2_rolls", [("dice", dice(1, 1)), ("board_card", 0), ("dice", dice(1, 2)), ("dice", dice(2, 3))])
    assert ENGINE.settle(s).bets[0].returned == 100 + 100 * (1 + 8)


def test_000_12_27_tax_is_taken_only_when_the_winnings_cover_it() -> None:
    s = walk("2_rolls", [("dice", dice(1, 3)), ("dice", dice(1, 2)), ("board_card", 0)])
    assert ENGINE.settle(s).bets[0].returned == 100 + 100      # Income Tax on 0 not taken; then a 1x card
    s = walk("2_rolls", [("dice", dice(2, 1)), ("dice", dice(4, 5))])
    assert ENGINE.settle(s).bets[0].returned == 100 + 290      # 3x, then a Utility takes 0.1x


def test_000_12_27_super_tax_deducts_a_fifth_of_the_bet_if_covered() -> None:
    from croupier.games.shows.monopoly.show import Walk
    for total, after in ((30, 28), (1, 1)):
        st = SHOW.opening(V)._replace(phase="walk", rolls=2, landed="2_rolls",
                                      walk=Walk(0, 35, 2, 0, False, 1, total, False))
        st = SHOW.advance(V, st, dice(1, 2))            # 38: Super Tax
        assert st.walk is not None and st.walk.total == after


def test_000_12_27_go_to_jail_needs_a_double() -> None:
    v = SHOW
    st = v.opening(V)._replace(phase="walk", rolls=2, landed="2_rolls")
    from croupier.games.shows.monopoly.show import Walk
    st = st._replace(walk=Walk(0, 28, 2, 0, False, 1, 30, False))
    st = v.advance(V, st, dice(1, 1))                   # 30: Go to Jail (a double: its extra roll is the try)
    assert st.walk is not None and st.walk.jail and st.walk.pos == 10
    ended = v.advance(V, st, dice(1, 2))                # no double: the walk ends, winnings kept
    assert v.finished(V, ended) and v.returns(V, ended, "2_rolls") == 1 + 3
    out = v.advance(V, st, dice(2, 2))                  # a double: out to 14 (6x), no extra roll
    assert out.walk is not None and not out.walk.jail and out.walk.total == 30 + 60 and out.walk.rolls == 1


def test_000_12_27_stopping_on_go_doubles_the_fields() -> None:
    from croupier.games.shows.monopoly.show import Walk
    st = SHOW.opening(V)._replace(phase="walk", rolls=4, landed="4_rolls",
                                  walk=Walk(0, 37, 3, 0, False, 1, 0, False))
    st = SHOW.advance(V, st, dice(1, 2))               # 40 = GO
    assert st.walk is not None and st.walk.go == 2
    st = SHOW.advance(V, st, dice(1, 2))               # 3: 3x doubled
    assert st.walk is not None and st.walk.total == 60


def test_000_12_27_third_double_goes_to_jail() -> None:
    from croupier.games.shows.monopoly.show import Walk
    st = SHOW.opening(V)._replace(phase="walk", rolls=2, landed="2_rolls",
                                  walk=Walk(0, 0, 2, 2, False, 1, 0, False))
    st = SHOW.advance(V, st, dice(3, 3))
    assert st.walk is not None and st.walk.jail and st.walk.pos == 10 and st.walk.rolls == 2


# -- exact RTP ---------------------------------------------------------------------------------


def small_variant() -> MonopolyVariant:
    segs = [replace(s, value=Fraction(1)) if s.kind == "rolls" else s for s in V.wheel.segments]
    return replace(V, wheel=Wheel(tuple(segs), V.wheel.positions))


def test_000_12_27_exact_closed_form_equals_the_graph_solver() -> None:
    small = small_variant()
    mine = {r.bet: r for r in exact(small)}
    for r in bet_rtp(SHOW, small):
        assert (r.rtp, r.variance, r.hit_frequency) == (mine[r.bet].rtp, mine[r.bet].variance,
                                                         mine[r.bet].hit_frequency), r.bet


def test_000_12_27_rtp_of_every_bet() -> None:
    for r in exact(V):
        assert Fraction(91, 100) <= r.rtp < 1, (r.bet, float(r.rtp))


def test_000_12_27_simulation_agrees_with_the_exact_rtp() -> None:
    assert_simulation_inside("monopoly", V, rounds=200_000, seed=3)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_000_12_27_every_round_settles_every_bet_and_replays(seed: int) -> None:
    bets = [BetRequest(c, 100) for c in V.bet_codes]
    state, out = play(ENGINE, V, bets, "EUR", seeded(seed))
    assert len(out.bets) == len(bets) and all(b.returned >= 0 for b in out.bets)
    assert replay(ENGINE, V, state.events) == out


def test_000_12_27_bad_bets_are_refused() -> None:
    with pytest.raises(UnknownBetCode):
        ENGINE.start(V, [BetRequest("20", 100)], "EUR")
    with pytest.raises(InvalidSelection):
        ENGINE.start(V, [BetRequest("5", 100, (1,))], "EUR")
    with pytest.raises(IllegalAction):
        ENGINE.apply(ENGINE.start(V, [BetRequest("5", 100)], "EUR"), DrawAction("dice", 3))
