"""Keno (000 §12.19): Keno 8, Keno 10, Keno Gold - every paytable row, exact RTP cross-checked
by a second method, simulation, bad input, the cap, replay."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import (
    InvalidSelection,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
    VariantRefused,
)
from croupier.games.admission import admit
from croupier.games.base import BetRequest, play, replay
from croupier.games.draws.keno import GAME
from croupier.games.draws.keno.engine import ENGINE
from croupier.games.draws.keno.exact import exact
from croupier.games.draws.keno.simulate import draws, returns, simulate
from croupier.games.draws.keno.variant import KenoVariant, parse_variant
from croupier.games.registry import load_variant, read_data
from croupier.rng import seeded

# 000 §12.19 "Raw rows" of each table, as the extract prints them (hits: cells in order); the
# cells of hit row k >= 1 fill the pick columns from k on, the 0-hit row the highest columns.
RAW: dict[str, dict[int, list[str]]] = {
    "keno8": {0: ["1", "1"], 1: ["3.5", "1"], 2: ["10", "2", "1.5", "1"],
              3: ["50", "10", "3", "2", "2"], 4: ["80", "30", "15", "4", "5"],
              5: ["150", "60", "20", "15"], 6: ["500", "80", "50"], 7: ["1000", "200"],
              8: ["2000"]},
    "keno10": {0: ["1", "1", "2", "2"], 1: ["3.5", "1"], 2: ["10", "2", "1.5", "1"],  # the stray
               3: ["50", "10", "3", "2", "2"], 4: ["80", "30", "15", "4", "5", "2"],  # 10x dropped
               5: ["150", "60", "20", "15", "10", "5"], 6: ["500", "80", "50", "25", "30"],
               7: ["1000", "200", "125", "100"], 8: ["2000", "1000", "300"],
               9: ["5000", "2000"], 10: ["10000"]},
    "keno_gold": {0: ["1", "1", "2", "2"], 1: ["3.5", "1"], 2: ["10", "2", "1", "1"],
                  3: ["50", "10", "3", "2", "2"], 4: ["100", "20", "15", "4", "5", "2"],
                  5: ["150", "60", "20", "15", "10", "5"], 6: ["500", "80", "50", "25", "30"],
                  7: ["1000", "200", "125", "100"], 8: ["2000", "1000", "300"],
                  9: ["5000", "2000"], 10: ["10000"]},
}

#: 000 §12.19 "Derived RTP per pick count" (a check only, to the two decimals printed)
DERIVED = {
    "keno8": ["87.50", "98.10", "97.13", "99.65", "98.18", "93.79", "93.61", "92.94"],
    "keno10": ["87.50", "98.10", "97.13", "99.65", "98.18", "93.79", "93.61", "92.94", "93.49", "90.82"],
    "keno_gold": ["87.50", "98.10", "97.13", "95.15", "86.08", "93.79", "93.61", "92.94", "93.49", "90.82"],
}


def keno(name: str) -> KenoVariant:
    v: KenoVariant = load_variant("keno", name)
    return v


def balls_with(variant: KenoVariant, picks: tuple[int, ...], hits: int) -> tuple[int, ...]:
    others = [b for b in range(1, 81) if b not in picks]
    return picks[:hits] + tuple(others[: 20 - hits])


def play_ticket(variant: KenoVariant, code: str, stake: int, picks: tuple[int, ...],
                balls: tuple[int, ...], cur: str = "AMD") -> Any:
    state = ENGINE.start(variant, [BetRequest(code, stake, picks)], cur)
    for action in variant.draw.actions(balls):
        state = ENGINE.apply(state, action)
    return state


@pytest.mark.parametrize("name", sorted(RAW))
def test_000_12_19_every_row_of_the_keno_tables(name: str) -> None:
    """Every raw row of 000 §12.19's three tables, placed by the extract's column scheme, is the
    variant's paytable cell for cell; every other cell pays nothing."""
    v = keno(name)
    top = v.max_picks
    expected = {p: [Fraction(0)] * (p + 1) for p in range(1, top + 1)}
    for hits, cells in RAW[name].items():
        start = top - len(cells) + 1 if hits == 0 else hits
        for i, cell in enumerate(cells):
            expected[start + i][hits] = Fraction(cell)
    for picks in range(1, top + 1):
        assert list(v.paytable[picks]) == expected[picks], f"{name} pick {picks}"


