"""The match tables' refusals: each a :class:`~croupier.errors.CroupierError` with a stable code
(HTTP statuses in :mod:`croupier.api.problems`). The engine's own refusals (an illegal move:
``IllegalAction``, a setup the rules do not allow: ``VariantError``) pass through unchanged."""

from __future__ import annotations

from croupier.errors import CroupierError, IllegalAction, InvalidAmount
from croupier.platform.cardroom.errors import NotYourTurn

__all__ = ["AlreadyRegistered", "BotNotAllowed", "ClockExpired", "MatchState", "NotRegistered",
           "NotYourTurn", "OwnTable", "StakeNotCovered", "TableLimit", "TournamentFull",
           "TournamentStarted", "UnknownOption"]


class OwnTable(CroupierError):
    """A player may not join the table he created."""

    code = "own_table"


class StakeNotCovered(InvalidAmount):
    """A player's cash does not cover the table's stake (nothing is moved)."""

    code = "stake_not_covered"


class MatchState(CroupierError):
    """A command the table's state does not allow now (join a table in play, accept with no
    opponent, move in a match not in play)."""

    code = "match_state"


class ClockExpired(IllegalAction):
    """A move that came after the player's clock ran out (the time-out was applied)."""

    code = "clock_expired"


class BotNotAllowed(CroupierError):
    """A computer opponent plays only demo tables or against another computer opponent, never a
    real player for money (issue 22)."""

    code = "bot_not_allowed"


class TableLimit(CroupierError):
    """A player at as many tables of a game as its rules allow (000 §12.12.1: 13 backgammon
    tables at once; §12.12.2: 3 domino tables)."""

    code = "too_many_tables"


class UnknownOption(CroupierError):
    """A table option the game does not have, or of the wrong type, or a clock not offered."""

    code = "unknown_option"


class AlreadyRegistered(CroupierError):
    """A player registers once for a tournament (nothing is moved the second time)."""

    code = "already_registered"


class TournamentFull(CroupierError):
    """Every seat of the tournament is taken (one the operator starts: it waits for him)."""

    code = "tournament_full"


class TournamentStarted(CroupierError):
    """Registering for, unregistering from or cancelling a tournament that has started (or is
    over, or was cancelled): its entries are closed."""

    code = "tournament_started"


class NotRegistered(CroupierError):
    """Unregistering from a tournament one did not register for (or has left already)."""

    code = "not_registered"
