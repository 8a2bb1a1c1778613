"""Toto 21, player against player (000 §12.11): card values, hit and stand, the dealer's tie,
the golden point, double busts carried, the Blind Card, the match to its points, bad input and
random play to the end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards.card import parse
from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import Decision, DrawAction, Event, play_seated
from croupier.games.pvp.poker.state import encode_deal
from croupier.games.pvp.toto21.engine import (
    ENGINE,
    MatchState,
    TableSetup,
    fresh_deck,
    replay_match,
)
from croupier.games.pvp.toto21.variant import load_variant
from croupier.rng import seeded

V = load_variant()


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse(t) for t in text.split())


def start(target: int = 2, **kw: object) -> MatchState:
    return ENGINE.start(V, TableSetup((1, 2), 1000, target, **kw), "AMD")  # type: ignore[arg-type]


def deal(s: MatchState, player: str, dealer: str, dealer_seat: int = 2) -> MatchState:
    """Seat ``dealer_seat`` deals; the player gets ``player``, the dealer ``dealer``."""
    if s.phase == "role":
        s = ENGINE.apply(s, DrawAction("role", dealer_seat - 1))
    p, d = cards(player), cards(dealer)
    return ENGINE.apply(s, DrawAction("deal", encode_deal(fresh_deck(V), [p[0], d[0], p[1], d[1]])))


def give(s: MatchState, card: str) -> MatchState:
    return ENGINE.apply(s, DrawAction("card", s.deck.index(cards(card)[0])))


def act(s: MatchState, seat: int, name: str) -> MatchState:
    return ENGINE.apply(s, Decision(name, {"seat": seat}))


def last_round(s: MatchState) -> dict[str, object]:
    return dict([e for e in s.events if e.type == "round_over"][-1].data)


def test_000_12_11_36_cards_and_their_values() -> None:
    assert len(fresh_deck(V)) == 36 and min(c // 4 for c in fresh_deck(V)) == 6
    assert V.total(cards("6s Th")) == 16
    assert V.total(cards("Js Qh Kd")) == 2 + 3 + 4
    assert V.total(cards("As 9h")) == 20 and V.total(cards("As 9h 6c")) == 16  # A = 11 or 1


def test_000_12_11_the_player_moves_first_then_the_dealer_higher_total_scores_1() -> None:
    s = deal(start(), "Th 7s", "9d 8c")        # seat 1 is the player, seat 2 the dealer
    assert ENGINE.to_act(s) == 1 and [d.name for d in ENGINE.legal_actions(s)] == ["hit", "stand"]
    s = act(s, 1, "hit")
    s = give(s, "Kd")                          # 17 + 4 = 21: his turn ends by itself
    assert ENGINE.to_act(s) == 2
    s = act(s, 2, "stand")                     # 17 against 21
    assert last_round(s)["winner"] == 1 and s.score == (1, 0)


def test_000_12_11_equal_totals_go_to_the_dealer_and_over_21_loses() -> None:
    s = act(act(deal(start(), "Th 8s", "9d 9c"), 1, "stand"), 2, "stand")
    assert last_round(s)["winner"] == 2
    s = deal(s, "Th 8s", "9d 6c", dealer_seat=2)
    s = give(act(s, 1, "hit"), "9h")           # 27: over 21
    s = act(s, 2, "stand")
    assert last_round(s)["winner"] == 2 and s.score == (0, 2) and ENGINE.is_finished(s)


def test_000_12_11_golden_point_two_aces_win_unless_the_dealer_has_two() -> None:
    s = deal(start(), "As Ah", "9d 9c")
    assert last_round(s)["winner"] == 1 and last_round(s)["how"] == "golden_point"
    both = deal(start(), "As Ah", "Ad Ac")
    assert last_round(both)["winner"] == 2


def test_000_12_11_double_busts_carry_their_rounds_to_the_next_winner() -> None:
    """000 §12.11: 3 consecutive double busts then a win give 3 + 1 = 4 points; a game "after 2
    victories" ends 4:0."""
    s = start(target=2)
    for _ in range(3):
        s = deal(s, "Th 8s", "Td 7c")
        s = give(act(s, 1, "hit"), "Kh")      # 22
        s = give(act(s, 2, "hit"), "9h")      # 26
        assert last_round(s)["winner"] is None
    assert s.carried == 3 and s.score == (0, 0)
    s = deal(s, "Th 8s", "Td 7c")
    s = act(act(s, 1, "stand"), 2, "stand")
    assert last_round(s)["points"] == 4 and s.score == (4, 0) and ENGINE.is_finished(s)
    assert [b.returned for b in ENGINE.settle(s).bets] == [1920, 0]


def test_000_12_11_blind_card_only_for_the_player_at_blind_tables() -> None:
    s = deal(start(blind_card=True), "Th 6s", "9d 8c")
    assert [d.name for d in ENGINE.legal_actions(s)] == ["hit", "stand", "blind"]
    s = act(s, 1, "blind")
    s = give(s, "Jh")                          # face down (J = 2); the move passes to the dealer
    assert ENGINE.to_act(s) == 2 and s.events[-1].data["face_up"] is False
    assert [d.name for d in ENGINE.legal_actions(s)] == ["hit", "stand"]
    with pytest.raises(IllegalAction, match="Blind Card is the player's only"):
        act(s, 2, "blind")
    s = act(s, 2, "stand")
    assert last_round(s)["winner"] == 1        # 18 against 17
    plain = deal(start(), "Th 6s", "9d 8c")
    with pytest.raises(IllegalAction, match="Blind Card is the player's only"):
        act(plain, 1, "blind")


def test_000_12_11_dealer_once_a_match_or_every_round() -> None:
    s = act(act(deal(start(target=4), "Th 8s", "9d 7c"), 1, "stand"), 2, "stand")
    assert s.phase == "role"  # the default variant draws the dealer every round


def test_000_12_11_bad_input() -> None:
    s = deal(start(), "Th 6s", "9d 8c")
    with pytest.raises(IllegalAction, match="out of turn: seat 1 is to act, not seat 2"):
        act(s, 2, "hit")
    with pytest.raises(IllegalAction, match="hit, stand, not 'double'"):
        act(s, 1, "double")
    with pytest.raises(IllegalAction, match="waits for a decision"):
        ENGINE.apply(s, DrawAction("card", 0))
    with pytest.raises(VariantError, match="points to win are 2, 4, 6, 8, 10"):
        start(target=3)
    done = act(s, 1, "resign")
    assert done.winner == 1
    with pytest.raises(RoundFinished):
        act(done, 2, "stand")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), target=st.sampled_from([2, 4, 6, 8, 10]), blind=st.booleans())
def test_000_12_11_random_play_ends_with_one_winner(seed: int, target: int, blind: bool) -> None:
    src = seeded(str(seed))

    def bot(state: MatchState, legal: list[Decision]) -> Decision:
        assert legal, "a legal action exists until the end"
        return legal[src.randbelow(len(legal))]

    s, se = play_seated(ENGINE, V, TableSetup((3, 4), 500, target, blind), "AMD", seeded(f"t{seed}"),
                        {3: bot, 4: bot})
    assert max(s.score) >= target and sorted(b.outcome for b in se.bets) == ["lose", "win"]
    assert se.total_stake == se.total_returned + se.rake == 1000
    assert replay_match(ENGINE, V, [Event.from_dict(e.to_dict()) for e in s.events]) == se
