"""The data of a Toto 21 match: the table (:class:`TableSetup`) and the immutable
:class:`MatchState` (000 §12.11 Table setup, Flow)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.fund import FundRake
from croupier.games.pvp.toto21.variant import Toto21Variant


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The two seats, each stake (minor units), the points to win, the Blind Card and Closed game
    options (000 §12.11) and the rake (None: a tournament)."""

    seats: tuple[int, int]
    stake: int
    target: int = 2
    blind_card: bool = False
    closed: bool = False
    rake: FundRake | None = field(default_factory=FundRake)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "stake": self.stake, "target": self.target,
                "blind_card": self.blind_card, "closed": self.closed,
                "rake": None if self.rake is None else self.rake.to_dict()}


def setup_from_record(data: Mapping[str, Any]) -> TableSetup:
    seats = [int(s) for s in data["seats"]]
    return TableSetup((seats[0], seats[1]), int(data["stake"]), int(data["target"]),
                      bool(data["blind_card"]), bool(data["closed"]), FundRake.from_dict(data["rake"]))


class MatchState(NamedTuple):
    variant: Toto21Variant
    setup: TableSetup
    currency: str
    phase: str                      # role (dealer draw) / deal / card / play / done
    dealer: int                     # 0 or 1 (-1 before the first role draw)
    actor: int                      # whose decision (0/1; -1 none)
    deck: tuple[int, ...]           # cards left this round
    cards: tuple[tuple[int, ...], tuple[int, ...]]  # per player index
    blind: int                      # the player's face-down Blind Card (-1: none)
    carried: int                    # consecutive double-bust rounds not yet won
    score: tuple[int, int]
    round: int
    winner: int                     # -1 not yet; 0/1; -2 void
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]

    @property
    def player(self) -> int:
        """The non-dealer, who moves first (000 §12.11 Flow 2)."""
        return 1 - self.dealer
