"""Races (000 §12.42 Horse Racing, §12.50 Greyhounds, §12.58 the racing family): every market row
settles as its clause says, the exact chances agree with a brute force over every finishing
order and with an independent simulation, and the odds keep every selection at or under the
variant's RTP."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources
from itertools import permutations
from math import sqrt
from statistics import NormalDist
from typing import Any

import numpy as np
import pytest

from croupier.errors import InvalidAmount, InvalidSelection, UnknownBetCode, VariantError
from croupier.games.virtual.pricing import MIN_ODDS, odds_for, race_board
from croupier.games.virtual.race import simulate
from croupier.games.virtual.race.chances import RaceChances
from croupier.games.virtual.race.event import RaceBet, finish, next_place, returned, run
from croupier.games.virtual.race.model import order_chance, runner_at
from croupier.games.virtual.race.variant import RaceVariant, parse_variant
from croupier.rng.source import RecordingSource, ReplaySource, seeded

GAMES = {"horse_racing": ("eight", "fourteen"), "greyhounds": ("six", "eight"),
         "racing": ("speedway", "car_racing", "cycling", "motor_racing", "tron_racing")}


def raw(game: str, name: str) -> dict[str, Any]:
    text = resources.files("croupier.variants").joinpath(game, f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)


def variant(game: str, name: str) -> RaceVariant:
    return parse_variant(raw(game, name), name)


def wins(v: RaceVariant, code: str, sel: tuple[int, ...], order: tuple[int, ...]) -> bool:
    m = v.market(code)
    return m.wins(order, m.check(v.runners, sel))


# -- 12.42 Horse Racing ----------------------------------------------------------------------------

ORDER8 = (3, 5, 1, 8, 2, 4, 7, 6)


def test_000_12_42_rows_1_to_3_winner_first_two_first_three() -> None:
    v = variant("horse_racing", "eight")
    assert wins(v, "win", (3,), ORDER8) and not wins(v, "win", (5,), ORDER8)
    assert wins(v, "place2", (5,), ORDER8) and not wins(v, "place2", (1,), ORDER8)
    assert wins(v, "place3", (1,), ORDER8) and not wins(v, "place3", (8,), ORDER8)


def test_000_12_42_rows_4_to_7_two_and_three_in_order_or_any_order() -> None:
    v = variant("horse_racing", "eight")
    assert wins(v, "reverse_forecast", (5, 3), ORDER8) and wins(v, "reverse_forecast", (3, 5), ORDER8)
    assert wins(v, "forecast", (3, 5), ORDER8) and not wins(v, "forecast", (5, 3), ORDER8)
    assert wins(v, "reverse_tricast", (1, 5, 3), ORDER8) and not wins(v, "reverse_tricast", (1, 5, 8), ORDER8)
    assert wins(v, "tricast", (3, 5, 1), ORDER8) and not wins(v, "tricast", (3, 1, 5), ORDER8)


def test_000_12_42_rows_8_9_even_odd_read_on_the_winner_assumption() -> None:
    v = variant("horse_racing", "eight")
    assert wins(v, "odd", (), ORDER8) and not wins(v, "even", (), ORDER8)  # 3 wins; 8 is 4th
    assert wins(v, "even", (), (8, 3, 5, 1, 2, 4, 7, 6))


def test_000_12_42_rows_10_11_over_under_the_selected_number_equal_loses() -> None:
    v = variant("horse_racing", "eight")
    assert wins(v, "winner_over", (2,), ORDER8) and not wins(v, "winner_over", (3,), ORDER8)
    assert wins(v, "winner_under", (4,), ORDER8) and not wins(v, "winner_under", (3,), ORDER8)
    with pytest.raises(InvalidSelection, match="above 8"):
        v.market("winner_over").check(8, (8,))  # nobody can beat the highest number


def test_000_12_42_six_to_fourteen_horses_and_40_seconds_to_bet() -> None:
    for name in GAMES["horse_racing"]:
        v = variant("horse_racing", name)
        assert 6 <= v.runners <= 14 and v.betting_seconds >= 40
    bad = raw("horse_racing", "eight") | {"betting_seconds": 30}
    with pytest.raises(VariantError, match="at least 40"):
        parse_variant(bad, "eight")


# -- 12.50 Greyhounds --------------------------------------------------------------------------------

def test_000_12_50_rows_1_to_4_and_the_sources_examples() -> None:
    v = variant("greyhounds", "eight")
    order = (5, 2, 7, 1, 3, 4, 6, 8)
    assert wins(v, "win", (5,), order)  # "bet on 5, dog 5 crosses the finish first"
    assert wins(v, "place2", (2,), order) and wins(v, "place3", (7,), order)
    assert wins(v, "place4", (1,), order) and not wins(v, "place4", (3,), order)


def test_000_12_50_rows_5_6_over_under_3_5_and_4_5_with_the_examples() -> None:
    v = variant("greyhounds", "eight")
    assert wins(v, "over_3_5", (), (4, 1, 2, 3, 5, 6, 7, 8))  # dog 4 wins: Over
    assert wins(v, "under_3_5", (), (2, 1, 3, 4, 5, 6, 7, 8))  # dog 2 wins: Under
    assert wins(v, "over_4_5", (), (5, 1, 2, 3, 4, 6, 7, 8))
    assert wins(v, "under_4_5", (), (3, 1, 2, 4, 5, 6, 7, 8))
    assert not wins(v, "over_4_5", (), (4, 1, 2, 3, 5, 6, 7, 8))


def test_000_12_50_row_7_even_odd_example_winner_2() -> None:
    v = variant("greyhounds", "six")
    assert wins(v, "even", (), (2, 1, 3, 4, 5, 6)) and not wins(v, "odd", (), (2, 1, 3, 4, 5, 6))


def test_000_12_50_rows_8_to_13_with_the_sources_examples() -> None:
    v = variant("greyhounds", "six")
    assert wins(v, "forecast", (2, 1), (2, 1, 3, 4, 5, 6)) and not wins(v, "forecast", (1, 2), (2, 1, 3, 4, 5, 6))
    assert wins(v, "reverse_forecast", (4, 5), (5, 4, 1, 2, 3, 6))
    assert wins(v, "any_three", (1, 2, 3), (2, 6, 5, 4, 3, 1)) and not wins(v, "any_three", (4, 5, 6), (2, 6, 5, 4, 3, 1))
    assert wins(v, "tricast", (2, 3, 5), (2, 3, 5, 1, 4, 6)) and not wins(v, "tricast", (2, 3, 5), (3, 2, 5, 1, 4, 6))
    assert wins(v, "reverse_tricast", (2, 3, 5), (5, 2, 3, 1, 4, 6))
    assert wins(v, "swinger", (2, 3), (3, 6, 2, 1, 4, 5)) and not wins(v, "swinger", (2, 3), (3, 6, 1, 2, 4, 5))


#: the High/Low tables of 12.50 (4–16 dogs) and 12.58 (4, 6, 8–14): the top of the Low group
HIGH_LOW_12_50 = {6: 3, 8: 4, 9: 4, 10: 5, 11: 5, 12: 6, 13: 6, 14: 7, 15: 7, 16: 8}
HIGH_LOW_12_58 = {4: 2, 6: 3, 8: 4, 9: 4, 10: 5, 11: 5, 12: 6, 13: 6, 14: 7}


def test_000_12_50_row_14_and_12_58_row_11_high_low_groups_follow_the_tables() -> None:
    for game, table in (("greyhounds", HIGH_LOW_12_50), ("racing", HIGH_LOW_12_58)):
        for name in GAMES[game]:
            v = variant(game, name)
            codes = {m.code: m for m in v.markets}
            if v.runners not in table:
                assert "low" not in codes and "high" not in codes, name
                continue
            low = table[v.runners]
            assert codes["low"].numbers == frozenset(range(1, low + 1)), name
            assert codes["high"].numbers == frozenset(range(low + 1, v.runners + 1)), name


# -- 12.58 the racing family ----------------------------------------------------------------------

def test_000_12_58_row_4_line_2_5_with_4_riders_4_5_with_8_else_3_5() -> None:
    for name in GAMES["racing"]:
        v = variant("racing", name)
        lines = sorted(m.code for m in v.markets if m.code.startswith(("over_", "under_")))
        want = {4: "2_5", 8: "4_5"}.get(v.runners, "3_5")
        assert lines == [f"over_{want}", f"under_{want}"], name


def test_000_12_58_row_3a_first_four_places_only_with_16() -> None:
    for name in GAMES["racing"]:
        v = variant("racing", name)
        assert any(m.code == "place4" for m in v.markets) == (v.runners == 16), name


# -- the exact chances -------------------------------------------------------------------------------

FIELDS = [(1, 1, 1, 1), (2, 3, 5, 7, 11), (18, 2, 9, 4, 6, 3), (13, 1, 4, 9, 2, 6, 3)]


@pytest.mark.parametrize("strengths", FIELDS)
def test_chances_agree_with_every_finishing_order(strengths: tuple[int, ...]) -> None:
    """The subset programme of chances.py against a brute force over all n! orders, reading
    only the markets' own win rules (markets.py)."""
    n = len(strengths)
    orders = {o: order_chance(strengths, o) for o in permutations(range(1, n + 1))}
    assert sum(orders.values()) == 1
    body = raw("greyhounds", "six") | {"runners": n}
    body["markets"] = dict(body["markets"]) | {"winner_over": "12.42 row 10", "winner_under": "12.42 row 11"}
    body["markets"]["lines"] = {"at": ["2.5"], "rows": "x"}
    body["markets"]["high_low"] = {"low_top": n // 2, "rows": "x"}
    if n < 5:
        del body["markets"]["place4"]
    v = parse_variant(body, "brute")
    exact = RaceChances(strengths)
    for m in v.markets:
        for sel in m.selections(n):
            brute = sum((p for o, p in orders.items() if m.wins(o, sel)), Fraction(0))
            assert exact.chance(m, sel) == brute, (m.code, sel)


def test_harville_closed_forms() -> None:
    """Win s_i/S; forecast s_i/S · s_j/(S − s_i) (Harville)."""
    s = (2, 3, 5, 7)
    c = RaceChances(s)
    assert c.win(4) == Fraction(7, 17)
    assert order_chance(s, (4, 3)) == Fraction(7, 17) * Fraction(5, 10)
    assert c.top_set((3, 4)) == Fraction(7, 17) * Fraction(5, 10) + Fraction(5, 17) * Fraction(7, 12)


def test_runner_at_lays_the_remaining_strengths_end_to_end() -> None:
    s = (2, 3, 5)
    assert [runner_at(s, (), v) for v in range(10)] == [1, 1, 2, 2, 2, 3, 3, 3, 3, 3]
    assert [runner_at(s, (2,), v) for v in range(7)] == [1, 1, 3, 3, 3, 3, 3]


# -- the odds ------------------------------------------------------------------------------------------

def test_odds_are_rtp_over_the_chance_rounded_down_and_at_least_1_01() -> None:
    assert odds_for(Fraction(1, 3), Fraction(9, 10)) == Fraction(270, 100)
    assert odds_for(Fraction(2, 7), Fraction(9, 10)) == Fraction(315, 100)  # 3.15 exactly
    assert odds_for(Fraction(1, 7), Fraction(9, 10)) == Fraction(630, 100)
    assert odds_for(Fraction(9, 10), Fraction(9, 10)) is None  # x1.00: not offered
    assert odds_for(Fraction(0), Fraction(9, 10)) is None
    assert odds_for(Fraction(89, 100), Fraction(9, 10)) == MIN_ODDS


@pytest.mark.parametrize("game,name", [(g, n) for g, names in GAMES.items() for n in names])
def test_every_selection_returns_at_most_the_variants_rtp(game: str, name: str) -> None:
    v = variant(game, name)
    strengths, _ = run(v, seeded(f"board-{name}"))
    prices = race_board(v.markets, strengths, v.rtp)
    assert set(prices) == {m.code for m in v.markets}
    for code, row in prices.items():
        for sel, price in row.items():
            assert price.odds >= MIN_ODDS and price.rtp <= v.rtp, (code, sel)
            assert v.rtp - price.rtp < Fraction(1, 100) * price.chance + Fraction(0)  # lost to rounding only
    assert len(prices["win"]) == v.runners or v.runners < 4


# -- settlement ------------------------------------------------------------------------------------

def test_a_winning_bet_returns_stake_times_odds_rounded_down() -> None:
    v = variant("horse_racing", "eight")
    bet = RaceBet("forecast", (3, 5), Fraction(2537, 100), 333)
    assert returned(v, bet, ORDER8) == 333 * 2537 // 100
    assert returned(v, RaceBet("forecast", (5, 3), Fraction(2537, 100), 333), ORDER8) == 0
    with pytest.raises(InvalidAmount):
        returned(v, RaceBet("win", (3,), Fraction(2), 0), ORDER8)


def test_bad_input_a_runner_twice_a_runner_not_in_the_race_an_unknown_market() -> None:
    v = variant("greyhounds", "six")
    with pytest.raises(InvalidSelection, match="twice"):
        v.market("forecast").check(6, (2, 2))
    with pytest.raises(InvalidSelection, match="not in the race"):
        v.market("win").check(6, (7,))
    with pytest.raises(InvalidSelection, match="names 3"):
        v.market("tricast").check(6, (1, 2))
    with pytest.raises(UnknownBetCode, match="no market"):
        v.market("place4_of_7")


# -- the event's draws and the simulation ----------------------------------------------------------------

def test_an_event_replays_from_its_recorded_draws() -> None:
    v = variant("racing", "car_racing")
    rec = RecordingSource(seeded("replay"))
    first = run(v, rec)
    assert run(v, ReplaySource(rec.draws)) == first
    assert len(rec.draws) == v.runners + v.runners - 1  # forms, then every place but the last


def _z(k: int, n: int, p: float) -> float:
    return (k - n * p) / sqrt(n * p * (1 - p))


def test_the_engines_draws_and_the_exponential_race_agree_with_the_exact_chances() -> None:
    """Two independent samplers of the model against the exact chances of every selection:
    the engine's draw-by-draw order (HMAC stream, 20,000 events) and the vectorised
    exponential race (10^6 events). Each selection's count must lie within a 99% interval
    shared out over all the selections checked (Bonferroni), so one run is one 99% check."""
    v = variant("greyhounds", "eight")
    strengths = (13, 2, 6, 9, 3, 18, 4, 2)
    exact = RaceChances(strengths)
    sels = [(m, sel, float(exact.chance(m, sel))) for m in v.markets for sel in m.selections(v.runners)]
    sels = [x for x in sels if 0 < x[2] < 1]
    z = NormalDist().inv_cdf(1 - 0.01 / (4 * len(sels)))

    fast = simulate.orders(strengths, 1_000_000, seed=20261126, depth=4)
    counts = {m.code: simulate.hits(m, fast, v.runners) for m in v.markets}
    worst = max(abs(_z(counts[m.code][sel], len(fast), p)) for m, sel, p in sels)
    assert worst < z

    src = seeded("race-engine")
    engine = []
    for _ in range(20_000):
        placed: tuple[int, ...] = ()
        while (req := next_place(strengths, placed)) is not None:
            placed += (runner_at(strengths, placed, src.randbelow(req.n)),)
        engine.append(finish(strengths, placed)[:4])
    top = np.asarray(engine, dtype=np.int16)
    counts = {m.code: simulate.hits(m, top, v.runners) for m in v.markets}
    assert max(abs(_z(counts[m.code][sel], len(top), p)) for m, sel, p in sels) < z


def test_the_simulators_tallies_read_the_markets_own_rules() -> None:
    """simulate.py's vectorised tallies against markets.py's rules, event by event."""
    v = variant("greyhounds", "eight")
    top = simulate.orders((3, 1, 4, 1, 5, 9, 2, 6), 3_000, seed=1, depth=4)
    for m in v.markets:
        got = simulate.hits(m, top, v.runners)
        for sel in m.selections(v.runners):
            assert got[sel] == sum(m.wins(tuple(int(x) for x in o), sel) for o in top), (m.code, sel)


def test_the_realised_rtp_of_every_market_agrees_with_the_printed_one() -> None:
    """10^6 simulated events of one priced field: each market's realised return of a unit on
    every selection against its exact RTP (the mean of p·odds), within 99% (Bonferroni)."""
    v = variant("horse_racing", "fourteen")
    strengths, _ = run(v, seeded("rtp-event"))
    prices = race_board(v.markets, strengths, v.rtp)
    fast = simulate.orders(strengths, 1_000_000, seed=7, depth=3)
    z = NormalDist().inv_cdf(1 - 0.01 / (2 * len(prices)))
    for code, row in prices.items():
        got = simulate.returns(v.market(code), fast, v.runners, {sel: float(p.odds) for sel, p in row.items()})
        want = float(sum(p.rtp for p in row.values()))
        sd = float(got.std()) / sqrt(len(fast))
        assert abs(float(got.mean()) - want) < z * sd + 1e-12, code
