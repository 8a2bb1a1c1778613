"""Roulette rules, clause by clause (000 §12.1, §12.18, §12.52; 001 §8; 004 §1)."""

from __future__ import annotations

import pytest

from croupier.games.base import BetRequest as B
from croupier.games.base import DrawAction
from croupier.games.roulette import ENGINE
from croupier.games.roulette.layout import CALL_BETS, layout_for
from croupier.games.roulette.wheel import BLACK, EUROPEAN_ORDER, RED

from .roulette_helpers import returned, spin, variant

EU = variant("european")


def test_001_8_5_red_set_and_wheel_halves_sum_to_333() -> None:
    assert RED == {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
    assert len(BLACK) == 18 and not RED & BLACK
    # 001 §8.4: the half from 32 to 10 and the half from 5 to 26 each sum to 333
    i10 = EUROPEAN_ORDER.index(10)
    assert sum(EUROPEAN_ORDER[1 : i10 + 1]) == 333
    assert sum(EUROPEAN_ORDER[i10 + 1 :]) == 333


@pytest.mark.parametrize("code,target,net", [
    ("straight", (17,), 35), ("split", (17, 20), 17), ("street", (16, 17, 18), 11),
    ("corner", (17, 18, 20, 21), 8), ("six_line", (13, 14, 15, 16, 17, 18), 5),
    ("column", (2,), 2), ("dozen", (2,), 2), ("black", (), 1), ("odd", (), 1), ("low", (), 1),
])
def test_004_1_12_paytable_on_17(code: str, target: tuple[int, ...], net: int) -> None:
    assert returned(EU, B(code, 100, target), 17) == 100 * (net + 1)


def test_000_12_1_zero_rule_outside_bets_lose_on_zero() -> None:
    for code, target in [("red", ()), ("black", ()), ("odd", ()), ("even", ()), ("low", ()),
                         ("high", ()), ("dozen", (1,)), ("column", (3,))]:
        assert returned(EU, B(code, 100, target), 0) == 0
    assert returned(EU, B("straight", 100, (0,)), 0) == 3600
    assert returned(EU, B("split", 100, (0, 3)), 0) == 1800


def test_001_8_14_trio_and_first_four_include_zero() -> None:
    assert returned(EU, B("trio", 100, (0, 2, 3)), 2) == 1200
    assert returned(EU, B("trio", 100, (0, 1, 2)), 0) == 1200
    assert returned(EU, B("corner", 100, (0, 1, 2, 3)), 3) == 900


def test_000_12_1_la_partage_returns_half_of_even_bets_on_zero() -> None:
    fr = variant("french_la_partage")
    assert returned(fr, B("red", 100, ()), 0) == 50
    assert returned(fr, B("red", 101, ()), 0) == 50  # half of an odd stake rounds down (money rule)
    assert returned(fr, B("dozen", 100, (1,)), 0) == 0  # dozens and columns still lose
    assert returned(fr, B("red", 100, ()), 1) == 200


def test_001_8_13_4_en_prison_even_money_bets_stay_for_the_next_spin() -> None:
    ep = variant("european_en_prison")
    red = B("red", 100, ())
    _, first = spin(ep, [red], 0)
    assert first.bets[0].outcome == "carried" and first.bets[0].returned == 0
    assert first.carried == (red,)
    # next spin: a win returns the stake only; a loss or a second zero loses it (ASSUMPTION)
    assert spin(ep, [], 1, carried=first.carried)[1].bets[0].returned == 100
    assert spin(ep, [], 2, carried=first.carried)[1].bets[0].returned == 0
    assert spin(ep, [], 0, carried=first.carried)[1].bets[0].returned == 0
    # the carried stake is not staked again
    assert spin(ep, [], 1, carried=first.carried)[1].bets[0].stake == 100


def test_000_12_1_american_five_number_pays_6_to_1_and_00_is_a_zero() -> None:
    am = variant("american")
    five = B("five_number", 100, (0, "00", 1, 2, 3))
    assert returned(am, five, "00") == 700
    assert returned(am, five, 4) == 0
    assert returned(am, B("straight", 100, ("00",)), "00") == 3600
    assert returned(am, B("red", 100, ()), "00") == 0
    assert returned(am, B("split", 100, (0, "00")), "00") == 1800


def test_000_12_18_electronic_roulette_has_no_column_bet() -> None:
    from croupier.errors import UnknownBetCode

    el = variant("electronic")
    with pytest.raises(UnknownBetCode, match="column"):
        ENGINE.start(el, [B("column", 100, (1,))], "EUR")
    assert returned(el, B("dozen", 100, (3,)), 36) == 300  # "multiplied by 3 times" = x3


@pytest.mark.parametrize("call", sorted(CALL_BETS))
def test_004_1_13_call_bets_are_fixed_chip_packages(call: str) -> None:
    pos = layout_for(EU).resolve(call, ())
    chips = {"voisins": 9, "tiers": 6, "orphelins": 5, "jeu_zero": 4}[call]
    assert len(pos.chips) == chips
    # 004 §1.13 derived returns for one unit per chip (stake included)
    table = {
        "voisins": {0: 24, 2: 24, 3: 24, 25: 18, 29: 18, 4: 18, 35: 18, 17: 0},
        "tiers": {27: 18, 33: 18, 8: 18, 0: 0},
        "orphelins": {1: 36, 17: 36, 6: 18, 34: 18, 0: 0},
        "jeu_zero": {26: 36, 0: 18, 15: 18, 32: 18, 4: 0},
    }[call]
    for pocket, units in table.items():
        assert returned(EU, B(call, 10 * chips, ()), pocket) == 10 * units


def test_001_8_15_neighbours_cover_the_number_and_n_each_side_on_the_wheel() -> None:
    pos = layout_for(EU).resolve("neighbours", (0, 2))
    assert sorted(next(iter(c.cover)) for c in pos.chips) == sorted([3, 26, 0, 32, 15])
    assert returned(EU, B("neighbours", 500, (0, 2)), 15) == 100 * 36
    assert returned(EU, B("neighbours", 500, (0, 2)), 19) == 0


def test_000_12_1_double_ball_inside_bets_win_per_ball_and_pay_twice_on_a_double() -> None:
    db = variant("double_ball")
    s = B("straight", 100, (17,))
    assert returned(db, s, 17, 5) == 1800
    assert returned(db, s, 5, 17) == 1800
    assert returned(db, s, 17, 17) == 100 + 2 * 1700  # stake once, net twice (ASSUMPTION)
    assert returned(db, B("corner", 100, (1, 2, 4, 5)), 1, 5) == 100 + 2 * 350


def test_000_12_1_double_ball_outside_bets_need_both_balls() -> None:
    db = variant("double_ball")
    assert returned(db, B("red", 100, ()), 1, 3) == 400
    assert returned(db, B("red", 100, ()), 1, 2) == 0
    assert returned(db, B("red", 100, ()), 1, 0) == 0
    assert returned(db, B("red_black", 100, ()), 1, 2) == 200
    assert returned(db, B("red_black", 100, ()), 1, 3) == 0
    assert returned(db, B("double_any", 100, ()), 9, 9) == 3600
    assert returned(db, B("double_number", 100, (9,)), 9, 9) == 130_100
    assert returned(db, B("double_number", 100, (9,)), 8, 8) == 0


def test_000_12_1_lightning_lucky_straight_pays_the_drawn_odds() -> None:
    lt = variant("lightning")
    state = ENGINE.start(lt, [B("straight", 100, (17,)), B("straight", 100, (5,))], "EUR")
    state = ENGINE.apply(state, DrawAction("lucky_count", 0))  # one lucky number
    state = ENGINE.apply(state, DrawAction("lucky_number", 17))  # pocket 17
    state = ENGINE.apply(state, DrawAction("lucky_odds", 50 + 25 + 12))  # 4th odds: 199:1
    ball17 = ENGINE.apply(state, DrawAction("ball", 17))
    assert ENGINE.settle(ball17).bets[0].returned == 20_000
    ball5 = ENGINE.apply(state, DrawAction("ball", 5))
    assert ENGINE.settle(ball5).bets[1].returned == 3000  # non-lucky straight: 29:1 (ASSUMPTION)


def test_000_12_52_one_bet_under_thresholds_count_zero_as_under() -> None:
    ob = variant("one_bet")
    assert returned(ob, B("under_9_5", 100, ()), 0) == 360
    assert returned(ob, B("under_9_5", 100, ()), 9) == 360
    assert returned(ob, B("over_9_5", 100, ()), 10) == 133
    assert returned(ob, B("over_27_5", 100, ()), 27) == 0
    assert returned(ob, B("even", 100, ()), 0) == 0  # ASSUMPTION: 0 loses even


def test_004_1_8_settlement_totals_add_up() -> None:
    bets = [B("straight", 100, (17,)), B("red", 200, ()), B("voisins", 90, ())]
    _, st = spin(EU, bets, 17)
    assert st.total_stake == 390
    assert st.total_returned == sum(b.returned for b in st.bets) == 3600 + 0 + 0
