"""Issue 13 point 4: every hand class a paytable can be asked about is paid by exactly one row
(its own, or its category's when the table has no row for the sub-category) or loses because it
ranks below the table's lowest row, as every table of the rules states.

The hand classes come from each game's own classifier: the three-card classifiers over all
C(52, 3) hands, the five-card ones over the categories their evaluator names (``hand_name``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from math import comb

import pytest

from croupier.cards.poker import (
    CATEGORIES,
    PARENT_CATEGORY,
    ROYAL,
    THREE_CARD_ORDERS,
    combinations,
    paytable_row,
    three_card_name,
    three_card_value,
)
from croupier.games.dealer_poker import (
    THREE_CARD,
    TRIPLE_EDGE,
    rummy,
    side_bet_city,
    stud,
    three_card,
)
from croupier.games.registry import game, load_variant, parse_unchecked, variant_names

from .poker_helpers import deal, returned, rtp_of

#: five-card categories as ``hand_name`` names them out of a 52-card deck
FIVE = (*CATEGORIES[:9], ROYAL)
#: five-card ranks; the games' own splits sit between two categories
FIVE_RANK = {name: float(i) for i, name in enumerate(CATEGORIES)} | {
    ROYAL: 8.5, "pair_of_aces": 1.5, "pair_jacks_or_better": 1.5, "pair_or_less": 1.0,
}


def _three_rank(order: str) -> dict[str, float]:
    return {**{k: float(v) for k, v in THREE_CARD_ORDERS[order].items()},
            "mini_royal": THREE_CARD_ORDERS[order]["straight_flush"] + 0.5,
            ROYAL: THREE_CARD_ORDERS[order]["straight_flush"] + 0.5}


#: Three Card Rummy ranks by points (fewer is better); a suited A-2-3 is the best hand
RUMMY_RANK = {"suited_a23": 100.0, "points_0": 0.0, "points_1_5": -1.0, "points_6_10": -6.0,
              "points_11_12": -11.0, "points_6_19": -6.0, "points_20_30": -20.0}


@cache
def _all_threes() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(c) for c in h) for h in combinations(range(8, 60), 3))


def _classes(fn: Callable[[tuple[int, ...]], str | None]) -> frozenset[str | None]:
    return frozenset(fn(h) for h in _all_threes())


def _universe(game: str, table: str, variant: object) -> tuple[Iterable[str | None], Mapping[str, float],
                                                               Mapping[str, str]]:
    """The classes the game's classifier gives the table, their ranks, and the sub-categories."""
    if game in ("three_card_poker", "triple_edge_poker"):
        order = str(variant.option("order"))  # type: ignore[attr-defined]
        if table == "pair_plus":
            return _classes(lambda h: three_card.pp_class(h, order)), _three_rank(order), PARENT_CATEGORY
        if table == "ante_bonus":
            return (_classes(lambda h: three_card_name(three_card_value(h, order), order)),
                    _three_rank(order), PARENT_CATEGORY)
        return FIVE, FIVE_RANK, PARENT_CATEGORY
    if game == "side_bet_city":
        if table == "three_card":
            return _classes(side_bet_city.three_hand), _three_rank("poker"), PARENT_CATEGORY
        if table == "five_card":
            return (*FIVE, "pair_jacks_or_better"), FIVE_RANK, PARENT_CATEGORY
        return FIVE, FIVE_RANK, PARENT_CATEGORY
    if game == "casino_holdem":
        return ((*FIVE, "pair_of_aces") if table == "bonus" else FIVE), FIVE_RANK, PARENT_CATEGORY
    if game == "three_card_rummy":
        if table == "bonus":
            return _classes(rummy.bonus_hand), RUMMY_RANK, rummy.BONUS_PARENTS
        return rummy.RAISE_HANDS, RUMMY_RANK, {}
    if game in ("texas_holdem", "russian_poker"):
        return FIVE, FIVE_RANK, PARENT_CATEGORY
    # the stud games (12.3-12.6, 12.10): the classes of the evaluator, five of a kind with a joker
    jokers = game == "poker_with_joker" and bool(variant.option("jokers"))  # type: ignore[attr-defined]
    values = [(c << 20 | 13 << 16) for c in range(10 if jokers else 9)] + [8 << 20 | 14 << 16]
    names = {stud.CLASS_NAMES[stud.class_of(2 * v + 1)] for v in values}
    if table == "raise":
        return {stud.raise_hand(2 * v + 1) for v in values}, FIVE_RANK, PARENT_CATEGORY
    return names, FIVE_RANK, PARENT_CATEGORY


