"""The score markets of 000 §12.59 (rows 1–23), as data: each market reads one summary of the
match (its ``scope``) and names the selections that summary makes win.

Scopes: ``match``, ``half1``, ``half2`` read (home goals, away goals) over that span; ``htft``
reads (first-half result, match result); ``first_match`` and ``first_half1`` read the first goal
(minute, team) or None. Rows 24–32 read the incident and free-kick models a variant files
(incidents.py; the rules describe none): ``incident_<kind>_<span>`` reads whether a yellow card,
red card or penalty happened in the match or the first half; ``kick_first_home`` and
``kick_last_away`` a taker's shirt number; ``kick_sum_<all|home|away>`` a sum of the takers'
shirt numbers; ``kick_round<r>`` the (home, away) directions of round r."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.virtual.football.incidents import DIRECTIONS, SUMS
from croupier.games.virtual.football.match import AWAY, HOME, Match
from croupier.games.virtual.football.variant import FootballVariant

Score = tuple[int, int]


@dataclass(frozen=True)
class Market:
    code: str
    label: str
    rows: str
    scope: str
    selections: tuple[str, ...]
    classify: Callable[[Any], Iterable[str]]

    def check(self, selection: str) -> str:
        if selection not in self.selections:
            raise InvalidSelection(f"{self.code} has no selection {selection!r}; it offers "
                                   f"{', '.join(self.selections)}")
        return selection

    def wins(self, match: Match, selection: str) -> bool:
        return selection in set(self.classify(summary(match, self.scope)))


def summary(match: Match, scope: str) -> Any:
    if scope in ("match", "half1", "half2"):
        return match.score(scope)
    if scope == "htft":
        return result(*match.score("half1")), result(*match.score("match"))
    if scope.startswith("incident_"):
        _, kind, span = scope.split("_")
        return match.incident_in(kind, span)
    if scope.startswith("kick_"):
        return _kick_summary(match, scope)
    return match.first_goal("match" if scope == "first_match" else "half1")


def _kick_summary(match: Match, scope: str) -> Any:
    kicks = {(rnd, team): (shirt, way) for rnd, team, shirt, way in match.kicks}
    if scope == "kick_first_home":
        return kicks[1, HOME][0]
    if scope == "kick_last_away":
        return kicks[max(r for r, _ in kicks), AWAY][0]
    if scope.startswith("kick_sum_"):
        teams = {"all": (HOME, AWAY), "home": (HOME,), "away": (AWAY,)}[scope.removeprefix("kick_sum_")]
        return sum(shirt for (_, team), (shirt, _) in kicks.items() if team in teams)
    rnd = int(scope.removeprefix("kick_round"))
    return kicks[rnd, HOME][1], kicks[rnd, AWAY][1]


def result(h: int, a: int) -> str:
    return "1" if h > a else "X" if h == a else "2"


# -- the result family (rows 3, 4: 1X2 and the double chances, each alias its own selection) --------

RESULT_SELECTIONS = ("1", "X", "2", "1X", "X2", "12", "1 not lose", "one wins", "2 not lose", "no draw")
_RESULT_WINS = {"1": ("1", "1X", "12", "1 not lose", "one wins", "no draw"),
                "X": ("X", "1X", "X2", "1 not lose", "2 not lose"),
                "2": ("2", "X2", "12", "2 not lose", "one wins", "no draw")}


def _result(s: Score) -> Iterable[str]:
    return _RESULT_WINS[result(*s)]


def _correct_score(top: int) -> tuple[tuple[str, ...], Callable[[Score], Iterable[str]]]:
    sels = tuple(f"{h}-{a}" for h in range(top + 1) for a in range(top + 1)) + ("other",)

    def classify(s: Score) -> Iterable[str]:
        return (f"{s[0]}-{s[1]}",) if max(s) <= top else ("other",)
    return sels, classify


def _totals(lines: tuple[str, ...]) -> tuple[tuple[str, ...], Callable[[Score], Iterable[str]]]:
    sels = tuple(f"{side} {x}" for x in lines for side in ("over", "under"))

    def classify(s: Score) -> Iterable[str]:
        n = s[0] + s[1]
        return tuple(f"{'over' if n > float(x) else 'under'} {x}" for x in lines)
    return sels, classify


def _count(which: Callable[[Score], int], top: int) -> tuple[tuple[str, ...], Callable[[Score], Iterable[str]]]:
    sels = tuple(str(k) for k in range(top)) + (f"{top}+",)

    def classify(s: Score) -> Iterable[str]:
        k = which(s)
        return (str(k) if k < top else f"{top}+",)
    return sels, classify


HANDICAPS = (-2, -1, 1, 2)
HANDICAP_SELECTIONS = tuple(f"{t} {h:+d}" for t in ("1", "2") for h in HANDICAPS)


def _handicap(s: Score) -> Iterable[str]:
    """European handicap (ASSUMPTION, row 7): the team's goals plus the handicap beat the
    other's; level after the handicap loses."""
    h, a = s
    return tuple(f"1 {x:+d}" for x in HANDICAPS if h + x > a) + tuple(f"2 {x:+d}" for x in HANDICAPS if a + x > h)


