"""War of Bets (000 §12.39)."""

from __future__ import annotations

from fractions import Fraction
from math import floor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import parse, rank_of
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.fastsim import keyed_returns
from croupier.games.cardcompare.war_of_bets.engine import (
    CODES,
    ENGINE,
    GAME,
    holds,
    offered_second,
    play_row,
    row_keys,
    second_odds,
    sim_codes,
    wins,
)
from croupier.games.registry import load_variant
from croupier.money import apply_ratio

V = "war_of_bets_000"


def settle(code: str, player: str, dealer: str) -> int:
    v = load_variant("war_of_bets", V)
    state = ENGINE.start(v, [BetRequest(code, 100)], "XXX")
    for c in (player, dealer):  # 000 §12.39: the first card always goes to the Player
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    return ENGINE.settle(state).bets[0].returned


def test_000_12_39_highest_card_wins_and_equal_is_war() -> None:
    assert settle("player_wins", "Ah", "Kd") == 207
    assert settle("dealer_wins", "Ah", "Kd") == 0
    assert settle("war", "7h", "7c") == 1298
    assert settle("player_wins", "7h", "7c") == 0  # ASSUMPTION: lose on a War
    assert settle("dealer_wins", "7h", "7c") == 0


@pytest.mark.parametrize("prop,card,expected", [
    ("red", "2h", True), ("red", "2d", True), ("black", "2s", True), ("black", "2c", True),
    ("hearts", "9h", True), ("clubs", "9h", False),
    ("8", "8s", True), ("under_8", "7s", True), ("under_8", "8s", False),
    ("over_8", "9s", True), ("over_8", "As", True), ("over_8", "8s", False),
    ("picture", "Js", True), ("picture", "As", False), ("picture", "Ts", False),
    ("ace_or_number", "As", True), ("ace_or_number", "Ts", True), ("ace_or_number", "Ks", False),
])
def test_000_12_39_card_properties(prop: str, card: str, expected: bool) -> None:
    assert holds(prop, parse(card)) is expected


def test_000_12_39_dealer_and_player_card_bets() -> None:
    assert settle("dealer_red", "2s", "5h") == 192
    assert settle("player_red", "2s", "5h") == 0
    assert settle("player_spades", "2s", "5h") == 384


def test_exact_rtp_closed_forms() -> None:
    rtps = {r.bet: r.rtp for r in GAME.exact(load_variant("war_of_bets", V))}
    t = Fraction(23, 311)
    assert rtps["war"] == t * Fraction("12.98")
    assert rtps["player_wins"] == (1 - t) / 2 * Fraction("2.07")
    assert rtps["dealer_8"] == Fraction(1, 13) * Fraction("12.48")


# --- the second betting round (000 §12.39 step 3) ------------------------------------------------

def two_rounds(first: list[tuple[str, int]], player: str, second: list[tuple[str, int]],
               dealer: str, cur: str = "XXX") -> dict[str, int]:
    v = load_variant("war_of_bets", V)
    state = ENGINE.start(v, [BetRequest(c, s) for c, s in first], cur)
    state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(player))))
    for code, stake in second:
        state = ENGINE.apply(state, Decision("bet", {"code": code, "stake": stake}))
    state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(dealer))))
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    return {f"{b.bet_id}:{b.code}": b.returned for b in ENGINE.settle(state).bets}


def test_000_12_39_step_3_second_round_result_bet_pays_the_odds_for_the_players_card() -> None:
    # default table: after a 9 the Dealer wins at x2.48, after a 3 the Player wins at x12.44
    assert two_rounds([], "9h", [("dealer_wins", 100)], "Jd") == {"0:second_dealer_wins": 248}
    assert two_rounds([], "3h", [("player_wins", 100)], "2d") == {"0:second_player_wins": 1244}
    assert two_rounds([], "3h", [("player_wins", 100)], "3d") == {"0:second_player_wins": 0}
    assert two_rounds([], "Qs", [("war", 100)], "Qc") == {"0:second_war": 1298}


def test_000_12_39_step_3_earlier_bets_stand_and_the_same_outcome_may_be_bet_again() -> None:
    got = two_rounds([("dealer_wins", 100)], "9h", [("dealer_wins", 100), ("dealer_red", 50)], "Jd")
    assert got == {"0:dealer_wins": 207, "1:second_dealer_wins": 248, "2:second_dealer_red": 96}


def test_000_12_39_second_round_offers_only_bets_that_can_win_and_no_players_card_bet() -> None:
    v = load_variant("war_of_bets", V)
    after_ace = offered_second(v, parse("As"))
    after_two = offered_second(v, parse("2s"))
    assert "dealer_wins" not in after_ace and "player_wins" in after_ace
    assert "player_wins" not in after_two and "dealer_wins" in after_two
    assert not any(c.startswith("player_") and c != "player_wins" for c in after_ace)
    state = ENGINE.start(v, [BetRequest("war", 100)], "XXX")
    state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse("As"))))
    with pytest.raises(InvalidBet, match="not offered"):
        ENGINE.apply(state, Decision("bet", {"code": "dealer_wins", "stake": 100}))
    with pytest.raises(InvalidBet, match="not offered"):
        ENGINE.apply(state, Decision("bet", {"code": "player_red", "stake": 100}))
    with pytest.raises(UnknownBetCode):
        ENGINE.apply(state, Decision("bet", {"code": "banker", "stake": 100}))
    with pytest.raises(InvalidBet):
        ENGINE.apply(state, Decision("bet", {"code": "war", "stake": 100, "box": 2}))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Decision("fold"))