#: tables that are not paid by a hand class (Jokerbet's odds, Side Bet City's "all lose", the
#: Russian Poker Bet's anticipated multiples)
NOT_HAND_TABLES = {("jokerbet", "odds"), ("side_bet_city", "all_lose"), ("russian_poker", "bet")}


def _paytables() -> list[tuple[str, str, str]]:
    out = []
    for g in ("three_card_poker", "triple_edge_poker", "side_bet_city", "casino_holdem",
              "texas_holdem", "russian_poker", "three_card_rummy", "caribbean_stud",
              "five_card_poker", "five_card_poker_exchange", "six_card_poker", "poker_with_joker"):
        for v in variant_names(g):
            for t in load_variant(g, v).paytables:  # type: ignore[attr-defined]
                if (g, t) not in NOT_HAND_TABLES:
                    out.append((g, v, t))
    return out


@pytest.mark.parametrize(("game_name", "variant_name", "table"), _paytables())
def test_issue_13_4_every_hand_class_is_paid_by_one_row_or_ranks_below_the_table(
        game_name: str, variant_name: str, table: str) -> None:
    variant = load_variant(game_name, variant_name)
    rows = variant.paytables[table]  # type: ignore[attr-defined]
    classes, rank, parents = _universe(game_name, table, variant)
    lowest = min(rank[r] for r in rows)
    for cls in classes:
        row = None if cls is None else paytable_row(rows, cls, parents)
        if row is None:  # a loss: the table states it only for hands below its lowest row
            assert cls is None or rank[cls] < lowest, f"{game_name}/{variant_name} {table}: {cls} pays nothing"
        else:
            owner = cls
            while owner not in rows:
                owner = parents[owner]
            assert rows[owner] is row
            assert rank[owner] <= rank[cls]  # a sub-category is paid by its own category


def test_issue_13_4_the_paytable_check_catches_a_sub_category_without_a_row() -> None:
    """The check above, on Triple Edge's Pair Plus without the category fallback: the mini
    royal (a straight flush by 001 §9.5's own definition) would pay nothing."""
    rows = load_variant("triple_edge_poker", "beton").paytables["pair_plus"]  # type: ignore[attr-defined]
    assert "mini_royal" in _classes(lambda h: three_card.pp_class(h, "poker"))
    assert paytable_row(rows, "mini_royal", {}) is None
    assert paytable_row(rows, "mini_royal") is rows["straight_flush"]


def test_001_9_5_pair_plus_pays_a_suited_a_k_q_by_the_straight_flush_row() -> None:
    """001 §9.5: a straight flush is "three cards of the same suit in sequence"; A-K-Q suited is
    one, and Pair Plus pays it 40 to 1 (the table has no separate mini royal row)."""
    edge = parse_unchecked("triple_edge_poker", "beton")
    _, s = deal(TRIPLE_EDGE, edge, {"ante": 100, "pair_plus": 100}, "Qd Kd Ad  2c 3c 5h", "play")
    assert returned(s)["pair_plus"] == 4100
    _, s = deal(TRIPLE_EDGE, edge, {"ante": 100, "pair_plus": 100}, "9d Td Jd  2c 3c 5h", "play")
    assert returned(s)["pair_plus"] == 4100


def test_003_5_2_a_table_with_a_mini_royal_row_still_pays_it_apart() -> None:
    live = parse_unchecked("three_card_poker", "live")
    _, s = deal(THREE_CARD, live, {"ante": 100, "pair_plus": 100}, "Qd Kd Ad  2c 3c 5h", "play")
    assert returned(s)["pair_plus"] == 10100


def test_001_9_5_triple_edge_pair_plus_exact_rtp_matches_the_closed_form() -> None:
    """Every hand that Pair Plus pays (a pair or better) is played by the Q-6-4 strategy, so the
    PASS forfeit costs nothing and the exact RTP is the three-card closed form, with the four
    suited A-K-Q among the 48 straight flushes (issue 13: they paid nothing before)."""
    seqs = 12
    counts = {"straight_flush": seqs * 4, "three_of_a_kind": 52, "straight": seqs * 64 - seqs * 4,
              "flush": 4 * comb(13, 3) - seqs * 4, "pair": 13 * 6 * 48}
    edge = parse_unchecked("triple_edge_poker", "beton")
    net = {h: p.net for h, p in edge.table("pair_plus").items()}
    exact = {r.bet: r for r in game("triple_edge_poker").exact(edge)}["pair_plus"]
    assert exact.rtp == rtp_of(counts, net, comb(52, 3))
