"""The data of a Hexagon game: the table (:class:`TableSetup`) and the immutable
:class:`GameState` (000 §12.12.8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.fund import FundRake
from croupier.games.pvp.hexagon.board import Board
from croupier.games.pvp.hexagon.variant import HexagonVariant


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The two seats (the first plays the first layout, pieces ``1``), each stake (minor units)
    and the rake (None: a tournament). The first move is drawn (000 §12.12.8)."""

    seats: tuple[int, int]
    stake: int
    rake: FundRake | None = field(default_factory=FundRake)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "stake": self.stake,
                "rake": None if self.rake is None else self.rake.to_dict()}


def setup_from_record(data: Mapping[str, Any]) -> TableSetup:
    seats = [int(s) for s in data["seats"]]
    return TableSetup((seats[0], seats[1]), int(data["stake"]), FundRake.from_dict(data["rake"]))


class GameState(NamedTuple):
    variant: HexagonVariant
    setup: TableSetup
    currency: str
    phase: str            # first (who moves first: a draw) / move / done
    board: Board
    player: int           # 1 or 2: whose move it is
    winner: int           # -1 not yet; 0 or 1 a seat index; -2 void
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]

    def count(self, player: int) -> int:
        return self.board.count(player)
