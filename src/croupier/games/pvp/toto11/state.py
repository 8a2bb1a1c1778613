"""The data of a Toto11 match: the table (:class:`TableSetup`) and the immutable
:class:`MatchState` (000 §12.12.4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.fund import FundRake
from croupier.games.pvp.toto11.variant import Toto11Variant

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class TableSetup:
    seats: tuple[int, int]
    stake: int
    target: int = 62
    rake: FundRake | None = field(default_factory=FundRake)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "stake": self.stake, "target": self.target,
                "rake": None if self.rake is None else self.rake.to_dict()}


def setup_from_record(data: Mapping[str, Any]) -> TableSetup:
    seats = [int(s) for s in data["seats"]]
    return TableSetup((seats[0], seats[1]), int(data["stake"]), int(data["target"]),
                      FundRake.from_dict(data["rake"]))


class MatchState(NamedTuple):
    variant: Toto11Variant
    setup: TableSetup
    currency: str
    phase: str                       # start (who starts: a card each) / deal / play / done
    starter: int                     # who plays first this round
    player: int                      # whose step
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    table: tuple[int, ...]           # face-up cards
    piles: tuple[tuple[int, ...], tuple[int, ...]]  # cards captured this round
    soors: Pair                      # Soors this round
    soors_total: Pair                # Soors this match (at most 5 each: ASSUMPTION)
    last_capture: int                # who captured last this round (-1: nobody)
    score: Pair
    round_start_score: Pair          # the match score before this round (the 50-point Soor limit)
    round: int
    winner: int                      # -1 not yet; 0/1; -2 void
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]
