"""The poker evaluator, proved by exhaustion against closed forms and by an independent reference.

Closed forms are derived here from first principles (choose ranks, then suits), never typed in.
"""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import JOKER, deck, parse
from croupier.cards.poker import (
    combinations,
    evaluate,
    evaluate3,
    evaluate_joker,
    hand_name,
    hand_value,
    is_mini_royal,
    joker_value,
    ranks_of,
    three_card_name,
    three_card_value,
)
from croupier.errors import InvalidSelection

DECK = deck()


def cards(text: str) -> list[int]:
    return [parse(t) for t in text.split()]


# -- closed forms for five cards of one 52-card deck ---------------------------------------------

def five_card_closed_forms() -> dict[str, int]:
    straights = 10  # A-2-3-4-5 up to 10-J-Q-K-A: the ace plays low and high (000 §12.8.1)
    suits5 = 4**5
    sf = straights * 4
    royal = 4
    quads = 13 * 48
    full = 13 * comb(4, 3) * 12 * comb(4, 2)
    flush = 4 * comb(13, 5) - sf
    straight = straights * suits5 - sf
    trips = 13 * comb(4, 3) * comb(12, 2) * 4**2
    two_pair = comb(13, 2) * comb(4, 2) ** 2 * 11 * 4
    pair = 13 * comb(4, 2) * comb(12, 3) * 4**3
    high = (comb(13, 5) - straights) * (suits5 - 4)
    return {
        "royal_flush": royal, "straight_flush": sf - royal, "four_of_a_kind": quads,
        "full_house": full, "flush": flush, "straight": straight, "three_of_a_kind": trips,
        "two_pair": two_pair, "pair": pair, "high_card": high,
    }


def test_000_12_3_five_card_closed_forms_cover_the_deck() -> None:
    assert sum(five_card_closed_forms().values()) == comb(52, 5)


def test_000_12_3_all_2598960_five_card_hands_give_the_known_category_counts() -> None:
    hands = combinations(np.arange(8, 60, dtype=np.uint8), 5).astype(np.uint8)
    assert len(hands) == comb(52, 5) == 2_598_960
    values = evaluate(hands)
    cats = values >> 20
    royal = int(np.count_nonzero((cats == 8) & (((values >> 16) & 15) == 14)))
    got = {name: int(np.count_nonzero(cats == i)) for i, name in enumerate(
        ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
         "four_of_a_kind", "straight_flush"])}
    got["straight_flush"] -= royal
    got["royal_flush"] = royal
    assert got == five_card_closed_forms()
    # the counts the issue quotes, as a cross-check of the closed forms
    assert got["straight_flush"] + royal == 40 and royal == 4
    assert got["high_card"] == 1_302_540 and got["pair"] == 1_098_240
    # distinct values: the number of equivalence classes of five-card poker is 7,462
    assert len(np.unique(values)) == 7462


# -- three cards ---------------------------------------------------------------------------------

def three_card_closed_forms() -> dict[str, int]:
    seqs = 12  # A-2-3 up to Q-K-A (000 §12.7 ASSUMPTION 5)
    sf = seqs * 4
    return {
        "straight_flush": sf,
        "three_of_a_kind": 13 * comb(4, 3),
        "straight": seqs * 4**3 - sf,
        "flush": 4 * comb(13, 3) - sf,
        "pair": 13 * comb(4, 2) * 12 * 4,
        "high_card": (comb(13, 3) - seqs) * (4**3 - 4),
    }


@pytest.mark.parametrize("order", ["poker", "teen_patti"])
def test_000_12_7_all_22100_three_card_hands_give_the_known_category_counts(order: str) -> None:
    forms = three_card_closed_forms()
    assert sum(forms.values()) == comb(52, 3) == 22_100
    hands = combinations(np.arange(8, 60), 3)
    values = evaluate3(hands, order)
    got = Counter(three_card_name(int(v), order) for v in values)
    assert dict(got) == forms


def test_000_12_7_three_card_poker_order_straight_flush_beats_trips_beats_straight() -> None:
    order = [three_card_value(cards(h)) for h in
             ["2c 3c 4c", "Kd Kh Ks", "9c Td Jh", "2h 7h 9h", "Ac Ad 2s", "Ah Kd Jc"]]
    assert order == sorted(order, reverse=True)


def test_000_12_7_a23_is_the_lowest_straight_and_akq_the_highest() -> None:
    assert three_card_value(cards("Ac 2d 3h")) < three_card_value(cards("2c 3d 4h"))
    assert three_card_value(cards("Ac Kd Qh")) > three_card_value(cards("Kc Qd Jh"))
    assert three_card_name(three_card_value(cards("Kc Ad 2h"))) == "high_card"  # no wrap-around


def test_000_12_7_teen_patti_order_trail_beats_sequence_and_a23_is_second() -> None:
    tp = "teen_patti"
    assert three_card_value(cards("2c 2d 2h"), tp) > three_card_value(cards("Qs Ks As"), tp)
    a23 = three_card_value(cards("Ac 2d 3h"), tp)
    assert three_card_value(cards("Ac Kd Qh"), tp) > a23 > three_card_value(cards("Kc Qd Jh"), tp)


def test_000_12_7_mini_royal_is_ace_king_queen_suited() -> None:
    assert is_mini_royal(cards("Qd Ad Kd"))
    assert not is_mini_royal(cards("Qd Ad Kh"))


# -- an independent reference: categories and tie-breaks from the definitions ----------------------

