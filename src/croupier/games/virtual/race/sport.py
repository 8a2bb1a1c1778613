"""Races (000 §12.42, §12.50, §12.58) as a :class:`~croupier.games.virtual.sport.Sport`: form
draws are the runners' strengths, ``place`` draws the finishing order (:mod:`.event`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from croupier.games.base import Target
from croupier.games.virtual.pricing import race_board
from croupier.games.virtual.race.event import finish, next_place, strengths_of
from croupier.games.virtual.race.model import Order, runner_at
from croupier.games.virtual.race.variant import RaceVariant, parse_variant
from croupier.games.virtual.sport import Board, Key, MarketInfo, Played, Sport
from croupier.rng.source import RandomSource


@lru_cache(maxsize=32)
def _board(core: RaceVariant, forms: tuple[int, ...]) -> Board:
    return race_board(core.markets, strengths_of(core, list(forms)), core.rtp)


class Race(Sport):
    outcome_kind = "place"

    def parse(self, raw: dict[str, Any], name: str) -> RaceVariant:
        return parse_variant(raw, name)

    def form_count(self, core: RaceVariant) -> int:
        return core.runners

    def form_values(self, core: RaceVariant) -> Sequence[int]:
        return core.forms

    def run(self, core: RaceVariant, source: RandomSource) -> Played:
        forms = tuple(source.randbelow(len(core.forms)) for _ in range(core.runners))
        strengths = strengths_of(core, list(forms))
        placed: Order = ()
        while (req := next_place(strengths, placed)) is not None:
            placed += (runner_at(strengths, placed, source.randbelow(req.n)),)
        return Played(forms, finish(strengths, placed))

    def board(self, core: RaceVariant, forms: tuple[int, ...]) -> Board:
        return _board(core, forms)

    def markets(self, core: RaceVariant) -> tuple[MarketInfo, ...]:
        return tuple(MarketInfo(m.code, m.label, m.rows) for m in core.markets)

    def selection(self, core: RaceVariant, code: str, target: Target) -> Key:
        return core.market(code).check(core.runners, target)  # type: ignore[arg-type]

    def winners(self, core: RaceVariant, played: Played) -> Mapping[str, frozenset[Key]]:
        order: Order = played.detail
        return {m.code: frozenset(s for s in m.selections(core.runners) if m.wins(order, s))
                for m in core.markets}

    def wins(self, core: RaceVariant, played: Played, code: str, key: Key) -> bool:
        return core.market(code).wins(played.detail, key)

    def target(self, key: Key) -> Target:
        return tuple(key)

    def result(self, core: RaceVariant, played: Played) -> dict[str, Any]:
        return {"strengths": list(strengths_of(core, list(played.forms))), "order": list(played.detail)}

    def headline(self, core: RaceVariant, played: Played) -> str:
        order = played.detail
        return f"Winner {order[0]} · " + "-".join(str(r) for r in order)


SPORT = Race()
