"""Baccarat rules, clause by clause: points, totals, the third-card rule cell by cell, payouts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import parse
from croupier.games.baccarat.engine import ENGINE
from croupier.games.baccarat.rules import (
    BANKER_DRAWS_ON,
    Coup,
    banker_draws,
    bet_return,
    next_to_draw,
    player_draws,
    point,
    total,
)
from croupier.games.base import BetRequest, DrawAction
from croupier.games.registry import load_variant

# 004 §3.7 as printed: the Player's third card (points) -> the Banker draws if its total is 0..max.
TABLEAU_004 = {2: 4, 3: 4, 4: 5, 5: 5, 6: 6, 7: 6, 8: 2, 9: 3, 0: 3, 1: 3}
# 002 "Baccarat table of play" as printed: Banker total -> Player third cards on which it draws.
TABLEAU_002 = {
    0: set(range(10)), 1: set(range(10)), 2: set(range(10)),
    3: set(range(10)) - {8}, 4: {2, 3, 4, 5, 6, 7}, 5: {4, 5, 6, 7}, 6: {6, 7}, 7: set(),
}


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse(t) for t in text.split())


@pytest.mark.parametrize("rank_text,expected", [
    ("A", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8", 8), ("9", 9),
    ("T", 0), ("J", 0), ("Q", 0), ("K", 0),
])
def test_004_3_3_card_values(rank_text: str, expected: int) -> None:
    for suit in "cdhs":
        assert point(parse(rank_text + suit)) == expected


def test_004_3_4_hand_value_drops_the_tens() -> None:
    assert total(cards("8c 8d")) == 6  # 004 §3.4 example
    assert total(cards("Jc 7d")) == 7  # 004 §3.4 example
    assert total(cards("7c 9d")) == 6  # 000 §12.13 example
    assert total(cards("Kc 9d")) == 9  # 003 §1.2 example
    assert total(cards("6c Td")) == 6  # 002 example


@pytest.mark.parametrize("banker_total", range(8))
@pytest.mark.parametrize("third", range(10))
def test_004_3_7_banker_third_card_cell(banker_total: int, third: int) -> None:
    """Every cell of the tableau, against both printed forms (004 §3.7 and 002)."""
    expected_004 = banker_total <= TABLEAU_004[third]
    expected_002 = third in TABLEAU_002[banker_total]
    assert expected_004 == expected_002  # the two documents agree cell by cell
    assert banker_draws(banker_total, third) is expected_004
    assert (third in BANKER_DRAWS_ON[banker_total]) is expected_004


@pytest.mark.parametrize("banker_total", range(10))
def test_004_3_6_banker_draws_on_0_to_5_when_player_stood(banker_total: int) -> None:
    assert banker_draws(banker_total, None) is (banker_total <= 5)


@pytest.mark.parametrize("player_total", range(8))
def test_004_3_6_player_draws_on_0_to_5(player_total: int) -> None:
    assert player_draws(player_total) is (player_total <= 5)


@pytest.mark.parametrize("banker_total", [8, 9])
def test_004_3_6_banker_natural_never_draws(banker_total: int) -> None:
    assert not any(banker_draws(banker_total, x) for x in [None, *range(10)])


def test_002_deal_order_player_banker_player_banker_then_thirds() -> None:
    assert next_to_draw((), ()) == "player"
    assert next_to_draw(cards("2c"), ()) == "banker"
    assert next_to_draw(cards("2c"), cards("3c")) == "player"
    assert next_to_draw(cards("2c 2d"), cards("3c")) == "banker"
    # Player 4 draws first; then Banker 3 draws on a Player third card of 5
    assert next_to_draw(cards("2c 2d"), cards("Tc 3d")) == "player"
    assert next_to_draw(cards("2c 2d 5h"), cards("Tc 3d")) == "banker"
    # Banker 3 stands on a Player third card of 8 (002 "Any card except 8")
    assert next_to_draw(cards("2c 2d 8h"), cards("Tc 3d")) is None


@pytest.mark.parametrize("p,b", [("4c 4d", "2c Tc"), ("Tc 2d", "9c Tc"), ("9c Td", "8c Kd")])
def test_004_3_6_a_natural_ends_the_deal(p: str, b: str) -> None:
    assert next_to_draw(cards(p), cards(b)) is None


def test_004_3_6_player_stands_on_6_and_banker_6_stands() -> None:
    assert next_to_draw(cards("6c Td"), cards("3c 3d")) is None
    assert next_to_draw(cards("7c Td"), cards("5c Td")) == "banker"


def deal(variant_name: str, bets: list[BetRequest], coup: str, currency: str = "XXX"):
    """Deal the given cards in order through the engine."""
    v = load_variant("baccarat", variant_name)
    state = ENGINE.start(v, bets, currency)
    for c in cards(coup):
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(c)))
    return state, ENGINE.settle(state)


def returned(variant_name: str, code: str, coup: str, stake: int = 100, currency: str = "XXX") -> int:
    _, s = deal(variant_name, [BetRequest(code, stake)], coup, currency)
    return s.bets[0].returned


def test_004_3_9_tie_returns_player_and_banker_bets() -> None:
    # P: 9c Td (9) B: 9d Kc (9) -> dealt P B P B
    assert returned("live_004", "player", "9c 9d Td Kc") == 100
    assert returned("live_004", "banker", "9c 9d Td Kc") == 100
    assert returned("live_004", "tie", "9c 9d Td Kc") == 900  # 8:1
    assert returned("tdc_no_commission_002", "banker", "9c 9d Td Kc") == 100


def test_004_3_8_player_pays_1_to_1_and_tie_loses_on_a_decision() -> None:
    assert returned("live_004", "player", "9c 8d Td Kc") == 200
    assert returned("live_004", "tie", "9c 8d Td Kc") == 0
    assert returned("live_004", "banker", "9c 8d Td Kc") == 0


def test_004_3_8_banker_commission_rounds_down_to_the_minor_unit() -> None:
    coup = "8c 9d Td Kc"  # Banker natural 9 beats 8
    assert returned("live_004", "banker", coup, 100) == 195
    assert returned("live_004", "banker", coup, 5) == 9  # 9.75 rounds down (house's favour)
    assert returned("live_004", "banker", coup, 1) == 1  # 1.95 -> 1
    assert returned("live_004", "banker", coup, 50, "EUR") == 97  # 0.975 EUR -> 0.97 EUR


def test_002_no_commission_banker_win_with_6_pays_1_to_2() -> None:
    # P 5 (2c 3d) draws Tc -> 5; B 6 (Jc 6d) with Player third 0: Banker 6 stands; Banker wins with 6
    assert returned("tdc_no_commission_002", "banker", "2c Jc 3d 6d Th", 100) == 150
    assert returned("tdc_no_commission_002", "banker", "2c Jc 3d 6d Th", 5) == 7  # 7.5 -> 7
    # a Banker win with 7 pays 1:1 in full
    assert returned("tdc_no_commission_002", "banker", "8c 7d Td Kc", 100) == 0  # Player 8 natural
    assert returned("tdc_no_commission_002", "banker", "2c Jc 3d 7d Th", 100) == 200
    # with commission the same 6 pays 0.95:1
    assert returned("tdc_commission_002", "banker", "2c Jc 3d 6d Th", 100) == 195


def test_002_no_commission_three_card_banker_6_also_pays_1_to_2() -> None:
    # P 2c 3d = 5 draws 4h -> 9? choose Player third Th -> 5; Banker 2 (Jc 2d) draws 4s -> 6
    assert returned("tdc_no_commission_002", "banker", "2c Jc 3d 2d Th 4s", 100) == 150


def side(variant_name: str, code: str, player: str, banker: str) -> Fraction:
    v = load_variant("baccarat", variant_name)
    return bet_return(v, code, Coup(cards(player), cards(banker)))


@pytest.mark.parametrize("player,banker,pairs", [
    ("Kc Kd Th", "Qd Qc 9c", (True, True)),     # same ranks
    ("Kc Qh 2c", "Qd Kh 3c", (False, False)),   # K+Q both score 0 but are not a pair
    ("5c 5h", "2d 6d", (True, False)),
    ("5c 4h", "3d 3d", (False, True)),
])
def test_001_9_2_pair_is_same_rank(player: str, banker: str, pairs: tuple[bool, bool]) -> None:
    pp, bp = pairs
    assert side("live_004", "player_pair", player, banker) == (12 if pp else 0)
    assert side("live_004", "banker_pair", player, banker) == (12 if bp else 0)
    assert side("live_004", "either_pair", player, banker) == (6 if pp or bp else 0)  # paid once


def test_004_3_11_perfect_pair_needs_the_same_suit() -> None:
    assert side("live_004", "perfect_pair", "7d 7d", "2c 3c") == 26  # 25:1
    assert side("live_004", "perfect_pair", "7d 7h", "2c 3c") == 0
    assert side("live_004", "perfect_pair", "7d 2c", "2c 2c") == 26  # the Banker's hand counts
    assert side("live_004", "perfect_pair", "7d 7d", "2c 2c") == 26  # both: paid once (001 §9.2)


def test_000_12_13_perfect_pair_with_two_pairs_pays_200_to_1() -> None:
    assert side("punto_banco_000", "perfect_pair", "7d 7d", "2c 2c") == 201
    assert side("punto_banco_000", "perfect_pair", "7d 7d", "2c 3c") == 26


def test_000_12_13_pair_bets_through_the_engine() -> None:
    # P 7d 7d = 4, B 2c 2c = 4; Player draws Th -> 4, Banker 4 stands on a 0: tie
    _, s = deal("punto_banco_000", [BetRequest(c, 10) for c in
                ("player_pair", "banker_pair", "either_pair", "perfect_pair", "tie")],
                "7d 2c 7d 2c Th")
    assert [b.returned for b in s.bets] == [120, 120, 60, 2010, 90]


def test_004_3_11_big_and_small_at_their_boundaries() -> None:
    four = "9c 8d Td Kc"             # naturals: 4 cards
    five = "6c 2d Td 3c Th"          # Player 6 stands, Banker 5 draws: 5 cards
    six = "2c Jc 3d 2d Th 4s"        # both draw: 6 cards
    assert returned("live_004", "small", four) == 250  # 1.5:1
    assert returned("live_004", "big", four) == 0
    s5, _ = deal("live_004", [BetRequest("big", 100)], "6c 2d Td 3c Th")
    assert len(s5.player) + len(s5.banker) == 5
    assert returned("live_004", "big", five) == 154  # 0.54:1
    assert returned("live_004", "small", five) == 0
    assert returned("live_004", "big", six) == 154
    assert returned("live_004", "big", six, 1) == 1  # 1.54 -> 1 (rounded down)


def bonus(player: str, banker: str) -> Fraction:
    v = load_variant("baccarat", "punto_banco_000")
    return bet_return(v, "player_bonus", Coup(cards(player), cards(banker)))


@pytest.mark.parametrize("player,banker,total_return", [
    ("2c 3d 4h", "Tc Jd Kh", 31),   # non-natural 9 vs 0: by 9 -> 30:1
    ("2c 3d 4h", "Ac Jd Kh", 11),   # by 8 -> 10:1
    ("2c 3d 4h", "2c Jd Kh", 7),    # by 7 -> 6:1
    ("2c 3d 4h", "3c Jd Kh", 5),    # by 6 -> 4:1
    ("2c 3d 4h", "4c Jd Kh", 3),    # by 5 -> 2:1
    ("2c 3d 4h", "5c Jd Kh", 2),    # by 4 -> 1:1 (the smallest paying margin)
    ("2c 3d 4h", "6c Jd Kh", 0),    # by 3 loses
    ("2c 3d 4h", "9s Jd Kh", 0),    # a non-natural tie loses
    ("7c Td", "3c Jd", 2),          # a two-card 7 winning by 4 is non-natural: 1:1 by margin
    ("7c Td", "4c Jd", 0),          # ... and by 3 loses
    ("9c Td", "7c Jd", 2),          # natural win pays 1:1
    ("8c Td", "8d Jd", 2),          # natural tie pays 1:1 as written in 000 §12.13
    ("8c Td", "9d Jd", 0),          # natural loss
])
def test_000_12_13_player_bonus_margins(player: str, banker: str, total_return: int) -> None:
    assert bonus(player, banker) == total_return


def test_000_12_13_banker_bonus_is_the_same_table_for_the_banker() -> None:
    v = load_variant("baccarat", "punto_banco_000")
    coup = Coup(cards("Tc Jd Kh"), cards("2c 3d 4h"))
    assert bet_return(v, "banker_bonus", coup) == 31
    assert bet_return(v, "player_bonus", coup) == 0
