"""Virtual Table Tennis (000 §12.61) as a :class:`~croupier.games.virtual.sport.Sport`: one
``form`` draw is player A's point chance, then one ``point`` draw per point (:mod:`.game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from croupier.games.base import Target
from croupier.games.virtual.pricing import table_tennis_board
from croupier.games.virtual.sport import Board, Key, MarketInfo, Played, Sport, one_name
from croupier.games.virtual.tabletennis.game import (
    MARKETS,
    TableTennisVariant,
    market,
    parse_variant,
    run,
)
from croupier.rng.source import RandomSource


@lru_cache(maxsize=32)
def _board(core: TableTennisVariant, form: int) -> Board:
    return table_tennis_board(core, form)


class TableTennis(Sport):
    outcome_kind = "point"

    def parse(self, raw: dict[str, Any], name: str) -> TableTennisVariant:
        return parse_variant(raw, name)

    def form_count(self, core: TableTennisVariant) -> int:
        return 1

    def form_values(self, core: TableTennisVariant) -> Sequence[Fraction]:
        return core.point_chances

    def run(self, core: TableTennisVariant, source: RandomSource) -> Played:
        form, points = run(core, source)
        return Played((form,), points)

    def board(self, core: TableTennisVariant, forms: tuple[int, ...]) -> Board:
        return _board(core, forms[0])

    def markets(self, core: TableTennisVariant) -> tuple[MarketInfo, ...]:
        return tuple(MarketInfo(m.code, m.label, m.rows) for m in MARKETS)

    def selection(self, core: TableTennisVariant, code: str, target: Target) -> Key:
        m = market(code)
        return m.check(one_name(code, target))

    def winners(self, core: TableTennisVariant, played: Played) -> Mapping[str, frozenset[Key]]:
        return {m.code: frozenset({m.settle(played.detail)}) for m in MARKETS}

    def wins(self, core: TableTennisVariant, played: Played, code: str, key: Key) -> bool:
        return bool(market(code).settle(played.detail) == key)

    def target(self, key: Key) -> Target:
        return (key,)

    def result(self, core: TableTennisVariant, played: Played) -> dict[str, Any]:
        return {"point_chance": str(core.point_chances[played.forms[0]]), "points": played.detail}

    def headline(self, core: TableTennisVariant, played: Played) -> str:
        s: str = played.detail
        return f"{s.count('A')}:{s.count('B')}"


SPORT = TableTennis()