MARGIN_SELECTIONS = ("1 by 1", "1 by 2", "1 by 3+", "2 by 1", "2 by 2", "2 by 3+")


def _margin(s: Score) -> Iterable[str]:
    """Winning margin (ASSUMPTION, row 8: "without changed results"): by 1, 2 or 3 or more."""
    d = s[0] - s[1]
    if d == 0:
        return ()
    return (f"{'1' if d > 0 else '2'} by {min(abs(d), 3)}{'+' if abs(d) >= 3 else ''}",)


GOAL_SELECTIONS = ("both", "only one", "none", "1 scores", "1 does not score", "2 scores", "2 does not score")


def _goal(s: Score) -> Iterable[str]:
    h, a = s
    scored = (h > 0) + (a > 0)
    out = ["both" if scored == 2 else "only one" if scored == 1 else "none"]
    out.append("1 scores" if h else "1 does not score")
    out.append("2 scores" if a else "2 does not score")
    return out


RESULT_TOTAL_SELECTIONS = tuple(f"{r} & {side}" for r in ("1", "X", "2") for side in ("over", "under"))


def _result_total(line: float) -> Callable[[Score], Iterable[str]]:
    def classify(s: Score) -> Iterable[str]:
        return (f"{result(*s)} & {'over' if s[0] + s[1] > line else 'under'}",)
    return classify


RESULT_GOAL_SELECTIONS = ("1 & both score", "1 & only 1 scores", "X & both score", "X & no goal",
                          "2 & both score", "2 & only 2 scores")


def _result_goal(s: Score) -> Iterable[str]:
    """Rows 15.1–15.6 as listed (a 1-0 win is "1 & only 1 scores"; a 0-0 draw "X & no goal")."""
    h, a = s
    r = result(h, a)
    if h and a:
        return (f"{r} & both score",)
    if r == "1" and not a:
        return ("1 & only 1 scores",)
    if r == "2" and not h:
        return ("2 & only 2 scores",)
    return ("X & no goal",) if h == a == 0 else ()


def _team_totals(team: int, lines: tuple[str, ...]) -> Callable[[Score], Iterable[str]]:
    def classify(s: Score) -> Iterable[str]:
        return tuple(f"{'over' if s[team] > float(x) else 'under'} {x}" for x in lines)
    return classify


def _team_three_way(team: int, values: tuple[int, ...]) -> Callable[[Score], Iterable[str]]:
    def classify(s: Score) -> Iterable[str]:
        k = s[team]
        return tuple(f"{'over' if k > v else 'exactly' if k == v else 'under'} {v}" for v in values)
    return classify


def _team_scores(team: int) -> Callable[[Score], Iterable[str]]:
    def classify(s: Score) -> Iterable[str]:
        return ("yes" if s[team] else "no",)
    return classify


def _both(s: Score) -> Iterable[str]:
    return ("yes" if s[0] and s[1] else "no",)


def _parity(s: Score) -> Iterable[str]:
    return ("even" if (s[0] + s[1]) % 2 == 0 else "odd",)


def _first_team(first: tuple[int, int] | None) -> Iterable[str]:
    return ("none",) if first is None else ("1" if first[1] == HOME else "2",)


def _goals_of(team: int) -> Callable[[Score], int]:
    def goals(s: Score) -> int:
        return s[team]
    return goals


HTFT_SELECTIONS = tuple(f"{a}/{b}" for a in ("1", "X", "2") for b in ("1", "X", "2"))


