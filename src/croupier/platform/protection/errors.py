"""Errors of player protection, each with a stable ``code`` (HTTP statuses in ``api/protection``)."""

from __future__ import annotations

from croupier.errors import CroupierError


class RestrictedPerson(CroupierError):
    """001 §2.1: a person in the Register (or self-excluded) may not register, log in or play."""

    code = "restricted_person"


class AccountBlocked(CroupierError):
    """001 §5.1.4: a blocked Personal Account cannot bet or deposit; its money is preserved."""

    code = "account_blocked"


class DepositLimitExceeded(CroupierError):
    """001 §10.1: a deposit over the player's own limit for the day, week or month."""

    code = "deposit_limit_exceeded"


class PlayTimeLimitReached(CroupierError):
    """001 §10.2: the player's own play-time limit for the day or week is reached."""

    code = "play_time_limit_reached"


class InvalidLimit(CroupierError, ValueError):
    code = "invalid_limit"


class LimitChangeRefused(CroupierError):
    """001 §10.1: a deposit limit can be changed only once per calendar month."""

    code = "limit_change_refused"


class VerificationRequired(CroupierError):
    """001 §5.2.13: withdrawals are for verified players."""

    code = "verification_required"


class ThirdPartyPayout(CroupierError):
    """001 §5.2.18: no payouts to third parties."""

    code = "third_party_payout"


class ComplaintRefused(CroupierError):
    """000 §11: complaints are accepted within 15 days of the actual end of the game."""

    code = "complaint_refused"


class OperatorOnly(CroupierError):
    code = "operator_only"


class ProtectionStateError(CroupierError):
    """A back-office action that the current state does not allow (e.g. resolving twice)."""

    code = "protection_state"
