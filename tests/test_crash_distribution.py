"""000 §12.20 ambiguity 1 (ASSUMPTION): the crash law P(crash >= m) = RTP / m on the two-decimal
grid, its realisation from a uniform draw, and the exact RTP of targets and auto strategies,
each cross-checked by a second method."""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from croupier.cli import main
from croupier.errors import InvalidSelection, VariantError
from croupier.games.crash.distribution import (
    crash_hundredths,
    instant_crash,
    p_at_least,
    pmf_arrays,
    pmf_counts,
    survival_count,
    target_rtp,
)
from croupier.games.crash.exact import exact, half_strategy_distribution
from croupier.games.crash.multiplier import format_multiplier, parse_multiplier
from croupier.games.crash.variant import parse_variant
from croupier.games.registry import read_data

from .crash_helpers import shipped, small


@pytest.mark.parametrize("bits,cap", [(10, "20.00"), (13, "50.00"), (16, "1000.00")])
def test_000_12_20_derivation_enumerated_over_every_draw_gives_the_closed_form(bits: int, cap: str) -> None:
    """Every draw u in [0, 2^bits) through the engine's derivation: the count of each crash point
    is exactly the closed form's floor(N * RTP / m) differences (the proof at full size is the
    same identity: v <= floor(A / k) iff floor(A / v) >= k)."""
    v = small(bits=bits, max_multiplier=cap)
    counts = Counter(crash_hundredths(v, u) for u in range(v.draw_size))
    assert survival_count(v, v.max_multiplier + 1) == 0
    tail = 0
    for k in range(v.max_multiplier, 99, -1):
        tail += counts.get(k, 0)
        assert tail == survival_count(v, k), k
    assert dict(counts) == pmf_counts(v)


def test_000_12_20_law_is_rtp_over_m_to_within_one_draw() -> None:
    v = shipped()
    n = v.draw_size
    for k in (101, 150, 200, 1234, 99_999, v.max_multiplier):
        ideal = v.rtp * 100 / k
        assert ideal - Fraction(1, n) < p_at_least(v, k) <= ideal
    assert p_at_least(v, v.max_multiplier + 1) == 0
    assert p_at_least(v, 100) == 1


def test_000_12_20_instant_crash_probability_is_one_minus_rtp_over_1_01() -> None:
    v = shipped()
    assert instant_crash(v) == 1 - Fraction(v.rtp * 100 * v.draw_size // 101, v.draw_size)
    assert abs(instant_crash(v) - (1 - v.rtp / Fraction(101, 100))) < Fraction(1, v.draw_size)


@functools.cache
def full_pmf(game: str) -> tuple[list[int], list[int]]:
    """The full-size law on the grid (10^6 points) and its tail counts (crash >= each point)."""
    ks, counts = pmf_arrays(shipped(game))
    tails = np.cumsum(counts[::-1])[::-1]
    return ks.tolist(), tails.tolist()


def tail_at(game: str, k: int) -> int:
    ks, tails = full_pmf(game)
    return tails[k - ks[0]] if k <= ks[-1] else 0


def test_000_12_20_full_size_pmf_by_grid_enumeration_agrees_with_the_closed_form() -> None:
    """Second method at full resolution: the law counted point by point on the two-decimal grid
    (up to the x10,000 cap) sums to N, and its tails are the closed-form survival counts."""
    v = shipped()
    ks, tails = full_pmf("crash")
    assert tails[0] == v.draw_size and ks[-1] == v.max_multiplier
    for k in range(100, v.max_multiplier + 1, 97):
        assert tail_at("crash", k) == survival_count(v, k), k
    for k in v.targets:
        assert tail_at("crash", k) == survival_count(v, k), k


def test_000_12_20_target_rtp_table_closed_form_equals_enumeration() -> None:
    v = shipped()
    rows = {r.bet: r for r in exact(v)}
    for k in v.targets:
        enumerated = Fraction(k * tail_at("crash", k), 100 * v.draw_size)
        assert rows[f"auto_{format_multiplier(k)}"].rtp == enumerated == target_rtp(v, k)
        assert v.rtp - Fraction(k, 100 * v.draw_size) < enumerated <= v.rtp


def test_000_12_26_half_cash_out_strategy_closed_form_equals_enumeration() -> None:
    """Half pressed at h (paid iff h < crash), the rest by autoexit at t (paid iff t <= crash)."""
    v = shipped("rocketon")
    for s in v.strategies:
        assert s.half_at is not None
        h, t = s.half_at, s.target
        units = h * tail_at("rocketon", h + 1) + t * tail_at("rocketon", t)
        enumerated = Fraction(units, 200 * v.draw_size)
        assert half_strategy_distribution(v, s.half_at, s.target).mean == enumerated
        assert {r.bet: r.rtp for r in exact(v)}[s.name] == enumerated


def test_000_12_20_autobet_session_rtp_equals_the_single_bet_by_walds_identity() -> None:
    v = shipped()
    rows = {r.bet: r for r in exact(v)}
    for s in v.strategies:
        assert rows[s.name].rtp == target_rtp(v, s.target), s.name


def test_000_12_20_rtp_cli_prints_targets_and_strategies(capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import json

    out = io.StringIO()
    assert main(["rtp", "crash", "--variant", "standard", "--json"], out=out) == 0
    doc = json.loads(out.getvalue())
    bets = {b["bet"]: b for b in doc["bets"]}
    assert {"auto_1.01", "auto_2.00", "auto_10000.00", "autobet_example"} <= set(bets)
    assert Fraction(bets["auto_2.00"]["rtp_exact"]) == target_rtp(shipped(), 200)
    out = io.StringIO()
    assert main(["rtp", "rocketon", "--variant", "standard"], out=out) == 0
    assert "half_1.50_3.00" in out.getvalue() and "instant crash" in out.getvalue()


@pytest.mark.parametrize("text,expected", [("2", 200), ("2.5", 250), ("2.00", 200), ("21.23", 2123), (3, 300)])
def test_000_12_20_multipliers_have_two_decimals(text: object, expected: int) -> None:
    assert parse_multiplier(text) == expected


@pytest.mark.parametrize("bad", ["2.005", "1.0001", "-2", "2e1", "", "２", 2.0, True, None, "2.", " 2"])
def test_000_12_20_a_multiplier_with_three_decimals_or_not_plain_text_is_refused(bad: object) -> None:
    with pytest.raises(InvalidSelection):
        parse_multiplier(bad)


def test_variant_validation_is_precise() -> None:
    data = dict(read_data("crash", "standard"))
    for key, value in (("rtp", "1.01"), ("max_multiplier", "1.005"), ("min_auto", "1.00"),
                       ("targets", ["0.50"]), ("resolution_bits", 60)):
        with pytest.raises(VariantError):
            parse_variant({**data, key: value}, "bad", "crash")
