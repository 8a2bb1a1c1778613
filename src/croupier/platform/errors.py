"""Platform errors: each a :class:`~croupier.errors.CroupierError` with a stable ``code``."""

from __future__ import annotations

from croupier.errors import CroupierError
from croupier.errors import InsufficientFunds as InsufficientFunds  # the one class of its code


class Unauthorized(CroupierError):
    code = "unauthorized"


class WrongCredentials(Unauthorized):
    """A login with a wrong login name or password: one answer for both (no enumeration)."""


class LoginLocked(CroupierError):
    """Too many failed logins for a login name (GLI-19 2.5.4, ``platform/throttle.py``)."""

    code = "login_locked"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class NotFound(CroupierError, LookupError):
    code = "not_found"


class UnknownTable(NotFound):
    code = "unknown_table"


class BettingClosed(CroupierError):
    """A bet after "no more bets" or on a round that is no longer open."""

    code = "betting_closed"


class LoginTaken(CroupierError):
    code = "login_taken"


class DocumentAlreadyRegistered(CroupierError):
    """000 §10: one natural person may have only one game account."""

    code = "document_already_registered"


class UnderAge(CroupierError):
    """000 §9, 001 §2.1: players are over 21."""

    code = "under_age"


class InvalidRegistration(CroupierError, ValueError):
    code = "validation_error"


class IdempotencyConflict(CroupierError):
    """The same idempotency key was used for a different request or transfer."""

    code = "idempotency_key_reused"


class UnsupportedGame(CroupierError):
    code = "unsupported_game"


class RoundStateError(CroupierError):
    """A round transition that its state machine does not allow."""

    code = "round_state"
