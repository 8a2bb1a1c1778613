"""21 Bet (000 §12.54): two conditional players draw to fixed rules from a 36-card deck; the
players bet on the outcome (15 bets). No decision is taken once bets are closed.

The rules, with the ASSUMPTIONS that settle the text's gaps, are in :mod:`.rules`; the exact win
chance of every bet by full enumeration in :mod:`.exact`; the engine, the variant checks and the
derived odds in :mod:`.engine`. The jackpot (0.5%-1% of each bet) is paid by the platform's
jackpot service (docs/jackpots.md).
"""

from croupier.games.bet21.engine import (
    ENGINE,
    GAME,
    JACKPOT_RANGE,
    RULES,
    Bet21Rules,
    derived_payouts,
    exact,
    jackpot_contribution,
    opts,
    play_order,
    result_of,
    simulate,
)

__all__ = ["ENGINE", "GAME", "JACKPOT_RANGE", "RULES", "Bet21Rules", "derived_payouts", "exact",
           "jackpot_contribution", "opts", "play_order", "result_of", "simulate"]
