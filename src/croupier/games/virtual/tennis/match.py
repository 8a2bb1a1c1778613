"""The scoring of a virtual tennis match and one match from its randomness.

Format (ASSUMPTION: 000 §12.60 gives none): best of three sets; a set is won with six games and a
two-game lead, a tie-break to seven points (two clear) at 6:6; games with advantage scoring (a
game at deuce goes on until a player leads by two points). Player 1 serves the first game; the
serve alternates every game, the tie-break counting as one game; in a tie-break the player whose
turn it is serves the first point, then each serves two points in turn.

Model (ASSUMPTION): each player wins a point on their own serve with the event's chance, drawn
uniformly from the variant's ``serve_chances`` (``form`` draws, player 1 then player 2); every
point is one ``point`` draw, an index in ``[0, q)`` for a chance ``u/q``: the server wins the
point when it is below ``u``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from croupier.rng.source import RandomSource

P1, P2 = 0, 1


@dataclass
class Game:
    """One game as played: the server, each point's winner, the game's winner."""

    server: int
    points: list[int] = field(default_factory=list)
    tiebreak: bool = False

    @property
    def winner(self) -> int | None:
        a, b = self.points.count(P1), self.points.count(P2)
        need = 7 if self.tiebreak else 4
        if max(a, b) >= need and abs(a - b) >= 2:
            return P1 if a > b else P2
        return None

    def server_of_next_point(self) -> int:
        if not self.tiebreak:
            return self.server
        k = len(self.points)  # point k+1: the first server, then two each in turn
        return self.server if (k + 1) // 2 % 2 == 0 else 1 - self.server


@dataclass
class Match:
    """Every game of every set, in order."""

    sets: list[list[Game]] = field(default_factory=list)

    def set_score(self, i: int) -> tuple[int, int]:
        games = self.sets[i]
        return (sum(1 for g in games if g.winner == P1), sum(1 for g in games if g.winner == P2))

    def sets_won(self) -> tuple[int, int]:
        won = [0, 0]
        for i in range(len(self.sets)):
            a, b = self.set_score(i)
            if set_over(a, b):
                won[P1 if a > b else P2] += 1
        return won[0], won[1]

    @property
    def winner(self) -> int | None:
        a, b = self.sets_won()
        return P1 if a == 2 else P2 if b == 2 else None


def set_over(a: int, b: int) -> bool:
    return (max(a, b) >= 6 and abs(a - b) >= 2) or max(a, b) == 7


def play(chances: tuple[Fraction, Fraction], source: RandomSource) -> Match:
    """A match from ``source``: every point drawn on the server's chance."""
    m = Match()
    server = P1
    while m.winner is None:
        games: list[Game] = []
        m.sets.append(games)
        while True:
            a, b = m.set_score(len(m.sets) - 1)
            if set_over(a, b):
                break
            g = Game(server, tiebreak=(a, b) == (6, 6))
            games.append(g)
            while g.winner is None:
                s = g.server_of_next_point()
                c = chances[s]
                g.points.append(s if source.randbelow(c.denominator) < c.numerator else 1 - s)
            server = 1 - server
    return m


def run(serve_chances: tuple[Fraction, ...], source: RandomSource) -> tuple[tuple[int, int], Match]:
    """An event: the two players' serve chances (indices), then the match."""
    forms = (source.randbelow(len(serve_chances)), source.randbelow(len(serve_chances)))
    return forms, play((serve_chances[forms[0]], serve_chances[forms[1]]), source)
