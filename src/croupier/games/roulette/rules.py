"""The roulette rules: what a position returns for a spin. The one place they are written.

The engine settles with these functions; exact analysis and the vectorised simulation call the
engine (or tables the engine built), so there is no second copy of any paytable.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, NamedTuple

from croupier.games.roulette.layout import Position
from croupier.games.roulette.variant import EVEN_MONEY, RouletteVariant
from croupier.games.roulette.wheel import BLACK, RED
from croupier.money import Payout

#: Two-ball inside bets win per ball (000 §12.1 Double Ball: "at least one ball ... double win").
PER_BALL: Final = frozenset({"straight", "split", "street", "trio", "corner", "six_line"})


class Spin(NamedTuple):
    """What a spin decided: where each ball landed and, in Lightning, the lucky numbers."""

    pockets: tuple[int, ...]
    lucky: tuple[tuple[int, Payout], ...] = ()

    def lucky_odds(self, pocket: int) -> Payout | None:
        for p, odds in self.lucky:
            if p == pocket:
                return odds
        return None


class Carry:
    """Sentinel: the bet is not settled by this spin but stays for the next (001 §8.13.4)."""

    def __repr__(self) -> str:
        return "CARRY"


CARRY: Final = Carry()
HALF: Final = Fraction(1, 2)


def position_return(
    variant: RouletteVariant, pos: Position, spin: Spin, prisoner: bool = False
) -> Fraction | Carry:
    """Total returned per unit of the position's stake (stake included), or :data:`CARRY`."""
    if variant.balls == 2:
        return _two_balls(variant, pos, spin)
    pocket = spin.pockets[0]
    if prisoner:
        # ASSUMPTION 001 §8.13.4 (en prison): on the next spin an imprisoned even-money bet gets
        # its stake back if it wins and is lost otherwise, a second zero included.
        return Fraction(1) if pocket in pos.chips[0].cover else Fraction(0)
    zeros = variant.wheel.zeros
    total = Fraction(0)
    for chip in pos.chips:
        if pocket in chip.cover:
            lucky = spin.lucky_odds(pocket) if chip.kind == "straight" else None
            total += (lucky or variant.payouts[chip.kind]).total
        elif pocket in zeros and chip.kind in EVEN_MONEY:
            if variant.zero_rule == "la_partage":
                total += HALF  # 000 §12.1 La Partage: half of the bet is returned
            elif variant.zero_rule == "en_prison":
                return CARRY  # 001 §8.13.4: "remain in place for the next spin"
    return total / len(pos.chips)


def _two_balls(variant: RouletteVariant, pos: Position, spin: Spin) -> Fraction:
    """000 §12.1 Double Ball Roulette."""
    a, b = spin.pockets
    chip = pos.chips[0]
    pay = variant.payouts[chip.kind]
    if chip.kind in PER_BALL:
        hits = (a in chip.cover) + (b in chip.cover)
        if hits == 0:
            return Fraction(0)
        # ASSUMPTION: a double hit returns the stake once and pays the net win twice.
        return 1 + hits * pay.net
    if chip.kind == "red_black":  # one ball red and the other black
        won = (a in RED and b in BLACK) or (a in BLACK and b in RED)
    elif chip.kind == "double_any":  # both balls on the same number, any number
        won = a == b
    elif chip.kind == "double_number":  # both balls on the chosen number
        won = a == b and a in chip.cover
    else:  # outside bets: "only if both balls land on numbers covered by the bet"
        won = a in chip.cover and b in chip.cover
    return pay.total if won else Fraction(0)
