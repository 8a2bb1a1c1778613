"""The data of a domino match: the table (:class:`TableSetup`) and the immutable
:class:`MatchState` (000 §12.12.2 Conditions)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.domino.layout import Bone, Layout
from croupier.games.pvp.domino.variant import DominoVariant
from croupier.games.pvp.fund import FundRake


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The two seats, each stake (minor units), the score to win, the Winner Gets All option and
    the rake (None: a tournament)."""

    seats: tuple[int, int]
    stake: int
    target: int = 51
    winner_gets_all: bool = False
    rake: FundRake | None = field(default_factory=FundRake)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "stake": self.stake, "target": self.target,
                "winner_gets_all": self.winner_gets_all,
                "rake": None if self.rake is None else self.rake.to_dict()}


def setup_from_record(data: Mapping[str, Any]) -> TableSetup:
    seats = [int(s) for s in data["seats"]]
    return TableSetup((seats[0], seats[1]), int(data["stake"]), int(data["target"]),
                      bool(data["winner_gets_all"]), FundRake.from_dict(data["rake"]))


class MatchState(NamedTuple):
    variant: DominoVariant
    setup: TableSetup
    currency: str
    phase: str                      # deal / play / draw / done
    hands: tuple[tuple[Bone, ...], tuple[Bone, ...]]
    reserve: tuple[Bone, ...]       # the closed Reserve (Block: the bones not used)
    layout: Layout
    required: Bone | None           # the first step's bone of this hand (None once played)
    player: int                     # 0 or 1: whose step it is
    passes: int                     # consecutive passes (2: a block)
    score: tuple[int, int]
    hand_no: int
    winner: int                     # -1 not yet; 0/1; -2 void
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]
