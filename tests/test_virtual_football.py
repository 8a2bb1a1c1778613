"""Virtual Football (000 §12.59): every score market row settles as its clause says (with the
extract's ASSUMPTIONs), the exact chances agree with a brute force over every goal pattern of a
short match and with two independent samplers, and every selection returns at most the RTP."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources
from itertools import product
from math import sqrt
from statistics import NormalDist
from typing import Any

import pytest

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.virtual.football import simulate
from croupier.games.virtual.football.chances import MatchChances
from croupier.games.virtual.football.incidents import FreeKicks, Incidents
from croupier.games.virtual.football.markets import market, markets, summary
from croupier.games.virtual.football.match import AWAY, HOME, Match, run
from croupier.games.virtual.football.variant import FootballVariant, parse_variant
from croupier.games.virtual.pricing import MIN_ODDS, football_board
from croupier.games.virtual.sport import NeedDraw, Replay
from croupier.rng.source import RecordingSource, ReplaySource, seeded


def raw() -> dict[str, Any]:
    text = resources.files("croupier.variants").joinpath("football", "standard.toml").read_text("utf-8")
    return tomllib.loads(text)


V = parse_variant(raw(), "standard")
MS = markets(V)
SCOPES = tuple(dict.fromkeys(m.scope for m in MS))


def exact_chances(ph: Fraction, pa: Fraction) -> dict[str, dict[str, Fraction]]:
    return MatchChances(ph, pa, 45, V.incidents, V.free_kicks).markets(MS)


def match(*goals: tuple[int, int]) -> Match:
    return Match(45, (0, 0), tuple(goals))


def won(m: Match, code: str) -> set[str]:
    mk = market(MS, code)
    return {s for s in mk.selections if mk.wins(m, s)}


# 2-1 after a 1-1 first half: home 10', away 30', home 80'
M21 = match((10, HOME), (30, AWAY), (80, HOME))
NIL = match()


def test_000_12_59_row_1_and_2_exact_score_match_and_each_half() -> None:
    assert won(M21, "correct_score") == {"2-1"}
    assert won(M21, "correct_score_half1") == {"1-1"} and won(M21, "correct_score_half2") == {"1-0"}
    assert won(match(*[(t, HOME) for t in range(1, 6)]), "correct_score") == {"other"}  # 5-0


def test_000_12_59_rows_3_1_to_3_10_result_and_double_chances() -> None:
    assert won(M21, "result") == {"1", "1X", "12", "1 not lose", "one wins", "no draw"}
    assert won(NIL, "result") == {"X", "1X", "X2", "1 not lose", "2 not lose"}
    assert won(match((5, AWAY)), "result") == {"2", "X2", "12", "2 not lose", "one wins", "no draw"}


def test_000_12_59_rows_4_1_to_4_10_result_of_the_first_half() -> None:
    assert won(M21, "result_half1") == {"X", "1X", "X2", "1 not lose", "2 not lose"}


def test_000_12_59_row_5_half_time_full_time() -> None:
    assert won(M21, "ht_ft") == {"X/1"}
    assert won(match((44, AWAY), (46, HOME)), "ht_ft") == {"2/X"}


def test_000_12_59_row_6_over_under_match_and_half() -> None:
    assert won(M21, "total") == {"over 0.5", "over 1.5", "over 2.5", "under 3.5", "under 4.5", "under 5.5"}
    assert won(M21, "total_half1") == {"over 0.5", "over 1.5", "under 2.5"}


def test_000_12_59_row_7_handicap_assumption_european_level_loses() -> None:
    assert won(M21, "handicap") == {"1 +1", "1 +2", "2 +2"}  # 1-1 after -1 and 2-2 after +1 lose
    assert won(match((1, HOME), (2, HOME), (3, HOME)), "handicap") == {"1 -2", "1 -1", "1 +1", "1 +2"}


def test_000_12_59_row_8_winning_margin_assumption() -> None:
    assert won(M21, "margin") == {"1 by 1"}
    assert won(match(*[(t, AWAY) for t in range(1, 5)]), "margin") == {"2 by 3+"}
    assert won(NIL, "margin") == set()


def test_000_12_59_rows_9_1_to_9_4_and_10_goal_no_goal() -> None:
    assert won(M21, "goal") == {"both", "1 scores", "2 scores"}
    assert won(match((3, HOME)), "goal") == {"only one", "1 scores", "2 does not score"}
    assert won(NIL, "goal") == {"none", "1 does not score", "2 does not score"}
    assert won(match((50, HOME)), "goal_half1") == {"none", "1 does not score", "2 does not score"}


def test_000_12_59_rows_11_to_13_numbers_of_goals() -> None:
    assert won(M21, "goals") == {"3"} and won(M21, "goals_half1") == {"2"}
    assert won(M21, "team1_goals") == {"2"} and won(M21, "team2_goals") == {"1"}
    assert won(M21, "team1_goals_half1") == {"1"}
    assert won(match(*[(t, HOME) for t in range(1, 8)]), "goals") == {"6+"}


def test_000_12_59_rows_14_1_to_14_6_result_and_over_under() -> None:
    assert won(M21, "result_total") == {"1 & over"}
    assert won(M21, "result_total_half1") == {"X & over"}
    assert won(NIL, "result_total") == {"X & under"}


def test_000_12_59_rows_15_1_to_15_6_result_and_goal_as_listed() -> None:
    assert won(M21, "result_goal") == {"1 & both score"}
    assert won(match((3, HOME)), "result_goal") == {"1 & only 1 scores"}
    assert won(NIL, "result_goal") == {"X & no goal"}
    assert won(match((3, AWAY), (9, AWAY)), "result_goal") == {"2 & only 2 scores"}
    assert won(match((3, AWAY), (9, HOME)), "result_goal") == {"X & both score"}


def test_000_12_59_rows_16_17_team_totals_two_and_three_way() -> None:
    assert won(M21, "team1_total") == {"over 0.5", "over 1.5", "under 2.5"}
    assert won(M21, "team1_total3") == {"over 1", "exactly 2"}
    assert won(M21, "team2_total3") == {"exactly 1", "under 2"}


def test_000_12_59_rows_18_19_19_1_teams_score_yes_no() -> None:
    assert won(M21, "team1_scores") == {"yes"} and won(M21, "team2_scores_half1") == {"yes"}
    assert won(match((60, AWAY)), "team2_scores_half1") == {"no"}
    assert won(M21, "both_score") == {"yes"} and won(match((1, HOME)), "both_score") == {"no"}


def test_000_12_59_rows_20_21_even_odd() -> None:
    assert won(M21, "parity") == {"odd"} and won(M21, "parity_half1") == {"even"}
    assert won(NIL, "parity") == {"even"}


def test_000_12_59_row_22_time_of_the_first_goal_and_row_23_first_to_score() -> None:
    assert won(M21, "first_goal_time") == {"1-15"}
    assert won(match((46, AWAY)), "first_goal_time") == {"46-60"}
    assert won(NIL, "first_goal_time") == {"no goal"}
    assert won(M21, "first_to_score") == {"1"}
    assert won(match((46, AWAY)), "first_to_score_half1") == {"none"}
    assert won(match((7, AWAY), (7, HOME)), "first_to_score") == {"2"}  # the order recorded


# -- rows 24-32: incidents and free kicks (incidents.py; ASSUMPTIONs in docs/virtual.md) ---------------

def kicks(*rounds: tuple[int, str, int, str]) -> tuple[tuple[int, int, int, str], ...]:
    """Free-kick rounds as (home shirt, home direction, away shirt, away direction)."""
    out: list[tuple[int, int, int, str]] = []
    for r, (hs, hd, as_, ad) in enumerate(rounds, 1):
        out += [(r, HOME, hs, hd), (r, AWAY, as_, ad)]
    return tuple(out)


KICKS = kicks((10, "goal", 9, "save"), (7, "miss", 23, "woodwork"), (14, "save", 6, "goal"),
              (10, "woodwork", 17, "miss"), (8, "goal", 10, "goal"))
M_INC = Match(45, (0, 0), ((10, HOME),), ((12, AWAY, "yellow"), (50, HOME, "red"), (88, AWAY, "penalty")), KICKS)


def test_000_12_59_24_yellow_cards_match_and_first_half() -> None:
    assert won(M_INC, "yellow_cards") == {"yes"} and won(M_INC, "yellow_cards_half1") == {"yes"}
    late = Match(45, (0, 0), (), ((46, HOME, "yellow"),), KICKS)
    assert won(late, "yellow_cards") == {"yes"} and won(late, "yellow_cards_half1") == {"no"}
    assert won(NIL, "yellow_cards") == {"no"}


def test_000_12_59_25_red_cards_match_and_first_half() -> None:
    assert won(M_INC, "red_cards") == {"yes"} and won(M_INC, "red_cards_half1") == {"no"}
    assert won(Match(45, (0, 0), (), ((45, AWAY, "red"),), KICKS), "red_cards_half1") == {"yes"}


def test_000_12_59_26_penalties_match_and_first_half_and_a_penalty_leaves_the_score() -> None:
    assert won(M_INC, "penalties") == {"yes"} and won(M_INC, "penalties_half1") == {"no"}
    assert won(M_INC, "correct_score") == {"1-0"}  # ASSUMPTION: the goal draws hold every goal
    assert won(Match(45, (0, 0), (), ((45, HOME, "yellow"),), KICKS), "penalties") == {"no"}


def test_000_12_59_27_first_kick_is_the_home_taker_of_round_one() -> None:
    assert won(M_INC, "first_kick") == {"10"}


def test_000_12_59_28_last_kick_is_the_away_taker_of_the_last_round() -> None:
    assert won(M_INC, "last_kick") == {"10"}
    assert won(Match(45, (0, 0), (), (), KICKS[:6]), "last_kick") == {"6"}


def test_000_12_59_29_sum_of_every_free_kick_takers_shirt_numbers_over_under() -> None:
    total = 10 + 9 + 7 + 23 + 14 + 6 + 10 + 17 + 8 + 10  # 114
    assert total == 114
    assert won(M_INC, "kick_sum") == {"over 105.5", "under 115.5", "under 125.5"}


def test_000_12_59_30_sum_of_the_home_takers_shirt_numbers_over_under() -> None:
    assert won(M_INC, "kick_sum_home") == {"over 45.5", "under 50.5", "under 55.5"}  # 10 + 7 + 14 + 10 + 8 = 49


def test_000_12_59_31_sum_of_the_away_takers_shirt_numbers_over_under() -> None:
    assert won(M_INC, "kick_sum_away") == {"over 60.5", "under 65.5", "under 70.5"}  # 9 + 23 + 6 + 17 + 10 = 65


def test_000_12_59_32_free_kick_direction_of_each_team_in_each_round() -> None:
    assert won(M_INC, "free_kick_round1") == {"1 goal", "2 save"}
    assert won(M_INC, "free_kick_round2") == {"1 miss", "2 woodwork"}
    assert won(M_INC, "free_kick_round5") == {"1 goal", "2 goal"}
    assert {m.code for m in MS if m.rows == "row 32"} == {f"free_kick_round{r}" for r in range(1, 6)}


def test_issue23_a_variant_without_the_incident_models_offers_rows_1_to_23_only() -> None:
    plain = parse_variant({k: x for k, x in raw().items() if k not in ("incidents", "free_kicks")}, "plain")
    assert {m.rows for m in markets(plain)}.isdisjoint({f"row {r}" for r in range(24, 33)})
    rec = RecordingSource(seeded("plain"))
    run(plain, rec)
    assert len(rec.draws) == 2 + 2 * 90


@pytest.mark.parametrize(("patch", "message"), [
    ({"incidents": {"yellow": "1/60", "red": "1/1500"}}, "yellow, red and penalty"),
    ({"incidents": {"yellow": "1/4", "red": "1/4", "penalty": "1/60"}}, "sum under 1"),
    ({"free_kicks": {"rounds": 0}}, "rounds"),
    ({"free_kicks": raw()["free_kicks"] | {"home_takers": [7, 7]}}, "distinct shirt numbers"),
    ({"free_kicks": raw()["free_kicks"] | {"directions": {"goal": 1, "save": 1, "miss": 1}}}, "directions"),
    ({"free_kicks": raw()["free_kicks"] | {"sum_lines": {"all": ["100"], "home": ["4.5"], "away": ["4.5"]}}},
     "half number"),
])
def test_issue23_bad_incident_and_free_kick_models_are_refused(patch: dict[str, Any], message: str) -> None:
    with pytest.raises(VariantError, match=message):
        parse_variant(raw() | patch, "bad")


def _every_event(v: FootballVariant, prefix: list[int]) -> list[tuple[Fraction, Match]]:
    """Every draw sequence of ``run`` for a tiny variant after ``prefix``, with its chance (each
    draw uniform)."""
    out: list[tuple[Fraction, Match]] = []

    def walk(values: list[int], p: Fraction) -> None:
        try:
            m = run(v, Replay(values))
        except NeedDraw as need:
            for x in range(need.n):
                walk(values + [x], p / need.n)
            return
        out.append((p, m))
    walk(prefix, Fraction(1))
    return out


@pytest.mark.parametrize("model", ["incidents", "free_kicks"])
def test_issue23_incident_and_kick_chances_equal_every_draw_sequence_of_a_tiny_match(model: str) -> None:
    """Every draw sequence of a 2 × 1-minute match with incidents (12 values a minute), settled by
    the markets' own rules, against the exact chances of rows 24-26 (incidents.cells) and of rows
    1-23; or, the minutes' draws fixed (no goal), every draw of two rounds of kicks from two
    takers a side, directions weighted 2:1:1:1, against rows 27-32."""
    inc = Incidents((Fraction(1, 6), Fraction(1, 12), Fraction(1, 12))) if model == "incidents" else None
    fk = (FreeKicks(2, ((3, 7), (4, 9)), (2, 1, 1, 1), (("11.5", "20.5"), ("5.5", "10.5"), ("8.5", "13.5")))
          if model == "free_kicks" else None)
    v = FootballVariant("tiny", "tiny", "test", 1, (Fraction(1, 2),), ((1, 2),), Fraction(9, 10), 40, inc, fk)
    ms = markets(v)
    assert any(m.rows == ("row 24" if inc else "row 32") for m in ms)
    if fk is not None:  # the two form and the four goal draws fixed: the kicks do not depend on them
        ms = tuple(m for m in ms if m.scope.startswith("kick_"))
    events = _every_event(v, [] if inc else [0, 0, 1, 1, 1, 1])
    assert sum(p for p, _ in events) == 1
    per_scope: dict[tuple[str, Any], Fraction] = {}
    for p, m in events:
        for scope in dict.fromkeys(mk.scope for mk in ms):
            key = (scope, summary(m, scope))
            per_scope[key] = per_scope.get(key, Fraction(0)) + p
    exact = MatchChances(Fraction(1, 2), Fraction(1, 2), 1, inc, fk).markets(ms)
    for mk in ms:
        brute = dict.fromkeys(mk.selections, Fraction(0))
        for (scope, key), p in per_scope.items():
            if scope == mk.scope:
                for sel in mk.classify(key):
                    brute[sel] += p
        assert exact[mk.code] == brute, mk.code


def test_issue23_incident_closed_forms_of_the_standard_variant() -> None:
    got = exact_chances(V.rates[0], V.rates[0])
    assert got["yellow_cards"]["no"] == (1 - 2 * Fraction(1, 60)) ** 90
    assert got["red_cards_half1"]["no"] == (1 - 2 * Fraction(1, 1500)) ** 45
    assert got["penalties"]["yes"] == 1 - (1 - 2 * Fraction(1, 600)) ** 90
    assert set(got["first_kick"].values()) == {Fraction(1, 5)}
    assert got["free_kick_round3"]["2 woodwork"] == Fraction(1, 10)
    home = list(product((7, 8, 10, 11, 14), repeat=5))  # every home taker sequence
    assert got["kick_sum_home"]["over 50.5"] == Fraction(sum(1 for t in home if sum(t) > 50.5), len(home))


def test_bad_input_unknown_selection_and_market_and_a_variant_under_40_seconds() -> None:
    with pytest.raises(InvalidSelection, match="no selection"):
        market(MS, "correct_score").check("9-9")
    with pytest.raises(UnknownBetCode):
        market(MS, "corners")
    with pytest.raises(VariantError, match="at least 40"):
        parse_variant(raw() | {"betting_seconds": 20}, "bad")
    with pytest.raises(VariantError, match="from minute 1"):
        parse_variant(raw() | {"first_goal_intervals": [[1, 20], [30, 90]]}, "bad")


# -- exact chances ----------------------------------------------------------------------------------

SHORT = FootballVariant("short", "short", "test", 2, (Fraction(1, 3), Fraction(2, 5)),
                        ((1, 1), (2, 4)), Fraction(9, 10), 40)


@pytest.mark.parametrize("rates", [(0, 1), (1, 0), (1, 1)])
def test_chances_equal_a_brute_force_over_every_goal_pattern(rates: tuple[int, int]) -> None:
    """A 2 × 2-minute match: all 2^8 goal patterns with their probabilities, each settled by the
    markets' own rules, against the cell sums of chances.py (grouped and plain)."""
    ph, pa = (SHORT.rates[i] for i in rates)
    ms = markets(SHORT)
    brute: dict[tuple[str, str], Fraction] = {}
    for pattern in product((0, 1), repeat=8):
        p = Fraction(1)
        goals = []
        for k, g in enumerate(pattern):
            minute, team = k // 2 + 1, k % 2
            rate = ph if team == HOME else pa
            p *= rate if g else 1 - rate
            if g:
                goals.append((minute, team))
        m = Match(2, rates, tuple(goals))
        for mk in ms:
            for sel in mk.selections:
                if mk.wins(m, sel):
                    brute[mk.code, sel] = brute.get((mk.code, sel), Fraction(0)) + p
    chances = MatchChances(ph, pa, 2)
    grouped = chances.markets(ms)
    for mk in ms:
        plain = chances.market(mk)
        for sel in mk.selections:
            want = brute.get((mk.code, sel), Fraction(0))
            assert grouped[mk.code][sel] == plain[sel] == want, (mk.code, sel)


