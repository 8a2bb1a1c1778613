"""AUTOBET (000 §12.20 Auto mode): the system bets for the player, round after round.

Fields (§12.20): 1 "Base Bet", 2 "Total Bets Limit" (the most the session's bets may add up to),
3 "Auto Cashout" (default 1.01), 4 after a win / after a loss: 4.1 "Return to Base Bet" or
4.2 "Double Current Bet". The session stops when the next bet would take the total of all bets
above the limit (§12.20), or - ASSUMPTION (ambiguity 3) - when the doubled bet would be above the
table maximum: it never places a bet the table refuses, and never caps one silently.

:func:`session_distribution` enumerates every path of a session exactly (the analysis of
``croupier rtp``); by Wald's identity its RTP equals the single bet's at the same target, which the
tests check.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from croupier.errors import InvalidSelection
from croupier.games.crash.variant import AFTER


@dataclass(frozen=True, slots=True)
class Autobet:
    """An AUTOBET session: its settings and where it stands."""

    base: int                 # §12.20 field 1, minor units
    limit: int                # §12.20 field 2, minor units
    target: int               # §12.20 field 3, hundredths
    after_win: str = "base"   # §12.20 field 4
    after_loss: str = "base"
    table_max: int | None = None
    next_bet: int = 0
    total: int = 0
    rounds: int = 0
    stopped: str | None = None

    @classmethod
    def begin(cls, base: int, limit: int, target: int, after_win: str = "base",
              after_loss: str = "base", table_max: int | None = None) -> Autobet:
        for label, v in (("after a win", after_win), ("after a loss", after_loss)):
            if v not in AFTER:
                raise InvalidSelection(f"{label}: 'base' (return to base bet) or 'double' "
                                       f"(double current bet), got {v!r}")
        if isinstance(base, bool) or not isinstance(base, int) or base < 1:
            raise InvalidSelection(f"the base bet must be a positive whole number of minor units, got {base!r}")
        if isinstance(limit, bool) or not isinstance(limit, int):
            raise InvalidSelection(f"the total bets limit must be a whole number of minor units, got {limit!r}")
        s = cls(base, limit, target, after_win, after_loss, table_max, next_bet=base)
        return s._check(base)

    def _check(self, bet: int) -> Autobet:
        if self.total + bet > self.limit:
            return replace(self, next_bet=bet, stopped="limit")
        if self.table_max is not None and bet > self.table_max:
            return replace(self, next_bet=bet, stopped="table maximum")
        return replace(self, next_bet=bet)

    @property
    def stake(self) -> int | None:
        """The bet the session places next, or ``None`` once it has stopped."""
        return None if self.stopped else self.next_bet

    def after(self, won: bool) -> Autobet:
        """The session after the round its current bet was in."""
        if self.stopped:
            raise InvalidSelection(f"the AUTOBET session has stopped ({self.stopped})")
        rule = self.after_win if won else self.after_loss
        nxt = self.base if rule == "base" else 2 * self.next_bet
        moved = replace(self, total=self.total + self.next_bet, rounds=self.rounds + 1)
        return moved._check(nxt)


def session_distribution(session: Autobet, p_win: Fraction
                         ) -> list[tuple[Fraction, int, Fraction]]:
    """Every path of a session to its stop: (probability, total staked, total returned), the
    return of a win being the bet times the target exactly (per unit staked, no rounding)."""
    out: list[tuple[Fraction, int, Fraction]] = []
    mult = Fraction(session.target, 100)

    def walk(s: Autobet, prob: Fraction, returned: Fraction) -> None:
        if s.stake is None:
            out.append((prob, s.total, returned))
            return
        bet = s.next_bet
        walk(s.after(True), prob * p_win, returned + bet * mult)
        walk(s.after(False), prob * (1 - p_win), returned)

    walk(session, Fraction(1), Fraction(0))
    return out
