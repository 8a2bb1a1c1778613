"""Exact RTP of every bet of every roulette variant against its closed form.

The engine's figures come from enumerating every spin through its own settlement
(croupier.games.roulette.exact). Here each bet's RTP is derived again from first principles:
how many numbers a bet covers, the variant file's payout, and the rule of the variant.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources

import pytest

from croupier.games.registry import game, variant_names
from croupier.games.roulette.layout import CALL_BETS

from .roulette_helpers import variant

VARIANTS = variant_names("roulette")

# numbers covered by one chip of each code (000 §12.1; 001 §8.14)
SIZE = {"straight": 1, "split": 2, "street": 3, "trio": 3, "corner": 4, "six_line": 6,
        "five_number": 5, "column": 12, "dozen": 12, "red": 18, "black": 18, "odd": 18,
        "even": 18, "low": 18, "high": 18}
EVEN = {"red", "black", "odd", "even", "low", "high"}


def paytable(name: str) -> dict[str, Fraction]:
    """Total return per unit of each code, read straight from the variant file."""
    raw = tomllib.loads(
        resources.files("croupier.variants").joinpath(f"roulette/{name}.toml").read_text("utf-8")
    )
    out = {}
    for code, text in raw["payouts"].items():
        if text.startswith("x"):
            out[code] = Fraction(text[1:])
        else:
            net, one = text.split(":")
            out[code] = Fraction(net) / Fraction(one) + 1
    return out


def threshold_size(code: str, zero_under: bool) -> int:
    side, x, _ = code.split("_")
    return 36 - int(x) if side == "over" else int(x) + (1 if zero_under else 0)


def closed_form(name: str, code: str) -> Fraction:
    v = variant(name)
    pay = paytable(name)
    n = v.wheel.size
    if v.balls == 2:
        if code in ("straight", "split", "street", "corner", "six_line"):
            p = Fraction(SIZE[code], n)
            # one ball in: stake + net; both in: stake + 2 net
            return 2 * p * (1 - p) * pay[code] + p * p * (1 + 2 * (pay[code] - 1))
        if code == "red_black":
            return 2 * Fraction(18, n) ** 2 * pay[code]
        if code == "double_any":
            return Fraction(1, n) * pay[code]
        if code == "double_number":
            return Fraction(1, n * n) * pay[code]
        return Fraction(SIZE[code], n) ** 2 * pay[code]
    if code.startswith(("over_", "under_")):
        return Fraction(threshold_size(code, v.zero_wins_under), n) * pay[code]
    if code in CALL_BETS:
        chips = [(kind, len(nums)) for kind, nums, count in CALL_BETS[code] for _ in range(count)]
        return sum((Fraction(size, n) * pay[kind] for kind, size in chips), Fraction(0)) / len(chips)
    if code == "neighbours":
        return Fraction(1, n) * pay["straight"]
    base = Fraction(SIZE[code], n) * pay[code]
    if code == "straight" and v.lightning is not None:
        lt = v.lightning
        p_lucky = Fraction(lt.count_min + lt.count_max, 2) / n
        mean_lucky = sum((w * o.total for w, o in zip(lt.weights, lt.odds, strict=True)), Fraction(0)) / sum(lt.weights)
        return Fraction(1, n) * ((1 - p_lucky) * pay[code] + p_lucky * mean_lucky)
    if code in EVEN and v.zero_rule == "la_partage":
        return base + Fraction(1, n) * Fraction(1, 2)
    if code in EVEN and v.zero_rule == "en_prison":
        return base + Fraction(len(v.wheel.zeros), n) * Fraction(18, n) * 1  # stake back next spin
    return base


@pytest.mark.parametrize("name", VARIANTS)
def test_exact_rtp_of_every_bet_matches_its_closed_form(name: str) -> None:
    v = variant(name)
    rtps = game("roulette").exact(v)
    assert [r.bet for r in rtps] == list(v.bet_codes)
    for r in rtps:
        expected = closed_form(name, r.bet)
        assert r.rtp == expected, (name, r.bet, r.rtp, expected)
        assert r.rtp == r.rtp_max, (name, r.bet)  # every selection of a code returns the same
        assert 0 < r.rtp < 1


def test_known_house_edges_cross_check() -> None:
    """Cross-check against the textbook figures (computed above, never substituted)."""
    def edge(name: str, code: str) -> Fraction:
        return next(1 - r.rtp for r in game("roulette").exact(variant(name)) if r.bet == code)

    assert edge("european", "straight") == Fraction(1, 37)  # 2.70%
    assert edge("american", "straight") == Fraction(2, 38)  # 5.26%
    assert edge("american", "five_number") == Fraction(3, 38)  # 7.89%
    assert edge("french_la_partage", "red") == Fraction(1, 74)  # 1.35%
    assert edge("european_en_prison", "red") == Fraction(19, 1369)  # 1.39% (second zero loses)


def test_exact_distribution_moments_of_a_straight_up() -> None:
    r = next(x for x in game("roulette").exact(variant("european")) if x.bet == "straight")
    assert r.hit_frequency == Fraction(1, 37)
    assert r.max_return == 36
    mean = Fraction(36, 37)
    assert r.variance == Fraction(1, 37) * 36 ** 2 - mean ** 2
