"""Blackjack engine: one test per rule clause, bad input, shared boxes, Bet Behind, replay."""

from __future__ import annotations

import pytest

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.base import BetRequest, Decision, replay
from croupier.games.blackjack import ENGINE
from croupier.games.blackjack.engine import NotYourTurn

from .blackjack_helpers import custom, legal, main, returned, rig, variant

# Deal order (003 §2.2, 002): first card to each box, dealer up card, second card to each box,
# then (hole-card games) the dealer's hole card.


def test_003_2_2_deal_order_player_dealer_player_hole() -> None:
    st = rig(variant("live_003"), [main()], ["Th", "9c", "7d", "8s"], ["stand"])
    dealt = next(e.data for e in st.events if e.type == "dealt")
    assert dealt["dealer_up"] == "9c" and dealt["boxes"]["1"] == ["Th", "7d"]
    assert [c for c in st.dealer] == [_code("9c"), _code("8s")]


def _code(name: str) -> int:
    from croupier.cards import parse
    return parse(name)


def test_003_2_2_equal_totals_push() -> None:
    st = rig(variant("live_003"), [main()], ["Th", "9c", "7d", "8s"], ["stand"])
    assert ENGINE.settle(st).bets[0].outcome == "push" and returned(st) == 1000


def test_000_12_2_blackjack_pays_3_to_2() -> None:
    st = rig(variant("digitain"), [main()], ["Ah", "9c", "Kd"])
    assert returned(st) == 2500


def test_003_2_blackjack_against_dealer_blackjack_pushes_after_peek() -> None:
    st = rig(variant("live_003"), [main()], ["Ah", "As", "Kd", "Ks"], ["decline"])
    assert returned(st) == 1000
    assert any(e.type == "peek" and e.data["dealer_blackjack"] for e in st.events)


def test_000_12_2_player_bust_loses_even_if_dealer_busts() -> None:
    st = rig(variant("digitain"), [main(1, "a"), main(2, "b")],
             ["Th", "Tc", "6c", "6d", "7d", "Kh", "Td", "Ts"], ["hit", "stand"])
    assert total_of(st.dealer) > 21 and returned(st, 0) == 0 and returned(st, 1) == 2000


def total_of(cards):  # type: ignore[no-untyped-def]
    from croupier.games.blackjack.rules import total
    return total(cards).value


def test_000_12_2_dealer_bust_pays_every_standing_box_1_to_1() -> None:
    st = rig(variant("digitain"), [main(1, "a"), main(2, "b")],
             ["Th", "9h", "6c", "7d", "8d", "Ts", "Ks"], ["stand", "stand"])
    # box 1: T,7 = 17; box 2: 9,8 = 17; dealer 6,T,K = 26
    assert returned(st, 0) == 2000 and returned(st, 1) == 2000


def test_003_2_2_dealer_stands_on_soft_17() -> None:
    st = rig(variant("live_003"), [main()], ["Th", "Ac", "8d", "6s"], ["decline", "stand"])
    assert len(st.dealer) == 2 and returned(st) == 2000  # 18 beats soft 17


def test_001_9_1_dealer_hits_soft_17() -> None:
    st = rig(variant("beton"), [main()], ["Th", "6c", "8d", "As", "2c"], ["stand"])
    assert len(st.dealer) == 3
    assert returned(st) == 0  # player 18, dealer soft 17 + 2 = 19


def test_000_12_2_split_equal_values_ten_and_king() -> None:
    v = variant("digitain")
    st = rig(v, [main()], ["Th", "6c", "Kd"], [])
    assert "split" in legal(st)


def test_unlimited_004_4_7_only_listed_pairs_split() -> None:
    v = variant("unlimited_004")
    st = rig(v, [main()], ["9h", "6c", "9d", "7s"], [])
    assert "split" not in legal(st)
    st = rig(v, [main()], ["8h", "6c", "8d", "7s"], [])
    assert "split" in legal(st)


def test_003_2_split_aces_get_one_card_each() -> None:
    st = rig(variant("live_003"), [main()], ["Ah", "6c", "Ad", "Ts", "Tc", "Kc", "9d"],
             ["split"], )
    box = st.boxes[0]
    assert [len(h.cards) for h in box.hands] == [2, 2]
    assert ENGINE.legal_actions(st) == [] and ENGINE.is_finished(st)
    # A,T = 21 and A,K = 21 against 6,T,9 = 25: both win 1:1 (split 21 is not Blackjack)
    assert returned(st) == 4000


