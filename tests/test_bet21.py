"""21 Bet (000 §12.54): dealing rules, bets, exact RTP, simulation and bad input."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import parse, rank_of
from croupier.errors import (
    IllegalAction,
    InvalidSelection,
    RoundFinished,
    UnknownBetCode,
    VariantError,
)
from croupier.games.base import BetRequest, Decision, DrawAction, replay
from croupier.games.bet21 import (
    ENGINE,
    GAME,
    derived_payouts,
    jackpot_contribution,
    opts,
    play_order,
    result_of,
    simulate,
)
from croupier.games.bet21.exact import outcome_counts, win_probabilities
from croupier.games.bet21.rules import CODES, RANKS, Opts, Outcome, add, total, wins
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.dealt import DealtState, DealtVariant
from croupier.games.registry import load_variant, read_data
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import new_player, slip

V = "bet21_000"


def variant(name: str = V) -> DealtVariant:
    v: DealtVariant = load_variant("bet21", name)
    return v


def deal(cards: str, name: str = V, bets: list[BetRequest] | None = None) -> DealtState:
    """Deal the named cards in order (as the engine asks for them) to a round with every bet."""
    v = variant(name)
    state = ENGINE.start(v, bets or [BetRequest(c, 100) for c in v.bet_codes], "EUR")
    for c in cards.split():
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    return state


def slots(state: DealtState) -> list[str]:
    return [s[-1] for s, _ in state.dealt]


def won(state: DealtState) -> set[str]:
    return {b.code for b in ENGINE.settle(state).bets if b.returned > 0}


# --- the deck and the points -----------------------------------------------------------------

def test_000_12_54_one_deck_of_36_cards_six_to_ace() -> None:
    state = ENGINE.start(variant(), [BetRequest("player_1", 100)], "EUR")
    assert state.shoe.size == 36
    assert sorted({rank_of(c) for c, _ in state.shoe.codes()}) == list(RANKS)
    assert all(n == 1 for _, n in state.shoe.codes())


def test_000_12_54_card_points_j2_q3_k4_and_ace_1_or_11() -> None:
    o = Opts()
    for rank, pts in ((6, 6), (7, 7), (8, 8), (9, 9), (10, 10), (11, 2), (12, 3), (13, 4)):
        assert total(add(add((0, 0, 0), rank), 6), o) == pts + 6
    assert total(add(add((0, 0, 0), 14), 9), o) == 20       # A counts 11
    assert total(add(add(add((0, 0, 0), 14), 9), 8), o) == 18  # ... or 1 when 11 busts
    assert total(add(add((0, 0, 0), 14), 9), Opts(ace_high=False)) == 10


# --- the deal -------------------------------------------------------------------------------

def test_000_12_54_two_cards_to_player_1_then_two_to_player_2() -> None:
    state = deal("6c 7c 8c 9c")  # 13 and 17: player 1 draws
    assert slots(state) == ["1", "1", "2", "2"]
    assert ENGINE.next_draw(state) is not None


def test_000_12_54_two_aces_are_a_golden_point_and_win_at_once() -> None:
    state = deal("Ac Ad 6c 7c")
    assert state.settlement is not None
    assert won(state) == {"player_1", "win_2_cards", "golden_point", "no_bust"}


def test_000_12_54_a_two_card_21_is_a_golden_point() -> None:
    state = deal("6c 7c Ac Tc")
    assert state.settlement is not None
    assert won(state) == {"player_2", "win_2_cards", "win_21_points", "golden_point", "no_bust"}


def test_000_12_54_two_golden_points_are_a_draw() -> None:
    state = deal("Ac Ad Ah Tc")
    assert won(state) == {"draw", "no_bust"}


def test_000_12_54_option_two_card_21_is_not_golden_then_it_stands() -> None:
    v = variant()
    o = opts(v)._replace(golden_two_card_21=False)
    assert play_order([14, 10, 6, 7, 9, 6], o) == Outcome(1, 2, 21, True, False)  # 13+9+6 busts


def test_000_12_54_no_card_to_a_player_with_17_or_more() -> None:
    state = deal("Tc 7c 6c 6d 9c")  # 17 stands; player 2 (12) draws 9 -> 21
    assert slots(state) == ["1", "1", "2", "2", "2"]
    assert won(state) == {"player_2", "win_3_cards", "win_21_points", "no_bust"}


def test_000_12_54_each_round_player_1_then_player_2() -> None:
    state = deal("6c 7c 6d 7d Jc Jd Qc Qd")  # 13 / 13, then +2 +2 +3 +3 -> 18 / 18
    assert slots(state) == ["1", "1", "2", "2", "1", "2", "1", "2"]
    assert won(state) == {"draw", "no_bust"}


def test_000_12_54_a_bust_ends_the_game_and_the_other_player_wins() -> None:
    state = deal("6c 7c 6d 7d Tc")  # player 1 busts with 23; player 2 gets no card
    assert state.settlement is not None
    assert slots(state) == ["1", "1", "2", "2", "1"]
    assert won(state) == {"player_2", "win_2_cards", "bust"}  # 13 points: no points bet wins


def test_000_12_54_at_most_three_more_cards_each() -> None:
    # player 1: J J J J Q = 11 after five cards and draws no more; player 2 stands on 19
    state = deal("Jc Jd Tc 9c Jh Js Qc")
    assert slots(state) == ["1", "1", "2", "2", "1", "1", "1"]
    assert state.settlement is not None
    assert won(state) == {"player_2", "win_2_cards", "win_19_points", "no_bust"}


def test_000_12_54_equal_totals_below_17_after_five_cards_are_a_draw() -> None:
    # 2+2+2+2+3 = 11 each
    state = deal("Jc Jd Jh Js Qc Qd Kc Kd Qh Qs")
    assert result_of(state.variant, state.dealt) == Outcome(0, 0, 0, False, False)
    assert state.settlement is not None and len(state.dealt) == 10


def test_000_12_54_more_points_wins_without_going_over_21() -> None:
    state = deal("Tc 8c Td 9d")
    assert won(state) == {"player_2", "win_2_cards", "win_19_points", "no_bust"}


@pytest.mark.parametrize("code", CODES)
def test_000_12_54_every_bet_wins_on_some_deal_and_loses_on_another(code: str) -> None:
    acc, _ = outcome_counts(Opts())
    assert any(wins(code, out) for out in acc) and not all(wins(code, out) for out in acc)


def test_000_12_54_win_with_5_cards_pays_the_odds_rounded_down() -> None:
    # player 1: 6 J, player 2: 10 6 = 16; then J to 1 (10), A to 2 (17 stands), K, K to 1 (18)
    state = deal("6c Jc Td 6d Jd Ac Kc Kd", bets=[BetRequest("win_5_cards", 3),
                                               BetRequest("win_18_points", 3)])
    assert slots(state) == ["1", "1", "2", "2", "1", "2", "1", "1"]
    assert result_of(state.variant, state.dealt) == Outcome(1, 5, 18, False, False)
    pays = state.variant.payouts
    assert [b.returned for b in ENGINE.settle(state).bets] == [
        int(3 * pays["win_5_cards"].total), int(3 * pays["win_18_points"].total)]
    assert ENGINE.settle(state).bets[0].returned == 109  # 3 x 36.40 = 109.2


# --- bad input ------------------------------------------------------------------------------

def test_bad_input_is_refused_with_precise_errors() -> None:
    v = variant()
    with pytest.raises(UnknownBetCode):
        ENGINE.start(v, [BetRequest("player_3", 100)], "EUR")
    with pytest.raises(InvalidSelection):
        ENGINE.start(v, [BetRequest("player_1", 100, (1,))], "EUR")
    state = ENGINE.start(v, [BetRequest("player_1", 100)], "EUR")
    assert ENGINE.legal_actions(state) == []
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Decision("hit"))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("pocket", 0))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, DrawAction("card", 36))
    with pytest.raises(IllegalAction):
        ENGINE.settle(state)
    done = deal("Ac Ad 6c 7c")
    with pytest.raises(RoundFinished):
        ENGINE.apply(done, DrawAction("card", 0))


@pytest.mark.parametrize("field,value,message", [
    ("decks", 2, "one 36-card deck"),
    ("jackpot_contribution", "0.02", "0.5% to 1%"),
    ("jackpot_contribution", "abc", "a decimal"),
    ("stand_on", 25, "12..21"),
    ("max_cards", 1, "2..8"),
    ("odds_margin", "0", "(0, 1]"),
    ("ace_high", 1, "expected bool"),
    ("surprise", True, "unknown option"),
])
def test_bad_variant_data_is_refused(field: str, value: object, message: str) -> None:
    data = read_data("bet21", V)
    if field == "decks":
        data["decks"] = value
    else:
        data["options"] = dict(data["options"], **{field: value})
    with pytest.raises(VariantError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace(".", r"\.")):
        GAME.parse_variant(data, "bad")


# --- replay and properties -------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.permutations(list(range(36))))
def test_a_round_deals_2_to_5_cards_each_from_the_deck_and_replays(order: list[int]) -> None:
    v = variant()
    state = ENGINE.start(v, [BetRequest(c, 100) for c in v.bet_codes], "EUR")
    deck = [code for code, _ in state.shoe.codes()]
    i = 0
    while state.settlement is None:
        assert ENGINE.next_draw(state) is not None  # a draw is pending until the round ends
        state = ENGINE.apply(state, DrawAction("card", state.shoe.index_of(deck[order[i]])))
        i += 1
    per = defaultdict(int)
    for s, _ in state.dealt:
        per[s] += 1
    assert all(2 <= n <= 5 for n in per.values()) and per["player_1"] >= 2 and per["player_2"] >= 2
    assert state.shoe.size + len(state.dealt) == 36  # cards are conserved
    assert replay(ENGINE, v, state.events) == ENGINE.settle(state)
    # the rules' own walk of the same deck order (simulation, exact) agrees with the engine
    assert play_order([rank_of(deck[j]) for j in order], opts(v)) == result_of(v, state.dealt)


# --- exact maths ---------------------------------------------------------------------------

def _engine_walk(v: DealtVariant, counts: tuple[int, ...]) -> dict[str, Fraction]:
    """Every deal of a small deck through the engine (cards grouped by rank), exactly."""
    cards = [rank * 4 + s for rank, n in zip(RANKS, counts, strict=True) for s in range(n)]
    shoe = Composition.of(cards)
    acc: dict[str, Fraction] = defaultdict(Fraction)

    def walk(state: DealtState, w: Fraction) -> None:
        if state.settlement is not None:
            for b in state.settlement.bets:
                if b.returned:
                    acc[b.code] += w
            return
        by_rank: dict[int, tuple[int, int]] = {}
        for code, n in state.shoe.codes():
            k, rep = by_rank.get(rank_of(code), (0, code))
            by_rank[rank_of(code)] = (k + n, rep)
        for n, rep in by_rank.values():
            walk(ENGINE.apply(state, DrawAction("card", state.shoe.index_of(rep))),
                 w * Fraction(n, state.shoe.size))

    walk(ENGINE.start(v, [BetRequest(c, 100) for c in v.bet_codes], "EUR", shoe=shoe), Fraction(1))
    return {c: acc[c] for c in v.bet_codes}


@pytest.mark.parametrize("counts", [
    (2, 0, 1, 0, 2, 2, 1, 1, 3),  # 12 cards, Aces and small cards: golden points, five-card hands
    (1, 1, 1, 1, 3, 1, 1, 1, 2),  # 12 cards, tens: busts
])
def test_exact_enumeration_matches_the_engine_on_a_small_deck(counts: tuple[int, ...]) -> None:
    v = variant()
    assert win_probabilities(opts(v), counts) == _engine_walk(v, counts)


def test_000_12_54_exact_winner_chances_add_up_to_one() -> None:
    p = win_probabilities(Opts())
    assert p["player_1"] + p["player_2"] + p["draw"] == 1
    assert p["bust"] + p["no_bust"] == 1
    assert sum(p[f"win_{n}_cards"] for n in range(2, 6)) == 1 - p["draw"]
    # the golden point: two Aces (6/630 per player) or A + 10 (16/630 per player)
    assert p["golden_point"] > 0


def test_the_default_odds_are_derived_from_the_exact_chances_not_typed() -> None:
    for name in ("bet21_000", "bet21_ace_one"):
        v = variant(name)
        margin = Fraction(str(v.options["odds_margin"]))
        assert dict(v.payouts) == derived_payouts(opts(v), margin), name
        assert v.paytable_assumed
        assert all(r.rtp <= margin for r in GAME.exact(v))


def test_ace_one_reading_reproduces_tvbets_published_draw_odds() -> None:
    """Cross-check: with Aces worth 1 (TvBet's game as the Wizard of Odds describes it), the fair
    draw chance at TvBet's 5% margin gives their published opening odds for a tie, 9.5."""
    v = variant("bet21_ace_one")
    p = win_probabilities(opts(v))
    assert round(Fraction(95, 100) / p["draw"], 1) == Fraction(95, 10)


def test_000_12_54_jackpot_contribution_is_variant_data() -> None:
    assert jackpot_contribution(variant()) == Fraction(1, 100)


def test_simulation_agrees_with_the_exact_figures() -> None:
    v = variant()
    exact = {r.bet: r.rtp for r in GAME.exact(v)}
    for sim in simulate(v, 60_000, 11):
        lo, hi = sim.ci99
        assert lo <= exact[sim.bet] <= hi, sim


def test_simulation_deals_uniformly_shuffled_decks() -> None:
    # the first card of each game: every rank about 1/9 of the time (chi-square, 8 d.f.)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(5)))
    deck = np.array([r for r in RANKS for _ in range(4)])
    firsts = rng.permuted(np.tile(deck, (9000, 1)), axis=1)[:, 0]
    counts = np.array([(firsts == r).sum() for r in RANKS])
    assert ((counts - 1000) ** 2 / 1000).sum() < 26.1  # p = 0.001


# --- the platform's single-round endpoint ----------------------------------------------------

def test_bet21_plays_as_a_single_round_on_the_platform(platform: Platform) -> None:
    from croupier.games.base import Event

    a = new_player(platform, deposit="20.00")
    out = platform.play(a, "bet21", V, slip(("player_1", "2.00", ()), ("bust", "1.00", ())))
    events = [Event.from_dict(e) for e in out["events"]]
    settlement = replay(ENGINE, variant(), events)
    assert [b.returned for b in settlement.bets] == [b["returned_minor"] for b in out["bets"]]
    assert out["balance"]["cash_minor"] == 2000 - 300 + out["returned_minor"]
