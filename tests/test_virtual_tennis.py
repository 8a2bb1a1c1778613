"""Virtual Tennis (000 §12.60): every market row settles as its clause says (with the extract's
ASSUMPTIONs), the exact chances agree with an independent linear solve of a game and with the
engine's own draws, and every selection returns at most the RTP."""

from __future__ import annotations

import tomllib
from collections import Counter
from fractions import Fraction
from importlib import resources
from math import sqrt
from statistics import NormalDist

import pytest

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.virtual.pricing import MIN_ODDS, tennis_board
from croupier.games.virtual.tennis import chances as C
from croupier.games.virtual.tennis.markets import MARKETS, chances, check, settle
from croupier.games.virtual.tennis.match import P1, P2, Game, Match, play, run, set_over
from croupier.games.virtual.tennis.variant import parse_variant
from croupier.rng.source import RecordingSource, ReplaySource, seeded

RAW = tomllib.loads(resources.files("croupier.variants").joinpath("tennis", "standard.toml").read_text("utf-8"))
V = parse_variant(RAW, "standard")


def game(server: int, points: str, tiebreak: bool = False) -> Game:
    return Game(server, [P1 if c == "1" else P2 for c in points], tiebreak)


def held_set(first: int, a: int, b: int) -> list[Game]:
    """A set a:b of love games; only each game's winner counts for the markets read here."""
    out = []
    server = first
    for w in [P1] * a + [P2] * b:
        out.append(game(server, ("1" if w == P1 else "2") * 4))
        server = 1 - server
    return out


def test_000_12_60_row_1_winner_of_the_next_point_read_as_the_first() -> None:
    m = Match([[game(P1, "21111")]])
    assert settle(m)["first_point"] == {"2"}


def test_000_12_60_row_2_points_in_the_game_under_7_5_example() -> None:
    assert game(P1, "1211221").winner is None  # 4:3 after seven points: not over
    six = Match([[game(P1, "112121")]])  # 4:2 after six points
    assert six.sets[0][0].winner == P1
    got = settle(six)["first_game_points"]
    assert {"under 7.5", "over 5.5", "under 6.5"} <= got  # "Under 7.5" wins with 7 or fewer
    ten = settle(Match([[game(P1, "12121212" + "11")]]))["first_game_points"]  # deuce twice, then two
    assert {"over 7.5", "over 9.5"} <= ten and "under 9.5" not in ten
    eight = settle(Match([[game(P1, "121212" + "22")]]))["first_game_points"]
    assert {"over 7.5", "under 9.5"} <= eight


def test_000_12_60_row_3_winner_of_the_game_set_and_match() -> None:
    sets = [held_set(P1, 6, 4), held_set(P1, 3, 6), held_set(P2, 7, 5)]
    m = Match(sets)
    got = settle(m)
    assert got["first_game_winner"] == {"1"} and got["first_set_winner"] == {"1"}
    assert got["match_winner"] == {"1"} and got["match_score"] == {"2:1"}
    assert got["first_set_score"] == {"6:4"}


def test_000_12_60_row_4_equal_score_is_deuce_in_the_first_game() -> None:
    assert settle(Match([[game(P1, "121212" + "11")]]))["first_game_deuce"] == {"yes"}
    assert settle(Match([[game(P1, "1122" + "11")]]))["first_game_deuce"] == {"no"}  # 4:2, never 3:3


def test_000_12_60_row_5_exact_score_of_the_game_set_and_match() -> None:
    assert settle(Match([[game(P1, "2111" + "1")]]))["first_game_score"] == {"1 40:15"}
    assert settle(Match([[game(P1, "121212" + "22")]]))["first_game_score"] == {"2 after deuce"}
    assert settle(Match([[game(P1, "2222")]]))["first_game_score"] == {"2 40:0"}


def test_the_format_six_games_two_clear_tiebreak_at_6_6() -> None:
    assert set_over(6, 4) and not set_over(6, 5) and set_over(7, 5) and set_over(7, 6) and not set_over(6, 6)
    tb = game(P1, "", tiebreak=True)
    order = []
    for _ in range(7):
        order.append(tb.server_of_next_point())
        tb.points.append(P1)
    assert order == [P1, P2, P2, P1, P1, P2, P2]  # one point, then two each in turn
    assert tb.winner == P1


def test_bad_input() -> None:
    with pytest.raises(InvalidSelection):
        check("first_set_score", "6:5")
    with pytest.raises(UnknownBetCode):
        check("aces", "1")
    with pytest.raises(VariantError, match="at least 40"):
        parse_variant(RAW | {"betting_seconds": 5}, "bad")


def _solve(states: list[str], edges: dict[str, list[tuple[str, Fraction]]], target: str) -> dict[str, Fraction]:
    """Absorption chances into ``target`` by Gaussian elimination with Fractions (a second,
    generic method: no closed form)."""
    idx = {s: i for i, s in enumerate(states)}
    n = len(states)
    rows = [[Fraction(0)] * (n + 1) for _ in range(n)]
    for s in states:
        i = idx[s]
        rows[i][i] = Fraction(1)
        for t, p in edges[s]:
            if t == target:
                rows[i][n] += p
            elif t in idx:
                rows[i][idx[t]] -= p
    for c in range(n):
        piv = next(r for r in range(c, n) if rows[r][c] != 0)
        rows[c], rows[piv] = rows[piv], rows[c]
        inv = 1 / rows[c][c]
        rows[c] = [x * inv for x in rows[c]]
        for r in range(n):
            if r != c and rows[r][c] != 0:
                f = rows[r][c]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[c], strict=True)]
    return {s: rows[idx[s]][n] for s in states}


