"""Every rule and example of 000 §12.12.3 (Poker, player vs player) as a test named after it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import IllegalAction, InvalidBet, VariantError
from croupier.games.pvp.poker.engine import ENGINE
from croupier.games.pvp.poker.evaluate import category_name, hand_value
from croupier.games.pvp.poker.rake import PercentRake
from croupier.games.pvp.poker.variant import all_variants, load_variant
from tests.pvp_poker_helpers import (
    act,
    cards,
    check_down,
    deal,
    deal_any,
    hole_order,
    start,
    variant,
)


def stacks_after(s):  # noqa: ANN001, ANN202 - test helper
    se = ENGINE.settle(s)
    return {b.bet_id: s.stacks[i] + b.returned for i, b in enumerate(se.bets)}


def test_000_12_12_3_variants_are_data_for_each_game_and_limit() -> None:
    found = set(all_variants())
    for game in ("holdem", "omaha", "omaha5", "short_deck"):
        for structure in ("fixed_limit", "no_limit", "pot_limit"):
            assert (game, structure) in found
            v = load_variant(game, structure)
            assert v.structure == structure and "12.12.3" in v.source
            assert (v.min_players, v.max_players) == (2, 9)  # "2-9 players"
    assert load_variant("omaha", "no_limit").hole_cards == 4
    assert load_variant("omaha5", "no_limit").hole_cards == 5
    assert load_variant("short_deck", "no_limit").deck_size == 36


def test_000_12_12_3_blinds_small_is_half_the_big_left_of_the_dealer() -> None:
    s = start(variant(), [1000] * 4, button=2, bb=20)
    posted = [(e.data["seat"], e.data["kind"], e.data["amount"]) for e in s.events if e.type == "posted"]
    assert posted == [(3, "small_blind", 10), (4, "big_blind", 20)]
    # the cards are dealt from the dealer's left, clockwise: the first card goes to the small blind
    assert s.queue[:4] == (2, 3, 0, 1)


def test_000_12_12_3_small_blind_half_needs_an_even_big_blind() -> None:
    with pytest.raises(InvalidBet, match="half the big blind"):
        start(variant(), [1000] * 3, bb=25)


def test_000_12_12_3_players_2_to_9() -> None:
    with pytest.raises(InvalidBet, match="2 to 9 players"):
        start(variant(), [1000] * 10)
    with pytest.raises(InvalidBet, match="2 to 9 players"):
        start(variant(), [1000])


def test_000_12_12_3_no_limit_minimum_bet_is_the_big_blind() -> None:
    s = deal_any(start(variant(), [1000] * 3, button=1, bb=20))
    s = check_down(s)
    s = deal_any(s)  # the flop
    assert ENGINE.raise_range(s) == (20, 980)
    with pytest.raises(IllegalAction, match="below the minimum bet 20"):
        act(s, 2, "bet", to=19)


def test_000_12_12_3_no_limit_minimum_raise_example_bet_5_raise_to_10() -> None:
    s = deal_any(start(variant(), [1000] * 3, button=1, bb=2))
    s = deal_any(check_down(s))
    s = act(s, 2, "bet", to=5)
    assert ENGINE.raise_range(s)[0] == 10  # type: ignore[index]
    with pytest.raises(IllegalAction, match="below the minimum raise to 10"):
        act(s, 3, "raise", to=9)
    s = act(s, 3, "raise", to=10)
    # the next raise is at least the previous raise (5): to 15
    assert ENGINE.raise_range(s)[0] == 15  # type: ignore[index]


def test_000_12_12_3_no_limit_maximum_is_all_chips_and_raises_unlimited() -> None:
    s = deal_any(start(variant(), [5000] * 2, button=1, bb=20))
    to = 20
    for _ in range(12):  # far more than four raises
        seat = ENGINE.to_act(s)
        low, high = ENGINE.raise_range(s)  # type: ignore[misc]
        assert high == 5000
        to = low
        s = act(s, seat, "raise", to=to)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="more than your chips"):
        act(s, ENGINE.to_act(s), "raise", to=5001)  # type: ignore[arg-type]


def test_000_12_12_3_pot_limit_example_190() -> None:
    """Blinds 10/20, SB 10, BB 20, the 3rd player raises to 40, the 4th calls 40: the pot is 110
    and the 5th player may raise to at most 110 + 2 x 40 = 190."""
    s = deal_any(start(variant("holdem", "pot_limit"), [1000] * 5, button=5, bb=20))
    s = act(s, 3, "raise", to=40)
    s = act(s, 4, "call")
    assert sum(s.committed) == 110
    assert ENGINE.to_act(s) == 5
    assert ENGINE.raise_range(s) == (60, 190)
    with pytest.raises(IllegalAction, match="above the pot limit 190"):
        act(s, 5, "raise", to=191)
    s = act(s, 5, "raise", to=190)
    assert s.current_bet == 190


@pytest.mark.parametrize("game", ["omaha", "omaha5", "short_deck"])
def test_000_12_12_3_pot_limit_example_190_in_every_game(game: str) -> None:
    s = deal_any(start(variant(game, "pot_limit"), [1000] * 5, button=5, bb=20))
    s = act(act(s, 3, "raise", to=40), 4, "call")
    assert ENGINE.raise_range(s) == (60, 190)


def test_000_12_12_3_fixed_limit_big_blind_in_round_1_doubled_in_rounds_2_and_3() -> None:
    s = deal_any(start(variant("holdem", "fixed_limit"), [1000] * 3, button=1, bb=20))
    assert ENGINE.raise_range(s) == (40, 40)  # before the flop: raises of one big blind
    s = deal_any(check_down(s))
    assert ENGINE.raise_range(s) == (20, 20)  # round 1 (the flop): the big blind
    s = deal_any(check_down(s))
    assert ENGINE.raise_range(s) == (40, 40)  # round 2: doubled
    s = act(s, 2, "bet", to=40)
    assert ENGINE.raise_range(s) == (80, 80)
    with pytest.raises(IllegalAction, match="exactly to 80"):
        act(s, 3, "raise", to=100)
    s = deal_any(check_down(s))
    assert ENGINE.raise_range(s) == (40, 40)  # round 3: doubled


def test_000_12_12_3_fixed_limit_four_bets_a_round_bet_raise_reraise_cap() -> None:
    s = deal_any(start(variant("holdem", "fixed_limit"), [1000] * 3, button=1, bb=20))
    s = deal_any(check_down(s))
    s = act(s, 2, "bet", to=20)     # bet
    s = act(s, 3, "raise", to=40)   # raise
    s = act(s, 1, "raise", to=60)   # reraise
    s = act(s, 2, "raise", to=80)   # cap
    assert ENGINE.raise_range(s) is None
    assert {d.name for d in ENGINE.legal_actions(s)} == {"fold", "call"}
    with pytest.raises(IllegalAction, match="capped: 4 bets"):
        act(s, 3, "raise", to=100)


def test_000_12_12_3_fixed_limit_big_blind_counts_as_the_first_bet() -> None:
    s = deal_any(start(variant("holdem", "fixed_limit"), [1000] * 4, button=1, bb=20))
    s = act(s, 4, "raise", to=40)
    s = act(s, 1, "raise", to=60)
    s = act(s, 2, "raise", to=80)
    assert ENGINE.raise_range(s) is None  # blind, raise, reraise, cap


def test_000_12_12_3_straddle_is_2x_big_blind_before_the_deal() -> None:
    s = start(variant(), [1000] * 4, button=1, bb=20, predeal=((4, "straddle"),))
    assert s.bets == (0, 10, 20, 40)
    s = deal_any(s)
    assert ENGINE.to_act(s) == 1  # left of the straddler
    assert ENGINE.raise_range(s) == (80, 1000)  # the straddle is the big blind of this round


def test_000_12_12_3_straddle_raises_the_blinds_for_the_first_round_only() -> None:
    s = deal_any(start(variant(), [1000] * 4, button=1, bb=20, predeal=((4, "straddle"),)))
    s = deal_any(check_down(s))
    assert ENGINE.raise_range(s) == (20, 960)  # the flop: the minimum bet is the big blind again


@pytest.mark.parametrize("fmt", ["all_in_or_fold", "rush", "tournament"])
@pytest.mark.parametrize("kind", ["straddle", "no_look_all_in"])
def test_000_12_12_3_straddle_and_no_look_all_in_banned_in_aof_rush_tournament(fmt: str, kind: str) -> None:
    with pytest.raises(IllegalAction, match=f"not allowed at {fmt} tables"):
        start(variant(), [1000] * 4, button=1, bb=20, format=fmt, predeal=((4, kind),))


def test_000_12_12_3_no_look_all_in_is_all_chips_before_the_deal() -> None:
    s = start(variant(), [1000, 1000, 1000, 300], button=1, bb=20, predeal=((4, "no_look_all_in"),))
    assert s.bets[3] == 300 and s.stacks[3] == 0
    s = deal_any(s)
    assert ENGINE.to_act(s) == 1
    assert {d.name for d in ENGINE.legal_actions(s)} >= {"fold", "call", "raise"}
    assert ENGINE.raise_range(s)[0] == 300 + 280  # type: ignore[index]


def test_000_12_12_3_no_look_all_in_not_after_a_straddle() -> None:
    with pytest.raises(IllegalAction, match="not allowed after a straddle by seat 4"):
        start(variant(), [1000] * 5, button=1, bb=20, predeal=((4, "straddle"), (5, "no_look_all_in")))
    with pytest.raises(IllegalAction, match="may not make a No-Look All-In too"):
        start(variant(), [1000] * 5, button=1, bb=20, predeal=((4, "straddle"), (4, "no_look_all_in")))
    with pytest.raises(IllegalAction, match="not allowed after a no-look-all-in"):
        start(variant(), [1000] * 5, button=1, bb=20, predeal=((4, "no_look_all_in"), (5, "no_look_all_in")))


def test_000_12_12_3_straddle_needs_two_big_blinds_and_not_a_blind() -> None:
    with pytest.raises(IllegalAction, match="posts a blind"):
        start(variant(), [1000] * 4, button=1, bb=20, predeal=((3, "straddle"),))
    with pytest.raises(IllegalAction, match="2 x the big blind"):
        start(variant(), [1000, 1000, 1000, 30], button=1, bb=20, predeal=((4, "straddle"),))


def test_000_12_9_no_straddle_in_stud() -> None:
    with pytest.raises(IllegalAction, match="not allowed in Fixed Limit 5 Card Stud"):
        start(variant("five_card_stud", "fixed_limit"), [1000] * 4, button=1, bb=20, predeal=((3, "straddle"),))


def test_000_12_12_3_fast_fold_at_any_time_in_rush_only() -> None:
    s = deal_any(start(variant(), [1000] * 4, button=1, bb=20, format="rush"))
    assert ENGINE.to_act(s) == 4
    s = act(s, 2, "fast_fold")  # not his turn: Rush lets him fold at once
    assert s.folded[1] and ENGINE.to_act(s) == 4
    r = deal_any(start(variant(), [1000] * 4, button=1, bb=20))
    with pytest.raises(IllegalAction, match="only at Rush & Cash tables"):
        act(r, 2, "fast_fold")


def test_000_12_12_3_all_in_or_fold_only_two_actions() -> None:
    s = deal_any(start(variant(), [160] * 3, button=1, bb=20, format="all_in_or_fold"))
    assert [d.name for d in ENGINE.legal_actions(s)] == ["fold", "all_in"]
    for name in ("call", "raise", "bet", "check"):
        with pytest.raises(IllegalAction, match="only actions are all_in and fold"):
            act(s, 1, name, to=40)
    s = act(s, 1, "all_in")
    assert s.bets[0] == 160


def test_000_12_12_3_all_in_or_fold_buy_in_8_bb_holdem_4_bb_omaha() -> None:
    assert load_variant("holdem", "no_limit").all_in_or_fold_bb == 8
    assert load_variant("omaha", "pot_limit").all_in_or_fold_bb == 4


def _flop_all_in(structure: str = "no_limit"):  # noqa: ANN202
    """P1 Q♠Q♣ vs P2 A♥10♥, board Q♥ 2♥ 7♣, both all-in on the flop (000 §12.12.3 examples)."""
    v = variant("holdem", structure)
    s = start(v, [1000, 1000], button=1, bb=20)
    s = deal(s, hole_order(v, 2, 1, {1: "Qs Qc", 2: "Ah Th"}))
    s = check_down(s)
    s = deal(s, "Qh 2h 7c")
    s = act(s, 2, "bet", to=980)
    s = act(s, 1, "call")
    assert s.phase == "runs"
    return s


def test_000_12_12_3_run_it_twice_example_each_gets_half() -> None:
    s = _flop_all_in()
    s = act(s, 2, "run_it", times=2)
    s = act(s, 1, "run_it", times=2)
    s = deal(s, "Tc 2c Ad 3h")
    assert s.boards == (tuple(cards("Qh 2h 7c Tc 2c")), tuple(cards("Qh 2h 7c Ad 3h")))
    (pot,) = s.result.pots  # type: ignore[union-attr]
    assert pot.runs == ((1,), (2,))  # P1 wins run 1 (full house), P2 run 2 (heart flush)
    assert stacks_after(s) == {1: 1000, 2: 1000}


def test_000_12_12_3_run_it_three_times_example_by_the_real_evaluator() -> None:
    """The text says P1 wins runs 1 and 2 and P2 run 3; A♦ 3♥ gives P2 a heart flush, so the
    real evaluation is P1 run 1, P2 runs 2 and 3 (extract note)."""
    board = cards("Qh 2h 7c")
    p1, p2 = cards("Qs Qc"), cards("Ah Th")
    run2 = board + cards("Ad 3h")
    assert category_name("best5", hand_value("best5", p2, run2)) == "flush"
    assert hand_value("best5", p2, run2) > hand_value("best5", p1, run2)  # the text is wrong here
    s = _flop_all_in()
    s = act(act(s, 2, "run_it", times=3), 1, "run_it", times=3)
    s = deal(s, "Tc 2c Ad 3h Jh 8s")
    (pot,) = s.result.pots  # type: ignore[union-attr]
    assert pot.runs == ((1,), (2,), (2,))
    # the pot of 2000 in three equal parts: 667 + 667 + 666 (odd unit to the first run)
    assert stacks_after(s) == {1: 667, 2: 1333}


def test_000_12_12_3_run_it_more_than_once_only_if_all_agree() -> None:
    s = _flop_all_in()
    s = act(act(s, 2, "run_it", times=3), 1, "run_it", times=1)
    assert len(s.queue) == 2 and len(s.boards) == 1


def test_000_12_12_3_run_it_twice_not_in_all_in_or_fold() -> None:
    v = variant()
    s = start(v, [160, 160], button=1, bb=20, format="all_in_or_fold")
    s = deal_any(s)
    s = act(act(s, 1, "all_in"), 2, "all_in")
    assert s.phase == "deal" and len(s.queue) == 5


def test_000_12_12_3_equal_combinations_split_the_pot_odd_chip_left_of_button() -> None:
    v = variant()
    s = start(v, [100] * 3, button=1, bb=2)
    s = deal_any(s)
    s = act(s, 1, "call")
    s = act(s, 2, "fold")  # the small blind's 1 stays in the pot: 5 to split
    s = act(s, 3, "check")
    s = deal(s, "As Ks Qs")
    s = check_down(s)
    s = deal(s, "Js")
    s = check_down(s)
    s = deal(s, "Ts")  # a royal flush on the board: seats 1 and 3 tie
    s = check_down(s)
    (pot,) = s.result.pots  # type: ignore[union-attr]
    assert pot.amount == 5 and pot.won == {3: 3, 1: 2}  # seat 3 is first left of the button


def test_000_12_12_3_misdeal_annuls_the_hand_and_returns_every_bet() -> None:
    s = deal_any(start(variant(), [1000] * 3, button=1, bb=20))
    s = act(s, 1, "raise", to=60)
    s = ENGINE.apply(s, __import__("croupier.games.base", fromlist=["Decision"]).Decision(
        "misdeal", {"seat": "dealer", "reason": "seat 2 got 3 cards"}))
    se = ENGINE.settle(s)
    assert s.result.misdeal and se.rake == 0  # type: ignore[union-attr]
    assert all(b.returned == b.stake and b.outcome == "push" for b in se.bets)
    with pytest.raises(IllegalAction, match="only the dealer"):
        act(deal_any(start(variant(), [1000] * 3)), 1, "misdeal")


def test_000_12_12_3_side_pots_for_any_number_of_all_ins() -> None:
    v = variant()
    s = start(v, [100, 300, 600, 1000], button=4, bb=20)
    s = deal(s, hole_order(v, 4, 4, {1: "Ac Ad", 2: "Kc Kd", 3: "Qc Qd", 4: "7h 2s"}))
    s = act(s, 3, "raise", to=600)
    s = act(s, 4, "call")
    s = act(s, 1, "call")
    s = act(s, 2, "call")
    assert s.phase == "runs"
    for seat in (1, 2, 3, 4):
        s = act(s, seat, "run_it", times=1)
    s = deal(s, "3c 8d 9s Jh 4c")
    pots = [(p.amount, p.eligible, dict(p.won)) for p in s.result.pots]  # type: ignore[union-attr]
    assert pots == [(400, (1, 2, 3, 4), {1: 400}), (600, (2, 3, 4), {2: 600}), (600, (3, 4), {3: 600})]
    assert stacks_after(s) == {1: 400, 2: 600, 3: 600, 4: 400}


def test_000_12_12_3_highest_combination_wins_regardless_of_raises() -> None:
    v = variant()
    s = start(v, [1000, 1000], button=1, bb=20)
    s = deal(s, hole_order(v, 2, 1, {1: "2c 7d", 2: "Ah Ad"}))
    s = act(s, 1, "raise", to=200)
    s = act(s, 2, "call")
    for board in ("Kc 9s 4h", "3d", "8c"):
        s = check_down(deal(s, board))
    assert stacks_after(s) == {1: 800, 2: 1200}


def test_000_12_12_3_showdown_last_aggressor_shows_first_losers_muck() -> None:
    v = variant()
    s = start(v, [1000, 1000, 1000], button=1, bb=20)
    s = deal(s, hole_order(v, 3, 1, {1: "2c 7d", 2: "Ah Ad", 3: "Kh Kd"}))
    s = check_down(s)
    for board in ("Qc 9s 4h", "3d"):
        s = check_down(deal(s, board))
    s = deal(s, "8c")
    s = act(s, 2, "check")
    s = act(s, 3, "bet", to=100)
    s = act(s, 1, "call")
    s = act(s, 2, "call")
    showdown = next(e for e in s.events if e.type == "showdown")
    assert list(showdown.data["shown"]) == ["3", "2"]  # the bettor first, then the winner
    assert showdown.data["mucked"] == [1]


def test_000_12_12_3_rake_3_to_5_percent_from_each_pot_after_the_hand() -> None:
    with pytest.raises(VariantError, match="3% to 5%"):
        PercentRake(Fraction(6, 100))
    with pytest.raises(VariantError, match="3% to 5%"):
        PercentRake(Fraction(2, 100))
    v = variant()
    rake = PercentRake(Fraction(5, 100), cap=None, no_flop_no_drop=True)
    s = start(v, [1000, 1000], button=1, bb=20, rake=rake)
    s = deal(s, hole_order(v, 2, 1, {1: "2c 7d", 2: "Ah Ad"}))
    s = act(act(s, 1, "raise", to=200), 2, "call")
    for board in ("Kc 9s 4h", "3d", "8c"):
        s = check_down(deal(s, board))
    se = ENGINE.settle(s)
    assert se.rake == 20 and stacks_after(s) == {1: 800, 2: 1180}
    assert se.total_stake == se.total_returned + se.rake


def test_000_12_12_3_rake_cap_and_no_flop_no_drop() -> None:
    v = variant()
    capped = start(v, [1000, 1000], button=1, bb=20, rake=PercentRake(Fraction(5, 100), cap=15))
    capped = act(act(deal_any(capped), 1, "raise", to=200), 2, "call")
    for _ in range(3):
        capped = check_down(deal_any(capped))
    assert ENGINE.settle(capped).rake == 15
    # a hand that ends before the flop: no rake with "no flop, no drop", 5% of the pot without it
    for nfnd, want in ((True, 0), (False, 2)):
        s = start(v, [1000, 1000], button=1, bb=20, rake=PercentRake(Fraction(5, 100), None, nfnd))
        s = act(act(deal_any(s), 1, "raise", to=60), 2, "fold")
        se = ENGINE.settle(s)
        assert se.rake == want  # the uncalled 40 came back unraked; 5% of the 40 pot is 2
        assert se.total_stake == se.total_returned + se.rake


def test_000_platform_tournaments_are_excluded_from_rake() -> None:
    with pytest.raises(InvalidBet, match="tournaments are excluded"):
        start(variant(), [1000] * 3, format="tournament", rake=PercentRake(Fraction(4, 100)))


def test_000_12_12_3_short_deck_flush_beats_full_house() -> None:
    board = cards("Kh Kd 9h 7h 6c")
    flush = hand_value("short_deck", cards("Ah Th"), board)
    full = hand_value("short_deck", cards("Ks 9c"), board)
    assert category_name("short_deck", flush) == "flush"
    assert category_name("short_deck", full) == "full_house"
    assert flush > full
    assert hand_value("best5", cards("Ah Th"), board) < hand_value("best5", cards("Ks 9c"), board)


def test_000_12_12_3_short_deck_ace_plays_low_in_a_6_7_8_9() -> None:
    v = hand_value("short_deck", cards("Ac 6d"), cards("7h 8s 9c Kd Qh"))
    assert category_name("short_deck", v) == "straight"
    ten_high = hand_value("short_deck", cards("Tc 6d"), cards("7h 8s 9c Kd Qh"))
    assert ten_high > v  # 6-7-8-9-10 beats A-6-7-8-9 (the Ace plays low)
    deck = load_variant("short_deck", "no_limit")
    s = start(deck, [1000] * 2)
    assert min(s.deck) >> 2 == 6 and len(s.deck) == 36


def test_000_12_12_3_omaha_uses_exactly_two_hole_cards() -> None:
    # four hearts in the hand and one on the board: no flush (only two hole cards play)
    v = hand_value("omaha", cards("Ah Kh Qh Jh"), cards("2h 7c 8d 9s 3c"))
    assert category_name("omaha", v) == "high_card"
    # four hearts on the board and one in the hand: no flush either
    v = hand_value("omaha", cards("Ah 2c 3d 4s"), cards("Kh Qh Jh 9h 7c"))
    assert category_name("omaha", v) != "flush"
    # a board straight needs two hole cards: 5 Card Omaha too
    v5 = hand_value("omaha", cards("Ac Ad 2s 3s 4s"), cards("Th Jd Qc Kh 9c"))
    assert category_name("omaha", v5) == "pair"


def test_000_12_12_3_omaha_hand_deals_four_and_five_card_omaha_five() -> None:
    for game, k in (("omaha", 4), ("omaha5", 5)):
        s = deal_any(start(variant(game), [1000] * 9, bb=20))
        assert all(len(h) == k for h in s.hole)


def test_000_12_12_3_holdem_ranking_royal_flush_top() -> None:
    names = ["high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
             "four_of_a_kind", "straight_flush", "royal_flush"]
    examples = ["2c 5d 9h Js Kc", "2c 2d 9h Js Kc", "2c 2d 9h 9s Kc", "2c 2d 2h 9s Kc",
                "5c 6d 7h 8s 9c", "2c 5c 9c Jc Kc", "2c 2d 2h 9s 9c", "2c 2d 2h 2s 9c",
                "5c 6c 7c 8c 9c", "Tc Jc Qc Kc Ac"]
    values = [hand_value("best5", cards(e)[:2], cards(e)[2:]) for e in examples]
    assert [category_name("best5", x) for x in values] == names
    assert values == sorted(values)


def test_000_12_12_3_a_short_big_blind_still_sets_the_bet_to_call() -> None:
    s = deal_any(start(variant(), [1000, 1000, 5], button=1, bb=20))
    assert s.bets == (0, 10, 5) and s.current_bet == 20
    s = act(s, 1, "call")
    assert s.bets[0] == 20


def test_000_12_12_3_all_in_showdown_tables_every_hand() -> None:
    s = _flop_all_in()
    s = act(act(s, 2, "run_it", times=1), 1, "run_it", times=1)
    s = deal(s, "Tc 2c")
    showdown = next(e for e in s.events if e.type == "showdown")
    assert set(showdown.data["shown"]) == {"1", "2"} and showdown.data["mucked"] == []


def test_000_12_12_3_holdem_flow_two_private_cards_flop_turn_river() -> None:
    v = variant()
    s = start(v, [1000] * 3, button=1, bb=20)
    assert len(s.queue) == 6  # 2 private cards each
    s = check_down(deal_any(s))
    assert s.queue == (-1, -1, -1)  # round 1: three board cards
    s = check_down(deal_any(s))
    assert len(s.queue) == 1  # round 2: the 4th card
    s = check_down(deal_any(s))
    assert len(s.queue) == 1  # round 3: the 5th card
    s = check_down(deal_any(s))
    assert ENGINE.is_finished(s) and len(s.board) == 5
    assert any(e.type == "showdown" for e in s.events)  # the showdown after the third round


def test_000_12_12_3_reraise_at_least_the_previous_raise_assumption() -> None:
    """The text's "reraise at least twice the previous raise" is read as the standard rule
    (extract ASSUMPTION): the reraise increment is at least the previous raise increment."""
    s = deal_any(start(variant(), [5000] * 3, button=1, bb=20))
    s = act(s, 1, "raise", to=100)  # a raise of 80
    assert ENGINE.raise_range(s)[0] == 180  # type: ignore[index]
    s = act(s, 2, "raise", to=180)
    assert ENGINE.raise_range(s)[0] == 260  # type: ignore[index]


def test_000_12_12_3_fold_loses_the_chips_already_put_in() -> None:
    s = deal_any(start(variant(), [1000] * 3, button=1, bb=20))
    s = act(act(s, 1, "raise", to=60), 2, "fold")
    s = act(s, 3, "fold")
    se = ENGINE.settle(s)
    assert [(b.bet_id, b.stake, b.returned) for b in se.bets] == [(1, 60, 90), (2, 10, 0), (3, 20, 0)]


def test_pvp_poker_is_not_in_the_house_game_catalogue() -> None:
    from croupier.games.registry import games

    assert not any(name.startswith("pvp") or "pvp" in type(spec.engine).__module__ for name, spec in games().items())


def test_000_12_12_3_fixed_limit_straddle_counts_as_the_first_raise() -> None:
    s = deal_any(start(variant("holdem", "fixed_limit"), [1000] * 5, button=1, bb=20,
                       predeal=((4, "straddle"),)))
    assert ENGINE.to_act(s) == 5 and ENGINE.raise_range(s) == (60, 60)
    s = act(s, 5, "raise", to=60)   # reraise
    s = act(s, 1, "raise", to=80)   # cap: blind, straddle, reraise, cap
    assert ENGINE.raise_range(s) is None


def test_000_12_12_3_rush_blinds_fast_fold_the_last_player_takes_every_chip() -> None:
    s = deal_any(start(variant(), [100] * 4, button=1, bb=20, format="rush"))
    for seat in (2, 3, 4):
        s = act(s, seat, "fast_fold")
    assert ENGINE.is_finished(s)
    assert stacks_after(s) == {1: 130, 2: 90, 3: 80, 4: 100}