def test_003_2_21_after_split_is_not_blackjack() -> None:
    v = variant("live_003")
    st = rig(v, [main()], ["Ah", "9c", "Ad", "8s", "Kc", "Qd"], ["split"])
    # hands A,K = 21 and A,Q = 21 (not Blackjack) v dealer 17: each wins 1:1, not 3:2
    assert returned(st) == 4000


def test_003_2_no_double_after_split() -> None:
    v = variant("live_003")
    st = rig(v, [main()], ["8h", "9c", "8d", "7s"], ["split"])
    st = ENGINE.apply(st, _card(st, "3c"))
    assert "double" not in legal(st)
    with pytest.raises(IllegalAction, match="no double after a split"):
        ENGINE.apply(st, Decision("double", {"box": 1, "player": "p"}))


def _card(st, name):  # type: ignore[no-untyped-def]
    from croupier.cards import parse
    from croupier.games.blackjack.engine import card_draw
    return card_draw(st, parse(name))


def test_000_12_2_double_after_split_allowed() -> None:
    st = rig(variant("digitain"), [main()], ["8h", "9c", "8d"], ["split"])
    st = ENGINE.apply(st, _card(st, "3c"))
    assert "double" in legal(st)


def test_bad_input_double_after_three_cards() -> None:
    st = rig(variant("digitain"), [main()], ["5h", "9c", "4d"], ["hit"])
    st = ENGINE.apply(st, _card(st, "2c"))
    with pytest.raises(IllegalAction, match="only on the first two cards"):
        ENGINE.apply(st, Decision("double", {"box": 1, "player": "p"}))


def test_bad_input_split_unequal_cards() -> None:
    st = rig(variant("digitain"), [main()], ["5h", "9c", "4d"], [])
    with pytest.raises(IllegalAction, match="not a pair"):
        ENGINE.apply(st, Decision("split", {"box": 1, "player": "p"}))


def test_bad_input_insurance_without_an_ace_up() -> None:
    st = rig(variant("digitain"), [main()], ["5h", "9c", "4d"], [])
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, Decision("insurance", {"box": 1, "player": "p"}))


def test_bad_input_acting_out_of_turn() -> None:
    st = rig(variant("digitain"), [main(1, "a"), main(2, "b")], ["5h", "6h", "9c", "4d", "4s"], [])
    with pytest.raises(NotYourTurn, match="box 1's turn"):
        ENGINE.apply(st, Decision("hit", {"box": 2, "player": "b"}))


def test_bad_input_acting_after_settlement() -> None:
    st = rig(variant("digitain"), [main()], ["Ah", "9c", "Kd"])
    with pytest.raises(RoundFinished):
        ENGINE.apply(st, Decision("hit", {"box": 1, "player": "p"}))


def test_bad_input_card_when_a_decision_is_due() -> None:
    st = rig(variant("digitain"), [main()], ["5h", "9c", "4d"], [])
    with pytest.raises(IllegalAction, match="decision"):
        ENGINE.apply(st, _card(st, "2c"))


def test_bad_bets_are_refused_with_clear_errors() -> None:
    v = variant("live_004")
    with pytest.raises(UnknownBetCode):
        ENGINE.start(v, [BetRequest("lucky_lucky", 100, (1, "p")), main()], "XXX")
    with pytest.raises(InvalidBet, match="side bet needs a main bet"):
        ENGINE.start(v, [BetRequest("perfect_pairs", 100, (2, "p")), main()], "XXX")
    with pytest.raises(InvalidSelection, match="box must be"):
        ENGINE.start(v, [main(9)], "XXX")
    with pytest.raises(StakeBelowMinimum):
        ENGINE.start(v, [main(1, "p", 100)], "EUR")
    with pytest.raises(InvalidBet, match="at most 2 box"):
        ENGINE.start(v, [main(1), main(2), main(3)], "XXX")


def test_002_only_the_box_owner_splits_and_doubles() -> None:
    v = variant("tdc")
    bets = [main(1, "owner"), main(1, "guest", 1000, "follow_split")]
    st = rig(v, bets, ["8h", "9c", "8d"], [])
    with pytest.raises(NotYourTurn, match="only the box owner"):
        ENGINE.apply(st, Decision("split", {"box": 1, "player": "guest"}))


