"""The house's rake in player-vs-player poker, as pure integer maths (minor units).

000's platform section: the organiser charges either a **percentage** rake or a **time (hourly)**
rake, set per game and published (000 part A "Rake"); for poker "within 3–5%", announced before the
game, charged automatically from the pot **after each hand** (000 §12.12.3, read as 3–5%).
Tournaments are excluded from the pot rake (000 platform rules for player-vs-player games): their
house income is the entry fee (:class:`TournamentFee`).

Rounding (one rule, documented in docs/pvp_poker.md): every rake figure is rounded **down** to the
minor unit, in the players' favour. A cap (per hand) and "no flop, no drop" (no rake from a hand
that ends before the flop) are operator choices the rules do not state (000 §12.12.3 ASSUMPTION).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import numpy as np

from croupier.errors import VariantError
from croupier.games.pvp.poker.core import pot_rakes

#: 000 §12.12.3 "within 3–5%"
MIN_PERCENT: Final = Fraction(3, 100)
MAX_PERCENT: Final = Fraction(5, 100)
#: the finest rake percentage: four decimals (0.0001% = 1/1,000,000), so that a pot of up to
#: MAX_CHIPS times the numerator stays inside the compiled core's 64-bit integers
MAX_DENOMINATOR: Final = 10**6
#: the most minor units one seat may bring to a hand (10^12: ten billion major units at two
#: decimals); nine such stacks times a rake numerator stay inside 64-bit integers
MAX_CHIPS: Final = 10**12


@dataclass(frozen=True, slots=True)
class PercentRake:
    """A table's percentage rake: ``percent`` of each pot, at most ``cap`` per hand (None: no
    cap), and none from a hand without a flop when ``no_flop_no_drop``."""

    percent: Fraction
    cap: int | None = None
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.percent, Fraction) or not MIN_PERCENT <= self.percent <= MAX_PERCENT:
            raise VariantError(f"the poker rake is 3% to 5% of the pot (000 §12.12.3), got {self.percent!r}")
        if self.percent.denominator > MAX_DENOMINATOR:
            raise VariantError(f"a rake percentage is published to at most four decimals (a denominator up "
                               f"to {MAX_DENOMINATOR:,}), got {self.percent}")
        if self.cap is not None and (type(self.cap) is not int or not 0 <= self.cap <= MAX_CHIPS):
            raise VariantError(f"a rake cap is a whole number of minor units, 0 to {MAX_CHIPS:,}, got {self.cap!r}")


def pot_rake(rule: PercentRake | None, pots: Sequence[int], flop_seen: bool) -> list[int]:
    """The rake of each pot of one hand (main pot first): ``floor(pot × percent)``, the cap
    filled from the main pot outwards. Never more than a pot holds. The core's rule
    (:func:`.core.pot_rakes`, applied at the end of every hand), from Python."""
    if rule is None:
        return [0] * len(pots)
    out = np.zeros(len(pots), dtype=np.int64)
    pot_rakes(rule.percent.numerator, rule.percent.denominator, -1 if rule.cap is None else rule.cap,
              rule.no_flop_no_drop, flop_seen, np.array(pots, dtype=np.int64), len(pots), out)
    return [int(x) for x in out]


@dataclass(frozen=True, slots=True)
class HourlyRake:
    """The time rake of 000's platform section: ``per_hour`` minor units per seated hour,
    charged pro rata and rounded down (a player seated 90 minutes at 600/h pays 900)."""

    per_hour: int

    def __post_init__(self) -> None:
        if type(self.per_hour) is not int or self.per_hour <= 0:
            raise VariantError(f"an hourly rake is a positive number of minor units, got {self.per_hour!r}")

    def charge(self, seconds: int) -> int:
        if type(seconds) is not int or seconds < 0:
            raise VariantError(f"seated time is whole seconds >= 0, got {seconds!r}")
        return self.per_hour * seconds // 3600

    def charges(self, seconds_per_period: Sequence[int]) -> list[int]:
        """Charges for consecutive periods that add up exactly to the charge of their total time
        (each period pays the increase of the rounded-down running total: no unit is lost)."""
        out = []
        total = 0
        for s in seconds_per_period:
            before = self.charge(total)
            total += s
            out.append(self.charge(total) - before)
        return out


@dataclass(frozen=True, slots=True)
class TournamentFee:
    """A sit-and-go entry: ``buy_in`` goes to the prize pool, ``fee`` to the house (tournaments
    pay no pot rake: 000 platform rules)."""

    buy_in: int
    fee: int

    def __post_init__(self) -> None:
        if type(self.buy_in) is not int or type(self.fee) is not int or self.buy_in <= 0 or self.fee < 0:
            raise VariantError(f"a tournament needs a positive buy-in and a fee >= 0, got {self.buy_in!r} + {self.fee!r}")

    @property
    def entry(self) -> int:
        return self.buy_in + self.fee

    def prize_pool(self, entrants: int) -> int:
        return self.buy_in * entrants

    def house_fee(self, entrants: int) -> int:
        return self.fee * entrants


def prize_split(pool: int, shares: Sequence[Fraction]) -> list[int]:
    """Prizes of a tournament's places: ``floor(pool × share)`` each, the odd units to first
    place, so the prizes add up to the pool exactly. ``shares`` must sum to 1."""
    if not shares or sum(shares, Fraction(0)) != 1 or any(s < 0 for s in shares):
        raise VariantError(f"a prize table's shares must be >= 0 and sum to 1, got {list(shares)!r}")
    prizes = [pool * s.numerator // s.denominator for s in shares]
    prizes[0] += pool - sum(prizes)
    return prizes
