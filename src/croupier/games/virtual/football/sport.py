"""Virtual Football (000 §12.59) as a :class:`~croupier.games.virtual.sport.Sport`: two ``form``
draws are the teams' goal rates, then one ``goal`` draw per team per minute, an ``incident`` draw
per minute and the free kicks' ``kick`` draws when the variant files those models (:mod:`.match`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from croupier.games.base import Target
from croupier.games.virtual.football.markets import market, markets
from croupier.games.virtual.football.match import Match, run
from croupier.games.virtual.football.variant import FootballVariant, parse_variant
from croupier.games.virtual.pricing import football_board
from croupier.games.virtual.sport import Board, Key, MarketInfo, Played, Sport, one_name
from croupier.rng.source import RandomSource


@lru_cache(maxsize=32)
def _board(core: FootballVariant, forms: tuple[int, int]) -> Board:
    return football_board(core, forms)


class Football(Sport):
    outcome_kind = "goal"

    @property
    def outcome_kinds(self) -> tuple[str, ...]:
        return ("goal", "incident", "kick")

    def draw_kind(self, core: FootballVariant, index: int) -> str:
        """Two ``form`` draws, then per minute two ``goal`` draws (and an ``incident`` draw with
        [incidents]), then the ``kick`` draws of the free-kick rounds (match.py)."""
        if index < 2:
            return self.form_kind
        per = 3 if core.incidents is not None else 2
        k = index - 2
        if k >= per * 2 * core.minutes_per_half:
            return "kick"
        return "goal" if k % per < 2 else "incident"

    def parse(self, raw: dict[str, Any], name: str) -> FootballVariant:
        return parse_variant(raw, name)

    def form_count(self, core: FootballVariant) -> int:
        return 2

    def form_values(self, core: FootballVariant) -> Sequence[Fraction]:
        return core.rates

    def run(self, core: FootballVariant, source: RandomSource) -> Played:
        match = run(core, source)
        return Played(match.rates, match)

    def board(self, core: FootballVariant, forms: tuple[int, ...]) -> Board:
        return _board(core, (forms[0], forms[1]))

    def markets(self, core: FootballVariant) -> tuple[MarketInfo, ...]:
        return tuple(MarketInfo(m.code, m.label, m.rows) for m in markets(core))

    def selection(self, core: FootballVariant, code: str, target: Target) -> Key:
        return market(markets(core), code).check(one_name(code, target))

    def winners(self, core: FootballVariant, played: Played) -> Mapping[str, frozenset[Key]]:
        match: Match = played.detail
        return {m.code: frozenset(s for s in m.selections if m.wins(match, s)) for m in markets(core)}

    def wins(self, core: FootballVariant, played: Played, code: str, key: Key) -> bool:
        return market(markets(core), code).wins(played.detail, key)

    def target(self, key: Key) -> Target:
        return (key,)

    def result(self, core: FootballVariant, played: Played) -> dict[str, Any]:
        match: Match = played.detail
        return {"rates": [str(core.rates[i]) for i in played.forms],
                "goals": [[minute, team + 1] for minute, team in match.goals],
                "incidents": [[minute, team + 1, kind] for minute, team, kind in match.incidents],
                "free_kicks": [[rnd, team + 1, shirt, way] for rnd, team, shirt, way in match.kicks],
                "half_time": list(match.score("half1")), "full_time": list(match.score("match"))}

    def headline(self, core: FootballVariant, played: Played) -> str:
        h, a = played.detail.score("match")
        h1, a1 = played.detail.score("half1")
        return f"{h}:{a} (half time {h1}:{a1})"


SPORT = Football()
