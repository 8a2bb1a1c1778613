"""Admission control: a variant whose bet returns more than the stake, or less than its kind's
floor, is refused with the offending bets named unless the file documents an override."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources
from typing import Any

import pytest

from croupier.errors import VariantError, VariantRefused
from croupier.games.admission import admit, floor_for
from croupier.games.registry import all_variants, game, load_variant, read_data
from croupier.games.roulette import GAME


def data(name: str) -> dict[str, Any]:
    return read_data("roulette", name)


def test_every_shipped_variant_is_admitted() -> None:
    for g, v in all_variants():
        load_variant(g, v)


def test_001_3_3_slot_floor_is_94_percent_and_floors_are_configuration() -> None:
    assert floor_for("slot") == Fraction(94, 100)
    text = resources.files("croupier.config").joinpath("rtp_floors.toml").read_text("utf-8")
    assert tomllib.loads(text)["floors"]["roulette"] == "0.90"
    with pytest.raises(VariantError):
        floor_for("no_such_kind")


def test_lightning_with_35_to_1_straights_as_the_extract_reads_is_refused() -> None:
    raw = data("lightning")
    raw["payouts"]["straight"] = "35:1"
    variant = GAME.parse_variant(raw, "lightning_literal")
    with pytest.raises(VariantRefused) as exc:
        admit(GAME, variant)
    assert exc.value.offending and exc.value.offending[0].startswith("straight: RTP 1")
    assert "returns more than the stake" in str(exc.value)


def test_a_bet_below_the_floor_is_refused_and_named() -> None:
    raw = data("european")
    raw["payouts"]["split"] = "15:1"  # 32/37 = 86.5% < 90%
    with pytest.raises(VariantRefused, match="split: RTP 86.4865% is below the roulette floor 90.00%"):
        admit(GAME, GAME.parse_variant(raw, "stingy"))


def test_a_documented_override_admits_the_variant() -> None:
    raw = data("european")
    raw["payouts"]["split"] = "15:1"
    raw["admission"] = {"override": True, "reason": "promotional table approved by the regulator"}
    rtps = admit(GAME, GAME.parse_variant(raw, "stingy_ok"))
    assert any(r.bet == "split" and r.rtp == Fraction(32, 37) for r in rtps)
    raw["admission"] = {"override": True}
    with pytest.raises(VariantError, match="documented reason"):
        GAME.parse_variant(raw, "no_reason")


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.update(wheel="square"), "unknown wheel"),
    (lambda d: d.update(colour="blue"), "unknown field"),
    (lambda d: d["payouts"].update(straight="lots"), "is not a payout"),
    (lambda d: d["payouts"].update(five_number="6:1"), "needs 00"),
    (lambda d: d.update(zero_rule="sometimes"), "zero_rule"),
    (lambda d: d.update(limit_sets=["gold"]), "unknown limit set"),
    (lambda d: d.pop("title"), "missing field 'title'"),
])
def test_malformed_variant_files_name_the_field(mutate: Any, message: str) -> None:
    raw = data("european")
    mutate(raw)
    with pytest.raises(VariantError, match=message):
        game("roulette").parse_variant(raw, "broken")


def test_a_simulated_figure_must_be_in_bounds_over_its_whole_99_interval() -> None:
    from dataclasses import dataclass

    from croupier.games.admission import offending
    from croupier.games.maths import BetRTP

    @dataclass(frozen=True)
    class Simulated(BetRTP):
        ci99: tuple[float, float] = (0.0, 0.0)

    def sim(rtp: str, lo: float, hi: float) -> BetRTP:
        f = Fraction(rtp)
        return Simulated("ante", f, f, 1, Fraction(0), Fraction(0), Fraction(0), ci99=(lo, hi))

    assert offending("table_card", [sim("0.95", 0.949, 0.951)]) == []
    straddles = offending("table_card", [sim("0.998", 0.991, 1.005)])
    assert len(straddles) == 1 and "may return more than the stake" in straddles[0]
    low = offending("table_card", [sim("0.801", 0.7995, 0.8025)])
    assert len(low) == 1 and "below the table_card floor" in low[0]
