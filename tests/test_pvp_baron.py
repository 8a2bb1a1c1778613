"""Baron, player against player (000 §12.12.5): roles by a card each, the trump named after 5
cards, 13 cards each, the following rules, trick winners, round points (1, Baron 7-0 = 2, Dealer
7-0 = 3), the role passing on, bad input and random play to the end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards.card import parse
from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import Decision, DrawAction, Event, play_seated
from croupier.games.pvp.baron.engine import (
    DECK,
    ENGINE,
    MatchState,
    TableSetup,
    legal_answers,
    replay_match,
    trick_winner,
)
from croupier.games.pvp.baron.variant import load_variant
from croupier.games.pvp.poker.state import encode_deal
from croupier.rng import seeded

V = load_variant()
C, D, H, S = 0, 1, 2, 3


def cards(text: str) -> list[int]:
    return [parse(t) for t in text.split()]


def start(target: int = 3) -> MatchState:
    return ENGINE.start(V, TableSetup((1, 2), 1000, target), "AMD")


def roles(s: MatchState, first: str, second: str) -> MatchState:
    return ENGINE.apply(s, DrawAction("roles", encode_deal(DECK, cards(f"{first} {second}"))))


def test_000_12_12_5_the_higher_card_is_the_baron_a_tie_is_drawn_again() -> None:
    s = roles(start(), "Kh", "Ks")
    assert s.phase == "roles" and s.events[-1].data["again"] is True
    s = roles(s, "9c", "Ad")
    assert s.baron == 1 and s.phase == "first_deal"


def test_000_12_12_5_the_baron_sees_5_cards_names_the_trump_then_13_each() -> None:
    s = roles(start(), "Ad", "9c")
    s = ENGINE.apply(s, DrawAction("deal", 0))
    assert len(s.hands[0]) == 5 and s.hands[1] == () and ENGINE.to_act(s) == 1
    assert [d.args["suit"] for d in ENGINE.legal_actions(s)] == [0, 1, 2, 3]
    s = ENGINE.apply(s, Decision("trump", {"seat": 1, "suit": H}))
    s = ENGINE.apply(s, DrawAction("deal", 0))
    assert [len(h) for h in s.hands] == [13, 13] and len(s.deck) == 26
    assert ENGINE.to_act(s) == 1 and s.phase == "lead"  # the Baron leads the first trick


def test_000_12_12_5_following_rules() -> None:
    hand = cards("2h 9h Kh 5c Ac")
    # 1. trump led: a higher trump if he has one, else any trump, else any card
    assert legal_answers(hand, parse("Th"), H) == cards("Kh")
    assert sorted(legal_answers(hand, parse("Ah"), H)) == sorted(cards("2h 9h Kh"))
    assert sorted(legal_answers(cards("5c Ac"), parse("Ah"), H)) == sorted(cards("5c Ac"))
    # 2. plain suit led and held: follow, no trumping
    assert sorted(legal_answers(hand, parse("Tc"), H)) == sorted(cards("5c Ac"))
    # 3. void in the led suit: anything, a trump wins
    assert sorted(legal_answers(hand, parse("Ts"), H)) == sorted(hand)
    assert trick_winner(parse("Ts"), parse("2h"), H) == 1
    assert trick_winner(parse("Ts"), parse("Ac"), H) == 0
    assert trick_winner(parse("Tc"), parse("Ac"), H) == 1 and trick_winner(parse("Tc"), parse("5c"), H) == 0


def play_round(s: MatchState, baron_wins: list[bool]) -> MatchState:
    """Play tricks with rigged hands: the Baron (leader) holds the top trumps or the bottom."""
    for win in baron_wins:
        i = s.leader
        j = 1 - i
        lead = max(s.hands[i]) if win else min(s.hands[i])
        s = ENGINE.apply(s, Decision("play", {"seat": s.seat(i), "card": lead}))
        answers = legal_answers(s.hands[j], lead, s.trump)
        pick = min(answers, key=lambda c: (trick_winner(lead, c, s.trump) == 1) != (not win))
        s = ENGINE.apply(s, Decision("play", {"seat": s.seat(j), "card": pick}))
        if s.phase != "lead":
            break
    return s


def rigged(target: int = 3) -> MatchState:
    s = roles(start(target), "Ad", "9c")  # seat 1 is the Baron
    s = ENGINE.apply(s, DrawAction("deal", 0))
    s = ENGINE.apply(s, Decision("trump", {"seat": 1, "suit": S}))
    s = ENGINE.apply(s, DrawAction("deal", 0))
    spades = cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s")
    hearts = cards("Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h")
    return s._replace(hands=(tuple(spades), tuple(hearts)), leader=0)


def test_000_12_12_5_baron_7_0_scores_2() -> None:
    s = play_round(rigged(), [True] * 7)
    over = [e for e in s.events if e.type == "round_over"][-1].data
    assert over["points"] == 2 and over["sweep"] and s.score == (2, 0) and s.baron == 0


def test_000_12_12_5_dealer_7_0_scores_3() -> None:
    s = rigged()
    s = s._replace(hands=(s.hands[1], s.hands[0]))  # the Dealer holds every spade (trump)
    s = ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("2h")}))
    s = ENGINE.apply(s, Decision("play", {"seat": 2, "card": parse("2s")}))  # void in hearts: trumps
    assert s.tricks == (0, 1) and s.leader == 1  # the trick's winner leads
    for _ in range(6):
        lead = max(s.hands[1])
        s = ENGINE.apply(s, Decision("play", {"seat": 2, "card": lead}))
        s = ENGINE.apply(s, Decision("play", {"seat": 1, "card": min(legal_answers(s.hands[0], lead, s.trump))}))
    over = [e for e in s.events if e.type == "round_over"][-1].data
    assert over["points"] == 3 and s.score == (0, 3)
    assert ENGINE.is_finished(s) and [b.returned for b in ENGINE.settle(s).bets] == [0, 1920]


def test_000_12_12_5_first_to_7_tricks_scores_1_and_a_beaten_baron_passes_the_role() -> None:
    s = rigged(target=5)
    s = s._replace(hands=(tuple(cards("As 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh")),
                          tuple(cards("Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah"))))
    s = ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("As")}))
    s = ENGINE.apply(s, Decision("play", {"seat": 2, "card": parse("2s")}))  # a trump: any, none higher
    assert s.tricks == (1, 0)
    s = ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("2h")}))
    with pytest.raises(IllegalAction, match="must follow suit and may not trump"):
        ENGINE.apply(s, Decision("play", {"seat": 2, "card": parse("3s")}))
    s = ENGINE.apply(s, Decision("play", {"seat": 2, "card": parse("Ah")}))
    for _ in range(6):
        lead = max(s.hands[1])
        s = ENGINE.apply(s, Decision("play", {"seat": 2, "card": lead}))
        s = ENGINE.apply(s, Decision("play", {"seat": 1, "card": min(s.hands[0])}))
    over = [e for e in s.events if e.type == "round_over"][-1].data
    assert over["points"] == 1 and not over["sweep"] and s.score == (0, 1)
    assert s.baron == 1 and s.phase == "first_deal"  # the beaten Baron passes the role on


def test_000_12_12_5_bad_input() -> None:
    s = rigged()
    with pytest.raises(IllegalAction, match="out of turn: seat 1 is to act, not seat 2"):
        ENGINE.apply(s, Decision("play", {"seat": 2, "card": parse("2h")}))
    with pytest.raises(IllegalAction, match="you do not hold card"):
        ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("2h")}))
    s = ENGINE.apply(s, Decision("play", {"seat": 1, "card": parse("Ts")}))
    mixed = s._replace(hands=(s.hands[0], tuple(cards("Js 2s 4h"))))
    with pytest.raises(IllegalAction, match="you must play a higher trump"):
        ENGINE.apply(mixed, Decision("play", {"seat": 2, "card": parse("2s")}))
    with pytest.raises(IllegalAction, match="you must play a higher trump"):
        ENGINE.apply(mixed, Decision("play", {"seat": 2, "card": parse("4h")}))
    with pytest.raises(VariantError, match="game score is 1, 3, 5, 7"):
        start(target=2)
    done = ENGINE.apply(s, Decision("resign", {"seat": 1}))
    with pytest.raises(RoundFinished):
        ENGINE.apply(done, Decision("resign", {"seat": 2}))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), target=st.sampled_from([1, 3, 5, 7]))
def test_000_12_12_5_random_play_ends_with_one_winner(seed: int, target: int) -> None:
    src = seeded(str(seed))

    def bot(state: MatchState, legal: list[Decision]) -> Decision:
        assert legal, "a legal action exists until the end"
        return legal[src.randbelow(len(legal))]

    s, se = play_seated(ENGINE, V, TableSetup((7, 8), 600, target), "AMD", seeded(f"b{seed}"),
                        {7: bot, 8: bot})
    assert max(s.score) >= target and sorted(b.outcome for b in se.bets) == ["lose", "win"]
    assert se.total_stake == se.total_returned + se.rake == 1200
    assert replay_match(ENGINE, V, [Event.from_dict(e.to_dict()) for e in s.events]) == se
