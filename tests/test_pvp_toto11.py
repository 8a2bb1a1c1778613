"""Toto11, player against player (000 §12.12.4): who starts, the deal (4 + 4 + 4 on the table,
then 4 each five more times), captures making 11, Q/K/J, laying, Soor, the round's points, the
match to 1 or 62 points, bad input and random play to the end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards.card import parse
from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import Decision, DrawAction, Event, play_seated
from croupier.games.pvp.poker.state import encode_deal
from croupier.games.pvp.toto11.engine import (
    DECK,
    ENGINE,
    MatchState,
    TableSetup,
    captures,
    replay_match,
    round_points,
)
from croupier.games.pvp.toto11.variant import load_variant
from croupier.rng import seeded

V = load_variant()


def cards(text: str) -> list[int]:
    return [parse(t) for t in text.split()]


def start(target: int = 62) -> MatchState:
    return ENGINE.start(V, TableSetup((1, 2), 1000, target), "AMD")


def test_000_12_12_4_the_higher_card_starts_a_low_k_high_ties_again() -> None:
    s = ENGINE.apply(start(), DrawAction("start", encode_deal(DECK, cards("Ah Ad"))))
    assert s.phase == "start"
    s = ENGINE.apply(s, DrawAction("start", encode_deal(DECK, cards("Ah 2d"))))
    assert s.starter == 1  # A counts 1: the 2 is higher


def test_000_12_12_4_deal_4_each_and_4_on_the_table_then_4_each_five_more_times() -> None:
    s = ENGINE.apply(start(), DrawAction("start", encode_deal(DECK, cards("Kh 2d"))))
    s = ENGINE.apply(s, DrawAction("deal", 0))
    assert [len(h) for h in s.hands] == [4, 4] and len(s.table) == 4 and len(s.deck) == 40
    deals = 1
    while s.phase != "done" and s.round == 1:
        if s.phase == "deal":
            deals += 1
            s = ENGINE.apply(s, DrawAction("deal", 0))
            continue
        s = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
    assert deals == 6  # 12 + 5 x 8 = 52


def test_000_12_12_4_captures() -> None:
    # 1. a 4 takes a 6 and an A (the example); J, Q, K do not count toward 11
    assert captures(V, parse("4c"), cards("6h Ad Kd")) == [tuple(sorted(cards("Ad 6h")))]
    assert sorted(captures(V, parse("4c"), cards("7s 3h 4d"))) == sorted([(parse("7s"),), tuple(sorted(cards("3h 4d")))])
    # 2. a Q takes a Q, a K a K
    assert captures(V, parse("Qc"), cards("Qh 2d")) == [(parse("Qh"),)]
    assert captures(V, parse("Kc"), cards("Qh 2d")) == []
    # 3. a J takes everything but Qs and Ks
    assert captures(V, parse("Jc"), cards("Qh 2d Ks 9s")) == [tuple(sorted(cards("2d 9s")))]


def test_000_12_12_4_points_for_captured_cards() -> None:
    pile = cards("Ac Ad Jh Td 2c 3c 4c 5c 6c 7c")  # 2 Aces, 1 Jack, 10♦, 2♣, 7 clubs
    assert round_points(V, pile, 0) == 2 + 1 + 3 + 2 + 7
    assert round_points(V, pile, 2) == 15 + 10  # two Soors


def playing(hands: tuple[str, str], table: str, deck_left: int = 8) -> MatchState:
    s = ENGINE.apply(start(), DrawAction("start", encode_deal(DECK, cards("Kh 2d"))))
    s = ENGINE.apply(s, DrawAction("deal", 0))
    return s._replace(hands=(tuple(cards(hands[0])), tuple(cards(hands[1]))), table=tuple(cards(table)),
                      deck=s.deck[:deck_left], player=0)


def test_000_12_12_4_a_card_that_can_capture_may_not_be_laid_and_soor() -> None:
    s = playing(("4c 9h", "2s 3s"), "6h Ad")
    acts = ENGINE.legal_actions(s)
    assert {(d.args["card"], tuple(d.args.get("take", ()))) for d in acts} == {
        (parse("4c"), tuple(sorted(cards("Ad 6h")))), (parse("9h"), ())}
    with pytest.raises(IllegalAction, match="can capture: it may not be laid"):
        ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("4c")}))
    s = ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("4c"), "take": cards("6h Ad")}))
    assert s.table == () and s.soors == (1, 0) and s.events[-1].data["soor"] is True


def test_000_12_12_4_no_soor_with_a_jack_or_in_the_last_hand() -> None:
    s = playing(("Jc 9h", "2s 3s"), "6h Ad")
    s = ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("Jc"), "take": cards("6h Ad")}))
    assert s.table == () and s.soors == (0, 0)
    last = playing(("4c 9h", "2s 3s"), "6h Ad", deck_left=0)
    last = ENGINE.apply(last, Decision("play", {"seat": 1, "card": parse("4c"), "take": cards("6h Ad")}))
    assert last.soors == (0, 0)


def test_000_12_12_4_bad_input() -> None:
    s = playing(("4c 9h", "2s 3s"), "6h Ad")
    with pytest.raises(IllegalAction, match="out of turn: seat 1 is to play, not seat 2"):
        ENGINE.apply(s, Decision("play", {"seat": 2, "card": parse("2s")}))
    with pytest.raises(IllegalAction, match="you do not hold card"):
        ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("2s")}))
    with pytest.raises(IllegalAction, match="cannot take"):
        ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("4c"), "take": cards("6h")}))
    with pytest.raises(VariantError, match="1 or 62 points"):
        start(target=50)
    done = ENGINE.apply(s, Decision("resign", {"seat": 2}))
    with pytest.raises(RoundFinished):
        ENGINE.apply(done, Decision("resign", {"seat": 1}))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), target=st.sampled_from([1, 62]))
def test_000_12_12_4_random_play_ends_cards_are_conserved_one_winner(seed: int, target: int) -> None:
    src = seeded(str(seed))

    def bot(state: MatchState, legal: list[Decision]) -> Decision:
        assert legal, "a legal action exists until the end"
        held = sum(len(h) for h in state.hands) + len(state.table) + sum(len(p) for p in state.piles)
        assert held + len(state.deck) == 52
        return legal[src.randbelow(len(legal))]

    s, se = play_seated(ENGINE, V, TableSetup((3, 4), 500, target), "AMD", seeded(f"e{seed}"),
                        {3: bot, 4: bot})
    assert max(s.score) >= target and s.score[0] != s.score[1]
    assert sorted(b.outcome for b in se.bets) == ["lose", "win"]
    assert se.total_stake == se.total_returned + se.rake == 1000
    assert replay_match(ENGINE, V, [Event.from_dict(e.to_dict()) for e in s.events]) == se