def test_002_co_player_follows_split_only_if_preset() -> None:
    v = variant("tdc")
    bets = [main(1, "owner"), main(1, "follower", 1000, "follow_split"), main(1, "stayer")]
    st = rig(v, bets, ["8h", "9c", "8d", "Tc", "Ts", "8c"], ["split", "stand", "stand"])
    # hands 8,T and 8,T (18 each) v dealer 9,8 = 17: every share wins
    s = ENGINE.settle(st)
    by = {b.bet_id: b for b in s.bets}
    assert (by[0].stake, by[0].returned) == (2000, 4000)
    assert (by[1].stake, by[1].returned) == (2000, 4000)
    assert (by[2].stake, by[2].returned) == (1000, 2000)


def test_000_12_2_bet_behind_refunded_when_the_seat_does_not_play() -> None:
    v = variant("digitain")
    st = rig(v, [main(1, "a"), BetRequest("bet_behind", 500, (2, "b"))], ["Ah", "9c", "Kd"])
    s = ENGINE.settle(st)
    assert s.bets[1].returned == 500 and s.bets[1].outcome == "push"


def test_000_12_2_bet_behind_not_on_own_hand() -> None:
    with pytest.raises(InvalidBet, match="own box"):
        ENGINE.start(variant("digitain"), [main(1, "a"), BetRequest("bet_behind", 500, (1, "a"))], "XXX")


def test_000_12_2_bet_behind_follows_the_seat_result() -> None:
    v = variant("digitain")
    st = rig(v, [main(1, "a"), BetRequest("bet_behind", 500, (1, "b"))], ["Ah", "9c", "Kd"])
    assert returned(st, 1) == 1250


def test_000_12_2_no_hole_card_dealer_blackjack_takes_only_the_original_bet() -> None:
    v = variant("digitain")
    st = rig(v, [main()], ["5h", "Tc", "6d", "Th", "As"], ["double"])
    # doubled 11 -> 21, dealer T then A: Blackjack. OBO: the double stake is returned
    s = ENGINE.settle(st)
    assert s.bets[0].stake == 2000 and s.bets[0].returned == 1000


def test_003_2_ten_up_no_peek_dealer_blackjack_takes_doubles() -> None:
    v = variant("live_003")
    st = rig(v, [main()], ["5h", "Tc", "6d", "As", "Th"], ["double"])
    s = ENGINE.settle(st)
    assert s.bets[0].stake == 2000 and s.bets[0].returned == 0


def test_000_12_2_insurance_pays_2_to_1_on_half_the_bet() -> None:
    v = variant("digitain")
    st = rig(v, [main()], ["Th", "Ac", "9d", "Ks"], ["insurance", "stand"])
    s = ENGINE.settle(st)
    ins = [b for b in s.bets if b.code == "insurance"][0]
    assert ins.stake == 500 and ins.returned == 1500
    assert s.bets[0].returned == 0  # the dealer's Blackjack (second card, no hole card) beats 19


def test_000_12_2_even_money_pays_1_to_1_on_blackjack() -> None:
    st = rig(variant("digitain"), [main()], ["Ah", "Ac", "Kd"], ["even_money"])
    assert returned(st) == 2000


def test_002_insurance_up_to_half_the_bet() -> None:
    v = variant("tdc")
    st = rig(v, [main()], ["Th", "Ac", "9d"], [])
    with pytest.raises(IllegalAction, match="at most half"):
        ENGINE.apply(st, Decision("insurance", {"box": 1, "player": "p", "amount": 600}))
    st = ENGINE.apply(st, Decision("insurance", {"box": 1, "player": "p", "amount": 200}))
    assert st.insurance == ((0, 200),)


def test_004_2_9_surrender_against_an_ace_before_the_peek() -> None:
    v = variant("live_004")
    st = rig(v, [main()], ["Th", "Ac", "6d", "Ks"], ["surrender"])
    assert returned(st) == 500  # early: half back although the dealer has Blackjack


def test_002_surrender_not_against_an_ace() -> None:
    v = variant("tdc")
    st = rig(v, [main()], ["Th", "Ac", "6d"], ["decline"])
    assert "surrender" not in legal(st)
    st = rig(v, [main()], ["Th", "Tc", "6d"], [])
    assert "surrender" in legal(st)


