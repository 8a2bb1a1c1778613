"""Precise exceptions shared by every layer.

Every rejection of input raises a subclass of :class:`CroupierError` with a message a player or an
operator can read. Nothing is settled when one is raised.
"""

from __future__ import annotations


class CroupierError(Exception):
    """Base of every error Croupier raises on purpose."""

    code: str = "croupier_error"


# -- amounts -------------------------------------------------------------------------------------


class InvalidAmount(CroupierError, ValueError):
    """An amount is not a finite, positive number of whole minor units."""

    code = "invalid_amount"


class UnknownCurrency(CroupierError, ValueError):
    code = "unknown_currency"


class CurrencyMismatch(CroupierError, ValueError):
    code = "currency_mismatch"


# -- bets ----------------------------------------------------------------------------------------


class InvalidBet(CroupierError, ValueError):
    """A bet cannot be accepted as asked."""

    code = "invalid_bet"


class UnknownBetCode(InvalidBet):
    code = "unknown_bet_code"


class InvalidSelection(InvalidBet):
    """The numbers, cards or options a bet names do not form that bet (a non-adjacent split...)."""

    code = "invalid_selection"


class StakeBelowMinimum(InvalidBet):
    code = "stake_below_minimum"


class StakeAboveMaximum(InvalidBet):
    code = "stake_above_maximum"


class TableLimitExceeded(InvalidBet):
    """The bets of one round together break the table's minimum or maximum."""

    code = "table_limit"


class BetClosed(InvalidBet):
    """The bet is not open in the table's current phase (craps: a pass bet while the puck is ON)."""

    code = "bet_closed"


class MissingBaseBet(InvalidBet):
    """A bet that needs another bet under it was placed without it (craps: odds without a line bet)."""

    code = "missing_base_bet"


class OddsAboveMaximum(StakeAboveMaximum):
    """An odds bet above the multiple of its line bet that the table allows."""

    code = "odds_above_maximum"


# -- engines -------------------------------------------------------------------------------------


class IllegalAction(CroupierError):
    """An action that the rules do not allow in the current state of the round."""

    code = "illegal_action"


class RoundFinished(IllegalAction):
    code = "round_finished"


class ReplayMismatch(CroupierError):
    """Replaying a round's record did not reproduce the recorded events or settlement."""

    code = "replay_mismatch"


# -- games and variants --------------------------------------------------------------------------


class UnknownGame(CroupierError, LookupError):
    code = "unknown_game"


class UnknownVariant(CroupierError, LookupError):
    code = "unknown_variant"


class VariantError(CroupierError, ValueError):
    """A variant file is malformed: a missing or unknown field, a value out of range."""

    code = "variant_error"


class VariantRefused(VariantError):
    """Admission control refused a variant: a bet returns more than the stake or less than the floor."""

    code = "variant_refused"

    def __init__(self, message: str, offending: list[str]) -> None:
        super().__init__(message)
        self.offending = offending
