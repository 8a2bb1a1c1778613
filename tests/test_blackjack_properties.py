"""Blackjack invariants (Hypothesis): totals, card conservation, a legal step until the end."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import deck
from croupier.games.base import BetRequest, DrawAction
from croupier.games.blackjack import ENGINE
from croupier.games.blackjack.rules import points, total

from .blackjack_helpers import variant

CARDS = deck(1)
VARIANTS = ["digitain", "beton", "tdc", "live_003", "live_004", "unlimited_004", "turbo",
            "beton_single_deck"]


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=12))
def test_000_12_2_ace_counts_1_or_11_whichever_is_better(cards: list[int]) -> None:
    aces = sum(1 for c in cards if points(c) == 1)
    base = sum(points(c) for c in cards)
    options = {base + 10 * k for k in range(aces + 1)}
    fit = [x for x in options if x <= 21]
    best = max(fit) if fit else min(options)
    t = total(cards)
    assert t.value == best
    assert t.soft == (aces > 0 and t.value == base + 10)


def _bets(v, seed: int) -> list[BetRequest]:  # type: ignore[no-untyped-def]
    bets = [BetRequest("main", 1000, (1, "a")), BetRequest("main", 1000, (2, "b"))]
    if v.players_per_box > 1:
        bets.append(BetRequest("main", 600, (1, "c", "follow_double")))
    if v.bet_behind:
        bets.append(BetRequest("bet_behind", 400, (2, "a", "follow_split", "insure")))
    for code in v.side_bets:
        bets.append(BetRequest(code, 100, (1, "a")))
    if v.seats < 2:
        bets = [b for b in bets if b.target[0] == 1 and b.target[1] != "c"]
    return bets


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.lists(st.integers(0, 10**6), min_size=40, max_size=40),
       st.lists(st.integers(0, 9), min_size=40, max_size=40))
def test_cards_conserved_and_a_legal_step_exists_until_the_round_ends(
        name: str, draws: list[int], choices: list[int]) -> None:
    v = variant(name)
    state = ENGINE.start(v, _bets(v, 0), "XXX")
    start = Counter(state.remaining)
    i = j = 0
    steps = 0
    while not ENGINE.is_finished(state):
        steps += 1
        assert steps < 200
        req = ENGINE.next_draw(state)
        legal = ENGINE.legal_actions(state)
        if req is not None:
            assert not legal
            state = ENGINE.apply(state, DrawAction("card", draws[i % len(draws)] % req.n))
            i += 1
        else:
            assert legal, "no draw and no decision before the end"
            state = ENGINE.apply(state, legal[choices[j % len(choices)] % len(legal)])
            j += 1
        # conservation: shoe + every hand + the dealer = the starting shoe
        held = [c for b in state.boxes for h in b.hands for c in h.cards] + list(state.dealer)
        assert Counter(state.remaining) + Counter(held) == start
    s = ENGINE.settle(state)
    assert all(b.returned >= 0 for b in s.bets)
    assert ENGINE.legal_actions(state) == [] and ENGINE.next_draw(state) is None


def test_000_12_2_side_bet_classifiers_cover_every_two_card_hand() -> None:
    from croupier.games.blackjack.rules import classify_pair, classify_suitem_up
    pairs = Counter(classify_pair(a, b) for a, b in product(CARDS, CARDS) if a != b)
    assert pairs["perfect"] == 0 and pairs["coloured"] == 13 * 4 and pairs["mixed"] == 13 * 8
    suited = Counter(classify_suitem_up(a, b) for a, b in product(CARDS, CARDS) if a != b)
    assert sum(n for k, n in suited.items() if k) == 4 * 13 * 12