def test_binomial_closed_forms() -> None:
    got = exact_chances(Fraction(1, 60), Fraction(1, 40))
    assert got["goal"]["none"] == (Fraction(59, 60) * Fraction(39, 40)) ** 90
    assert got["team1_scores_half1"]["no"] == Fraction(59, 60) ** 45
    assert got["first_to_score"]["none"] == got["goal"]["none"]
    assert sum(got["correct_score"].values()) == 1 and sum(got["ht_ft"].values()) == 1


def _z(k: int, n: int, p: float) -> float:
    return (k - n * p) / sqrt(n * p * (1 - p)) if 0 < p < 1 else 0.0


def _check(counts: dict[str, Any], n: int, exact: dict[str, dict[str, Fraction]], z: float) -> None:
    worst = (0.0, "")
    for mk in MS:
        per = dict.fromkeys(mk.selections, 0)
        for cell, c in counts[mk.scope].items():
            for sel in mk.classify(cell):
                per[sel] += c
        for sel, k in per.items():
            worst = max(worst, (abs(_z(k, n, float(exact[mk.code][sel]))), f"{mk.code} {sel}"))
    assert worst[0] < z, worst


def test_the_vectorised_simulator_agrees_with_the_exact_chances() -> None:
    """10^6 simulated matches (every minute drawn): each selection's count within a 99%
    interval shared over all selections (Bonferroni)."""
    ph, pa = Fraction(1, 60), Fraction(1, 40)
    exact = exact_chances(ph, pa)
    z = NormalDist().inv_cdf(1 - 0.01 / (2 * sum(len(m.selections) for m in MS)))
    counts = simulate.tally(ph, pa, 45, 1_000_000, seed=59) | simulate.tally_incidents(V, 1_000_000, seed=60)
    assert set(counts) == set(SCOPES)
    _check(counts, 1_000_000, exact, z)