def test_000_12_39_second_round_opens_after_the_players_card_and_closes_with_the_dealers() -> None:
    v = load_variant("war_of_bets", V)
    state = ENGINE.start(v, [BetRequest("war", 100)], "XXX")
    assert ENGINE.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="after the Player's card"):
        ENGINE.apply(state, Decision("bet", {"code": "war", "stake": 100}))
    state = ENGINE.apply(state, DrawAction("card", 0))
    assert ENGINE.legal_actions(state) and ENGINE.next_draw(state) is not None
    state = ENGINE.apply(state, DrawAction("card", 0))
    with pytest.raises(RoundFinished):
        ENGINE.apply(state, Decision("bet", {"code": "war", "stake": 100}))


def test_000_12_39_second_round_bets_keep_the_table_limits() -> None:
    from croupier.games.cardcompare.war_of_bets.engine import parse as parse_war
    from croupier.games.registry import read_data

    data = read_data("war_of_bets", V) | {"limits": {"EUR": {"min": 100, "max": 10000}}}
    v = parse_war(data, V)
    state = ENGINE.start(v, [BetRequest("war", 100)], "EUR")
    state = ENGINE.apply(state, DrawAction("card", 0))
    with pytest.raises(StakeAboveMaximum):
        ENGINE.apply(state, Decision("bet", {"code": "war", "stake": 10001}))
    with pytest.raises(StakeBelowMinimum):
        ENGINE.apply(state, Decision("bet", {"code": "war", "stake": 99}))


def test_second_round_default_odds_are_the_documented_rule() -> None:
    """The variant's [second_round] table is data; check it against its documented default:
    0.96 / P(win | the Player's card's rank, a fresh 6-deck shoe less that card), rounded down
    to 0.01, not offered when the bet cannot win."""
    v = load_variant("war_of_bets", V)
    shoe = Composition.decks(6)
    for rank in range(2, 15):
        player = next(c for c, _ in shoe.codes() if rank_of(c) == rank)
        left = shoe.remove(player)
        for code in ("dealer_wins", "player_wins", "war"):
            win = sum(n for c, n in left.codes() if
                      {"dealer_wins": rank_of(c) > rank, "player_wins": rank_of(c) < rank,
                       "war": rank_of(c) == rank}[code])
            got = v.second_round[code].get(rank)
            if win == 0:
                assert got is None
            else:
                assert got is not None
                assert got.total == Fraction(floor(Fraction(96, 100) * left.size / win * 100), 100)


def test_second_round_exact_rtp_closed_forms() -> None:
    rtps = {r.bet: r for r in GAME.exact(load_variant("war_of_bets", V))}
    assert rtps["second_war"].rtp == Fraction(23, 311) * Fraction("12.98")
    # the Dealer beats a Player's 9 with 5 ranks of 24 cards, at x2.48 ...
    # ... and "placed whenever offered" is the mean over the 12 Player's ranks but the Ace
    dw = sum(Fraction(24 * (14 - r), 311) * load_variant("war_of_bets", V).second_round[
        "dealer_wins"][r].total for r in range(2, 14)) / 12
    assert rtps["second_dealer_wins"].rtp == dw
    assert all(r.rtp_max < 1 for r in rtps.values())


def test_fast_simulation_returns_equal_the_engine_on_identical_draws() -> None:
    v = load_variant("war_of_bets", V)
    u = np.random.Generator(np.random.PCG64(7)).random((3000, 2))
    fast = keyed_returns(lambda x: row_keys(v, x), lambda row: play_row(v, row), u, len(sim_codes(v)))
    for i in range(0, 3000, 7):
        np.testing.assert_array_equal(fast[i], np.asarray(play_row(v, u[i].tolist())))


@settings(max_examples=60, deadline=None)
@given(first=st.lists(st.sampled_from(CODES), max_size=3), player=st.integers(0, 311),
       picks=st.lists(st.integers(0, 10**6), max_size=4), dealer=st.integers(0, 310),
       stake=st.integers(1, 10**7))
def test_000_12_39_two_betting_rounds_settle_every_bet_and_replay(
        first: list[str], player: int, picks: list[int], dealer: int, stake: int) -> None:
    """Any round-1 bets, any offered round-2 bets: each bet returns its odds or nothing, cards
    are conserved, and the record replays to the same settlement."""
    v = load_variant("war_of_bets", V)
    state = ENGINE.start(v, [BetRequest(c, stake) for c in first], "XXX")
    state = ENGINE.apply(state, DrawAction("card", player))
    offered = offered_second(v, state.dealt[0][1])
    for p in picks:
        state = ENGINE.apply(state, Decision("bet", {"code": offered[p % len(offered)], "stake": stake}))
    state = ENGINE.apply(state, DrawAction("card", dealer))
    s = ENGINE.settle(state)
    assert len(s.bets) == len(first) + len(picks) and state.shoe.size == 312 - 2
    p_card, d_card = state.dealt[0][1], state.dealt[1][1]
    for b in s.bets:
        base = b.code.removeprefix("second_")
        odds = (second_odds(v, base, p_card) if b.code.startswith("second_") else v.payouts[base])
        assert odds is not None
        expected = apply_ratio(b.stake, odds.total) if wins(base, p_card, d_card) else 0
        assert b.returned == expected
    assert replay(ENGINE, v, state.events) == s
