"""The data of a Chingachung match: the table (:class:`TableSetup`) and the immutable
:class:`MatchState` (000 §12.12.7 Conditions, Flow)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.chingachung.variant import ChingachungVariant
from croupier.games.pvp.fund import FundRake


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The two seats, each player's stake (minor units), the score to win, and the rake (None:
    a tournament)."""

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
    variant: ChingachungVariant
    setup: TableSetup
    currency: str
    phase: str                 # first (who steps first: a draw) / step / done
    first: int                 # the player who steps first in every round (0 or 1)
    pending: str               # the first player's hidden step this round ("" before it)
    actor: int                 # whose step the round waits for (-1: none)
    score: tuple[int, int]
    round: int
    winner: int                # -1 not yet, -2 void
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]
