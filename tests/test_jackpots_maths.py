"""Jackpot pools as data and their long-run return (issue 16 part 5; docs/jackpots.md): the
variant sections are validated with precise errors; the closed-form return of a drop pool is
checked against an exact enumeration and a simulation; a share pool's against a simulation of its
balance; the 777 rows' chances against a closed form."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from croupier.analysis.jackpots import jackpot_lines, row_chances
from croupier.cli import main as cli_main
from croupier.errors import VariantError
from croupier.games.blackjack.exact import bonus_distribution
from croupier.games.jackpot import (
    contribution_of,
    drop_level,
    long_run_return,
    parse_pool,
    parse_pools,
    share_of,
)
from croupier.games.registry import all_variants, load_variant, parse_unchecked, read_data
from croupier.money import Payout
from croupier.platform import jackpots
from croupier.rng import seeded

GOOD = {"kind": "drop", "award": "winner", "contribution": "0.01",
        "seed": {"EUR": "100.00"}, "cap": {"EUR": "1000.00"}}


@pytest.mark.parametrize(("change", "message"), [
    ({"kind": "progressive"}, "kind: expected one of share, drop"),
    ({"contribution": "0"}, "between 0 and 1"),
    ({"contribution": "1%"}, "a decimal"),
    ({"contribution": 0.01}, "a decimal as text"),
    ({"seed": {"EUR": "1000.00"}}, "the cap must be above the seed"),
    ({"seed": {"XYZ": "1.00"}, "cap": {"XYZ": "2.00"}}, "unknown currency"),
    ({"seed": {"EUR": "1.001"}}, "decimal places"),
    ({"cap": {"USD": "1000.00"}}, "same currencies"),
    ({"award": "everyone"}, "award: expected one of contributor, winner"),
    ({"wins": {"777_spades": "0.2"}}, "a drop pool pays the whole pool"),
    ({"colour": "gold"}, "unknown field(s) colour"),
    ({"bets": "bonus"}, "a list of bet codes"),
    ({"overflow": "burn"}, "overflow: expected one of reserve, house"),
    ({"top_up": "yes"}, "top_up: expected true or false"),
    ({"top_up": False}, "a drop pool is emptied by its win"),
])
def test_issue_16_bad_pool_data_is_refused_precisely(change: dict[str, Any], message: str) -> None:
    with pytest.raises(VariantError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_pool("j", {**GOOD, **change}, "x.toml")


def test_issue_16_a_share_pool_needs_its_rows() -> None:
    share = {**GOOD, "kind": "share"}
    share.pop("award")
    with pytest.raises(VariantError, match="a share pool needs rows"):
        parse_pool("j", share, "x.toml")
    with pytest.raises(VariantError, match=r"share in \(0, 1\]"):
        parse_pool("j", {**share, "wins": {"777_spades": "1.5"}}, "x.toml")


def test_000_12_54_the_21_bet_pool_takes_its_rate_from_the_variant_option() -> None:
    for name in ("bet21_000", "bet21_ace_one"):
        data = read_data("bet21", name)
        (spec,) = parse_pools(data, name)
        assert spec.contribution == Fraction(data["options"]["jackpot_contribution"]) == Fraction(1, 100)
        assert (spec.kind, spec.award, spec.bets) == ("drop", "winner", ())


def test_issue_16_the_catalogue_holds_the_pools_of_every_variant() -> None:
    every = {f"{g}.{v}.{s.name}" for g, v in all_variants()
             for s in parse_pools(read_data(g, v), f"{g}/{v}")}
    assert {p.code for p in jackpots.catalogue()} == every


def test_002_every_share_pool_row_is_an_unpaid_jackpot_row_of_its_bet() -> None:
    for pool in jackpots.catalogue():
        if pool.spec.kind != "share":
            continue
        v = parse_unchecked(pool.game, pool.variant)
        for code in pool.spec.bets:
            assert set(pool.spec.wins) == set(v.side_bets[code].jackpot_rows)
    tdc = {p.spec.name: p.spec for p in jackpots.pools_of("blackjack", "tdc")}
    assert tdc["777"].wins == {"777_spades": Fraction(1, 5), "suited_777": Fraction(1, 10)}
    assert (tdc["mystery"].seed["EUR"], tdc["mystery"].cap["EUR"]) == (10000, 50000)  # 100 to 500


def test_issue_16_rounding_is_down_to_the_minor_unit() -> None:
    assert contribution_of(1555, Fraction(1, 100)) == 15
    assert contribution_of(99, Fraction(1, 100)) == 0
    assert share_of(500004, Fraction(1, 5)) == 100000
    assert share_of(9, Fraction(1, 10)) == 0


def test_issue_16_drop_levels_cover_seed_to_cap_uniformly() -> None:
    src = seeded("levels")
    seen = [drop_level(src, 10, 14) for _ in range(5000)]
    assert set(seen) == {10, 11, 12, 13, 14}
    assert all(abs(seen.count(k) - 1000) < 150 for k in range(10, 15))
    with pytest.raises(ValueError, match="seed < cap"):
        drop_level(src, 5, 5)


def _enumerated_drop_return(seed: int, cap: int, step: int) -> Fraction:
    """paid / contributed over one cycle per level D (uniform on seed..cap), each play feeding
    ``step``: the pool pays seed + step * ceil((D - seed) / step) (the contribution that
    reaches D wins it), of which everything above the seed was contributed."""
    paid = contributed = 0
    for d in range(seed, cap + 1):
        fed = -(-(d - seed) // step) * step
        if fed == 0:
            fed = step  # a level at the seed drops with the next contribution
        paid += seed + fed
        contributed += fed
    return Fraction(paid, contributed)


def test_000_12_54_drop_pool_return_closed_form_equals_exact_enumeration() -> None:
    for seed, cap in ((100, 1000), (10000, 50000)):
        model = Fraction(seed + cap, cap - seed)
        exact = _enumerated_drop_return(seed, cap, 1)
        n = cap - seed + 1
        # the sums of the enumeration in closed form (the level at the seed needs one cent more)
        assert exact == Fraction(n * (seed + cap) + 2, n * (cap - seed) + 2)
        assert abs(exact - model) < Fraction(1, n)  # the model is the continuous limit
        # contributions bigger than a cent overshoot the level: the return is lower
        assert _enumerated_drop_return(seed, cap, 7) < exact
    spec = parse_pool("j", GOOD, "x.toml")
    assert long_run_return(spec, "EUR") == Fraction(1, 100) * Fraction(11, 9)


def test_000_12_54_drop_pool_return_agrees_with_a_simulation() -> None:
    """21 Bet's EUR pool: seed 100.00, must drop by 1,000.00, 1% of stakes of 1.00-100.00."""
    spec = parse_pools(read_data("bet21", "bet21_000"), "bet21_000")[0]
    seed, cap = spec.seed["EUR"], spec.cap["EUR"]
    rng = np.random.Generator(np.random.PCG64(20260105))
    cycles = 4000
    levels = rng.integers(seed, cap + 1, size=cycles)
    paid = contributed = 0
    for d in levels:
        fed = np.floor(rng.integers(100, 10001, size=4000) * 0.01).astype(np.int64)
        cum = np.cumsum(fed)
        i = int(np.searchsorted(cum, d - seed))  # the first contribution that reaches the level
        paid += seed + int(cum[i])
        contributed += int(cum[i])
    ratio = paid / contributed
    model = float(long_run_return(spec, "EUR") / spec.contribution)  # 11/9
    assert abs(ratio - model) < 0.01, (ratio, model)


