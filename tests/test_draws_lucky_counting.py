"""The fixed-odds draw machinery shared by Lucky 5, Lucky 7, both Lucky 6 and Fruitrace
(games/draws/fixedodds): every statistic's exact distribution against a brute-force enumeration
of every ordered draw of small drums through its ``measure``; admission control; simulation;
chips conserved on every draw."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import VariantRefused
from croupier.games.admission import admit
from croupier.games.base import play, reenact
from croupier.games.draws.balls import BallDraw
from croupier.games.draws.fixedodds import counting, stats
from croupier.games.draws.fixedodds.bets import Stat
from croupier.games.registry import game, load_variant
from croupier.money import Payout
from croupier.rng import seeded


class Small:
    """A stand-in variant: a small drum whose balls have colours 0/1/2 by n mod 3."""

    def __init__(self, balls: int, drawn: int) -> None:
        self.draw = BallDraw(balls, drawn, ordered=True)
        self.options = {"colour": tuple(n % 3 for n in range(1, balls + 1))}


def colour(v: Any, b: int) -> int:
    table: tuple[int, ...] = v.options["colour"]
    return table[b - 1]


STATS: list[tuple[Stat, tuple[Any, ...]]] = [
    (stats.hits(), (2, 5)),
    (stats.count("odd", lambda v, b, t: b % 2 == 1), ()),
    (stats.count("odd_first_2", lambda v, b, t: b % 2 == 1, first=2), ()),
    (stats.count("target_colour", lambda v, b, t: colour(v, b) == t[0], targeted=True), (1,)),
    (stats.total("sum", lambda v, b: b), ()),
    (stats.total("sum_first_2", lambda v, b: b, first=2), ()),
    (stats.total("colour0_sum", lambda v, b: b * b, lambda v, b: colour(v, b) == 0), ()),
    (stats.groups("colours", colour, lambda v: 3), ()),
    (stats.at("first_last", (0, -1), colour), ()),
    (stats.at("second", (1,), lambda v, b: b), ()),
    (stats.completion(), (1, 4)),
]


@pytest.mark.parametrize("balls,drawn", [(7, 3), (8, 4), (6, 6)])
@pytest.mark.parametrize("stat,target", STATS, ids=[s.name for s, _ in STATS])
def test_every_statistic_matches_brute_force_over_every_ordered_draw(
        stat: Stat, target: tuple[Any, ...], balls: int, drawn: int) -> None:
    v = Small(balls, drawn)
    seen = Counter(stat.measure(v, d, target) for d in permutations(range(1, balls + 1), drawn))
    whole = sum(seen.values())
    assert dict(stat.exact(v, target)) == {k: Fraction(n, whole) for k, n in seen.items()}


def test_subset_sums_and_group_counts_by_hand() -> None:
    assert counting.subset_sums([1, 2, 3], 2) == [{0: 1}, {1: 1, 2: 1, 3: 1}, {3: 1, 4: 1, 5: 1}]
    assert counting.group_counts([1, 1], 1) == {(0, 1): Fraction(1, 2), (1, 0): Fraction(1, 2)}


ALL = [("lucky5", "lucky5_000"), ("lucky7", "lucky7_000"), ("lucky6", "lucky6_000"),
       ("lucky6_48", "lucky6_48_000"), ("lucky6_48", "lucky6_48_chosen"), ("fruitrace", "fruitrace_000")]


@pytest.mark.parametrize("name,variant", ALL)
def test_admission_flags_any_odds_returning_more_than_the_stake(name: str, variant: str) -> None:
    v = load_variant(name, variant)
    spec = game(name)
    assert all(r.rtp_max <= 1 for r in spec.exact(v))
    if v.payouts:
        code, odds = next(iter(v.payouts.items()))
        greedy = replace(v, payouts={**v.payouts, code: Payout(odds.total * 2)})
    else:
        code, table = next(iter(v.paytables.items()))
        greedy = replace(v, paytables={code: {k: Payout(p.total * 3) for k, p in table.items()}})
    with pytest.raises(VariantRefused) as err:
        admit(spec, greedy)
    assert any(code in o and "more than the stake" in o for o in err.value.offending)


@pytest.mark.parametrize("name,variant", ALL)
def test_simulation_agrees_with_the_exact_figures_within_its_99_interval(name: str, variant: str) -> None:
    """Every bet whose simulation saw enough wins (at least 30) contains its exact RTP in its
    99% interval, allowing the ~1% of intervals that miss by chance (at most 2 misses)."""
    spec = game(name)
    v = load_variant(name, variant)
    exact = {r.bet: r for r in spec.exact(v)}
    sims = spec.simulate(v, 6000, 2026, None)
    assert [s.bet for s in sims] == list(exact)
    checked = [s for s in sims if float(exact[s.bet].hit_frequency) * s.rounds >= 30]
    misses = [s.bet for s in checked if not s.ci99[0] <= float(exact[s.bet].rtp) <= s.ci99[1]]
    assert len(misses) <= 2, misses
    assert checked


@pytest.mark.parametrize("name,variant", ALL)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_chips_are_conserved_and_every_round_replays_from_its_seed(name: str, variant: str, seed: int) -> None:
    spec = game(name)
    v = load_variant(name, variant)
    bets = spec.demo_bets(v, "EUR")
    state, settlement = play(spec.engine, v, bets, "EUR", seeded(seed))
    assert settlement.total_stake == sum(b.stake for b in bets)
    for r, b in zip(settlement.bets, bets, strict=True):
        odds = {p.total for p in v.payouts.values()} | {p.total for t in v.paytables.values() for p in t.values()}
        assert r.returned == 0 or any(r.returned == b.stake * o.numerator // o.denominator for o in odds)
    assert reenact(spec.engine, v, state.events, seeded(seed)) == settlement


@pytest.mark.parametrize("name,variant", ALL)
def test_rtp_and_parsheet_list_every_bet_of_every_variant(name: str, variant: str) -> None:
    import io

    from croupier.cli import main

    v = load_variant(name, variant)
    codes = [b.code for b in game(name).engine.spec.offered(v)]  # type: ignore[attr-defined]
    for argv in (["rtp", name, "--variant", variant], ["parsheet", name, "--variant", variant],
                 ["parsheet", name, "--variant", variant, "--format", "html"]):
        out = io.StringIO()
        assert main(argv, out=out) == 0
        text = out.getvalue()
        assert all(code in text for code in codes), argv
    if v.paytables:
        out = io.StringIO()
        main(["parsheet", name, "--variant", variant], out=out)
        assert "## Prize table" in out.getvalue()


@pytest.mark.parametrize("name,variant", ALL)
def test_every_odds_line_of_the_variant_file_cites_its_clause_row(name: str, variant: str) -> None:
    from importlib import resources

    spec = game(name).engine.spec  # type: ignore[attr-defined]
    v = load_variant(name, variant)
    text = resources.files("croupier.variants").joinpath(name, f"{variant}.toml").read_text("utf-8")
    lines = {line.split("=")[0].strip(): line for line in text.splitlines() if "=" in line}
    for b in spec.offered(v):
        if b.table:
            assert f"[payouts.{b.code}]  # {spec.clause} {b.rows}:" in text
        else:
            assert lines[b.code].endswith(f"# {spec.clause} row {b.row}"), lines[b.code]
