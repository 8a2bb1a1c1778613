"""The data of a Goal Penalty match: the table (:class:`TableSetup`) and the immutable
:class:`MatchState` (000 §12.12.6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.fund import FundRake
from croupier.games.pvp.goal_penalty.variant import GoalPenaltyVariant


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The two seats, each stake (minor units), the shots each player takes, the rake."""

    seats: tuple[int, int]
    stake: int
    shots: int = 5
    rake: FundRake | None = field(default_factory=FundRake)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "stake": self.stake, "shots": self.shots,
                "rake": None if self.rake is None else self.rake.to_dict()}


def setup_from_record(data: Mapping[str, Any]) -> TableSetup:
    seats = [int(s) for s in data["seats"]]
    return TableSetup((seats[0], seats[1]), int(data["stake"]), int(data["shots"]),
                      FundRake.from_dict(data["rake"]))


class MatchState(NamedTuple):
    variant: GoalPenaltyVariant
    setup: TableSetup
    currency: str
    phase: str                  # roles (a draw) / shoot / guard / done
    first: int                  # the first Forward (0 or 1); he shoots first in every round
    shooter: int                # the Forward of the current shot
    aim: int                    # the Forward's hidden sector (0 before his choice)
    taken: tuple[int, int]      # shots taken
    goals: tuple[int, int]
    winner: int                 # -1 not yet; 0/1; -2 void
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]
