"""The crash page's server settings (docs/crash.md "Web page"): crash tables from
``CROUPIER_CRASH_TABLES`` and a demo / test timing from ``CROUPIER_CRASH_TIMING``."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import CroupierError
from croupier.platform import crash as C
from croupier.platform import crash_timing as timing
from croupier.platform.config import TableConfig, crash_tables, crash_timing


def test_issue17_crash_tables_setting_lists_id_game_variant_currency() -> None:
    assert crash_tables("crash-eur:crash:standard:EUR, rk:rocketon:cash_show:AMD") == (
        TableConfig("crash-eur", "Crash (EUR)", "crash", "standard", "EUR"),
        TableConfig("rk", "Rocketon (AMD)", "rocketon", "cash_show", "AMD"))
    assert crash_tables(None) == ()
    with pytest.raises(ValueError, match="id:game:variant:CUR"):
        crash_tables("crash-eur:crash:standard")


def test_issue17_crash_timing_setting_overrides_betting_time_and_curve_only() -> None:
    assert crash_timing("2000:0.5") == (2000, "0.5")
    assert crash_timing("") is None
    with pytest.raises(ValueError, match="betting_ms:growth"):
        crash_timing("fast")
    with pytest.raises(CroupierError):
        C.set_timing(500, "0.5")  # the variant's own bounds
    _spec, base = C.crash_variant("crash", "standard")
    try:
        C.set_timing(2000, "0.5")
        _spec, fast = C.crash_variant("crash", "standard")
    finally:
        timing._TIMING.clear()
    assert (fast.betting_ms, fast.growth_per_second) == (2000, Fraction(1, 2))
    assert fast.rtp == base.rtp and fast.max_multiplier == base.max_multiplier  # the law is untouched
    assert C.crash_variant("crash", "standard")[1] == base
