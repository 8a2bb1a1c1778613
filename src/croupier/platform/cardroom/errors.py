"""The card room's refusals: each a :class:`~croupier.errors.CroupierError` with a stable code."""

from __future__ import annotations

from croupier.errors import CroupierError, InvalidAmount
from croupier.errors import NotYourTurn as NotYourTurn  # the one class of each code, shared
from croupier.errors import SeatTaken as SeatTaken


class AlreadySeated(CroupierError):
    """A player may hold one seat at a table (and one seat in a Rush pool)."""

    code = "already_seated"


class NotSeated(CroupierError):
    code = "not_seated"


class BuyInRefused(InvalidAmount):
    """A buy-in outside the table's range (000 §12.12.3 formats: All-in or Fold buys in with
    exactly 8 BB / 4 BB)."""

    code = "buy_in_refused"


class TableFull(CroupierError):
    code = "table_full"


class TableNotRunning(CroupierError):
    """The table's runner is not in this server process (or the table is not running)."""

    code = "table_not_running"


class TournamentClosed(CroupierError):
    code = "tournament_closed"


class NotInHand(CroupierError):
    """A Rush & Cash action (a fast fold...) from a player who is in no hand of the pool now
    (waiting for his next hand, sitting out, or not in the pool)."""

    code = "not_in_hand"
