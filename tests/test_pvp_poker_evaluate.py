"""The PvP showdown values against brute force: an independent pure-Python five-card ranking,
maximised over every allowed choice of five cards (000 §12.12.3 Hold'em, Omaha, Short Deck)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

from croupier.games.pvp.poker.evaluate import category_name, hand_value

CATS = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
        "four_of_a_kind", "straight_flush"]


def ref5(cs: Sequence[int], short: bool) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of five cards, written from the rules, not the evaluator."""
    ranks = [c >> 2 for c in cs]
    flush = len({c & 3 for c in cs}) == 1
    uniq = sorted(set(ranks), reverse=True)
    high = 0
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            high = uniq[0]
        elif not short and set(uniq) == {14, 2, 3, 4, 5}:
            high = 5
        elif short and set(uniq) == {14, 6, 7, 8, 9}:
            high = 9  # 000 §12.12.3 Short Deck: the Ace plays low in A-6-7-8-9
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = tuple(r for r, _ in groups)
    if high and flush:
        cat, tb = 8, (high,)
    elif shape[0] == 4:
        cat, tb = 7, order
    elif shape[:2] == [3, 2]:
        cat, tb = 6, order
    elif flush:
        cat, tb = 5, order
    elif high:
        cat, tb = 4, (high,)
    elif shape[0] == 3:
        cat, tb = 3, order
    elif shape[:2] == [2, 2]:
        cat, tb = 2, order
    elif shape[0] == 2:
        cat, tb = 1, order
    else:
        cat, tb = 0, order
    if short and cat in (5, 6):  # a Flush beats a Full House (000 §12.12.3 Short Deck)
        cat = 11 - cat
    return cat, tb


def ref_best(hole: Sequence[int], board: Sequence[int], ranking: str) -> tuple[int, tuple[int, ...]]:
    short = ranking == "short_deck"
    if ranking == "omaha":
        return max(ref5(h + b, False) for h in combinations(hole, 2) for b in combinations(board, 3))
    return max(ref5(c, short) for c in combinations((*hole, *board), 5))


def _name(ref: tuple[int, tuple[int, ...]], ranking: str) -> str:
    cat = ref[0]
    if ranking == "short_deck" and cat in (5, 6):
        cat = 11 - cat
    if cat == 8 and ref[1] == (14,):
        return "royal_flush"
    return CATS[cat]


@pytest.mark.parametrize(("ranking", "deck", "holes", "boards"), [
    ("best5", range(8, 60), 2, 5),
    ("best5", range(8, 60), 5, 0),          # 5 Card Stud
    ("omaha", range(8, 60), 4, 5),
    ("omaha", range(8, 60), 5, 5),          # 5 Card Omaha
    ("short_deck", range(24, 60), 2, 5),
])
def test_000_12_12_3_values_order_hands_as_brute_force(ranking: str, deck: range, holes: int, boards: int) -> None:
    rnd = random.Random(f"{ranking}{holes}")  # test data only; engines never use `random`
    hands = []
    for _ in range(400):
        cs = rnd.sample(list(deck), holes * 2 + boards)
        board = cs[2 * holes:]
        for h in (cs[:holes], cs[holes:2 * holes]):
            value = hand_value(ranking, h, board)
            ref = ref_best(h, board, ranking)
            assert category_name(ranking, value) == _name(ref, ranking), (h, board)
            hands.append((value, ref))
    for (va, ra), (vb, rb) in zip(hands, hands[1:], strict=False):
        assert (va > vb) == (ra > rb) and (va == vb) == (ra == rb)


def test_000_12_12_3_omaha_equals_the_best_of_every_two_plus_three() -> None:
    rnd = random.Random(7)
    for _ in range(300):
        cs = rnd.sample(range(8, 60), 9)
        hole, board = cs[:4], cs[4:]
        brute = max(hand_value("best5", h, b) for h in combinations(hole, 2) for b in combinations(board, 3))
        assert hand_value("omaha", hole, board) == brute