@pytest.mark.parametrize("name", sorted(RAW))
def test_000_12_19_every_cell_pays_through_the_engine(name: str) -> None:
    """Each (picks, hits) cell, played as a ticket of 100 AMD on a draw with exactly those
    hits, returns 100 x the cell (below the cap)."""
    v = keno(name)
    for picks in range(1, v.max_picks + 1):
        nums = tuple(range(11, 11 + picks))
        for hits in range(picks + 1):
            s = play_ticket(v, f"pick_{picks}", 100, nums, balls_with(v, nums, hits))
            assert ENGINE.settle(s).bets[0].returned == int(100 * v.paytable[picks][hits])


def test_000_12_19_example_3_of_5_pays_3x() -> None:
    """000 §12.19: "if you guessed 3 out of 5, the bet would be calculated at 3x"."""
    for name in RAW:
        v = keno(name)
        picks = (3, 17, 29, 44, 80)
        s = play_ticket(v, "keno", 500, picks, balls_with(v, picks, 3))
        result = ENGINE.settle(s).bets[0]
        assert (result.returned, result.outcome) == (1500, "win")


@pytest.mark.parametrize("name", sorted(RAW))
def test_000_12_19_exact_rtp_agrees_with_the_closed_form_and_the_extract(name: str) -> None:
    """Second method: sum_h C(n,h) C(80-n,20-h)/C(80,20) x pays(n,h) straight from the file's
    table (no engine); the extract's derived percentages are a check to two decimals."""
    v = keno(name)
    rows = {r.bet: r for r in exact(v)}
    table = parse_variant(read_data("keno", name), name).paytable
    for n in range(1, v.max_picks + 1):
        closed = sum((Fraction(comb(n, h) * comb(80 - n, 20 - h), comb(80, 20)) * table[n][h]
                      for h in range(n + 1)), Fraction(0))
        assert rows[f"pick_{n}"].rtp == closed
        assert f"{float(closed) * 100:.2f}" == DERIVED[name][n - 1]
        assert closed < 1


def test_exact_rtp_equals_brute_force_through_the_full_engine_on_a_small_drum() -> None:
    """Second method on a reduced drum (12 balls, 5 drawn, up to 4 picks): every one of the
    C(12,5) draws played through start/apply/settle; the mean return equals exact()."""
    raw = read_data("keno", "keno8")
    raw.update(balls=12, drawn=5, max_picks=4)
    raw["paytable"] = {"1": ["x0", "x2.4"], "2": ["x0", "x1", "x5"], "3": ["x0", "x0", "x2", "x17"],
                       "4": ["x1", "x0", "x1.5", "x4", "x33"]}
    v = parse_variant(raw, "small")
    rows = {r.bet: r for r in exact(v)}
    for n in range(1, 5):
        picks = tuple(range(3, 3 + n))
        total = Fraction(0)
        count = 0
        for draw in combinations(range(1, 13), 5):
            _state, settlement = play(ENGINE, v, [BetRequest(f"pick_{n}", 10**6, picks)], "XXX",
                                      _Fixed(v, draw))
            total += Fraction(settlement.total_returned, 10**6)
            count += 1
        assert count == comb(12, 5)
        assert rows[f"pick_{n}"].rtp == total / count


class _Fixed:
    """A source that draws a given set of balls, in the order given."""

    def __init__(self, v: KenoVariant, balls: tuple[int, ...]) -> None:
        self.values = [a.value for a in v.draw.actions(balls)]

    def randbelow(self, n: int) -> int:
        return self.values.pop(0)


