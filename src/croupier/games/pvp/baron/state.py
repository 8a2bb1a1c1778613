"""The data of a Baron match: the table (:class:`TableSetup`) and the immutable
:class:`MatchState` (000 §12.12.5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.baron.variant import BaronVariant
from croupier.games.pvp.fund import FundRake


@dataclass(frozen=True, slots=True)
class TableSetup:
    seats: tuple[int, int]
    stake: int
    target: int = 3
    rake: FundRake | None = field(default_factory=FundRake)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "stake": self.stake, "target": self.target,
                "rake": None if self.rake is None else self.rake.to_dict()}


def setup_from_record(data: Mapping[str, Any]) -> TableSetup:
    seats = [int(s) for s in data["seats"]]
    return TableSetup((seats[0], seats[1]), int(data["stake"]), int(data["target"]),
                      FundRake.from_dict(data["rake"]))


class MatchState(NamedTuple):
    variant: BaronVariant
    setup: TableSetup
    currency: str
    phase: str                     # roles / first_deal / trump / rest_deal / lead / answer / done
    baron: int                     # 0 or 1 (-1 before the role cards)
    deck: tuple[int, ...]          # cards not dealt this round
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    trump: int                     # suit 0..3 (-1 before the Baron names it)
    leader: int                    # who leads the current trick
    led: int                       # the card led (-1: none yet)
    tricks: tuple[int, int]
    score: tuple[int, int]
    round: int
    winner: int                    # -1 not yet; 0/1; -2 void
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]
