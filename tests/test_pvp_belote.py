"""Belote (000 §12.12: Classic and Open Belote): the deal, the trump offer, Contra - ReContra,
Change card, Double stake, every play obligation from constructed positions, card points and
trick order, each combination and how they count, the hand's result, capot, the match target,
the settlement with the 4% rake, bad input, and bot / random matches to the end."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards.card import parse
from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import Decision, DrawAction, Event, play_seated
from croupier.games.pvp.belote.bot import choose
from croupier.games.pvp.belote.cards import NO_TRUMP, legal_answers, points, trick_winner
from croupier.games.pvp.belote.combos import NotACombination, admit, classify, counted
from croupier.games.pvp.belote.engine import ENGINE, MatchState, TableSetup, replay_match
from croupier.games.pvp.belote.scoring import game_points, hand_result, match_winner
from croupier.games.pvp.belote.variant import load_variant, variant_names
from croupier.games.pvp.fund import FundRake
from croupier.games.pvp.poker.state import encode_deal
from croupier.rng import seeded

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


def cs(text: str) -> list[int]:
    return [parse(t) for t in text.split()]


def start(name: str = "classic", stake: int = 1000, **kw: object) -> MatchState:
    kw.setdefault("target", 51)
    return ENGINE.start(load_variant(name), TableSetup((1, 2), stake, **kw), "AMD")  # type: ignore[arg-type]


def act(s: MatchState, name: str, seat: int, **args: object) -> MatchState:
    return ENGINE.apply(s, Decision(name, {"seat": seat, **args}))


def classic_deal(s: MatchState, first: int, h0: str, h1: str, up: str) -> MatchState:
    s = ENGINE.apply(s, DrawAction("first", first))
    return ENGINE.apply(s, DrawAction("deal", encode_deal(s.variant.deck, cs(h0) + cs(h1) + cs(up))))


def rest(s: MatchState, cards: str) -> MatchState:
    return ENGINE.apply(s, DrawAction("rest", encode_deal(s.stock, cs(cards))))


def position(name: str = "classic", hands: Sequence[str] = ("", ""), trump: int = HEARTS,
             chooser: int = 0, first: int = 0, leader: int = 0, led: str | None = None,
             **kw: object) -> MatchState:
    """A hand in play: each card its own pile (Classic's hand; Open's upper cards alone)."""
    s = start(name, **kw)
    piles = (tuple((c,) for c in cs(hands[0])), tuple((c,) for c in cs(hands[1])))
    return s._replace(phase="play", first=first, chooser=chooser, trump=trump, piles=piles,
                      leader=leader, led=-1 if led is None else parse(led))


def last_event(s: MatchState, typ: str) -> Event:
    return [e for e in s.events if e.type == typ][-1]


# -- the deck and the deal ------------------------------------------------------------------------


def test_000_12_12_classic_24_cards_6_each_a_face_up_card_then_3_more() -> None:
    v = load_variant("classic")
    assert len(v.deck) == 24 and sorted({c >> 2 for c in v.deck}) == [9, 10, 11, 12, 13, 14]
    s = ENGINE.apply(ENGINE.apply(start(), DrawAction("first", 1)), DrawAction("deal", 987654321))
    assert [len(s.hand(i)) for i in (0, 1)] == [6, 6] and s.face_up >= 0 and len(s.stock) == 11
    s = act(s, "take", 2)                       # seat 2 (offered first) takes the face-up suit
    s = ENGINE.apply(s, DrawAction("rest", 12345))
    assert [len(s.hand(i)) for i in (0, 1)] == [9, 9]
    assert s.face_up in s.hand(1) and len(s.stock) == 24 - 18 - 0
    assert len(set(s.hand(0) + s.hand(1) + s.stock)) == 24


def test_000_12_12_open_32_cards_16_each_as_8_piles_of_2_first_4_upper_shown() -> None:
    v = load_variant("open")
    assert len(v.deck) == 32
    s = ENGINE.apply(ENGINE.apply(start("open"), DrawAction("first", 0)), DrawAction("deal", 10**30))
    assert all(len(s.piles[i]) == 8 and all(len(p) == 2 for p in s.piles[i]) for i in (0, 1))
    assert len(set(c for i in (0, 1) for p in s.piles[i] for c in p)) == 32
    dealt = last_event(s, "dealt").data
    assert [len(x[1]) for x in dealt["shown"]] == [4, 4]
    assert len(s.hand(0)) == 8   # the upper cards are the ones in play


def test_000_12_12_card_points_total_152_for_every_trump_and_no_trump() -> None:
    for name in variant_names():
        v = load_variant(name)
        for trump in (CLUBS, DIAMONDS, HEARTS, SPADES, NO_TRUMP):
            assert sum(points(v, c, trump) for c in v.deck) == 152, (name, trump)


def test_000_12_12_card_values_trump_non_trump_and_no_trump() -> None:
    v = load_variant("open")
    assert [points(v, c, HEARTS) for c in cs("Ah Th Kh Qh Jh 9h 8h 7h")] == [11, 10, 4, 3, 20, 14, 0, 0]
    assert [points(v, c, HEARTS) for c in cs("As Ts Ks Qs Js 9s")] == [11, 10, 4, 3, 2, 0]
    assert [points(v, c, NO_TRUMP) for c in cs("As Ts Ks Qs Js 9s")] == [19, 10, 4, 3, 2, 0]


# -- the trump offer (bidding) ----------------------------------------------------------------------

HAND0, HAND1 = "9c Tc Jc 9d Td Jd", "Qc Kc Ac Qd Kd Ad"


def test_000_12_12_trump_offer_first_player_takes_and_plays_first() -> None:
    s = classic_deal(start(), 1, HAND0, HAND1, "9h")
    assert ENGINE.to_act(s) == 2 and {d.name for d in ENGINE.legal_actions(s)} == {"take", "pass"}
    s = act(s, "take", 2)
    assert s.trump == HEARTS and s.chooser == 1
    s = rest(s, "9s Ts Js Qs Ks")              # the chooser's 2 more (with the 9h), then 3
    assert parse("9h") in s.hand(1) and ENGINE.to_act(s) == 2 and s.phase == "play"


def test_000_12_12_trump_offer_second_player_takes_the_first_still_plays_first() -> None:
    s = classic_deal(start(), 0, HAND0, HAND1, "9h")
    s = act(s, "pass", 1)
    with pytest.raises(IllegalAction, match="out of turn: seat 2 is to act, not seat 1"):
        act(s, "take", 1)                      # a bid out of turn
    s = act(s, "take", 2)
    assert s.chooser == 1 and s.trump == HEARTS
    s = rest(s, "9s Ts Js Qs Ks")
    assert ENGINE.to_act(s) == 1                # the player offered first leads


def test_000_12_12_second_offer_the_remaining_3_suits_then_the_second_must_choose() -> None:
    s = classic_deal(start(), 0, HAND0, HAND1, "9h")
    s = act(act(s, "pass", 1), "pass", 2)
    suits = sorted({d.args["suit"] for d in ENGINE.legal_actions(s) if d.name == "trump"})
    assert suits == [CLUBS, DIAMONDS, SPADES]
    with pytest.raises(IllegalAction, match="the trump is one of clubs, diamonds, spades"):
        act(s, "trump", 1, suit=HEARTS)
    s = act(s, "pass", 1)
    assert "pass" not in {d.name for d in ENGINE.legal_actions(s)}
    with pytest.raises(IllegalAction, match="you must choose the trump: the last offer"):
        act(s, "pass", 2)
    s = act(s, "trump", 2, suit=SPADES, open_card=False)
    assert s.chooser == 1 and s.trump == SPADES and not s.open_taken
    s = rest(s, "Ts Js Qs Ks As 9s")            # 3 + 3: the face-up card is out of play
    assert parse("9h") not in s.hand(0) + s.hand(1) and ENGINE.to_act(s) == 1


def test_000_12_12_no_trump_boy_is_offered_on_the_second_round_with_the_face_up_suit() -> None:
    s = classic_deal(start(no_trump=True), 0, HAND0, HAND1, "9h")
    s = act(act(s, "pass", 1), "pass", 2)
    suits = sorted({d.args["suit"] for d in ENGINE.legal_actions(s) if d.name == "trump"})
    assert suits == [CLUBS, DIAMONDS, HEARTS, SPADES, NO_TRUMP]
    s = act(s, "trump", 1, suit=NO_TRUMP, open_card=True)
    assert s.trump == NO_TRUMP and s.open_taken


def test_000_12_12_a_face_up_jack_refused_by_the_first_must_be_taken_by_the_second() -> None:
    s = classic_deal(start(), 0, HAND0, HAND1, "Jh")
    s = act(s, "pass", 1)
    assert [d.name for d in ENGINE.legal_actions(s)] == ["take"]
    with pytest.raises(IllegalAction, match="you must choose the trump: the face-up card is a J"):
        act(s, "pass", 2)
    assert act(s, "take", 2).trump == HEARTS


def test_000_12_12_open_trump_offer_turns_up_the_other_4_then_the_opponent_must_choose() -> None:
    s = ENGINE.apply(ENGINE.apply(start("open"), DrawAction("first", 1)), DrawAction("deal", 77))
    assert ENGINE.to_act(s) == 2
    assert sorted(d.args["suit"] for d in ENGINE.legal_actions(s) if d.name == "trump") == [0, 1, 2, 3]
    s = act(act(s, "pass", 2), "pass", 1)
    assert [len(x[1]) for x in last_event(s, "turned_up").data["shown"]] == [4, 4]
    s = act(s, "pass", 2)
    with pytest.raises(IllegalAction, match="you must choose the trump"):
        act(s, "pass", 1)
    s = act(s, "trump", 1, suit=CLUBS)
    assert s.chooser == 0 and s.phase == "play" and ENGINE.to_act(s) == 2   # the first player leads
    with pytest.raises(IllegalAction, match="'take' is the first offer"):
        act(ENGINE.apply(ENGINE.apply(start("open"), DrawAction("first", 0)), DrawAction("deal", 5)), "take", 1)


# -- Contra - ReContra, Change card, Double stake ----------------------------------------------------


def test_000_12_12_contra_recontra_after_the_first_6_cards() -> None:
    s = classic_deal(start(contra=True), 0, HAND0, HAND1, "9h")
    s = act(s, "take", 1)
    assert s.phase == "contra" and ENGINE.to_act(s) == 2       # the chooser's opponent
    s = act(s, "contra", 2)
    assert s.contra == 2 and ENGINE.to_act(s) == 1
    s = act(s, "recontra", 1)
    assert s.contra == 4 and s.phase == "rest"
    assert act(act(classic_deal(start(contra=True), 0, HAND0, HAND1, "9h"), "take", 1), "pass", 2).contra == 1


def test_000_12_12_contra_classic_only_and_not_in_1_or_3_wins_games() -> None:
    with pytest.raises(VariantError, match="Contra - ReContra is Classic only"):
        start("classic", mode="wins", target=3, contra=True)
    with pytest.raises(VariantError, match="Contra - ReContra is Classic only"):
        start("open", contra=True)
    assert start("classic", mode="wins", target=5, contra=True).setup.contra


def test_000_12_12_change_card_costs_10_percent_of_the_bet_new_card_at_random() -> None:
    s = classic_deal(start(stake=10000, change_card=True), 0, HAND0, HAND1, "9h")
    s = rest(act(s, "take", 1), "9s Ts Js Qs Ks")
    assert s.phase == "change" and ENGINE.to_act(s) == 1
    s = act(s, "change_card", 1, card=parse("9c"))
    assert s.fees == (1000, 0) and ENGINE.next_draw(s) is not None
    new = s.stock[0]
    s = ENGINE.apply(s, DrawAction("change", 0))
    assert new in s.hand(0) and parse("9c") not in s.hand(0) and len(s.hand(0)) == 9
    assert ENGINE.to_act(s) == 2                # then the other player: one chance each
    s = act(s, "keep", 2)
    assert s.phase == "play"
    with pytest.raises(VariantError, match="Change card is a Classic Belote option"):
        start("open", change_card=True)


def test_000_12_12_change_card_after_double_stake_costs_10_percent_of_the_multiplied_bet() -> None:
    s = classic_deal(start(stake=1000, change_card=True, double_max=4), 0, HAND0, HAND1, "9h")
    for _ in range(2):
        s = act(act(s, "double", 1), "accept", 2)
    assert s.mult == 4
    with pytest.raises(IllegalAction, match="no Double stake now"):
        act(s, "double", 1)
    s = rest(act(s, "take", 1), "9s Ts Js Qs Ks")
    s = act(s, "change_card", 1, card=parse("Tc"))
    assert s.fees == (400, 0)                   # 1,000 x 4 = 4,000: the change costs 400


def test_000_12_12_double_stake_must_be_accepted_or_the_opponent_loses() -> None:
    s = classic_deal(start(double_max=2), 0, HAND0, HAND1, "9h")
    s = act(s, "double", 1)
    assert ENGINE.to_act(s) == 2 and [d.name for d in ENGINE.legal_actions(s)] == ["accept"]
    done = act(s, "decline", 2)
    assert done.winner == 0 and last_event(done, "result").data["how"] == "double_declined"
    with pytest.raises(IllegalAction, match="a double is accepted or declined"):
        act(s, "take", 2)


def test_000_12_12_double_stake_example_max_2000_bet_200_doubled_once_refunds_1600() -> None:
    s = classic_deal(start(stake=200, double_max=16, max_bet=2000), 0, HAND0, HAND1, "9h")
    assert s.setup.escrow == 2000              # the maximum bet is held on joining
    s = act(act(s, "double", 1), "accept", 2)
    done = act(s, "resign", 2)
    se = ENGINE.settle(done)
    loser = [b for b in se.bets if b.bet_id == 2][0]
    winner = [b for b in se.bets if b.bet_id == 1][0]
    assert loser.returned == 1600               # 2,000 - the doubled 400
    assert se.rake == 800 * 4 // 100 and winner.returned == 2000 + 400 - se.rake
    assert se.total_stake == se.total_returned + se.rake + se.fees
    s = s._replace(mult=8)                      # 200 x 16 = 3,200 would pass the 2,000 maximum
    assert not ENGINE.can_double(s)
    with pytest.raises(VariantError, match="Double stake's maximum is one of X2, X4, X8, X16"):
        start(double_max=3)
    with pytest.raises(VariantError, match="a Double stake maximum bet is at least twice the stake"):
        start(stake=200, double_max=2, max_bet=300)
    with pytest.raises(VariantError, match="Double stake's maximum is one of none here"):
        start("open", double_max=2)
    with pytest.raises(VariantError, match="no_trump is true or false"):
        start(no_trump="yes")


# -- the play obligations and the trick ---------------------------------------------------------------


def test_000_12_12_trick_rule_1_follow_a_non_trump_suit_led() -> None:
    v = load_variant("classic")
    assert sorted(legal_answers(v, cs("9c Ac Jh 9d"), parse("Kc"), HEARTS)) == sorted(cs("9c Ac"))
    s = position(hands=("Kc", "9c Ac Jh 9d"), led="Kc", leader=0)
    with pytest.raises(IllegalAction, match="Jh is not allowed: you hold clubs and must follow suit"):
        act(s, "play", 2, card=parse("Jh"))
    assert act(s, "play", 2, card=parse("9c")).tricks == (1, 0)   # following need not win


def test_000_12_12_trick_rule_2_void_in_the_suit_led_must_trump() -> None:
    v = load_variant("classic")
    assert legal_answers(v, cs("Ad Jh 9s"), parse("Kc"), HEARTS) == cs("Jh")
    assert sorted(legal_answers(v, cs("Ad 9s"), parse("Kc"), HEARTS)) == sorted(cs("Ad 9s"))
    s = position(hands=("Kc", "Ad Jh"), led="Kc")
    with pytest.raises(IllegalAction, match="Ad is not allowed: you have no clubs and must play a trump"):
        act(s, "play", 2, card=parse("Ad"))
    assert sorted(legal_answers(v, cs("Ad 9s"), parse("Kc"), NO_TRUMP)) == sorted(cs("Ad 9s"))


def test_000_12_12_trick_rule_3_trump_led_over_trump_else_any_trump_else_any_card() -> None:
    v = load_variant("open")
    assert sorted(legal_answers(v, cs("9h Ah 7h As"), parse("Th"), HEARTS)) == sorted(cs("9h Ah"))
    assert sorted(legal_answers(v, cs("Kh 7h As"), parse("9h"), HEARTS)) == sorted(cs("Kh 7h"))
    assert sorted(legal_answers(v, cs("As Kd"), parse("9h"), HEARTS)) == sorted(cs("As Kd"))
    s = position("open", hands=("Th", "9h 7h As"), led="Th")
    with pytest.raises(IllegalAction, match="7h is not allowed: Th is a trump and you hold a higher trump"):
        act(s, "play", 2, card=parse("7h"))
    s = position("open", hands=("9h", "Kh As"), led="9h")
    with pytest.raises(IllegalAction, match="As is not allowed: 9h is a trump and you hold a trump"):
        act(s, "play", 2, card=parse("As"))


def test_000_12_12_trick_winner_trump_beats_all_and_the_rank_orders() -> None:
    v = load_variant("open")
    assert trick_winner(v, parse("Ah"), parse("Jh"), HEARTS) == 1     # trump J over trump A
    assert trick_winner(v, parse("9h"), parse("Ah"), HEARTS) == 0     # trump 9 over trump A
    assert trick_winner(v, parse("As"), parse("7h"), HEARTS) == 1     # any trump over a non-trump
    assert trick_winner(v, parse("Ts"), parse("Ks"), HEARTS) == 0     # 10 over K in a plain suit
    assert trick_winner(v, parse("7s"), parse("Ad"), HEARTS) == 0     # another suit never wins
    assert trick_winner(v, parse("Jh"), parse("Ah"), NO_TRUMP) == 1   # No Trump: A, 10, K, Q, J


def test_000_12_12_an_illegal_card_and_a_card_not_held_are_refused() -> None:
    s = position(hands=("Kc Ad", "9c Jh"))
    with pytest.raises(IllegalAction, match="you do not hold 9c"):
        act(s, "play", 1, card=parse("9c"))
    with pytest.raises(IllegalAction, match="out of turn: seat 1 is to act, not seat 2"):
        act(s, "play", 2, card=parse("9c"))
    with pytest.raises(IllegalAction, match="you do not hold card 'Kc'"):
        act(s, "play", 1, card="Kc")


# -- combinations -------------------------------------------------------------------------------------


def test_000_12_12_belote_rebelote_scores_20() -> None:
    v = load_variant("classic")
    assert classify(v, cs("Kh Qh"), HEARTS) == ("belote", 20)
    with pytest.raises(NotACombination, match="not Belote-Rebelote"):
        classify(v, cs("Ks Qs"), HEARTS)
    s = act(position(hands=("Kh Qh 9c", "Ac Td Ts")), "declare", 1, cards=cs("Kh Qh"))
    assert last_event(s, "declared").data["points"] == 20
    assert counted(v, s.declared, HEARTS, 0) == (20, 0)


def test_000_12_12_sequences_tierce_20_fifty_50_hundred_100() -> None:
    v = load_variant("open")
    assert classify(v, cs("9c Tc Jc"), HEARTS) == ("tierce", 20)
    assert classify(v, cs("Jd Qd Kd Ad"), HEARTS) == ("fifty", 50)
    assert classify(v, cs("7s 8s 9s Ts Js"), HEARTS) == ("hundred", 100)
    with pytest.raises(NotACombination, match="neither a sequence"):
        classify(v, cs("9c Tc Qc"), HEARTS)


def test_000_12_12_four_cards_j_200_9_140_a_110_k_q_10_100() -> None:
    v = load_variant("open")
    four = {r: classify(v, cs(" ".join(r + x for x in "cdhs")), HEARTS)[1] for r in "J9AKQT"}
    assert four == {"J": 200, "9": 140, "A": 110, "K": 100, "Q": 100, "T": 100}
    for r in "78":
        with pytest.raises(NotACombination, match="'4 cards' of this rank are not declared"):
            classify(v, cs(" ".join(r + x for x in "cdhs")), HEARTS)
    with pytest.raises(NotACombination, match="'4 cards' of this rank are not declared"):
        classify(v, cs("9c 9d 9h 9s"), NO_TRUMP)   # No Trump: no 4 cards of 9s


def test_000_12_12_the_combinations_a_player_may_declare_are_listed() -> None:
    s = position(hands=("9c Tc Jc Qc Kc Kh Qh Ks Kd", "Ac Ad As Ah Td Ts 9d 9s 9h"))
    found = {tuple(d.args["cards"]) for d in ENGINE.legal_actions(s) if d.name == "declare"}
    runs = {tuple(cs(r)) for r in ("9c Tc Jc", "Tc Jc Qc", "Jc Qc Kc", "9c Tc Jc Qc", "Tc Jc Qc Kc",
                                   "9c Tc Jc Qc Kc")}
    assert found == runs | {tuple(cs("Qh Kh")), tuple(cs("Kc Kd Kh Ks"))}
    s = act(s, "declare", 1, cards=cs("Kc Kd Kh Ks"))
    left = {tuple(d.args["cards"]) for d in ENGINE.legal_actions(s) if d.name == "declare"}
    assert left == {tuple(cs(r)) for r in ("9c Tc Jc", "Tc Jc Qc", "9c Tc Jc Qc")}


def test_000_12_12_a_declaration_not_held_is_refused() -> None:
    s = position(hands=("Kh 9c Tc", "Ac Td Ts"))
    with pytest.raises(IllegalAction, match="you do not hold Qh in your hand"):
        act(s, "declare", 1, cards=cs("Kh Qh"))
    with pytest.raises(IllegalAction, match="is not a combination"):
        act(s, "declare", 1, cards=cs("Kh"))


def test_000_12_12_classic_declare_before_the_first_card_and_no_overlap() -> None:
    s = position(hands=("Kh Qh Jh Ac 9d Td Jd", "Tc Ts As 9s 7s 8s 8c"))
    s = act(s, "declare", 1, cards=cs("Jh Qh Kh"))
    with pytest.raises(IllegalAction, match="overlaps your declared Jh Qh Kh"):
        act(s, "declare", 1, cards=cs("Kh Qh"))
    s = act(act(s, "play", 1, card=parse("Ac")), "play", 2, card=parse("Tc"))
    assert ENGINE.to_act(s) == 1
    with pytest.raises(IllegalAction, match="declared before your first card of the hand"):
        act(s, "declare", 1, cards=cs("9d Td Jd"))


def test_000_12_12_table_conditions_tierce_only_and_without_combinations() -> None:
    s = position(hands=("Kh Qh 9c Tc Jc", "Ac Td Ts As Ad"), combos="tierce_only")
    with pytest.raises(IllegalAction, match="belote may not be declared at this table"):
        act(s, "declare", 1, cards=cs("Kh Qh"))
    assert act(s, "declare", 1, cards=cs("9c Tc Jc")).declared[0] == (tuple(cs("9c Tc Jc")),)
    s = position(hands=("Kh Qh 9c Tc Jc", "Ac Td Ts As Ad"), combos="none")
    with pytest.raises(IllegalAction, match="without combinations"):
        act(s, "declare", 1, cards=cs("9c Tc Jc"))
    s = position(hands=("Kc Kd Kh Ks 9c", "Ac Td Ts As Ad"), combos="no_four_hundred")
    with pytest.raises(IllegalAction, match="four may not be declared"):
        act(s, "declare", 1, cards=cs("Kc Kd Kh Ks"))


def test_000_12_12_classic_only_the_higher_combination_scores_in_order() -> None:
    v = load_variant("classic")
    four, hundred = (tuple(cs("Kc Kd Kh Ks")),), (tuple(cs("9d Td Jd Qd Kd")),)
    assert counted(v, (four, hundred), SPADES, 1) == (100, 0)          # 4 cards over 100
    low, high = (tuple(cs("9c Tc Jc")),), (tuple(cs("Jd Qd Kd")),)
    assert counted(v, (low, high), SPADES, 0) == (0, 20)                # higher rank: K over J
    plain, trump = (tuple(cs("Tc Jc Qc")),), (tuple(cs("Ts Js Qs")),)
    assert counted(v, (plain, trump), SPADES, 0) == (0, 20)             # same rank: the trump one
    other = (tuple(cs("Td Jd Qd")),)
    assert counted(v, (plain, other), SPADES, 1) == (0, 20)             # neither trump: who played first
    assert counted(v, (plain, other), SPADES, 0) == (20, 0)
    belote = (tuple(cs("Qs Ks")),)
    assert counted(v, (belote + plain, hundred), SPADES, 0) == (20, 100)  # Belote always counts
    fours = (tuple(cs("Jc Jd Jh Js")),), (tuple(cs("Ac Ad Ah As")),)
    assert counted(v, fours, SPADES, 1) == (200, 0)                     # 4 cards: J over A (trump order)
    assert counted(v, fours, NO_TRUMP, 0) == (0, 110)                   # No Trump: A first


def test_000_12_12_open_all_combinations_of_both_players_count() -> None:
    v = load_variant("open")
    a, b = (tuple(cs("Kc Kd Kh Ks")), tuple(cs("7d 8d 9d"))), (tuple(cs("9s Ts Js Qs Ks")),)
    assert counted(v, (a, b), HEARTS, 0) == (120, 100)


def test_000_12_12_open_of_2_tierces_the_higher_is_announced_first() -> None:
    s = position("open", hands=("7c 8c 9c Jd Qd Kd As", "Ac Ad Ah Td Ts 9d 9s"))
    with pytest.raises(IllegalAction, match="announce the higher tierce Jd Qd Kd first"):
        act(s, "declare", 1, cards=cs("7c 8c 9c"))
    assert [d.args["cards"] for d in ENGINE.legal_actions(s) if d.name == "declare"] == [cs("Jd Qd Kd")]
    s = act(s, "declare", 1, cards=cs("Jd Qd Kd"))
    assert act(s, "declare", 1, cards=cs("7c 8c 9c")).declared[0][-1] == tuple(cs("7c 8c 9c"))


def test_000_12_12_open_a_growing_combination_is_declared_again_the_smaller_not_after() -> None:
    s = start("open")
    piles = (((parse("Kc"), parse("9d")), (parse("7s"), parse("Tc")), (parse("8s"), parse("Jc")),
              (parse("7d"), parse("Qc"))),
             ((parse("8c"), parse("7c")), (parse("8d"), parse("Ts")), (parse("8h"), parse("Td")),
              (parse("9s"), parse("Ad"))))
    s = s._replace(phase="play", first=0, chooser=0, trump=HEARTS, piles=piles, leader=0, led=-1)
    s = act(s, "declare", 1, cards=cs("Tc Jc Qc"))
    s = act(s, "play", 1, card=parse("9d"))           # K of clubs is uncovered
    assert parse("Kc") in s.hand(0)
    s = act(s, "play", 2, card=parse("Td"))           # 10 over 9 of diamonds: seat 2 leads
    s = act(s, "play", 2, card=parse("7c"))
    s = act(s, "declare", 1, cards=cs("Tc Jc Qc Kc"))  # the tierce grows to "50"
    assert s.declared[0] == (tuple(cs("Tc Jc Qc Kc")),)
    assert counted(s.variant, s.declared, HEARTS, 0) == (50, 0)
    s = act(s, "play", 1, card=parse("Kc"))
    assert ENGINE.to_act(s) == 1 and s.tricks == (1, 1)
    with pytest.raises(IllegalAction, match="you do not hold Kc face up"):
        act(s, "declare", 1, cards=cs("Jc Qc Kc"))
    with pytest.raises(IllegalAction, match="overlaps your declared Tc Jc Qc Kc"):
        act(s, "declare", 1, cards=cs("Tc Jc Qc"))    # the K is thrown: no tierce out of the "50"
    with pytest.raises(NotACombination, match="overlaps"):
        admit(s.variant, (tuple(cs("9d Td Jd Qd")),), tuple(cs("Td Jd Qd")), HEARTS)


# -- the hand's result ----------------------------------------------------------------------------


def test_000_12_12_game_points_are_hand_points_over_10_rounded() -> None:
    assert [game_points(p) for p in (81, 76, 86, 50, 40, 162, 75, 74)] == [8, 8, 9, 5, 4, 16, 8, 7]


def test_000_12_12_classic_the_chooser_wins_with_equal_points_72_0_vs_52_20() -> None:
    v = load_variant("classic")
    r = hand_result(v, 0, (72, 52), (0, 20), -1, 1, "points", False)
    assert r.made and r.winner == 0 and r.totals == (72, 72)
    r = hand_result(v, 0, (71, 53), (0, 20), -1, 1, "wins", False)
    assert not r.made and r.winner == 1 and r.gains == (0, 1)


def test_000_12_12_a_failed_contract_gives_the_opponent_every_point() -> None:
    v = load_variant("open")
    r = hand_result(v, 0, (70, 92), (20, 0), -1, 1, "points", False)
    assert not r.made and r.gains == (0, 16 + 2)


def test_000_12_12_open_equal_points_81_81_scores_8_8_and_76_50_vs_86_40_scores_13_13() -> None:
    v = load_variant("open")
    assert hand_result(v, 0, (81, 81), (0, 0), -1, 1, "points", False).gains == (8, 8)
    r = hand_result(v, 1, (76, 86), (50, 40), -1, 1, "points", False)
    assert r.winner == -1 and r.gains == (13, 13)


def test_000_12_12_contra_doubles_and_recontra_quadruples_only_the_card_points() -> None:
    v = load_variant("classic")
    assert hand_result(v, 0, (100, 62), (20, 0), -1, 2, "points", False).gains == (2 * 16 + 2, 0)
    assert hand_result(v, 0, (60, 102), (20, 0), -1, 4, "points", False).gains == (0, 4 * 16 + 2)
    assert hand_result(v, 0, (100, 62), (0, 0), -1, 2, "wins", False).gains == (2, 0)


def test_000_12_12_last_trick_10_and_capot_50() -> None:
    s = position(hands=("Ac 9d", "Tc Ad"))
    s = s._replace(tricks=(3, 1), cards=(40, 12))
    s = act(act(s, "play", 1, card=parse("Ac")), "play", 2, card=parse("Tc"))
    s = act(act(s, "play", 1, card=parse("9d")), "play", 2, card=parse("Ad"))
    over = last_event(s, "hand_over").data
    assert over["cards"] == [40 + 21, 12 + 11 + 10] and over["capot"] is None
    s = position(hands=("Ac", "Tc"))._replace(tricks=(8, 0), cards=(100, 0))
    s = act(act(s, "play", 1, card=parse("Ac")), "play", 2, card=parse("Tc"))
    over = last_event(s, "hand_over").data
    assert over["capot"] == 1 and over["totals"] == [100 + 21 + 10 + 50, 0]
    v = load_variant("classic")
    assert hand_result(v, 0, (162, 0), (0, 0), 0, 1, "wins", True).gains == (2, 0)   # Double Score for Capot
    assert hand_result(v, 0, (162, 0), (0, 0), 0, 1, "wins", False).gains == (1, 0)
    with pytest.raises(VariantError, match="Double Score for Capot is for the 3, 5, 7, 9, 11-wins"):
        start(mode="wins", target=1, double_capot=True)


def test_000_12_12_the_match_ends_at_the_target_equal_totals_play_on() -> None:
    assert match_winner((51, 51), 51) == -1 and match_winner((52, 51), 51) == 0
    assert match_winner((40, 50), 51) == -1 and match_winner((3, 1), 3) == 0
    s = position(hands=("Ac", "Tc"), mode="wins", target=3)._replace(score=(2, 1))
    s = act(act(s, "play", 1, card=parse("Ac")), "play", 2, card=parse("Tc"))
    assert s.winner == 0 and s.score == (3, 1)
    se = ENGINE.settle(s)
    assert [b.returned for b in se.bets] == [1920, 0] and se.rake == 80
    s = position(hands=("Ac", "Tc"), mode="wins", target=5)._replace(score=(2, 1))
    s = act(act(s, "play", 1, card=parse("Ac")), "play", 2, card=parse("Tc"))
    assert s.winner == -1 and s.phase == "first" and s.hand_no == 2
    with pytest.raises(VariantError, match="a game to 1, 3, 5, 7, 9, 11 wins"):
        start(mode="wins", target=51)


# -- money, the house's decisions -------------------------------------------------------------------


def test_000_12_12_rake_4_percent_of_the_winning_fund_void_refunds_and_tournaments() -> None:
    s = classic_deal(start(stake=1000, change_card=True), 0, HAND0, HAND1, "9h")
    s = act(rest(act(s, "take", 1), "9s Ts Js Qs Ks"), "change_card", 1, card=parse("9c"))
    void = ENGINE.apply(s, Decision("void", {"seat": "house"}))
    se = ENGINE.settle(void)
    assert se.total_returned == se.total_stake == 2000 + 100 and se.rake == 0
    done = act(s, "resign", 1)
    se = ENGINE.settle(done)
    assert se.rake == 80 and se.fees == 100 and se.total_stake == se.total_returned + se.rake + se.fees
    free = ENGINE.settle(act(start(rake=None), "resign", 1))
    assert free.rake == 0 and sorted(b.returned for b in free.bets) == [0, 2000]
    up = ENGINE.settle(act(start(stake=1001, rake=FundRake(rounding="up")), "resign", 1))
    assert up.rake == 81   # ceil(2002 x 4%)


def test_000_12_12_time_out_resign_and_a_finished_match() -> None:
    s = classic_deal(start(), 0, HAND0, HAND1, "9h")
    with pytest.raises(IllegalAction, match="only the player to act can run out of time"):
        ENGINE.apply(s, Decision("time_out", {"seat": "house", "player": 2}))
    t = ENGINE.apply(s, Decision("time_out", {"seat": "house", "player": 1}))
    assert t.winner == 1
    with pytest.raises(RoundFinished):
        act(t, "pass", 2)
    with pytest.raises(IllegalAction, match="waits for a decision, not a deal draw"):
        ENGINE.apply(s, DrawAction("deal", 0))
    with pytest.raises(IllegalAction, match="seat 7 is not at this table"):
        act(s, "pass", 7)


# -- the computer opponent and random matches -------------------------------------------------------


def _options(name: str, data: st.DataObject) -> dict[str, object]:
    v = load_variant(name)
    mode = data.draw(st.sampled_from(["wins", "points"]))
    target = data.draw(st.sampled_from(v.win_targets if mode == "wins" else v.point_targets))
    kw: dict[str, object] = {"mode": mode, "target": target,
                             "combos": data.draw(st.sampled_from(["all", "no_four_hundred", "tierce_only", "none"])),
                             "no_trump": data.draw(st.booleans())}
    if mode == "wins" and target in v.double_capot_targets:
        kw["double_capot"] = data.draw(st.booleans())
    if v.contra and not (mode == "wins" and target in v.contra_excluded_wins):
        kw["contra"] = data.draw(st.booleans())
    if v.change_card_percent:
        kw["change_card"] = data.draw(st.booleans())
    if v.double_multipliers:
        kw["double_max"] = data.draw(st.sampled_from([0, *v.double_multipliers]))
    return kw


@settings(max_examples=16, deadline=None)
@given(seed=st.integers(0, 2**32), name=st.sampled_from(variant_names()), stake=st.integers(1, 10**7),
       bots=st.sampled_from(["random", "bot", "mixed"]), data=st.data())
def test_000_12_12_random_and_bot_matches_end_legally_and_the_ledger_sums(
        seed: int, name: str, stake: int, bots: str, data: st.DataObject) -> None:
    v = load_variant(name)
    src = seeded(f"p{seed}")

    def rnd(state: MatchState, legal: list[Decision]) -> Decision:
        assert legal, "a legal action exists until the end"
        return legal[src.randbelow(len(legal))]

    def bot(state: MatchState, legal: list[Decision]) -> Decision:
        assert legal, "a legal action exists until the end"
        d = choose(state, legal)
        assert d in legal
        return d

    deciders = {"random": (rnd, rnd), "bot": (bot, bot), "mixed": (bot, rnd)}[bots]
    setup = TableSetup((4, 9), stake, **_options(name, data))  # type: ignore[arg-type]
    s, se = play_seated(ENGINE, v, setup, "AMD", seeded(f"d{seed}"), {4: deciders[0], 9: deciders[1]})
    assert s.winner in (0, 1)
    for e in s.events:
        if e.type == "hand_over":   # every card is played in Open: 152 + the last trick's 10
            assert sum(e.data["cards"]) == 162 if v.style == "open" else sum(e.data["cards"]) <= 162
    assert sorted(b.outcome for b in se.bets if b.code == "match") == ["lose", "win"]
    assert se.total_stake == se.total_returned + se.rake + se.fees
    assert se.rake == (0 if setup.rake is None else setup.rake.of(2 * stake * s.mult))
    assert se.total_stake == 2 * setup.escrow + sum(s.fees)
    assert replay_match(ENGINE, v, s.events) == se
    assert replay_match(ENGINE, v, [Event.from_dict(e.to_dict()) for e in s.events]) == se


def test_000_12_12_the_computer_opponent_beats_random_play() -> None:
    src = seeded("bot-vs-random")

    def rnd(state: MatchState, legal: list[Decision]) -> Decision:
        return legal[src.randbelow(len(legal))]

    for name in variant_names():
        v = load_variant(name)
        wins = 0
        for g in range(6):
            s, _ = play_seated(ENGINE, v, TableSetup((1, 2), 100, 51), "AMD", seeded(f"{name}{g}"),
                               {1: choose, 2: rnd})
            wins += s.winner == 0
        assert wins >= 5, (name, wins)