def test_000_12_2_late_surrender_loses_all_to_a_dealer_blackjack() -> None:
    st = rig(variant("digitain"), [main()], ["Th", "Tc", "6d", "As"], ["surrender"])
    assert returned(st) == 0
    st = rig(variant("digitain"), [main()], ["Th", "Tc", "6d", "9s"], ["surrender"])
    assert returned(st) == 500


def test_002_no_double_on_21() -> None:
    v = custom("tdc", player={"hit_split_aces": True})
    st = rig(v, [main()], ["Ah", "9c", "Ad"], ["split"])
    st = ENGINE.apply(st, _card(st, "Kc"))  # A,K after a split: 21, not Blackjack, done
    st = ENGINE.apply(st, _card(st, "5c"))  # second hand A,5: soft 16 may double
    assert "double" in legal(st)
    assert not v.can_double_total(21) and variant("digitain").can_double_total(21)


def test_000_12_49_turbo_has_no_insurance_and_splits_once() -> None:
    v = variant("turbo")
    st = rig(v, [main()], ["8h", "Ac", "8d", "7s"], [])
    assert "insurance" not in legal(st) and "split" in legal(st)
    st = ENGINE.apply(st, Decision("split", {"box": 1, "player": "p"}))
    st = ENGINE.apply(st, _card(st, "8c"))
    assert "split" not in legal(st)


def test_replay_reproduces_events_and_settlement() -> None:
    v = variant("digitain")
    st = rig(v, [main(1, "a"), BetRequest("bust_it", 100, (1, "a")),
                 BetRequest("lucky_lucky", 100, (1, "a"))],
             ["7h", "6c", "7d", "2s", "Tc", "5h"], ["hit", "stand"])
    assert replay(ENGINE, v, st.events) == ENGINE.settle(st)


def test_custom_h17_option_changes_the_dealer() -> None:
    v = custom("live_003", dealer={"hits_soft_17": True})
    st = rig(v, [main()], ["Th", "Ac", "8d", "6s", "5c", "9c"], ["decline", "stand"])
    assert len(st.dealer) == 4  # A,6 soft 17 hits: +5 = 12, +9 = 21
    assert returned(st) == 0


def test_004_2_9_4_default_on_timeout_is_stand_and_no_insurance() -> None:
    v = variant("live_004")
    st = rig(v, [main()], ["Th", "Ac", "6d", "9s"], [])
    d = ENGINE.default_decision(st)
    assert d is not None and d.name == "decline"
    st = ENGINE.apply(st, d)
    d = ENGINE.default_decision(st)
    assert d is not None and d.name == "stand"
    st = ENGINE.apply(st, d)
    assert ENGINE.default_decision(st) is None


def test_cli_strategy_and_rtp_json_for_blackjack() -> None:
    import io
    import json

    from croupier.cli import main as cli

    out = io.StringIO()
    assert cli(["strategy", "blackjack", "--variant", "live_004"], out=out) == 0
    text = out.getvalue()
    assert "Hard totals" in text and "Soft totals" in text and "Pairs" in text
    out = io.StringIO()
    assert cli(["rtp", "blackjack", "--variant", "live_004", "--json"], out=out) == 0
    doc = json.loads(out.getvalue())
    assert doc["game"] == "blackjack" and doc["method"] == "exact"
    bets = {b["bet"]: b for b in doc["bets"]}
    assert {"main", "insurance", "perfect_pairs", "21_3"} <= set(bets)
    assert 0.99 < bets["main"]["rtp"] < 1.0


def test_replay_of_a_round_dealt_from_a_persisting_shoe() -> None:
    from croupier.cards import deck as full_deck
    from croupier.games.blackjack import replay_round
    from croupier.games.blackjack.engine import card_draw as draw_of

    v = variant("live_004")
    shoe = full_deck(8)[100:]  # 100 cards already dealt from this shoe
    st = ENGINE.start(v, [main()], "XXX", shoe=shoe)
    assert st.remaining == tuple(sorted(shoe))
    for name_ in ["Th", "9c", "7d", "8s"]:
        st = ENGINE.apply(st, draw_of(st, _code(name_)))
    st = ENGINE.apply(st, Decision("stand", {"box": 1, "player": "p"}))
    assert replay_round(v, st.events) == ENGINE.settle(st)
    with pytest.raises(InvalidSelection, match="cannot hold"):
        ENGINE.start(v, [main()], "XXX", shoe=shoe + [_code("Th")] * 40)
