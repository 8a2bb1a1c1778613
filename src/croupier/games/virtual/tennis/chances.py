"""Exact chances of the tennis markets (match.py's format and model), with Fractions.

* A game on a serve won with chance ``s`` (``q = 1 − s``): the server wins 40:0, 40:15, 40:30
  with ``s⁴``, ``4s⁴q``, ``10s⁴q²``; deuce comes with ``20s³q³`` and from deuce the server wins
  with ``s² / (s² + q²)`` (the receiver's outcomes mirror these). A game at deuce lasts ``8 + 2k``
  points with chance ``20s³q³ (2sq)^k (s² + q²)``.
* A tie-break: the score up to 6:6 by a recursion over points (its server pattern: one point,
  then two each); from 6:6 every pair of points has one serve each, so the first server wins
  with ``W / (W + L)``, ``W = s_f (1 − s_o)``, ``L = (1 − s_f) s_o``.
* A set: a recursion over games with the server alternating; a match: over sets, the first
  server of a set following from the number of games of the one before.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache

from croupier.games.virtual.tennis.match import P1, P2, set_over

Chances = tuple[Fraction, Fraction]  # each player's chance of winning a point on serve

GAME_SCORES = ("40:0", "40:15", "40:30", "deuce")


def game_outcomes(s: Fraction) -> dict[tuple[str, str], Fraction]:
    """(who wins — "server"/"receiver", how) -> chance; how is 40:0, 40:15, 40:30 or deuce."""
    q = 1 - s
    deuce = 20 * s ** 3 * q ** 3
    from_deuce = s * s / (s * s + q * q)
    return {("server", "40:0"): s ** 4, ("server", "40:15"): 4 * s ** 4 * q,
            ("server", "40:30"): 10 * s ** 4 * q ** 2, ("server", "deuce"): deuce * from_deuce,
            ("receiver", "40:0"): q ** 4, ("receiver", "40:15"): 4 * q ** 4 * s,
            ("receiver", "40:30"): 10 * q ** 4 * s ** 2, ("receiver", "deuce"): deuce * (1 - from_deuce)}


def game_points_over(s: Fraction, line: Fraction) -> Fraction:
    """The chance that a game on serve ``s`` lasts more than ``line`` points (a half-number)."""
    q = 1 - s
    by_length = {4: s ** 4 + q ** 4, 5: 4 * (s ** 4 * q + q ** 4 * s), 6: 10 * (s ** 4 * q * q + q ** 4 * s * s)}
    deuce = 20 * s ** 3 * q ** 3
    shorter = sum((p for n, p in by_length.items() if n < line), Fraction(0))
    if line < 8:
        return 1 - shorter
    k = int((line - 8) // 2) + 1  # games of 8, 10, .. 8 + 2(k-1) points are not over the line
    return deuce * (2 * s * q) ** k


@lru_cache(maxsize=64)
def game_win(s: Fraction) -> Fraction:
    return sum((p for (who, _), p in game_outcomes(s).items() if who == "server"), Fraction(0))


@lru_cache(maxsize=64)
def tiebreak_win(first: int, c: Chances) -> Fraction:
    """The chance that player ``first`` (serving the tie-break's first point) wins it."""
    sf, so = c[first], c[1 - first]

    @cache
    def win(a: int, b: int) -> Fraction:  # a: the first server's points
        if a == 7 and b <= 5:
            return Fraction(1)
        if b == 7 and a <= 5:
            return Fraction(0)
        if a == b == 6:
            w, lose = sf * (1 - so), (1 - sf) * so
            return w / (w + lose)
        k = a + b
        mine = (k + 1) // 2 % 2 == 0  # the first server serves this point
        p = sf if mine else 1 - so
        return p * win(a + 1, b) + (1 - p) * win(a, b + 1)
    return win(0, 0)


@lru_cache(maxsize=64)
def set_scores(first: int, c: Chances) -> dict[tuple[int, int], Fraction]:
    """The chance of every final set score (player 1's games first) when ``first`` serves the
    set's first game."""
    hold = (game_win(c[P1]), game_win(c[P2]))
    out: dict[tuple[int, int], Fraction] = {}
    layer = {(0, 0): Fraction(1)}
    while layer:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (a, b), p in layer.items():
            if set_over(a, b):
                out[a, b] = out.get((a, b), Fraction(0)) + p
                continue
            server = first if (a + b) % 2 == 0 else 1 - first
            if (a, b) == (6, 6):
                w1 = tiebreak_win(server, c) if server == P1 else 1 - tiebreak_win(server, c)
            else:
                w1 = hold[P1] if server == P1 else 1 - hold[P2]
            for key, pr in (((a + 1, b), p * w1), ((a, b + 1), p * (1 - w1))):
                nxt[key] = nxt.get(key, Fraction(0)) + pr
        layer = nxt
    return out


def next_server(first: int, score: tuple[int, int]) -> int:
    """Who serves the next set's first game: the serve alternates every game (a tie-break is one)."""
    return first if sum(score) % 2 == 0 else 1 - first


def match_scores(c: Chances) -> dict[str, Fraction]:
    """Sets won "2:0", "2:1", "1:2", "0:2" (player 1's first)."""
    out = dict.fromkeys(("2:0", "2:1", "1:2", "0:2"), Fraction(0))
    first_sets = set_scores(P1, c)
    for s1, p1 in first_sets.items():
        w1 = s1[0] > s1[1]
        for s2, p2 in set_scores(next_server(P1, s1), c).items():
            w2 = s2[0] > s2[1]
            if w1 == w2:
                out["2:0" if w1 else "0:2"] += p1 * p2
                continue
            third = set_scores(next_server(next_server(P1, s1), s2), c)
            p3 = sum((p for s3, p in third.items() if s3[0] > s3[1]), Fraction(0))
            out["2:1"] += p1 * p2 * p3
            out["1:2"] += p1 * p2 * (1 - p3)
    return out


def first_game(c: Chances) -> dict[tuple[str, str], Fraction]:
    """Player 1 serves the first game: (winner "1"/"2", how) -> chance."""
    return {("1" if who == "server" else "2", how): p for (who, how), p in game_outcomes(c[P1]).items()}


