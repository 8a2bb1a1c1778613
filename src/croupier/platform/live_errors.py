"""Errors of live-dealer operations (issue 16): each a precise, stable ``code``; none moves money."""

from __future__ import annotations

from croupier.errors import CroupierError
from croupier.errors import RoundFinished as BaseRoundFinished
from croupier.platform.errors import NotFound, RoundStateError, Unauthorized


class UnknownDevice(Unauthorized):
    """A result from a device token that is not a device of this table (or was revoked)."""

    code = "unknown_device"


class NotLiveTable(CroupierError):
    """A reading or an incident sent to a table whose results come from its RNG."""

    code = "not_live_table"


class UnknownPocket(CroupierError, ValueError):
    """A pocket the table's wheel does not have."""

    code = "unknown_pocket"


class CardNotInShoe(CroupierError, ValueError):
    """A scanned card the shoe does not hold (not a card, or every copy already dealt)."""

    code = "card_not_in_shoe"


class BadReading(CroupierError, ValueError):
    """A reading that does not answer the chance step the round waits for."""

    code = "bad_reading"


class RoundFinished(BaseRoundFinished, RoundStateError):
    """An action on a live round that is already settled or voided (or not in the state it
    needs): the engines' ``round_finished`` (its code, from :class:`croupier.errors.RoundFinished`)
    that is also a ``RoundStateError``, as the live tables' other state refusals."""


class SameOperator(CroupierError):
    """A manual settlement approved by the operator who proposed it (maker/checker, 004 §1.20.2)."""

    code = "same_operator"


class RoleRequired(CroupierError):
    """The account lacks the live role the action needs (dealer, floor manager, operator)."""

    code = "role_required"


class UnknownIncident(NotFound):
    code = "unknown_incident"


class BadIncident(CroupierError, ValueError):
    """An incident the rules do not have for this game, or without its reason."""

    code = "bad_incident"
