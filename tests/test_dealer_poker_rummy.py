"""Three Card Rummy (001 §9.3)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from croupier.cards import deck
from croupier.errors import IllegalAction
from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.dealer_poker import THREE_CARD_RUMMY as E
from croupier.games.dealer_poker.rummy import bonus_hand, points
from croupier.games.registry import game, load_variant, parse_unchecked

from .poker_helpers import cards, deal, returned

V = parse_unchecked("three_card_rummy", "beton")


@pytest.mark.parametrize(("hand", "pts"), [
    ("Ks Kh 5d", 5), ("7d Qh Kh", 7), ("3c 4c 5c", 0), ("Js Qd Kc", 30), ("Ah 2h 9c", 9),
    ("Kh Ah 2c", 13), ("Ah 2h Kc", 10), ("9s 9d 9h", 0),
])
def test_001_9_3_points_follow_the_worked_examples(hand: str, pts: int) -> None:
    assert points(tuple(cards(hand))) == pts


def reference_points(hand: tuple[int, ...]) -> int:
    """Every way to set aside a scoring group (a pair, trips, or a suited run of 2 or 3)."""
    def val(c: int) -> int:
        r = c >> 2
        return 1 if r == 14 else min(r, 10)

    def low(c: int) -> int:
        return 1 if c >> 2 == 14 else c >> 2

    def scores(group: tuple[int, ...]) -> bool:
        if len({c >> 2 for c in group}) == 1:
            return True
        if len({c & 3 for c in group}) != 1:
            return False
        rs = sorted(low(c) for c in group)
        return all(b - a == 1 for a, b in itertools.pairwise(rs))

    best = sum(val(c) for c in hand)
    for size in (2, 3):
        for group in itertools.combinations(hand, size):
            if scores(group):
                best = min(best, sum(val(c) for c in hand if c not in group))
    return best


def test_001_9_3_points_agree_with_a_reference_on_every_hand() -> None:
    for hand in itertools.combinations(deck(), 3):
        assert points(hand) == reference_points(hand)


def test_001_9_3_dealer_over_20_points_ante_1_to_1_raise_returned() -> None:
    _, s = deal(E, V, {"ante": 100}, "Kc Qd 9h  Js Qh Kd", "raise")
    assert returned(s) == {"ante": 200, "raise": 100}


def test_001_9_3_fewer_points_win_by_the_table_equal_push_more_lose() -> None:
    _, s = deal(E, V, {"ante": 100}, "3c 4c 5c  2d 7h 9s", "raise")
    assert returned(s) == {"ante": 200, "raise": 500}  # 0 points: Raise 4:1
    _, s = deal(E, V, {"ante": 100}, "3c 3d 5c  Kd Kh 5s", "raise")
    assert returned(s) == {"ante": 100, "raise": 100}  # 5 and 5 points
    _, s = deal(E, V, {"ante": 100}, "3c 7d 9c  5d 5h 9s", "raise")
    assert returned(s) == {"ante": 0, "raise": 0}


def test_001_9_3_pass_loses_the_ante_and_raising_after_a_pass_is_refused() -> None:
    _, s = deal(E, V, {"ante": 100, "bonus": 10}, "Ah 2h 3h  Js Qh Kd", "pass")
    assert returned(s) == {"ante": 0, "bonus": 1010}
    state = E.start(V, [BetRequest("ante", 100)], "UAH")
    for _ in range(3):
        state = E.apply(state, DrawAction("card", 0))
    state = E.apply(state, Decision("pass"))
    with pytest.raises(IllegalAction, match="no decision is open"):
        E.apply(state, Decision("raise"))


def test_bonus_rtp_from_counting_every_hand() -> None:
    counts: dict[str | None, int] = {}
    for hand in itertools.combinations(deck(), 3):
        h = bonus_hand(hand)
        counts[h] = counts.get(h, 0) + 1
    table = V.table("bonus")
    expected = sum((Fraction(n) * table[h].total for h, n in counts.items() if h in table), Fraction(0)) / 22100
    bonus = {r.bet: r for r in game("three_card_rummy").exact(V)}["bonus"]
    assert bonus.rtp == expected


def test_variant_passes_admission() -> None:
    assert load_variant("three_card_rummy", "beton").game == "three_card_rummy"


def test_simulation_points_lookup_equals_the_rule_on_random_hands() -> None:
    """The vectorised simulation reads points from a table; it must agree with ``points``."""
    from croupier.games.dealer_poker.analysis import random_deals, seed_rng
    from croupier.games.dealer_poker.rummy import _lookup, _points_table, points

    deals = random_deals(seed_rng(9), 2000, 3)
    got = _lookup(_points_table(), deals)
    assert got.tolist() == [points(tuple(int(c) for c in row)) for row in deals]