def test_the_engines_draws_agree_with_the_exact_chances() -> None:
    """3,000 matches from the engine's own draws (HMAC stream) at one pair of rates."""
    v = FootballVariant("two", "two", "test", 45, (Fraction(1, 50),), V.intervals, V.rtp, 40, V.incidents,
                        V.free_kicks)
    exact = exact_chances(Fraction(1, 50), Fraction(1, 50))
    src = seeded("football-engine")
    counts: dict[str, Any] = {s: {} for s in SCOPES}
    n = 3_000
    for _ in range(n):
        m = run(v, src)
        for scope in counts:
            key = summary(m, scope)
            counts[scope][key] = counts[scope].get(key, 0) + 1
    z = NormalDist().inv_cdf(1 - 0.01 / (2 * sum(len(m.selections) for m in MS)))
    _check(counts, n, exact, z)


def test_a_match_replays_from_its_recorded_draws() -> None:
    rec = RecordingSource(seeded("replay"))
    first = run(V, rec)
    assert run(V, ReplaySource(rec.draws)) == first
    assert V.free_kicks is not None
    assert len(rec.draws) == 2 + 3 * 90 + 4 * V.free_kicks.rounds  # forms, goals and incident a minute, kicks


# -- odds --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rates", [(0, 4), (2, 2), (4, 1)])
def test_every_selection_returns_at_most_the_rtp(rates: tuple[int, int]) -> None:
    board = football_board(V, rates)
    assert set(board) == {m.code for m in MS}
    for code, row in board.items():
        for sel, price in row.items():
            assert price.odds >= MIN_ODDS and price.rtp <= V.rtp, (code, sel)
            assert V.rtp - price.rtp < Fraction(1, 100) * price.chance + Fraction(0)


