"""The markets of 000 §12.60 on a virtual tennis event, read before the first point (ASSUMPTION:
"the next point" and "the game" of rows 1, 2, 4 and 5 are the match's first point and first game;
"the set" is the first set): each market's selections, their exact chances (chances.py) and the
settlement of a played match (match.py)."""

from __future__ import annotations

from fractions import Fraction

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.virtual.tennis import chances as C
from croupier.games.virtual.tennis.match import P1, P2, Match

LINES = (Fraction(9, 2), Fraction(11, 2), Fraction(13, 2), Fraction(15, 2), Fraction(19, 2))
_HOW = {"40:0": "40:0", "40:15": "40:15", "40:30": "40:30", "deuce": "after deuce"}
_SET_SCORES = tuple(f"6:{k}" for k in range(5)) + ("7:5", "7:6") + tuple(f"{k}:6" for k in range(5)) + ("5:7", "6:7")

#: code -> (label, rows of 12.60, selections)
MARKETS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "first_point": ("Winner of the first point", "row 1", ("1", "2")),
    "first_game_points": ("Points in the first game, over/under", "row 2",
                          tuple(f"{side} {float(x)}" for x in LINES for side in ("over", "under"))),
    "first_game_winner": ("Winner of the first game", "row 3", ("1", "2")),
    "first_set_winner": ("Winner of the first set", "row 3", ("1", "2")),
    "match_winner": ("Winner of the match", "row 3", ("1", "2")),
    "first_game_deuce": ("Deuce in the first game", "row 4", ("yes", "no")),
    "first_game_score": ("Exact score of the first game", "row 5",
                         tuple(f"{w} {h}" for w in ("1", "2") for h in _HOW.values())),
    "first_set_score": ("Exact score of the first set", "row 5", _SET_SCORES),
    "match_score": ("Exact score of the match (sets)", "row 5", ("2:0", "2:1", "1:2", "0:2")),
}


def check(code: str, selection: str) -> str:
    if code not in MARKETS:
        raise UnknownBetCode(f"virtual tennis has no market {code!r}")
    if selection not in MARKETS[code][2]:
        raise InvalidSelection(f"{code} has no selection {selection!r}; it offers {', '.join(MARKETS[code][2])}")
    return selection


def chances(c: C.Chances) -> dict[str, dict[str, Fraction]]:
    s1 = c[P1]  # player 1 serves the first game
    game = C.first_game(c)
    win1 = sum((p for (w, _), p in game.items() if w == "1"), Fraction(0))
    deuce = sum((p for (_, how), p in game.items() if how == "deuce"), Fraction(0))
    sets = C.set_scores(P1, c)
    set1 = sum((p for (a, b), p in sets.items() if a > b), Fraction(0))
    match = C.match_scores(c)
    points: dict[str, Fraction] = {}
    for x in LINES:
        over = C.game_points_over(s1, x)
        points[f"over {float(x)}"], points[f"under {float(x)}"] = over, 1 - over
    return {
        "first_point": {"1": s1, "2": 1 - s1},
        "first_game_points": points,
        "first_game_winner": {"1": win1, "2": 1 - win1},
        "first_set_winner": {"1": set1, "2": 1 - set1},
        "match_winner": {"1": match["2:0"] + match["2:1"], "2": match["1:2"] + match["0:2"]},
        "first_game_deuce": {"yes": deuce, "no": 1 - deuce},
        "first_game_score": {f"{w} {_HOW[how]}": p for (w, how), p in game.items()},
        "first_set_score": {f"{a}:{b}": p for (a, b), p in sets.items()},
        "match_score": match,
    }


def settle(m: Match) -> dict[str, set[str]]:
    """The winning selections of every market once the match is played."""
    g = m.sets[0][0]
    pts = g.points
    n = len(pts)
    a = b = 0
    deuce = False
    for p in pts:
        a, b = (a + 1, b) if p == P1 else (a, b + 1)
        deuce = deuce or a == b == 3
    winner = "1" if g.winner == P1 else "2"
    lost = min(pts.count(P1), pts.count(P2))
    how = "after deuce" if deuce else {0: "40:0", 1: "40:15", 2: "40:30"}[lost]
    s = m.set_score(0)
    sets = m.sets_won()
    return {
        "first_point": {"1" if pts[0] == P1 else "2"},
        "first_game_points": {f"{'over' if n > x else 'under'} {float(x)}" for x in LINES},
        "first_game_winner": {winner},
        "first_set_winner": {"1" if s[0] > s[1] else "2"},
        "match_winner": {"1" if m.winner == P1 else "2"},
        "first_game_deuce": {"yes" if deuce else "no"},
        "first_game_score": {f"{winner} {how}"},
        "first_set_score": {f"{s[0]}:{s[1]}"},
        "match_score": {f"{sets[0]}:{sets[1]}"},
    }
