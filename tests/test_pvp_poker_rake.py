"""Rake maths (000 platform rules "Rake", 000 §12.12.3) and the pot arithmetic it relies on:
integer minor units, nothing created or lost."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.errors import InvalidBet, VariantError
from croupier.games.base import DrawAction
from croupier.games.pvp.poker.engine import ENGINE, HandSetup
from croupier.games.pvp.poker.pots import build_pots, split, split_runs
from croupier.games.pvp.poker.rake import (
    MAX_CHIPS,
    MAX_DENOMINATOR,
    HourlyRake,
    PercentRake,
    TournamentFee,
    pot_rake,
    prize_split,
)
from croupier.games.pvp.poker.variant import load_variant

percents = st.integers(3, 5).map(lambda p: Fraction(p, 100)) | st.fractions(
    Fraction(3, 100), Fraction(5, 100), max_denominator=MAX_DENOMINATOR)


@given(percents, st.one_of(st.none(), st.integers(0, 10_000)), st.lists(st.integers(0, 10**9), max_size=6),
       st.booleans(), st.booleans())
def test_000_12_12_3_percentage_rake_rounds_down_and_respects_the_cap(
        pct: Fraction, cap: int | None, pots: list[int], nfnd: bool, flop: bool) -> None:
    rule = PercentRake(pct, cap, nfnd)
    rakes = pot_rake(rule, pots, flop)
    assert len(rakes) == len(pots)
    if nfnd and not flop:
        assert rakes == [0] * len(pots)
    for r, p in zip(rakes, pots, strict=True):
        assert 0 <= r <= p * pct  # rounded down, never more than the percentage of the pot
    if cap is not None:
        assert sum(rakes) <= cap
    else:
        assert rakes == [p * pct.numerator // pct.denominator for p in pots] or (nfnd and not flop)


def test_000_12_12_3_rake_examples() -> None:
    rule = PercentRake(Fraction(4, 100), cap=50)
    assert pot_rake(rule, [1000], True) == [40]
    assert pot_rake(rule, [999], True) == [39]         # 39.96 rounds down
    assert pot_rake(rule, [1000, 1000], True) == [40, 10]  # the cap is filled from the main pot
    assert pot_rake(rule, [1000], False) == [0]        # no flop, no drop
    assert pot_rake(None, [1000], True) == [0]


def test_000_platform_hourly_rake_pro_rata_and_exact_over_periods() -> None:
    rake = HourlyRake(600)
    assert rake.charge(3600) == 600 and rake.charge(5400) == 900 and rake.charge(1) == 0
    with pytest.raises(VariantError):
        HourlyRake(0)
    with pytest.raises(VariantError):
        rake.charge(-1)


@given(st.integers(1, 10**6), st.lists(st.integers(0, 10**5), max_size=30))
def test_000_platform_hourly_rake_periods_add_up_to_the_total(per_hour: int, periods: list[int]) -> None:
    rake = HourlyRake(per_hour)
    assert sum(rake.charges(periods)) == rake.charge(sum(periods))


def test_000_platform_tournament_fee_and_prizes() -> None:
    fee = TournamentFee(buy_in=1000, fee=100)
    assert fee.entry == 1100 and fee.prize_pool(9) == 9000 and fee.house_fee(9) == 900
    assert prize_split(9001, [Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)]) == [4501, 2700, 1800]
    with pytest.raises(VariantError, match="sum to 1"):
        prize_split(100, [Fraction(1, 2)])
    with pytest.raises(VariantError):
        TournamentFee(0, 10)


@given(st.integers(0, 10**9), st.lists(st.integers(1, 100), min_size=1, max_size=10, unique=True))
def test_prize_split_and_pot_split_conserve_every_unit(pool: int, weights: list[int]) -> None:
    total = sum(weights)
    shares = [Fraction(w, total) for w in weights]
    assert sum(prize_split(pool, shares)) == pool
    order = list(range(max(weights) + 1))
    got = split(pool, weights, order)
    assert sum(got.values()) == pool and max(got.values()) - min(got.values()) <= 1
    for runs in (1, 2, 3):
        parts = split_runs(pool, runs)
        assert sum(parts) == pool and max(parts) - min(parts) <= 1


def test_000_12_12_3_rake_percentages_and_stacks_stay_inside_the_cores_integers() -> None:
    """The compiled core counts in 64-bit integers: a rake is published to four decimals at most,
    a stack, a cap and a blind are at most MAX_CHIPS minor units (precise errors, not overflow)."""
    with pytest.raises(VariantError, match="four decimals"):
        PercentRake(Fraction(40_001, 1_000_003))
    with pytest.raises(VariantError, match="cap"):
        PercentRake(Fraction(4, 100), cap=MAX_CHIPS + 1)
    rule = PercentRake(Fraction(49_999, 1_000_000), cap=MAX_CHIPS)
    assert pot_rake(rule, [9 * MAX_CHIPS], True) == [9 * MAX_CHIPS * 49_999 // 1_000_000]
    v = load_variant("holdem", "no_limit")
    with pytest.raises(InvalidBet, match="1 to 1,000,000,000,000"):
        ENGINE.start(v, HandSetup((1, 2), (MAX_CHIPS + 1, 100), 1, 20), "AMD")
    with pytest.raises(InvalidBet, match="big blind"):
        ENGINE.start(v, HandSetup((1, 2), (100, 100), 1, 2 * MAX_CHIPS), "AMD")
    s = ENGINE.start(v, HandSetup((1, 2), (MAX_CHIPS, MAX_CHIPS), 1, 20, rake=rule), "AMD")
    while not ENGINE.is_finished(s):  # both all-in: the biggest pot a heads-up hand can hold
        req = ENGINE.next_draw(s)
        s = ENGINE.apply(s, DrawAction("deal", 0) if req else ENGINE.legal_actions(s)[-1])
    se = ENGINE.settle(s)
    assert se.total_stake == 2 * MAX_CHIPS == se.total_returned + se.rake


@given(st.lists(st.tuples(st.integers(0, 5000), st.booleans()), min_size=2, max_size=9))
def test_side_pots_hold_every_chip(players: list[tuple[int, bool]]) -> None:
    committed = [c for c, _ in players]
    folded = [f for _, f in players]
    if all(folded):
        folded[0] = False
    if committed[folded.index(False)] == 0:
        committed[folded.index(False)] = 1
    pots, returned = build_pots(committed, folded)
    assert sum(p.amount for p in pots) + sum(returned) == sum(committed)
    for p in pots:
        assert p.eligible and all(not folded[i] for i in p.eligible)
    assert sum(1 for r in returned if r) <= 1  # only the last bettor's unmatched part comes back