@lru_cache(maxsize=16)
def markets(v: FootballVariant) -> tuple[Market, ...]:
    """Every market of rows 1–23 for the variant (its match length and first-goal intervals), then
    rows 24–32 when it files their models."""
    cs, cs_c = _correct_score(4)
    cs_h, cs_hc = _correct_score(3)
    tot, tot_c = _totals(("0.5", "1.5", "2.5", "3.5", "4.5", "5.5"))
    tot_h, tot_hc = _totals(("0.5", "1.5", "2.5"))
    goals, goals_c = _count(lambda s: s[0] + s[1], 6)
    goals_h, goals_hc = _count(lambda s: s[0] + s[1], 4)
    team_lines = ("0.5", "1.5", "2.5")
    team_sels = tuple(f"{side} {x}" for x in team_lines for side in ("over", "under"))
    three = tuple(f"{w} {v}" for v in (1, 2) for w in ("over", "exactly", "under"))
    iv = v.intervals

    def interval(first: tuple[int, int] | None) -> Iterable[str]:
        if first is None:
            return ("no goal",)
        return next((f"{a}-{b}",) for a, b in iv if a <= first[0] <= b)
    out = [
        Market("correct_score", "Exact score (match)", "row 1", "match", cs, cs_c),
        Market("correct_score_half1", "Exact score (first half)", "row 2", "half1", cs_h, cs_hc),
        Market("correct_score_half2", "Exact score (second half)", "row 2", "half2", cs_h, cs_hc),
        Market("result", "Result (match)", "rows 3.1-3.10", "match", RESULT_SELECTIONS, _result),
        Market("result_half1", "Result (first half)", "rows 4.1-4.10", "half1", RESULT_SELECTIONS, _result),
        Market("ht_ft", "Half time / full time", "rows 5, 5.1", "htft", HTFT_SELECTIONS,
               lambda r: (f"{r[0]}/{r[1]}",)),
        Market("total", "Goals over/under (match)", "row 6", "match", tot, tot_c),
        Market("total_half1", "Goals over/under (first half)", "row 6", "half1", tot_h, tot_hc),
        Market("handicap", "Handicap (match)", "row 7", "match", HANDICAP_SELECTIONS, _handicap),
        Market("handicap_half1", "Handicap (first half)", "row 7", "half1", HANDICAP_SELECTIONS, _handicap),
        Market("margin", "Winning margin (match)", "row 8", "match", MARGIN_SELECTIONS, _margin),
        Market("margin_half1", "Winning margin (first half)", "row 8", "half1", MARGIN_SELECTIONS, _margin),
        Market("goal", "Goal / no goal (match)", "rows 9.1-9.4", "match", GOAL_SELECTIONS, _goal),
        Market("goal_half1", "Goal / no goal (first half)", "rows 10.1-10.4", "half1", GOAL_SELECTIONS, _goal),
        Market("goals", "Number of goals (match)", "row 11", "match", goals, goals_c),
        Market("goals_half1", "Number of goals (first half)", "row 11", "half1", goals_h, goals_hc),
    ]
    for team, row in ((HOME, "12"), (AWAY, "13")):
        n = team + 1
        sels, cls = _count(_goals_of(team), 4)
        sels_h, cls_h = _count(_goals_of(team), 3)
        out += [Market(f"team{n}_goals", f"Goals of team {n} (match)", f"row {row}", "match", sels, cls),
                Market(f"team{n}_goals_half1", f"Goals of team {n} (first half)", f"row {row}", "half1",
                       sels_h, cls_h)]
    out += [
        Market("result_total", "Result and over/under 2.5 (match)", "rows 14.1-14.6", "match",
               RESULT_TOTAL_SELECTIONS, _result_total(2.5)),
        Market("result_total_half1", "Result and over/under 1.5 (first half)", "rows 14.1-14.6", "half1",
               RESULT_TOTAL_SELECTIONS, _result_total(1.5)),
        Market("result_goal", "Result and goal (match)", "rows 15.1-15.6", "match", RESULT_GOAL_SELECTIONS,
               _result_goal),
        Market("result_goal_half1", "Result and goal (first half)", "rows 15.1-15.6", "half1",
               RESULT_GOAL_SELECTIONS, _result_goal),
    ]
    for team, row in ((HOME, "16"), (AWAY, "17")):
        n = team + 1
        out += [Market(f"team{n}_total", f"Team {n} goals over/under (match)", f"row {row}", "match",
                       team_sels, _team_totals(team, team_lines)),
                Market(f"team{n}_total3", f"Team {n} goals over/exactly/under (match)", f"row {row}.1", "match",
                       three, _team_three_way(team, (1, 2)))]
    for scope, tag in (("match", ""), ("half1", "_half1")):
        out += [Market(f"team1_scores{tag}", f"Team 1 scores ({scope})", "row 18", scope, ("yes", "no"), _team_scores(HOME)),
                Market(f"team2_scores{tag}", f"Team 2 scores ({scope})", "row 19", scope, ("yes", "no"), _team_scores(AWAY)),
                Market(f"both_score{tag}", f"Both teams score ({scope})", "row 19.1", scope, ("yes", "no"), _both)]
    out += [
        Market("parity", "Goals even/odd (match)", "row 20", "match", ("even", "odd"), _parity),
        Market("parity_half1", "Goals even/odd (first half)", "row 21", "half1", ("even", "odd"), _parity),
        Market("first_goal_time", "Time of the first goal", "row 22", "first_match",
               tuple(f"{a}-{b}" for a, b in iv) + ("no goal",), interval),
        Market("first_to_score", "First team to score (match)", "row 23", "first_match", ("1", "2", "none"), _first_team),
        Market("first_to_score_half1", "First team to score (first half)", "row 23", "first_half1",
               ("1", "2", "none"), _first_team),
    ]
    return tuple(out + incident_markets(v))