def test_000_12_19_ambiguity_1_literal_stray_10x_is_refused_by_admission_control() -> None:
    raw = read_data("keno", "keno10")
    raw["stray_2_of_6"] = True
    v = GAME.parse_variant(raw, "keno10_literal")
    assert v.paytable[6][2] == 10
    with pytest.raises(VariantRefused) as exc:
        admit(GAME, v)
    assert exc.value.offending[0].startswith("pick_6: RTP 40")


def test_000_12_19_ambiguity_5_max_win_caps_one_bet() -> None:
    """5 000 000 AMD maximum winning: 10 of 10 at 300 000 AMD (x10000) pays 5 000 000."""
    v = keno("keno10")
    picks = tuple(range(1, 11))
    s = play_ticket(v, "pick_10", 300_000, picks, balls_with(v, picks, 10))
    assert ENGINE.settle(s).bets[0].returned == 5_000_000


@pytest.mark.parametrize(("code", "target", "stake", "error", "message"), [
    ("keno", tuple(range(1, 10)), 100, InvalidSelection, "at most 8 numbers, not 9"),
    ("pick_9", tuple(range(1, 10)), 100, InvalidSelection, "1 to 8 numbers, not 9"),
    ("pick_3", (1, 2), 100, InvalidSelection, "pick 3 numbers, not 2"),
    ("keno", (), 100, InvalidSelection, "not 0"),
    ("keno", (0, 5), 100, InvalidSelection, "outside the balls 1-80"),
    ("keno", (5, 81), 100, InvalidSelection, "outside the balls 1-80"),
    ("keno", (5, 7, 5), 100, InvalidSelection, "picked twice"),
    ("lotto", (5,), 100, UnknownBetCode, "not 'lotto'"),
    ("keno", (5,), 49, StakeBelowMinimum, "below the minimum"),
    ("keno", (5,), 300_001, StakeAboveMaximum, "above the maximum"),
])
def test_000_12_19_bad_tickets_are_refused_precisely(code: str, target: tuple[int, ...], stake: int,
                                                    error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        ENGINE.start(keno("keno8"), [BetRequest(code, stake, target)], "AMD")


def test_replay_reproduces_a_seeded_draw() -> None:
    v = keno("keno_gold")
    state, settlement = play(ENGINE, v, [BetRequest("keno", 100, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
                                         BetRequest("pick_1", 50, (40,))], "AMD", seeded(11))
    assert replay(ENGINE, v, state.events) == settlement
    assert len(state.balls) == 20 == len(set(state.balls))


@given(st.integers(0, 10**9), st.lists(st.integers(1, 80), min_size=1, max_size=10, unique=True))
@settings(max_examples=60, deadline=None)
def test_every_draw_settles_every_ticket_by_its_hits(seed: int, picks: list[int]) -> None:
    v = keno("keno10")
    state, settlement = play(ENGINE, v, [BetRequest("keno", 1000, tuple(picks))], "AMD", seeded(seed))
    hits = len(set(picks) & set(state.balls))
    assert settlement.bets[0].returned == min(5_000_000, int(1000 * v.paytable[len(picks)][hits]))


def test_simulation_draws_settle_as_the_engine_settles_them() -> None:
    """Differential test: the vectorised returns of 200 draws equal the engine's on the same balls."""
    v = keno("keno10")
    rng = np.random.Generator(np.random.PCG64(5))
    rows = draws(rng, v, 200)
    vec = returns(v, rows)
    for i, row in enumerate(rows):
        balls = tuple(int(b) for b in row)
        for n in (1, 4, 10):
            s = play_ticket(v, f"pick_{n}", 10**6, tuple(range(1, n + 1)), balls, "XXX")
            assert ENGINE.settle(s).bets[0].returned == round(vec[n][i] * 10**6)


def test_simulation_confirms_the_exact_figures_within_99_percent() -> None:
    v = keno("keno8")
    exact_rows = {r.bet: r.rtp for r in exact(v)}
    for s in simulate(v, 200_000, 3, None):
        assert s.ci99[0] <= float(exact_rows[s.bet]) <= s.ci99[1], s
