"""Virtual Tennis (000 §12.60) as a :class:`~croupier.games.virtual.sport.Sport`: two ``form``
draws are the players' serve chances, then one ``point`` draw per point (:mod:`.match`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from croupier.games.base import Target
from croupier.games.virtual.pricing import tennis_board
from croupier.games.virtual.sport import Board, Key, MarketInfo, Played, Sport, one_name
from croupier.games.virtual.tennis.markets import MARKETS, check, settle
from croupier.games.virtual.tennis.match import Match, run
from croupier.games.virtual.tennis.variant import TennisVariant, parse_variant
from croupier.rng.source import RandomSource


@lru_cache(maxsize=32)
def _board(core: TennisVariant, forms: tuple[int, int]) -> Board:
    return tennis_board(core, forms)


class Tennis(Sport):
    outcome_kind = "point"

    def parse(self, raw: dict[str, Any], name: str) -> TennisVariant:
        return parse_variant(raw, name)

    def form_count(self, core: TennisVariant) -> int:
        return 2

    def form_values(self, core: TennisVariant) -> Sequence[Fraction]:
        return core.serve_chances

    def run(self, core: TennisVariant, source: RandomSource) -> Played:
        forms, match = run(core.serve_chances, source)
        return Played(forms, match)

    def board(self, core: TennisVariant, forms: tuple[int, ...]) -> Board:
        return _board(core, (forms[0], forms[1]))

    def markets(self, core: TennisVariant) -> tuple[MarketInfo, ...]:
        return tuple(MarketInfo(code, label, rows) for code, (label, rows, _) in MARKETS.items())

    def selection(self, core: TennisVariant, code: str, target: Target) -> Key:
        if code not in MARKETS:
            return check(code, "")  # raises UnknownBetCode
        return check(code, one_name(code, target))

    def winners(self, core: TennisVariant, played: Played) -> Mapping[str, frozenset[Key]]:
        return {code: frozenset(sels) for code, sels in settle(played.detail).items()}

    def target(self, key: Key) -> Target:
        return (key,)

    def result(self, core: TennisVariant, played: Played) -> dict[str, Any]:
        match: Match = played.detail
        return {"serve_chances": [str(core.serve_chances[i]) for i in played.forms],
                "sets": [list(match.set_score(i)) for i in range(len(match.sets))],
                "first_game_points": [p + 1 for p in match.sets[0][0].points]}

    def headline(self, core: TennisVariant, played: Played) -> str:
        m: Match = played.detail
        a, b = m.sets_won()
        return f"Sets {a}:{b} (" + " ".join("{}:{}".format(*m.set_score(i)) for i in range(len(m.sets))) + ")"


SPORT = Tennis()
