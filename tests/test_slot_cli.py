"""`croupier rtp|simulate|parsheet slot`: exact fractions (base, free spins, gamble), a simulation
that agrees, and the par sheet (001 §3.3; issue 15)."""

from __future__ import annotations

import io
import json
from fractions import Fraction

from croupier.cli import main
from croupier.games.slots.exact import slot_rtp
from croupier.games.slots.parsheet import spins_for_precision
from tests.slot_helpers import slot


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_rtp_prints_base_free_spins_and_gamble_as_fractions() -> None:
    r = slot_rtp(slot("amber_caravan"))
    code, text = run("rtp", "slot", "--variant", "amber_caravan")
    assert code == 0
    assert str(r.total) in text and str(r.base) in text and str(r.free_spins) in text
    assert "gamble_colour" in text and "gamble_suit" in text and "gamble_higher" in text
    code, text = run("rtp", "slot", "--variant", "amber_caravan", "--json")
    doc = json.loads(text)
    spin = next(b for b in doc["bets"] if b["bet"] == "spin")
    assert Fraction(spin["rtp_exact"]) == r.total


def test_simulate_agrees_with_the_exact_rtp() -> None:
    code, text = run("simulate", "slot", "--variant", "aurora_fjord", "--rounds", "4000000", "--seed", "7", "--json")
    assert code == 0
    (b,) = json.loads(text)["bets"]
    exact = float(slot_rtp(slot("aurora_fjord")).total)
    assert b["ci99"][0] <= exact <= b["ci99"][1]


def test_parsheet_has_hit_frequency_spread_distribution_max_win_and_precision() -> None:
    code, text = run("parsheet", "slot", "--variant", "classic_fruit")
    assert code == 0
    for needle in ("hit frequency", "standard deviation", "wins by multiple of the total bet",
                   "max win of a paid spin", "spins for the RTP within +-1% at 90% confidence",
                   "agrees"):
        assert needle in text
    code, html = run("parsheet", "slot", "--variant", "classic_fruit", "--format", "html")
    assert code == 0 and "Slot figures" in html


def test_spins_for_precision_is_the_normal_approximation() -> None:
    # (z sigma / e)^2: sigma 10 at +-1% with z 1.645 -> 1.645^2 x 10^6, rounded up
    assert spins_for_precision(10.0, 0.01, 1.645) == 2_706_025