# -- rows 24-32: incidents and free kicks (incidents.py) ----------------------------------------------

def _yes(happened: bool) -> Iterable[str]:
    return ("yes" if happened else "no",)


def _shirt(shirt: int) -> Iterable[str]:
    return (str(shirt),)


def _over_under(lines: tuple[str, ...]) -> Callable[[int], Iterable[str]]:
    def classify(total: int) -> Iterable[str]:
        return tuple(f"{'over' if total > float(x) else 'under'} {x}" for x in lines)
    return classify


DIRECTION_SELECTIONS = tuple(f"{t} {d}" for t in ("1", "2") for d in DIRECTIONS)


def _directions(pair: tuple[str, str]) -> Iterable[str]:
    return (f"1 {pair[0]}", f"2 {pair[1]}")


def incident_markets(v: FootballVariant) -> list[Market]:
    """Rows 24–32 for a variant that files the incident and free-kick models."""
    out = []
    if v.incidents is not None:
        for kind, row, what in (("yellow", "24", "Yellow cards"), ("red", "25", "Red cards"),
                                ("penalty", "26", "Penalties")):
            code = "yellow_cards" if kind == "yellow" else "red_cards" if kind == "red" else "penalties"
            out += [Market(code, f"{what} (match)", f"row {row}", f"incident_{kind}_match", ("yes", "no"), _yes),
                    Market(f"{code}_half1", f"{what} (first half)", f"row {row}", f"incident_{kind}_half1",
                           ("yes", "no"), _yes)]
    fk = v.free_kicks
    if fk is not None:
        out += [Market("first_kick", "First kick: the home taker's shirt", "row 27", "kick_first_home",
                       tuple(str(s) for s in fk.takers[HOME]), _shirt),
                Market("last_kick", "Last kick: the away taker's shirt", "row 28", "kick_last_away",
                       tuple(str(s) for s in fk.takers[AWAY]), _shirt)]
        for which, row, lines, what in zip(SUMS, ("29", "30", "31"), fk.lines,
                                           ("all kicks", "home kicks", "away kicks"), strict=True):
            out.append(Market("kick_sum" if which == "all" else f"kick_sum_{which}",
                              f"Sum of the takers' shirt numbers ({what}) over/under", f"row {row}",
                              f"kick_sum_{which}", tuple(f"{side} {x}" for x in lines for side in ("over", "under")),
                              _over_under(lines)))
        out += [Market(f"free_kick_round{r}", f"Free-kick directions, round {r}", "row 32", f"kick_round{r}",
                       DIRECTION_SELECTIONS, _directions) for r in range(1, fk.rounds + 1)]
    return out


def market(markets_: tuple[Market, ...], code: str) -> Market:
    for m in markets_:
        if m.code == code:
            return m
    raise UnknownBetCode(f"virtual football has no market {code!r}")
