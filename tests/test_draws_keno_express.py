"""Keno Express (000 §12.33): the four bets' boundaries exactly as given, the odds formula
(ASSUMPTION (2)), exact RTP cross-checked by enumerating every number through the engine and by
the closed form, simulation, bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import InvalidBet, InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, play
from croupier.games.draws.kenoexpress import GAME
from croupier.games.draws.kenoexpress.engine import ENGINE, winners, wins
from croupier.games.draws.kenoexpress.exact import exact, selections
from croupier.games.draws.kenoexpress.variant import CODES, KenoExpressVariant
from croupier.games.registry import load_variant, read_data

V: KenoExpressVariant = load_variant("keno_express", "standard")


def returned(code: str, target: tuple[int, ...], number: int, stake: int = 1000,
             v: KenoExpressVariant = V, cur: str = "AMD") -> int:
    s = ENGINE.start(v, [BetRequest(code, stake, target)], cur)
    s = ENGINE.apply(s, v.draw.actions((number,))[0])
    return ENGINE.settle(s).bets[0].returned


def test_000_12_33_lower_10_wins_on_10_and_below() -> None:
    odds = V.odds(10)
    assert odds == Fraction("9.5")
    assert [returned("lower", (10,), n) for n in (1, 10, 11)] == [9500, 9500, 0]


def test_000_12_33_higher_n_wins_on_n_and_above() -> None:
    assert [returned("higher", (90,), n) for n in (89, 90, 100)] == [0, int(1000 * V.odds(11)), int(1000 * V.odds(11))]


def test_000_12_33_in_range_10_37_includes_both_ends() -> None:
    pay = int(1000 * V.odds(28))
    assert [returned("in_range", (10, 37), n) for n in (9, 10, 37, 38)] == [0, pay, pay, 0]


def test_000_12_33_ambiguity_1_not_in_range_is_the_complement_by_default() -> None:
    pay = int(1000 * V.odds(72))
    assert [returned("not_in_range", (10, 37), n) for n in (9, 10, 37, 38)] == [pay, 0, 0, pay]
    raw = read_data("keno_express", "standard")
    raw["not_in_range_edges_win"] = True
    literal = GAME.parse_variant(raw, "literal")
    pay = int(1000 * literal.odds(74))
    assert [returned("not_in_range", (10, 37), n, v=literal) for n in (9, 10, 37, 38, 20)] == [pay, pay, pay, pay, 0]


def test_000_12_33_ambiguity_2_odds_are_rtp_over_p_rounded_down() -> None:
    for w in range(1, 96):
        exact_odds = Fraction(95, w)
        assert V.odds(w) <= exact_odds < V.odds(w) + Fraction(1, 100)


def test_exact_rtp_agrees_with_every_number_through_the_engine_and_the_closed_form() -> None:
    rows = {r.bet: r for r in exact(V)}
    for code in CODES:
        rtps = []
        sels = list(selections(V, code))
        for sel in sels[:: max(1, len(sels) // 25)]:  # a sample, each over all 100 numbers
            total = sum(returned(code, tuple(int(x) for x in sel), n, 10**6, cur="XXX") for n in range(1, 101))
            rtp = Fraction(total, 10**8)
            assert rtp == V.odds(winners(V, code, sel)) * Fraction(winners(V, code, sel), 100)
            rtps.append(rtp)
        closed = [V.odds(w) * Fraction(w, 100) for w in {winners(V, code, s) for s in sels}]
        assert rows[code].rtp == min(closed) and rows[code].rtp_max == max(closed)
        assert rows[code].rtp <= min(rtps) and rows[code].rtp_max <= Fraction(95, 100)


@pytest.mark.parametrize("edges_win", [False, True])
def test_000_12_33_winners_counted_in_closed_form_are_the_numbers_that_win(edges_win: bool) -> None:
    """Issue 20 (exact tables in under a second): the winning numbers of a bet are counted in
    closed form; for every selection of every bet (offered or not), under both readings of
    ambiguity (1), the count is the numbers of 1-100 that ``wins``."""
    raw = read_data("keno_express", "standard")
    raw["not_in_range_edges_win"] = edges_win
    v = GAME.parse_variant(raw, "edges" if edges_win else "complement")
    nums = range(1, 101)
    for code in CODES:
        sels = [(n,) for n in nums] if code in ("lower", "higher") else \
            [(a, b) for a in nums for b in nums if a <= b]
        for sel in sels:
            assert winners(v, code, sel) == sum(1 for n in nums if wins(v, code, sel, n)), (code, sel)


@pytest.mark.parametrize(("bets", "error", "message"), [
    ([BetRequest("lower", 100, (100,))], InvalidSelection, "always"),
    ([BetRequest("higher", 100, (1,))], InvalidSelection, "always"),
    ([BetRequest("lower", 100, (99,))], InvalidSelection, "no more than the stake"),
    ([BetRequest("lower", 100, (101,))], InvalidSelection, "outside the balls 1-100"),
    ([BetRequest("in_range", 100, (37, 10))], InvalidSelection, "backwards"),
    ([BetRequest("in_range", 100, (10,))], InvalidSelection, "two numbers"),
    ([BetRequest("odd", 100, ())], UnknownBetCode, "not 'odd'"),
    ([BetRequest("lower", 100, (10,))] * 3, InvalidBet, "at most 2 bets"),
])
def test_000_12_33_bad_bets_are_refused_precisely(bets: list[BetRequest], error: type[Exception],
                                                  message: str) -> None:
    with pytest.raises(error, match=message):
        ENGINE.start(V, bets, "AMD")


def test_simulation_confirms_the_exact_figures() -> None:
    rows = {r.bet: r.rtp for r in exact(V)}
    for s in GAME.simulate(V, 400_000, 5, None):
        assert s.ci99[0] <= float(rows[s.bet]) <= s.ci99[1]


def test_a_seeded_round_settles() -> None:
    from croupier.rng import seeded

    state, settlement = play(ENGINE, V, [BetRequest("in_range", 100, (1, 50))], "AMD", seeded(4))
    n = state.balls[0]
    assert settlement.bets[0].returned == (int(100 * V.odds(50)) if n <= 50 else 0)
