"""The data of a backgammon match: the table (:class:`MatchSetup`) and the immutable
:class:`MatchState` (000 §12.12.1 Table conditions, Additional rules)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.backgammon.board import Side, Step
from croupier.games.pvp.backgammon.variant import BackgammonVariant
from croupier.games.pvp.fund import FundRake


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """What the table's creator chose and the joiner accepted (000 §12.12.1 Table conditions).

    ``seats``: the two players' seats (the first is "white": it is listed first in the opening
    roll); ``stake``: each player's bet (minor units); ``target``: the score to win the match;
    ``cube``, ``koks``, ``beaver``, ``jacoby``: the extra options; ``rake``: the fund's rake
    (None: a tournament, 000 §12.12.1 "Tournaments are excluded")."""

    seats: tuple[int, int]
    stake: int
    target: int = 1
    cube: bool = False
    koks: bool = False
    beaver: bool = False
    jacoby: bool = False
    rake: FundRake | None = field(default_factory=FundRake)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "stake": self.stake, "target": self.target,
                "cube": self.cube, "koks": self.koks, "beaver": self.beaver,
                "jacoby": self.jacoby, "rake": None if self.rake is None else self.rake.to_dict()}


def setup_from_record(data: Mapping[str, Any]) -> MatchSetup:
    """The :class:`MatchSetup` a match's ``round_started`` event holds."""
    seats = [int(s) for s in data["seats"]]
    return MatchSetup(
        seats=(seats[0], seats[1]), stake=int(data["stake"]), target=int(data["target"]),
        cube=bool(data["cube"]), koks=bool(data["koks"]), beaver=bool(data["beaver"]),
        jacoby=bool(data["jacoby"]), rake=FundRake.from_dict(data["rake"]),
    )


class MatchState(NamedTuple):
    """The immutable state of a match. Per-player tuples are indexed 0 (first seat) and 1."""

    variant: BackgammonVariant
    setup: MatchSetup
    currency: str
    phase: str                 # opening / turn (roll or double) / dice / move / doubled / beavered / done
    sides: tuple[Side, Side]   # each player's checkers in his own numbering
    player: int                # whose turn it is (the mover)
    dice: tuple[int, ...]      # the moves of the roll being played
    moves: Mapping[tuple[Side, Side], tuple[Step, ...]]  # legal positions of this roll -> steps
    cube: int                  # the game's value
    owner: int                 # the cube's owner: -1 centred, 0 or 1
    cube_used: bool            # a double was offered this game (Jacoby rule)
    crawford: bool             # this game is the Crawford game (no cube)
    crawford_done: bool        # the match had its Crawford game
    first_turn: tuple[bool, bool]  # each player has not moved yet this game (Long head exception)
    game: int                  # game number in the match, from 1
    score: tuple[int, int]
    winner: int                # the match winner (-1: none yet; -2: void)
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]
