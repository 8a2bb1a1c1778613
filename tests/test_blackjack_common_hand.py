"""Unlimited Blackjack (004 §4): many players on one common hand, each with own decisions."""

from __future__ import annotations

import pytest

from croupier.cards import parse
from croupier.errors import IllegalAction, InvalidBet, RoundFinished
from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.blackjack.common import CommonHandTable, CommonRound
from croupier.games.blackjack.strategy import decider
from croupier.rng import seeded

from .blackjack_helpers import variant

TABLE = CommonHandTable()


def _draw(t: CommonRound, card: str) -> CommonRound:
    return TABLE.apply_draw(t, DrawAction("card", t.remaining.index(parse(card))))


def _deal(t: CommonRound, cards: str) -> CommonRound:
    for c in cards.split():
        assert TABLE.next_draw(t) is not None, f"the table does not want {c}"
        t = _draw(t, c)
    return t


def _start(*players: str, side: bool = False) -> CommonRound:
    v = variant("unlimited_004")
    bets = {p: [BetRequest("main", 1000)] + ([BetRequest("21_3", 500)] if side else [])
            for p in players}
    return TABLE.start(v, bets, "EUR")


def test_004_4_7_players_share_the_cards_and_decide_independently() -> None:
    # common K 6 against a dealer 9 up, 7 in the hole; ann stands, bob hits, cid doubles
    t = _deal(_start("ann", "bob", "cid"), "Kh 9c 6d 7s")
    assert all(v.phase == "play" for v in t.views)
    assert TABLE.next_draw(t) is None  # everyone decides first
    t = TABLE.decide(t, "ann", Decision("stand"))
    t = TABLE.decide(t, "bob", Decision("hit"))
    t = TABLE.decide(t, "cid", Decision("double"))
    t = _deal(t, "4h")  # the common hand's next card: bob and cid both get it (20)
    assert [len(v.boxes[0].hands[0].cards) for v in t.views] == [2, 3, 3]
    t = TABLE.decide(t, "bob", Decision("stand"))
    t = _deal(t, "2c")  # dealer 9 7 2 = 18, once for everyone
    assert TABLE.is_finished(t)
    s = TABLE.settle(t)
    assert {p: s[p].bets[0].returned for p in s} == {"ann": 0, "bob": 2000, "cid": 4000}
    assert len({v.dealer for v in t.views}) == 1


def test_004_4_7_a_player_who_stood_ignores_later_cards() -> None:
    t = _deal(_start("ann", "bob"), "Th 9c 2d 7s")
    t = TABLE.decide(t, "ann", Decision("stand"))  # 12 stands
    t = TABLE.decide(t, "bob", Decision("hit"))
    t = _deal(t, "Ts")  # bob busts with 22; ann's hand is still 12
    assert t.views[0].boxes[0].hands[0].cards == (parse("Th"), parse("2d"))
    t = _deal(t, "5c")  # dealer 16 draws 5: 21
    s = TABLE.settle(t)
    assert s["ann"].bets[0].returned == 0 and s["bob"].bets[0].returned == 0


def test_004_4_7_split_hands_share_a_card_stream_per_split_hand() -> None:
    t = _deal(_start("ann", "bob", "cid"), "8h 6c 8d Ts")
    t = TABLE.decide(t, "ann", Decision("split"))
    t = TABLE.decide(t, "bob", Decision("split"))
    t = TABLE.decide(t, "cid", Decision("stand"))
    t = _deal(t, "3c")  # split hand 0's second card for ann and bob
    assert [v.boxes[0].hands[0].cards for v in t.views[:2]] == [(parse("8h"), parse("3c"))] * 2
    t = TABLE.decide(t, "ann", Decision("hit"))
    t = _deal(t, "Kc")  # ann's 8 3 K = 21 ends that hand
    t = TABLE.decide(t, "bob", Decision("stand"))  # bob stays on 11 (ignores the K)
    t = _deal(t, "9c")  # split hand 1's second card: 8 9 = 17 for both
    t = TABLE.decide(t, "ann", Decision("stand"))
    t = TABLE.decide(t, "bob", Decision("stand"))
    t = _deal(t, "Jh")  # dealer 6 T J busts
    s = TABLE.settle(t)
    # ann and bob win both hands of 1000 (no double after split here), cid wins 1000
    assert {p: s[p].total_returned for p in s} == {"ann": 4000, "bob": 4000, "cid": 2000}
    assert t.views[1].boxes[0].hands[0].cards == (parse("8h"), parse("3c"))