def reference_key(hand: list[int]) -> tuple[int, tuple[int, ...]]:
    """Category and deciding ranks of five cards, written from the rule book, without tables."""
    ranks = sorted((c >> 2 for c in hand), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    flush = len({c & 3 for c in hand}) == 1
    distinct = sorted(set(ranks), reverse=True)
    high = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            high = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            high = 5
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    if high and flush:
        return 8, (high,)
    if shape == (4, 1):
        return 7, order
    if shape == (3, 2):
        return 6, order
    if flush:
        return 5, tuple(ranks)
    if high:
        return 4, (high,)
    if shape == (3, 1, 1):
        return 3, order
    if shape == (2, 2, 1):
        return 2, order
    if shape == (2, 1, 1, 1):
        return 1, order
    return 0, tuple(ranks)


hands7 = st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands7, hands7)
def test_000_12_8_1_best_five_of_seven_compares_like_the_rule_book(a: list[int], b: list[int]) -> None:
    def ref(h: list[int]) -> tuple[int, tuple[int, ...]]:
        return max(reference_key(list(s)) for s in itertools.combinations(h, 5))

    va, vb = hand_value(a), hand_value(b)
    assert (va > vb) == (ref(a) > ref(b)) and (va == vb) == (ref(a) == ref(b))
    assert va >> 20 == ref(a)[0] and ranks_of(va) == ref(a)[1]
    # the best of 6 and 7 is the best five-card subset
    assert va == max(hand_value(list(s)) for s in itertools.combinations(a, 5))
    assert hand_value(a[:6]) == max(hand_value(list(s)) for s in itertools.combinations(a[:6], 5))


def test_003_3_3_kickers_decide_and_suits_never_do() -> None:
    assert hand_value(cards("Kc Kd Ah 7s 2c")) > hand_value(cards("Kh Ks Qh 7c 2d"))
    assert hand_value(cards("Kc Kd Ah 7s 2c")) == hand_value(cards("Kh Ks Ad 7c 2d"))
    assert hand_value(cards("Qs Js Ts 9s 8s")) > hand_value(cards("Td 9d 8d 7d 6d"))
    assert hand_name(hand_value(cards("Ts Js Qs Ks As"))) == "royal_flush"


def test_004_5_15_the_wheel_is_the_lowest_straight() -> None:
    wheel = hand_value(cards("Ac 2d 3h 4s 5c"))
    assert hand_name(wheel) == "straight" and ranks_of(wheel) == (5,)
    assert wheel < hand_value(cards("2c 3d 4h 5s 6c"))
    assert hand_name(hand_value(cards("Qc Kd Ah 2s 3c"))) == "high_card"  # no wrap-around


def test_batch_and_single_hand_agree_on_every_dtype() -> None:
    rng = np.random.default_rng(7)
    rows = np.array([rng.permutation(52)[:7] + 8 for _ in range(500)])
    ref = [hand_value([int(c) for c in r]) for r in rows]
    for dtype in (np.uint8, np.int16, np.int32, np.int64):
        assert evaluate(rows.astype(dtype)).tolist() == ref


def test_bad_hands_are_refused_with_a_reason() -> None:
    with pytest.raises(InvalidSelection, match="same card twice"):
        hand_value(cards("Ac Ac 2d 3h 4s"))
    with pytest.raises(InvalidSelection, match="5 or 6 or 7"):
        hand_value(cards("Ac 2d 3h 4s"))
    with pytest.raises(InvalidSelection, match="not a card"):
        hand_value([JOKER, 8, 9, 10, 11])
    with pytest.raises(InvalidSelection, match="rows of 5 to 7"):
        evaluate(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(InvalidSelection, match="three-card order"):
        three_card_value(cards("Ac 2d 3h"), "bridge")


# -- the joker (000 §12.6) -----------------------------------------------------------------------

def joker_reference(hand: list[int]) -> int:
    """Best value with the joker as any absent card, or five of a kind over four of a kind."""
    if JOKER not in hand:
        return 2 * hand_value(hand) + 1
    rest = [c for c in hand if c != JOKER]
    best = max(hand_value([*rest, c]) for c in DECK if c not in rest)
    quads = [r for r, n in Counter(c >> 2 for c in rest).items() if n == 4]
    if quads:
        best = max(best, 9 << 20 | max(quads) << 16)
    return 2 * best


def test_000_12_6_four_of_a_kind_and_joker_is_the_highest_hand() -> None:
    poker = joker_value(cards("2c 2d 2h 2s Jk"))
    royal = joker_value(cards("Ts Js Qs Ks As"))
    assert hand_name(poker >> 1) == "five_of_a_kind" and poker > royal


def test_000_12_6_the_joker_completes_the_best_hand() -> None:
    assert hand_name(joker_value(cards("Ts Js Qs Ks Jk")) >> 1) == "royal_flush"
    assert hand_name(joker_value(cards("As Ad 7c 7d Jk")) >> 1) == "full_house"
    assert hand_name(joker_value(cards("2c 5d 9h Js Jk")) >> 1) == "pair"


def test_000_12_6_of_two_equal_hands_the_one_without_the_joker_wins() -> None:
    natural = joker_value(cards("As Ad 9c 7d 2h"))
    with_joker = joker_value(cards("As Jk 9d 7c 2s"))
    assert natural >> 1 == with_joker >> 1 and natural > with_joker
    # ...but only between equal hands: a better joker hand still wins
    assert joker_value(cards("As Jk Kd 7c 2s")) > joker_value(cards("As Ad Qc 7d 2h"))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([*DECK, JOKER]), min_size=5, max_size=7, unique=True))
def test_000_12_6_joker_values_match_the_reference(hand: list[int]) -> None:
    assert joker_value(hand) == joker_reference(hand)
    width = len(hand)
    assert int(evaluate_joker(np.array([hand]))[0]) == joker_reference(hand)
    assert width in (5, 6, 7)
