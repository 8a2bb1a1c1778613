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
    """An action on a round (a hand, a match) that is over, or not in the state the action needs.
    The platform's live tables refine it (platform/live_errors.RoundFinished: also a
    ``RoundStateError``); the code is this class's."""

    code = "round_finished"


class NotYourTurn(IllegalAction):
    """A decision for a box, a seat or a player whose turn it is not (blackjack's boxes, the card
    room's seats, the matches' players; the message says whose turn it is)."""

    code = "not_your_turn"


# -- money, seats and rounds of the platform (one class per code, for every layer) ---------------


class InsufficientFunds(CroupierError):
    """A stake or debit the player cannot cover: the confirmed cash balance (000 §10: bets within
    the balance; platform/errors.py re-exports it), or - as the dealer-poker engine's refinement,
    which is also an ``IllegalAction`` - the stack a decision adds to (Call, Play, Raise)."""

    code = "insufficient_funds"


class SeatTaken(CroupierError):
    """A seat another player holds already: a card-room seat, or a live blackjack seat another
    player bet on in this round (004 §2.2: "Free Seat" only)."""

    code = "seat_taken"


class RoundInProgress(CroupierError):
    """A request that needs no round in progress while one is: the player's open decision round
    of that game (platform/interactive.py: finish it first), or a change of a table's limits for
    a round that has already opened (platform/table_limits.py: limits change between rounds).
    ASSUMPTION: one code for both (the client's answer is the same - wait for the round to end);
    the code ``round_in_progress`` is kept, as the API has always returned it."""

    code = "round_in_progress"


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