def test_002_share_pool_returns_its_contribution_and_settles_at_its_equilibrium() -> None:
    """A share pool (rows at 20% and 10%, chances raised so the test is quick) fed 2% of each
    stake: over a long run it pays out what it takes, and it hovers around J* = rate x mean
    stake / sum(share x P)."""
    rng = np.random.Generator(np.random.PCG64(7))
    n = 200_000
    p1, p2 = 1e-3, 3e-3
    stakes = rng.integers(100, 10001, size=n)
    u = rng.random(n)
    pool = seed = 1000
    paid = topups = contributed = 0
    tail = []
    for i in range(n):
        fed = int(stakes[i]) * 2 // 100
        pool += fed
        contributed += fed
        share = 5 if u[i] < p1 else (10 if u[i] < p1 + p2 else 0)
        if share:
            win = pool // share
            pool -= win
            paid += win
            if pool < seed:
                topups += seed - pool
                pool = seed
        if i >= n // 2:
            tail.append(pool)
    assert abs((paid - topups) / contributed - 1) < 0.02
    equilibrium = 0.02 * float(np.mean(stakes)) / (0.2 * p1 + 0.1 * p2)
    assert abs(float(np.mean(tail)) / equilibrium - 1) < 0.1


def test_002_777_row_chances_match_a_closed_form() -> None:
    v = load_variant("blackjack", "tdc")
    n, d = 52 * v.decks, v.decks
    pays = {"777_spades": Payout.times(1000), "suited_777": Payout.times(2000)}
    always = {r: p for p, r in bonus_distribution(v, pays, "always").points}
    # a box that always takes a third card: three sevens of one suit from the first three cards
    assert always[Fraction(1000)] == Fraction(d * (d - 1) * (d - 2), n * (n - 1) * (n - 2))
    assert always[Fraction(2000)] == 3 * always[Fraction(1000)]
    basic = row_chances("blackjack", v, next(p.spec for p in jackpots.pools_of("blackjack", "tdc")
                                             if p.spec.kind == "share"))
    # under the basic strategy a box of 7-7 does not always take a third card
    assert 0 < basic["777_spades"] < always[Fraction(1000)]
    assert basic["suited_777"] == 3 * basic["777_spades"]


def test_000_12_54_the_rtp_report_has_the_jackpot_line() -> None:
    out = io.StringIO()
    assert cli_main(["rtp", "bet21", "--variant", "bet21_000", "--json"], out) == 0
    bets = {b["bet"]: b for b in json.loads(out.getvalue())["bets"]}
    line = bets["jackpot:jackpot"]
    assert line["rtp_exact"] == "11/900"  # 1% x (100 + 1000) / (1000 - 100)
    assert "must drop" in line["note"]


def test_002_the_rtp_report_has_the_777_and_mystery_lines() -> None:
    v = load_variant("blackjack", "tdc")
    from croupier.games.maths import BetRTP

    bonus = BetRTP("bonus", Fraction(1, 2), Fraction(1, 2), 1, Fraction(0), Fraction(0), Fraction(0))
    lines = {r.bet: r for r in jackpot_lines("blackjack", v, [bonus])}
    assert lines["jackpot:777"].rtp == Fraction(1, 50)
    assert lines["jackpot:mystery"].rtp == Fraction(3, 10) * Fraction(600, 400)
    assert lines["bonus+jackpots"].rtp == Fraction(1, 2) + Fraction(1, 50) + Fraction(9, 20)
    assert lines["jackpot:777"].hit_frequency > 0
