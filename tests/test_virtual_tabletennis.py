"""Virtual Table Tennis (000 §12.61): the set's scoring and finals, every market's settlement,
the exact chances against a closed form and two samplers, and the odds."""

from __future__ import annotations

import tomllib
from collections import Counter
from fractions import Fraction
from importlib import resources
from math import comb, sqrt
from statistics import NormalDist

import numpy as np
import pytest

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.virtual.pricing import MIN_ODDS, table_tennis_board
from croupier.games.virtual.tabletennis.game import (
    MARKETS,
    chances,
    market,
    parse_variant,
    run,
    sequences,
)
from croupier.games.virtual.tabletennis.rules import finals, finished, firsts
from croupier.rng.source import RecordingSource, ReplaySource, seeded

RAW = tomllib.loads(resources.files("croupier.variants").joinpath("table_tennis", "standard.toml").read_text("utf-8"))
V = parse_variant(RAW, "standard")


def test_000_12_61_one_set_to_7_then_two_clear_but_not_beyond_9() -> None:
    assert finished(7, 5) and not finished(7, 6) and not finished(6, 6)
    assert finished(8, 6) and finished(6, 8) and finished(9, 7) and finished(7, 9)
    assert not finished(8, 7) and finished(9, 8)  # ASSUMPTION: the cap ends 8:8 at the next point
    got = set(finals())
    assert {(7, 9), (9, 7), (6, 8), (8, 6)} <= got  # the source's examples
    assert (7, 6) not in got and (10, 8) not in got
    assert got == {(7, k) for k in range(6)} | {(k, 7) for k in range(6)} | {
        (8, 6), (6, 8), (9, 7), (7, 9), (9, 8), (8, 9)}


def test_000_12_61_items_1_and_2_winner_and_exact_score() -> None:
    s = "AB" * 6 + "BB"  # 6:6, then B twice: 6:8
    assert market("winner").settle(s) == "B" and market("exact_score").settle(s) == "6:8"


def test_000_12_61_item_3_first_to_1_and_to_7() -> None:
    s = "A" + "B" * 7  # A first to 1, B first to 7
    assert market("first_1_7").settle(s) == "AB"
    deuce = "AB" * 6 + "ABBB"  # A reaches 7 first at 7:6; B wins 7:9
    assert firsts(deuce, (1, 7)) == "AA" and market("winner").settle(deuce) == "B"


def test_000_12_61_item_4_first_to_1_3_and_7_all_eight_outcomes() -> None:
    m = market("first_1_3_7")
    assert m.settle("A" + "BBB" + "AAAAAA") == "ABA"
    assert m.settle("AAA" + "B" * 7) == "AAB" and m.settle("B" + "AAA" + "B" * 6) == "BAB"
    assert m.settle("BBB" + "A" * 7) == "BBA" and m.settle("B" + "AAAAAA" + "A") == "BAA"
    assert set(m.selections) == {a + b + c for a in "AB" for b in "AB" for c in "AB"}


def test_bad_input() -> None:
    with pytest.raises(InvalidSelection):
        market("exact_score").check("7:6")
    with pytest.raises(UnknownBetCode):
        market("sets")
    with pytest.raises(VariantError, match="at least 40"):
        parse_variant(RAW | {"betting_seconds": 10}, "bad")


def _win_closed_form(p: Fraction) -> Fraction:
    """A wins 7:k (k ≤ 5), or from 6:6: two points in a row, or split pairs to 8:8 then one."""
    q = 1 - p
    direct = sum((comb(6 + k, k) * p ** 7 * q ** k for k in range(6)), Fraction(0))
    at66 = comb(12, 6) * p ** 6 * q ** 6
    split = 2 * p * q
    from_66 = p * p + split * p * p + split * split * p  # 8:6, 9:7 (via 7:7), 9:8 (via 8:8)
    return direct + at66 * from_66


@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(11, 20), Fraction(2, 5)])
def test_the_winners_chance_matches_a_closed_form_and_every_market_sums_to_one(p: Fraction) -> None:
    c = chances(p)
    assert c["winner"]["A"] == _win_closed_form(p)
    for code, row in c.items():
        assert sum(row.values()) == 1, code
    if p == Fraction(1, 2):
        assert c["winner"]["A"] == Fraction(1, 2)


def test_two_samplers_agree_with_the_exact_chances() -> None:
    """The engine's draws (HMAC, 5,000 sets) and a numpy sampler (100,000 sets), each selection
    within a Bonferroni 99% interval."""
    p = Fraction(11, 20)
    exact = chances(p)
    sels = [(m, s) for m in MARKETS for s in m.selections]
    z = NormalDist().inv_cdf(1 - 0.01 / (4 * len(sels)))

    def check(sets: list[str]) -> None:
        n = len(sets)
        counts = {m.code: Counter(m.settle(s) for s in sets) for m in MARKETS}
        for m, sel in sels:
            k = counts[m.code][sel]
            pr = float(exact[m.code][sel])
            assert abs(k - n * pr) <= z * sqrt(n * pr * (1 - pr)) + 1e-9, (m.code, sel)

    v = parse_variant(RAW | {"point_chances": ["11/20"]}, "one")
    src = seeded("tt-engine")
    check([run(v, src)[1] for _ in range(5_000)])
    rng = np.random.default_rng(61)
    wins = rng.random((100_000, 17)) < float(p)
    fast = []
    for row in wins:
        s = ""
        for w in row:
            if finished(s.count("A"), s.count("B")):
                break
            s += "A" if w else "B"
        fast.append(s)
    check(fast)


def test_a_set_replays_and_the_board_returns_at_most_the_rtp() -> None:
    rec = RecordingSource(seeded("tt-replay"))
    first = run(V, rec)
    assert run(V, ReplaySource(rec.draws)) == first
    assert len(list(sequences())) > 1000
    for form in range(len(V.point_chances)):
        for code, row in table_tennis_board(V, form).items():
            for sel, price in row.items():
                assert price.odds >= MIN_ODDS and price.rtp <= V.rtp, (code, sel)