def test_004_4_13_side_bets_are_each_players_own() -> None:
    v = variant("unlimited_004")
    bets = {"ann": [BetRequest("main", 1000), BetRequest("21_3", 500)],
            "bob": [BetRequest("main", 1000)]}
    t = _deal(TABLE.start(v, bets, "EUR"), "7h 9h 8h Ts")  # 7 8 9 of hearts: straight flush
    t = TABLE.decide(t, "ann", Decision("stand"))
    t = TABLE.decide(t, "bob", Decision("stand"))  # the dealer stands on 19: no more cards
    assert TABLE.is_finished(t)
    s = TABLE.settle(t)
    assert [b.code for b in s["ann"].bets] == ["main", "21_3"]
    assert s["ann"].bets[1].returned == 500 * 41
    assert [b.code for b in s["bob"].bets] == ["main"]


def test_004_4_11_all_surrender_then_no_card_is_dealt() -> None:
    t = _deal(_start("ann", "bob"), "Th Ac 6d 9s")  # Ace up: insurance / surrender prompt
    for p in ("ann", "bob"):
        assert "surrender" in {d.name for d in TABLE.legal_actions(t, p)}
        t = TABLE.decide(t, p, Decision("surrender"))
    assert TABLE.is_finished(t)
    assert len(t.cards) == 4
    assert all(s.total_returned == 500 for s in TABLE.settle(t).values())


def test_a_common_round_played_by_many_players_conserves_cards() -> None:
    src = seeded(7)
    v = variant("unlimited_004")
    dec = decider(v)
    for _ in range(20):
        t = TABLE.start(v, {f"p{i}": [BetRequest("main", 1000)] for i in range(5)}, "EUR")
        while not TABLE.is_finished(t):
            req = TABLE.next_draw(t)
            if req is not None:
                t = TABLE.apply_draw(t, DrawAction("card", src.randbelow(req.n)))
                continue
            p, view = next((p, w) for p, w in zip(t.players, t.views, strict=True)
                           if TABLE.legal_actions(t, p))
            t = TABLE.decide(t, p, dec(view, TABLE.legal_actions(t, p)))
        assert len(t.remaining) + len(t.cards) == 8 * 52
        # every player's cards are common cards; the same strategy plays the same hand
        assert len({v.boxes[0].hands for v in t.views}) == 1


def test_bad_input_on_a_common_hand() -> None:
    with pytest.raises(InvalidBet):
        TABLE.start(variant("live_004"), {"ann": [BetRequest("main", 1000)]}, "EUR")
    with pytest.raises(InvalidBet):
        TABLE.start(variant("unlimited_004"), {"ann": [BetRequest("main", 1000, (2, "ann"))]}, "EUR")
    t = _deal(_start("ann", "bob"), "Th 9c 6d 7s")
    with pytest.raises(IllegalAction):
        TABLE.apply_draw(t, DrawAction("card", 0))  # decisions are due, not a card
    with pytest.raises(IllegalAction):
        TABLE.decide(t, "zoe", Decision("stand"))
    with pytest.raises(IllegalAction):
        TABLE.decide(t, "ann", Decision("stand", {"player": "bob"}))
    with pytest.raises(IllegalAction):
        TABLE.settle(t)
    t = TABLE.decide(TABLE.decide(t, "ann", Decision("stand")), "bob", Decision("stand"))
    t = _deal(t, "2c")
    with pytest.raises(RoundFinished):
        TABLE.decide(t, "ann", Decision("hit"))