def test_the_realised_rtp_of_every_market_agrees_with_the_printed_one() -> None:
    """10^6 simulated matches of one priced event: each market's realised return of a unit on
    every offered selection against its exact RTP (Σ p·odds), within 99% (Bonferroni)."""
    board = football_board(V, (2, 3))
    ph, pa = V.rates[2], V.rates[3]
    n = 1_000_000
    counts = simulate.tally(ph, pa, 45, n, seed=2026) | simulate.tally_incidents(V, n, seed=2027)
    z = NormalDist().inv_cdf(1 - 0.01 / (2 * len(MS)))
    for mk in MS:
        pay = {sel: float(p.odds) for sel, p in board[mk.code].items()}
        total = square = 0.0
        for cell, c in counts[mk.scope].items():
            r = sum(pay.get(sel, 0.0) for sel in mk.classify(cell))
            total += c * r
            square += c * r * r
        mean = total / n
        sd = sqrt(max(square / n - mean * mean, 0.0) / n)
        want = float(sum(p.rtp for p in board[mk.code].values()))
        assert abs(mean - want) <= z * sd + 1e-12, mk.code


@pytest.mark.parametrize("rates", [(0, 4), (3, 3)])
def test_issue23_grid_shortcuts_equal_the_plain_cell_sums_of_a_full_match(rates: tuple[int, int]) -> None:
    """The fast grid sums (grid.py: core diagonals, parity tails, strips; both halves on one grid)
    equal each market's plain sum over every cell of the 90-minute match, exactly."""
    c = MatchChances(V.rates[rates[0]], V.rates[rates[1]], 45, V.incidents, V.free_kicks)
    fast = c.markets(MS)
    for mk in MS:
        assert fast[mk.code] == c.market(mk), mk.code
