"""Dragon Tiger / Kricketwar (000 §12.24) and Football Studio (000 §12.23)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.cards import parse
from croupier.errors import IllegalAction, InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import BetRequest, DrawAction, Settlement, replay
from croupier.games.cardcompare.dealt import parse_variant
from croupier.games.cardcompare.dragon_tiger.engine import ENGINE as DT
from croupier.games.cardcompare.dragon_tiger.engine import GAME as DT_GAME
from croupier.games.cardcompare.dragon_tiger.engine import RULES as DT_RULES
from croupier.games.cardcompare.football_studio.engine import ENGINE as FS
from croupier.games.registry import load_variant, read_data


def deal(engine, game: str, variant: str, bets: list[BetRequest], cards: str) -> Settlement:
    v = load_variant(game, variant)
    state = engine.start(v, bets, "XXX")
    for c in cards.split():
        state = engine.apply(state, DrawAction("card", state.shoe.index_of(parse(c))))
    s = engine.settle(state)
    assert replay(engine, v, state.events) == s
    return s


def dt(code: str, cards: str, stake: int = 100) -> int:
    return deal(DT, "dragon_tiger", "dragon_tiger_000", [BetRequest(code, stake)], cards).bets[0].returned


def fs(code: str, cards: str, stake: int = 100) -> int:
    return deal(FS, "football_studio", "football_studio_000", [BetRequest(code, stake)], cards).bets[0].returned


def test_000_12_24_the_higher_card_wins_1_to_1_and_ace_is_low() -> None:
    assert dt("dragon", "Kc 2d") == 200
    assert dt("tiger", "Kc 2d") == 0
    assert dt("dragon", "Ac 2d") == 0  # Ace low (value 1)
    assert dt("tiger", "Ac 2d") == 200


def test_000_12_24_draw_returns_half_and_pays_the_draw_bet_11_to_1() -> None:
    assert dt("dragon", "7c 7d") == 50
    assert dt("tiger", "7c 7d") == 50
    assert dt("dragon", "7c 7d", 5) == 2  # 2.5 rounds down (money.apply_ratio)
    assert dt("tie", "7c 7d") == 1200
    assert dt("tie", "7c 8d") == 0


def test_000_12_24_suited_draw_pays_50_to_1_and_the_draw_bet_too() -> None:
    assert dt("suited_tie", "8h 8h") == 5100
    assert dt("tie", "8h 8h") == 1200
    assert dt("dragon", "8h 8h") == 50
    assert dt("suited_tie", "8h 8d") == 0


def test_000_12_23_football_studio_ace_is_high_and_draw_pays_11_to_1() -> None:
    assert fs("home", "Ac Kd") == 200
    assert fs("away", "Ac Kd") == 0
    assert fs("home", "Qc Qd") == 50
    assert fs("draw", "Qc Qd") == 1200


def pair_tie(decks: int) -> tuple[Fraction, Fraction]:
    n = 52 * decks
    return Fraction(4 * decks - 1, n - 1), Fraction(decks - 1, n - 1)


def test_000_12_24_exact_rtp_matches_closed_forms() -> None:
    tie, suited = pair_tie(8)
    rtp = {r.bet: r.rtp for r in DT_GAME.exact(load_variant("dragon_tiger", "dragon_tiger_000"))}
    assert rtp["dragon"] == rtp["tiger"] == (1 - tie) + tie / 2  # win 2 x (1 - tie)/2, half back
    assert rtp["tie"] == 12 * tie
    assert rtp["suited_tie"] == 51 * suited
    assert abs(float(rtp["dragon"]) - 0.9627) < 1e-4  # 000 extract's derived figure (cross-check)


def test_dragon_tiger_simulation_agrees_with_exact() -> None:
    v = load_variant("dragon_tiger", "dragon_tiger_000")
    ex = {r.bet: float(r.rtp) for r in DT_GAME.exact(v)}
    for s in DT_GAME.simulate(v, 20_000, 3, None):
        assert s.ci99[0] <= ex[s.bet] <= s.ci99[1]


def test_bad_input_is_refused() -> None:
    v = load_variant("dragon_tiger", "dragon_tiger_000")
    with pytest.raises(UnknownBetCode):
        DT.start(v, [BetRequest("home", 100)], "EUR")
    with pytest.raises(InvalidSelection):
        DT.start(v, [BetRequest("dragon", 100, (1,))], "EUR")
    state = DT.start(v, [BetRequest("dragon", 100)], "EUR")
    with pytest.raises(IllegalAction):
        DT.apply(state, DrawAction("card", 416))
    data = read_data("dragon_tiger", "dragon_tiger_000")
    with pytest.raises(VariantError, match="tie_refund"):
        parse_variant(DT_RULES, {**data, "options": {"tie_refund": "3/2"}}, "x")
    with pytest.raises(VariantError, match="unknown option"):
        parse_variant(DT_RULES, {**data, "options": {"jokers": 2}}, "x")
