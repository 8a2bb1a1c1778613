"""Exact craps RTPs (000 §12.41): the Markov walk through the engine's settlement agrees with the
closed forms, the line bets over the whole decision; published figures only as a check."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources

import pytest

from croupier.errors import VariantError
from croupier.games.dice.craps.exact import closed_form, distributions, exact, selections
from croupier.games.dice.craps.variant import CrapsVariant, parse_variant
from croupier.games.registry import load_variant


def v() -> CrapsVariant:
    out: CrapsVariant = load_variant("craps", "standard")
    return out


def test_000_12_41_walk_through_the_engine_equals_the_closed_form() -> None:
    walked = distributions(v())
    closed = closed_form(v())
    for code, dists in walked.items():
        means = [d.mean for d in dists]
        assert means[: len(closed[code])] == closed[code], code


def test_000_12_41_line_bets_over_the_whole_decision() -> None:
    rtp = {r.bet: r for r in exact(v())}
    assert rtp["pass"].rtp == Fraction(488, 495) == rtp["come"].rtp
    assert rtp["dont_pass"].rtp == Fraction(217, 220) == rtp["dont_come"].rtp
    # published house edges, as a check only: 1.414% and 1.364%
    assert round(float(1 - rtp["pass"].rtp), 5) == 0.01414
    assert round(float(1 - rtp["dont_pass"].rtp), 5) == 0.01364


def test_000_12_41_take_odds_at_100_percent() -> None:
    rtp = {r.bet: r for r in exact(v())}
    assert rtp["odds"].rtp == rtp["odds"].rtp_max == 1
    assert rtp["lay"].rtp == rtp["lay"].rtp_max == 1
    # every selection: pass odds at each point, come odds during a come-out roll (off: pushed)
    assert rtp["odds"].selections == 12


def test_000_12_41_come_odds_off_on_come_out_push() -> None:
    dists = distributions(v())["odds"]
    come_out = dists[6:]  # come bet odds during a come-out roll
    assert all(any(r == 1 and p > 0 for p, r in d.points) for d in come_out)


def test_000_12_41_every_probability_sums_to_one_and_every_bet_is_analysed() -> None:
    sels = selections(v())
    dists = distributions(v())
    assert set(dists) == set(v().bet_codes)
    for code, ds in dists.items():
        assert len(ds) == len(sels[code])
        for d in ds:
            assert sum(p for p, _ in d.points) == 1


def test_000_12_41_brute_force_pass_line_by_depth() -> None:
    """A third check: expand the pass line roll by roll to depth 90 through the rules alone;
    the unresolved mass is below 1e-9 and the partial RTP converges to the walk's figure."""
    from croupier.games.dice.craps.rules import Carry, resolve

    var = v()
    front = {None: Fraction(1)}
    rtp = Fraction(0)
    for _ in range(90):
        nxt: dict[int | None, Fraction] = {}
        for number, p in front.items():
            for d1 in range(1, 7):
                for d2 in range(1, 7):
                    r = resolve(var, "pass", number, number, d1, d2)
                    if isinstance(r, Carry):
                        nxt[r.number] = nxt.get(r.number, Fraction(0)) + p / 36
                    else:
                        rtp += p / 36 * r.ratio
        front = {k: Fraction(float(x)) for k, x in nxt.items()}  # keep the numbers small
    assert sum(front.values()) < 1e-9
    assert abs(float(rtp) - 488 / 495) < 1e-9


def test_000_12_41_variant_errors_are_precise() -> None:
    text = resources.files("croupier.variants").joinpath("craps/standard.toml").read_text("utf-8")
    data = tomllib.loads(text)
    data["payouts"]["place_win"] = {"4": "9:5", "7": "1:1"}
    with pytest.raises(VariantError, match="place_win: give exactly the numbers"):
        parse_variant(data, "bad")
    data = tomllib.loads(text)
    data["off_on_come_out"] = ["field"]
    with pytest.raises(VariantError, match="off_on_come_out"):
        parse_variant(data, "bad")
    data = tomllib.loads(text)
    data["bar"] = 7
    with pytest.raises(VariantError, match="bar"):
        parse_variant(data, "bad")


def test_000_12_41_place_bets_off_on_come_out_keep_their_rtp() -> None:
    """A variant option that changes when, not what: place and hardway bets off on the come-out."""
    text = resources.files("croupier.variants").joinpath("craps/standard.toml").read_text("utf-8")
    data = tomllib.loads(text)
    data["off_on_come_out"] = ["odds", "lay", "place_win", "place_lose", "hardway"]
    off = parse_variant(data, "off")
    a = {r.bet: r.rtp for r in exact(off)}
    b = {r.bet: r.rtp for r in exact(v())}
    assert a == b
