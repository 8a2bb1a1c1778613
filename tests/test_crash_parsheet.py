"""The crash par-sheet section (issue 17 point 1: the targets table and the documented auto
strategies): each figure exact, each cross-checked by a second method - the law enumerated over
every draw of a small-resolution twin (through the same derivation) for the target columns, and
a memoised walk over the session's states (not its paths) for the AUTOBET figures."""

from __future__ import annotations

import io
from fractions import Fraction
from functools import cache

import pytest

from croupier.cli import main
from croupier.games.crash.autobet import Autobet
from croupier.games.crash.distribution import crash_hundredths, p_at_least, target_rtp
from croupier.games.crash.exact import half_strategy_distribution
from croupier.games.crash.parsheet import (
    manual_rtp,
    median_crash,
    parsheet_markdown,
    session_figures,
)
from croupier.games.crash.variant import CrashVariant

from .crash_helpers import shipped, small


def _law(bits: int) -> tuple[CrashVariant, dict[int, Fraction]]:
    """A small twin and its crash-point law counted draw by draw through the engine's derivation."""
    v = small(bits=bits)
    n = v.draw_size
    law: dict[int, Fraction] = {}
    for u in range(n):
        k = crash_hundredths(v, u)
        law[k] = law.get(k, Fraction(0)) + Fraction(1, n)
    return v, law


@pytest.mark.parametrize("bits", [12, 14])
def test_000_12_20_parsheet_manual_press_and_auto_rtp_by_enumerating_every_draw(bits: int) -> None:
    """A manual press when the curve reads m is paid iff m < crash; an auto exit iff m <= crash."""
    v, law = _law(bits)
    for k in (101, 110, 150, 200, 300, 500, 1000, 5000):
        auto = sum((p * Fraction(k, 100) for c, p in law.items() if c >= k), Fraction(0))
        manual = sum((p * Fraction(k, 100) for c, p in law.items() if c > k), Fraction(0))
        assert target_rtp(v, k) == auto
        assert manual_rtp(v, k) == manual


def test_000_12_20_parsheet_median_crash_point_by_enumeration() -> None:
    v, law = _law(14)
    below = Fraction(0)
    median = 100
    for c in sorted(law):  # the largest k whose P(crash >= k) is at least 1/2
        if 1 - below >= Fraction(1, 2):
            median = c
        below += law[c]
    assert median_crash(v) == median
    assert median_crash(shipped()) == 194  # 0.97 / m = 1/2 at m = 1.94


def _by_states(base: int, limit: int, target: int, win: str, loss: str, p: Fraction
               ) -> tuple[Fraction, Fraction, Fraction]:
    """Expected rounds, expected staked and P(ahead at the end) by a memoised walk over the
    session's states (settings, total so far, next bet, returned - stake so far)."""

    @cache
    def go(s: Autobet, net: Fraction) -> tuple[Fraction, Fraction, Fraction]:
        if s.stake is None:
            return Fraction(0), Fraction(0), Fraction(1 if net > 0 else 0)
        bet = s.next_bet
        w = go(s.after(True), net + bet * Fraction(target, 100) - bet)
        lo = go(s.after(False), net - bet)
        return (1 + p * w[0] + (1 - p) * lo[0], bet + p * w[1] + (1 - p) * lo[1],
                p * w[2] + (1 - p) * lo[2])

    return go(Autobet.begin(base, limit, target, win, loss), Fraction(0))


def test_000_12_20_parsheet_autobet_session_figures_by_a_second_method() -> None:
    v = shipped()
    assert {s.name for s in v.strategies} >= {"autobet_example", "autobet_default", "autobet_doublewin"}
    for s in v.strategies:
        f = session_figures(v, s)
        rounds, staked, ahead = _by_states(s.base, s.limit, s.target, s.after_win, s.after_loss,
                                           p_at_least(v, s.target))
        assert (f.expected_rounds, f.expected_staked, f.p_ahead) == (rounds, staked, ahead)
        assert f.rtp == target_rtp(v, s.target)  # Wald's identity
    default = session_figures(v, next(s for s in v.strategies if s.name == "autobet_default"))
    assert default.expected_rounds == 10 and default.expected_staked == 500 and default.longest == 10


def test_000_12_26_parsheet_half_cash_out_columns_by_enumeration() -> None:
    v, law = _law(14)
    d = half_strategy_distribution(v, 150, 300)
    nothing = sum((p for c, p in law.items() if c <= 150), Fraction(0))
    both = sum((p for c, p in law.items() if c >= 300), Fraction(0))
    mean = sum((p * (Fraction(150, 200) * (c > 150) + Fraction(300, 200) * (c >= 300))
                for c, p in law.items()), Fraction(0))
    assert 1 - p_at_least(v, 151) == nothing and p_at_least(v, 300) == both and d.mean == mean


@pytest.mark.parametrize("game", ["crash", "rocketon"])
def test_000_12_20_par_sheet_has_the_crash_section(game: str) -> None:
    out = io.StringIO()
    assert main(["parsheet", game, "--variant", "standard"], out=out) == 0
    text = out.getvalue()
    assert text.count("crash law, cash-out targets and auto strategies") == 1
    assert "| x2.00 | 48.5000% | 1 in 2.06 | 97.0000% |" in text
    assert ("| `autobet_example` |" in text) == (game == "crash")
    assert ("| `half_1.50_3.00` | x1.50 | x3.00 |" in text) == (game == "rocketon")
    assert parsheet_markdown(shipped(game)) in text
