"""Blackjack maths: side bets against closed forms, the dealer against an independent recursion,
the main bet against published composition-dependent figures (cross-check only), the simulator
against the exact figures, and the fast path against the engine on identical shoes."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from croupier.cards import deck, name, parse
from croupier.games.admission import offending
from croupier.games.base import BetRequest
from croupier.games.blackjack import ENGINE
from croupier.games.blackjack.analysis import MainBet
from croupier.games.blackjack.dealer import distribution
from croupier.games.blackjack.engine import card_draw
from croupier.games.blackjack.exact import exact
from croupier.games.blackjack.simulate import round_on_shoe, simulate
from croupier.games.blackjack.strategy import decider
from croupier.games.blackjack.variant import parse_variant

from .blackjack_helpers import custom, raw, variant

# the module's compiled kernels compile once, on one worker (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("numba_blackjack")


def _fall(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _rtp(v, code: str) -> Fraction:  # type: ignore[no-untyped-def]
    return next(r.rtp for r in exact(v) if r.bet == code)


def test_004_2_16_perfect_pairs_25_12_6_closed_form() -> None:
    v = variant("live_004")
    d = v.decks
    n = 52 * d
    perfect = Fraction(d - 1, n - 1)
    coloured = Fraction(d, n - 1)
    mixed = Fraction(2 * d, n - 1)
    assert _rtp(v, "perfect_pairs") == 26 * perfect + 13 * coloured + 7 * mixed


def test_004_2_16_21_plus_3_closed_form() -> None:
    v = variant("live_004")
    d = v.decks
    n = 52 * d
    total = _fall(n, 3)
    trips = 52 * _fall(d, 3)
    kind = 13 * (_fall(4 * d, 3) - 4 * _fall(d, 3))
    sflush = 12 * 4 * 6 * d ** 3
    straight = 12 * 6 * ((4 * d) ** 3 - 4 * d ** 3)
    flush = 4 * (_fall(13 * d, 3) - 13 * _fall(d, 3) - 12 * 6 * d ** 3)
    expected = Fraction(101 * trips + 41 * sflush + 26 * kind + 11 * straight + 6 * flush, total)
    assert _rtp(v, "21_3") == expected


def test_000_12_2_suitem_up_closed_form() -> None:
    v = variant("digitain")
    d = v.decks
    n = 52 * d
    pairs = _fall(n, 2)
    same_card = 52 * _fall(d, 2)            # identical cards (same rank and suit)
    aces = 4 * _fall(d, 2)
    bj = 4 * 2 * 4 * d * d                  # A + one of four ten ranks, suited, either order
    suited_pairs = same_card - aces
    eleven = 4 * 2 * 4 * d * d              # 2-9, 3-8, 4-7, 5-6 suited, either order
    suited = 4 * _fall(13 * d, 2) - same_card - bj - eleven
    expected = Fraction(61 * aces + 11 * bj + 6 * suited_pairs + 4 * eleven + 3 * suited, pairs)
    assert _rtp(v, "suitem_up") == expected


def test_000_12_2_insurance_pays_2_to_1_closed_form() -> None:
    v = variant("digitain")
    d = v.decks
    r = next(x for x in exact(v) if x.bet == "insurance")
    assert r.rtp == 3 * Fraction(16 * d - 2, 52 * d - 3)       # the player holds two tens
    assert r.rtp_max == 3 * Fraction(16 * d, 52 * d - 3)       # the player holds no ten


def test_000_12_2_bust_it_against_an_independent_dealer_recursion() -> None:
    v = custom("digitain", shoe={"decks": 2})
    comp0 = (8,) * 9 + (32,)

    @cache
    def finish(comp: tuple[int, ...], cards: tuple[int, ...]) -> dict[int, Fraction]:
        """Chance the dealer busts with exactly k cards (k -> p), drawing without replacement."""
        hard = sum(cards)
        soft = 1 in cards and hard + 10 <= 21
        t = hard + 10 if soft else hard
        if t > 21:
            return {len(cards): Fraction(1)}
        if t >= 17:
            return {}
        out: dict[int, Fraction] = {}
        n = sum(comp)
        for i, c in enumerate(comp):
            if c:
                nxt = list(comp)
                nxt[i] -= 1
                for k, p in finish(tuple(nxt), tuple(sorted(cards + (i + 1,)))).items():
                    out[k] = out.get(k, Fraction(0)) + Fraction(c, n) * p
        return out

    busts: dict[int, Fraction] = {}
    for i, c in enumerate(comp0):
        nxt = list(comp0)
        nxt[i] -= 1
        for k, p in finish(tuple(nxt), (i + 1,)).items():
            busts[k] = busts.get(k, Fraction(0)) + Fraction(c, 104) * p
    pays = {3: 2, 4: 2, 5: 10, 6: 51, 7: 101}
    expected = sum(p * pays.get(k, 251) for k, p in busts.items())
    assert _rtp(v, "bust_it") == expected


def test_000_12_2_literal_bust_it_paytable_is_refused_by_admission() -> None:
    data = raw("digitain")
    data["side_bets"]["bust_it"]["pays"]["3_4"] = "2:1"
    v = parse_variant(data, "digitain_literal")
    bad = offending(v.kind, exact(v))
    assert any(b.startswith("bust_it") and "more than the stake" in b for b in bad)


def test_dealer_distribution_matches_a_direct_recursion() -> None:
    comp = [4] * 9 + [16]
    comp[5] -= 1  # the up card 6 is out

    def rec(c: list[int], cards: list[int]) -> dict[str, float]:
        hard = 6 + sum(cards)
        soft = (1 in cards) and hard + 10 <= 21
        t = hard + 10 if soft else hard
        if t > 21:
            return {"bust": 1.0}
        if t >= 17:
            return {str(t): 1.0}
        out: dict[str, float] = {}
        n = sum(c)
        for i, k in enumerate(c):
            if k:
                c[i] -= 1
                for key, p in rec(c, cards + [i + 1]).items():
                    out[key] = out.get(key, 0.0) + k / n * p
                c[i] += 1
        return out

    ref = rec(comp, [])
    got = distribution(np.array(comp, dtype=np.int64), 6, False)
    for o in range(5):
        assert got[o] == pytest.approx(ref.get(str(17 + o), 0.0), abs=1e-12)
    assert got[5] == pytest.approx(ref["bust"], abs=1e-12)


def _rules(decks: int, h17: bool, hole: bool, das: bool) -> MainBet:
    v = custom("live_004", shoe={"decks": decks},
               dealer={"hits_soft_17": h17, "hole_card": hole, "peek_on": ["A", "T"] if hole else [],
                       "dealer_blackjack_takes": "all"},
               player={"max_hands": 4, "double_after_split": das, "surrender": "none",
                       "insurance_up": ["A"]},
               side_bets={})
    mb = MainBet(v)
    mb.chart = mb.build_chart()
    return mb


@pytest.mark.slow
@pytest.mark.parametrize(("decks", "h17", "hole", "das", "published"), [
    # Wizard of Odds, Blackjack Appendix 9 (composition-dependent, resplit to 4, no RSA): the
    # expected return of the game; a cross-check, the figure is computed, not typed in.
    (6, True, False, True, -0.0072705),   # 6 decks, H17, no hole card (lose all), DAS
    (8, True, False, False, -0.0089865),  # 8 decks, H17, no hole card, no DAS
    (1, False, True, True, 0.001839),     # 1 deck, S17, peek, DAS
])
def test_main_bet_within_0_02_points_of_published_composition_dependent_figures(
        decks: int, h17: bool, hole: bool, das: bool, published: float) -> None:
    mb = _rules(decks, h17, hole, das)
    assert abs(mb.expectation(False) - published) < 0.0002


def test_basic_strategy_is_never_better_than_the_optimum() -> None:
    mb = MainBet(variant("live_004"))
    mb.chart = mb.build_chart()
    m, m2, pw = mb.basic_moments()
    assert m <= mb.expectation(False) + 1e-12
    assert 1.0 < m2 < 1.5 and 0.40 < pw < 0.45


def test_simulation_interval_contains_the_exact_figures() -> None:
    v = variant("digitain")
    ex = {r.bet: r for r in exact(v)}
    for s in simulate(v, 400_000, 11):
        if s.bet in ex:
            lo, hi = s.ci99
            assert lo <= float(ex[s.bet].rtp) <= hi, s


@pytest.mark.parametrize("name_", ["digitain", "beton", "tdc", "live_003", "live_004",
                                   "unlimited_004", "turbo", "beton_single_deck"])
def test_fast_path_matches_the_engine_on_identical_shoes(name_: str) -> None:
    """The numba loop itself (one round of ``_run`` on a fixed shoe, side bets included) against
    the engine playing the same chart on the same cards: cards used, main bet, every side bet."""
    v = variant(name_)
    dec = decider(v)
    rng = np.random.default_rng(20261122)
    bets = [BetRequest("main", 1000, (1, "p"))] + [BetRequest(c, 100, (1, "p")) for c in v.side_bets]
    rounds = 0
    while rounds < 300:
        shoe = np.array(deck(v.decks), dtype=np.int64)
        rng.shuffle(shoe)
        pos = 0
        while pos < len(shoe) - 40 and rounds < 300:
            net, new, _out, sides = round_on_shoe(v, shoe, pos)
            st = ENGINE.start(v, bets, "XXX", shoe=[int(c) for c in shoe[pos:]])
            k = pos
            while not ENGINE.is_finished(st):
                if ENGINE.next_draw(st) is not None:
                    st = ENGINE.apply(st, card_draw(st, int(shoe[k])))
                    k += 1
                else:
                    st = ENGINE.apply(st, dec(st, ENGINE.legal_actions(st)))
            s = ENGINE.settle(st)
            main = s.bets[0]
            cards = " ".join(name(int(c)) for c in shoe[pos:k])
            assert k == new, f"cards used differ: engine {k - pos}, fast {new - pos}: {cards}"
            assert main.net == round(net * 1000), f"{cards}: engine {main.net}, fast {net}"
            for i, code in enumerate(v.side_bets):
                assert s.bets[1 + i].returned == round(sides[i] * 100), f"{code}: {cards}"
            pos = new
            rounds += 1
    assert parse("Ah") in deck(1)
