"""What one roll of two dice does to one craps bet (000 §12.41). Pure functions of the bet, the
table's point before the roll (None: a come-out roll) and the two dice.

A bet's *form* is ``(code, number)``: the number is the bet's own point once it has one (a pass
bet after the come-out, a come bet after its first roll), the chosen number of an odds, lay,
place or hardway bet, and None otherwise. A roll either settles the bet at a total return per
unit staked (:class:`Settle`) or leaves it working, possibly in a new form (:class:`Carry`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, NamedTuple

from croupier.games.dice.craps.variant import ONE_ROLL, POINTS, CrapsVariant

ZERO: Final = Fraction(0)
ONE: Final = Fraction(1)


class Settle(NamedTuple):
    ratio: Fraction  # total returned per unit staked (0 lose, 1 push)


class Carry(NamedTuple):
    code: str
    number: int | None


Resolution = Settle | Carry


def point_after(point: int | None, total: int) -> int | None:
    """The puck after a roll (000 §12.41 Phases): a point number on a come-out roll sets the point;
    in the point phase a 7 or the point turns the puck OFF."""
    if point is None:
        return total if total in POINTS else None
    return None if total in (7, point) else point


def resolve(v: CrapsVariant, code: str, number: int | None, point: int | None,
            d1: int, d2: int) -> Resolution:
    """The effect of the roll ``d1, d2`` on a bet in form ``(code, number)``."""
    t = d1 + d2
    if code in ONE_ROLL:
        return Settle(_one_roll(v, code, t))
    if code in ("pass", "come", "dont_pass", "dont_come"):
        do = code in ("pass", "come")
        if number is None:  # the bet's own come-out roll
            if t in (7, 11):
                return Settle(v.ratio(code) if do else ZERO)
            if t in (2, 3, 12):
                if do:
                    return Settle(ZERO)
                return Settle(ONE if t == v.bar else v.ratio(code))
            return Carry(code, t)
        if t == number:
            return Settle(v.ratio(code) if do else ZERO)
        if t == 7:
            return Settle(ZERO if do else v.ratio(code))
        return Carry(code, number)
    if number is None:  # pragma: no cover - the engine checks every numbered bet's number
        raise ValueError(f"{code} needs its number")
    off = point is None and code in v.off_on_come_out
    if code in ("odds", "place_win", "lay", "place_lose"):
        if t != number and t != 7:
            return Carry(code, number)
        if off:
            # an odds bet whose come bet is decided on a come-out roll comes back (it was off);
            # a place bet that is off waits for a roll that works
            return Settle(ONE) if code in ("odds", "lay") else Carry(code, number)
        wins = (t == number) == (code in ("odds", "place_win"))
        return Settle(v.ratio(code, number) if wins else ZERO)
    # hardway: wins on the pair, loses on a 7 or the number the easy way
    if t != 7 and t != number:
        return Carry(code, number)
    if off:
        return Carry(code, number)
    return Settle(v.ratio(code, number) if d1 == d2 and t == number else ZERO)


def _one_roll(v: CrapsVariant, code: str, t: int) -> Fraction:
    if t not in ONE_ROLL[code]:
        return ZERO
    if code == "field" and t in (2, 12):
        return v.ratio(f"field_{t}")
    if code == "c_and_e":
        return v.ratio("c_and_e_eleven" if t == 11 else "c_and_e_craps")
    return v.ratio(code)