@pytest.mark.parametrize("s", [Fraction(3, 5), Fraction(13, 20), Fraction(1, 2)])
def test_a_games_closed_form_matches_a_linear_solve_of_its_chain(s: Fraction) -> None:
    states = [f"{a}:{b}" for a in range(4) for b in range(4)] + ["adv-s", "adv-r"]
    edges: dict[str, list[tuple[str, Fraction]]] = {}
    for a in range(4):
        for b in range(4):
            win = "W" if a == 3 and b < 3 else "adv-s" if (a, b) == (3, 3) else f"{a + 1}:{b}"
            lose = "L" if b == 3 and a < 3 else "adv-r" if (a, b) == (3, 3) else f"{a}:{b + 1}"
            edges[f"{a}:{b}"] = [(win, s), (lose, 1 - s)]
    edges["adv-s"] = [("W", s), ("3:3", 1 - s)]
    edges["adv-r"] = [("3:3", s), ("L", 1 - s)]
    assert _solve(states, edges, "W")["0:0"] == C.game_win(s)
    deuce_states = [f"{a}:{b}" for a in range(4) for b in range(4) if (a, b) != (3, 3)]
    reach = {k: [(t if t not in ("adv-s", "adv-r") else "D", p) for t, p in v] for k, v in edges.items()
             if k in deuce_states}
    assert _solve(deuce_states, reach, "3:3")["0:0"] == Fraction(20) * s ** 3 * (1 - s) ** 3


@pytest.mark.parametrize("forms", [(0, 4), (2, 2)])
def test_every_market_sums_to_one_and_the_board_returns_at_most_the_rtp(forms: tuple[int, int]) -> None:
    c = (V.serve_chances[forms[0]], V.serve_chances[forms[1]])
    for code, row in chances(c).items():
        if code == "first_game_points":
            for x in ("4.5", "5.5", "6.5", "7.5", "9.5"):
                assert row[f"over {x}"] + row[f"under {x}"] == 1
        else:
            assert sum(row.values()) == 1, code
            assert set(row) == set(MARKETS[code][2]), code
    for code, row in tennis_board(V, forms).items():
        for sel, price in row.items():
            assert price.odds >= MIN_ODDS and price.rtp <= V.rtp, (code, sel)


def test_the_engines_draws_agree_with_the_exact_chances() -> None:
    """3,000 matches from the engine's draws (HMAC stream): each selection within a 99%
    interval shared over all selections (Bonferroni)."""
    c = (Fraction(13, 20), Fraction(3, 5))
    exact = chances(c)
    src = seeded("tennis-engine")
    n = 3_000
    counts: dict[str, Counter[str]] = {code: Counter() for code in MARKETS}
    for _ in range(n):
        for code, sels in settle(play(c, src)).items():
            counts[code].update(sels)
    pairs = [(code, sel) for code in MARKETS for sel in MARKETS[code][2]]
    z = NormalDist().inv_cdf(1 - 0.01 / (2 * len(pairs)))
    for code, sel in pairs:
        p = float(exact[code][sel])
        assert abs(counts[code][sel] - n * p) <= z * sqrt(n * p * (1 - p)) + 1e-9, (code, sel)


def test_a_match_replays_from_its_recorded_draws() -> None:
    rec = RecordingSource(seeded("tennis-replay"))
    forms, m = run(V.serve_chances, rec)
    forms2, m2 = run(V.serve_chances, ReplaySource(rec.draws))
    assert forms == forms2 and settle(m) == settle(m2)


@pytest.mark.parametrize("first", [P1, P2])
def test_the_tiebreak_matches_a_linear_solve_of_its_chain(first: int) -> None:
    """Points up to 6:6 and beyond as (lead, point number mod 4): the server of point k+1 is
    the first server when (k + 1) // 2 is even (one point, then two each)."""
    c = (Fraction(13, 20), Fraction(3, 5))
    sf, so = c[first], c[1 - first]

    def p_first_wins_point(k: int) -> Fraction:
        return sf if (k + 1) // 2 % 2 == 0 else 1 - so

    states: list[str] = []
    edges: dict[str, list[tuple[str, Fraction]]] = {}

    def name(a: int, b: int) -> str:
        if a >= 7 and a - b >= 2:
            return "W"
        if b >= 7 and b - a >= 2:
            return "L"
        if a >= 6 and b >= 6:
            return f"lead{a - b}@{(a + b) % 4}"
        return f"{a}:{b}"

    todo = [(0, 0)]
    seen: set[str] = set()
    while todo:
        a, b = todo.pop()
        s = name(a, b)
        if s in seen or s in ("W", "L"):
            continue
        seen.add(s)
        states.append(s)
        p = p_first_wins_point(a + b)
        edges[s] = [(name(a + 1, b), p), (name(a, b + 1), 1 - p)]
        todo += [(a + 1, b), (a, b + 1)]
    assert C.tiebreak_win(first, c) == _solve(states, edges, "W")["0:0"]
