"""The data of a Belote match: the table (:class:`TableSetup`, 000 §12.12 Conditions), the
immutable :class:`MatchState` and the settlement (:class:`BeloteSettlement`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from croupier.games.base import Event
from croupier.games.pvp.belote.variant import BeloteVariant
from croupier.games.pvp.fund import FundRake
from croupier.games.pvp.poker.state import HandSettlement

#: a player's cards: piles, each bottom first (Classic: 9 piles of one card)
Piles = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The creator's conditions: two seats, the stake (minor units), the game score (``mode``
    "wins" or "points" and its ``target``), which combinations may be declared (``combos``:
    all / no_four_hundred / tierce_only / none), No Trump (Boy), Double Score for Capot, Contra
    - ReContra, Change card, Double stake (``double_max``: 0 off, else the largest multiplier)
    ``max_bet``: the Double stake maximum bet (0: the stake times ``double_max``), and the rake
    (None: a tournament)."""

    seats: tuple[int, int]
    stake: int
    target: int = 51
    mode: str = "points"
    combos: str = "all"
    no_trump: bool = False
    double_capot: bool = False
    contra: bool = False
    change_card: bool = False
    double_max: int = 0
    max_bet: int = 0
    rake: FundRake | None = field(default_factory=FundRake)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "stake": self.stake, "target": self.target,
                "mode": self.mode, "combos": self.combos, "no_trump": self.no_trump,
                "double_capot": self.double_capot, "contra": self.contra,
                "change_card": self.change_card, "double_max": self.double_max, "max_bet": self.max_bet,
                "rake": None if self.rake is None else self.rake.to_dict()}

    @property
    def escrow(self) -> int:
        """What each player puts in at the start: the stake, or the Double stake maximum
        ("the maximum bet amount is charged immediately on joining")."""
        if not self.double_max:
            return self.stake
        return self.max_bet or self.stake * self.double_max


def setup_from_record(data: Mapping[str, Any]) -> TableSetup:
    seats = [int(s) for s in data["seats"]]
    return TableSetup((seats[0], seats[1]), int(data["stake"]), int(data["target"]),
                      str(data["mode"]), str(data["combos"]), bool(data["no_trump"]),
                      bool(data["double_capot"]), bool(data["contra"]), bool(data["change_card"]),
                      int(data["double_max"]), int(data["max_bet"]), FundRake.from_dict(data["rake"]))


@dataclass(frozen=True, slots=True)
class BeloteSettlement(HandSettlement):
    """A match's settlement: per seat the escrow put in and taken back (``bet_kind`` "match"),
    and each Change card charge (``"change_card"``, nothing returned); ``rake`` is the 4% of the
    winning fund, ``fees`` the charges. ``total_stake == total_returned + rake + fees``."""

    fees: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {**HandSettlement.to_dict(self), "fees": self.fees}


class MatchState(NamedTuple):
    variant: BeloteVariant
    setup: TableSetup
    currency: str
    phase: str            # first/deal/bid/contra/recontra/rest/change/change_draw/play/double/done
    first: int            # the player offered the trump first this hand (he leads the first trick)
    step: int             # the trump offer: 0 first, 1 second, 2 first again, 3 second (must)
    face_up: int          # Classic: the face-up card (-1 none)
    chooser: int          # who chose the trump (-1 not yet)
    trump: int            # 0..3, 4 No Trump, -1 not chosen
    open_taken: bool      # Classic: the chooser takes the face-up card
    contra: int           # 1, 2 (Contra) or 4 (ReContra)
    stock: tuple[int, ...]
    piles: tuple[Piles, Piles]
    swap: int             # Change card: the card being changed (-1 none)
    changer: int          # Change card: whose turn to change or keep
    leader: int
    led: int              # the card led to the current trick (-1: none)
    cards: tuple[int, int]      # card points captured this hand
    tricks: tuple[int, int]
    declared: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    played: tuple[int, int]     # cards each has played this hand
    mult: int             # the Double stake multiplier
    doubler: int          # who offered the pending double (-1 none)
    resume: str           # the phase a double interrupted
    fees: tuple[int, int]       # Change card charges
    score: tuple[int, int]
    hand_no: int
    winner: int           # -1 not yet; 0/1; -2 void
    events: tuple[Event, ...]

    def seat(self, i: int) -> int:
        return self.setup.seats[i]

    def hand(self, i: int) -> tuple[int, ...]:
        """Player i's playable (face-up) cards: the top of each pile."""
        return tuple(p[-1] for p in self.piles[i] if p)
