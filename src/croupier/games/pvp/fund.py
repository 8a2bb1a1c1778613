"""The winning fund of a two-player game and the house's 4% rake (000 §12.12, §12.12.1, §12.12.2,
§12.12.7, §12.12.8): "4%, charged automatically by the program from the winning fund formed by the
bets of the 2 opponents"; tournaments are excluded (no rake).

Each player stakes the same amount; the fund is both stakes; the winner takes the fund less the
rake, the loser nothing. A game without a winner (a void, a draw the rules leave open) returns
each stake unraked. Settlement is a :class:`~croupier.games.pvp.poker.state.HandSettlement`
(one :class:`BetResult` per seat and the rake; ``total_stake == total_returned + rake``), the same
shape the card room gets from poker.

Rounding (ASSUMPTION, docs/pvp_games.md): the rake is ``fund × percent`` rounded **down** to the
minor unit by default — the one rounding rule of the poker rake module (:mod:`.poker.rake`), in
the players' favour; ``rounding="up"`` (the house's favour) is a table option, since it changes
money.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from croupier.errors import InvalidBet, VariantError
from croupier.games.base import BetResult
from croupier.games.pvp.poker.state import HandSettlement

#: 000 §12.12 "Rake: 4%"
RAKE_PERCENT: Final = Fraction(4, 100)
ROUNDINGS: Final = ("down", "up")


@dataclass(frozen=True, slots=True)
class FundRake:
    """A two-player table's rake: ``percent`` of the winning fund, rounded ``down`` or ``up``."""

    percent: Fraction = RAKE_PERCENT
    rounding: str = "down"

    def __post_init__(self) -> None:
        if not isinstance(self.percent, Fraction) or not 0 <= self.percent < 1:
            raise VariantError(f"a rake is a fraction in [0, 1), got {self.percent!r}")
        if self.rounding not in ROUNDINGS:
            raise VariantError(f"rake rounding is 'down' or 'up', got {self.rounding!r}")

    def of(self, fund: int) -> int:
        """The rake of a fund: ``floor`` or ``ceil`` of ``fund × percent``."""
        num, den = self.percent.numerator, self.percent.denominator
        if self.rounding == "down":
            return fund * num // den
        return -(-fund * num // den)

    def to_dict(self) -> dict[str, Any]:
        return {"percent": str(self.percent), "rounding": self.rounding}

    @classmethod
    def from_dict(cls, data: Any) -> FundRake | None:
        if data is None:
            return None
        return cls(Fraction(str(data["percent"])), str(data["rounding"]))


def check_stake(stake: int) -> None:
    if type(stake) is not int or stake <= 0:
        raise InvalidBet(f"a stake is a positive whole number of minor units, got {stake!r}")


def settle_fund(
    currency: str, seats: Sequence[int], stake: int, winner: int | None, rake: FundRake | None,
) -> HandSettlement:
    """Each seat staked ``stake``; ``winner`` (a seat) takes the fund less the rake; ``None``
    returns every stake unraked (a void or a draw)."""
    if winner is None:
        bets = tuple(BetResult(seat, "match", stake, stake, "push") for seat in seats)
        return HandSettlement(currency, bets, rake=0)
    if winner not in seats:
        raise InvalidBet(f"seat {winner!r} is not at this table")
    fund = stake * len(seats)
    cut = 0 if rake is None else rake.of(fund)
    bets = tuple(
        BetResult(seat, "match", stake, fund - cut if seat == winner else 0,
                  "win" if seat == winner else "lose")
        for seat in seats
    )
    return HandSettlement(currency, bets, rake=cut)
