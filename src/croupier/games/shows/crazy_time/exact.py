"""Exact RTP of every Crazy Time bet (000 §12.31) by closed-form distribution algebra, in Fraction.

Method 1 (this module): the return of a bet is built from the distributions of its parts:

* the main wheel: segment ``s`` with probability count/54;
* the Top Slot: the multiplier ``m`` that lands on ``s`` (1 when the spot reel shows another
  spot or a miss);
* a bonus's final multiplier ``X`` given ``m``: Cash Hunt ``m * v`` with ``v`` uniform over the
  wall's 108 values (a uniformly shuffled wall: every cell, so every pick, holds each value with
  the same probability); Coin Flip ``m *`` red or blue with 1/2 each; Pachinko and the Crazy
  Time wheel as a recursion on the factor ``f`` of the DOUBLE / TRIPLE hits so far, values capped
  at 10,000x / 20,000x and DOUBLE / TRIPLE paying the cap once every value has reached it.

A number bet ``n`` returns ``1 + n * m``, a bonus bet ``1 + X`` (stake returned, §12.31
ambiguities 1-2 ASSUMPTION). Method 2 (:mod:`.walk`, used by the tests) drives the engine itself
over every draw; both must give the same Fractions.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from croupier.games.maths import BetRTP, Distribution
from croupier.games.shows.crazy_time.variant import (
    BONUSES,
    DOUBLE,
    NUMBERS,
    TRIPLE,
    CrazyTimeVariant,
)
from croupier.games.shows.showdata import Dist, dist_add, dist_mean


def top_slot(v: CrazyTimeVariant, code: str) -> Dist:
    """The Top Slot multiplier that applies to ``code`` this round (1: none)."""
    p_spot = Fraction(dict(v.top_slot_spots.probabilities()).get(code, Fraction(0)))
    out: Dist = {1: 1 - p_spot}
    dist_add(out, v.top_slot_multipliers.probabilities(), p_spot)
    return {k: p for k, p in out.items() if p}


def landing(v: CrazyTimeVariant) -> list[Fraction]:
    """P(the puck lands in slot i), i = 0..15: a drop zone uniform over the zones, then one
    step right with probability 1/2 at each of the peg rows (docs/shows.md)."""
    out = [Fraction(0)] * 16
    z0 = min(v.pachinko_zones)
    for z in v.pachinko_zones:
        for r in range(v.pachinko_pegs + 1):
            out[z - z0 + r] += Fraction(comb(v.pachinko_pegs, r), 2**v.pachinko_pegs * len(v.pachinko_zones))
    return out


def capped(value: int, m: int, f: int, cap: int) -> int:
    return min(cap, value * m * f)


def all_capped(cells: tuple[int | str, ...], m: int, f: int, cap: int) -> bool:
    """The 10,000x / 20,000x rule: every multiplier has reached the cap."""
    return all(capped(c, m, f, cap) == cap for c in cells if isinstance(c, int))


def pachinko(v: CrazyTimeVariant, m: int) -> Dist:
    """The final Pachinko multiplier given the Top Slot multiplier ``m``."""
    land = landing(v)
    out: Dist = {}
    for b, pb in v.pachinko_boards.probabilities():
        slots = v.pachinko_layouts[b].slots

        @cache
        def after(f: int, slots: tuple[int | str, ...] = slots) -> tuple[tuple[int, Fraction], ...]:
            d: Dist = {}
            full = all_capped(slots, m, f, v.pachinko_cap)
            for cell, p in zip(slots, land, strict=True):
                if not p:
                    continue
                if isinstance(cell, int):
                    dist_add(d, [(capped(cell, m, f, v.pachinko_cap), p)])
                elif full:
                    dist_add(d, [(v.pachinko_cap, p)])
                else:
                    dist_add(d, after(2 * f), p)
            return tuple(d.items())

        dist_add(out, after(1), pb)
    return out


def bonus_wheel(v: CrazyTimeVariant, m: int) -> Dist:
    """The final multiplier under any one flapper (the wheel's draw is uniform, so each flapper
    sees every segment with probability 1/64 whatever its offset)."""
    cells = v.bonus_wheel
    p = Fraction(1, len(cells))

    @cache
    def after(f: int) -> tuple[tuple[int, Fraction], ...]:
        d: Dist = {}
        full = all_capped(cells, m, f, v.bonus_cap)
        for cell in cells:
            if isinstance(cell, int):
                dist_add(d, [(capped(cell, m, f, v.bonus_cap), p)])
            elif full:
                dist_add(d, [(v.bonus_cap, p)])
            else:
                dist_add(d, after(f * (2 if cell == DOUBLE else 3)), p)
        return tuple(d.items())

    return dict(after(1))


def bonus(v: CrazyTimeVariant, code: str, m: int) -> Dist:
    """The final multiplier of the bonus ``code`` given the Top Slot multiplier ``m``."""
    if code == "cash_hunt":
        return {m * val: Fraction(n, 108) for val, n in v.cash_hunt_wall}
    if code == "coin_flip":
        d: Dist = {}
        dist_add(d, [(m * x, p) for x, p in v.coin_red.probabilities()], Fraction(1, 2))
        dist_add(d, [(m * x, p) for x, p in v.coin_blue.probabilities()], Fraction(1, 2))
        return d
    if code == "pachinko":
        return pachinko(v, m)
    if code == "crazy_time":
        return bonus_wheel(v, m)
    raise ValueError(f"{code} is not a bonus")


def bet_distribution(v: CrazyTimeVariant, code: str) -> Distribution:
    """Total return per unit staked on ``code``."""
    p_hit = Fraction(v.count(code), 54)
    pairs: list[tuple[Fraction, Fraction]] = [(1 - p_hit, Fraction(0))]
    for m, pm in top_slot(v, code).items():
        if code in NUMBERS:
            pairs.append((p_hit * pm, Fraction(1 + int(code) * m)))
        else:
            pairs.extend((p_hit * pm * px, Fraction(1 + x)) for x, px in bonus(v, code, m).items())
    return Distribution.of(pairs)


def bonus_mean(v: CrazyTimeVariant, code: str) -> Fraction:
    """The mean final multiplier of a bonus once it is played (Top Slot included)."""
    return sum((pm * dist_mean(bonus(v, code, m)) for m, pm in top_slot(v, code).items()), Fraction(0))


def exact(v: CrazyTimeVariant) -> list[BetRTP]:
    rows = []
    for code in v.bet_codes:
        d = bet_distribution(v, code)
        note = f"P(segment) = {v.count(code)}/54"
        if code in BONUSES:
            mean = bonus_mean(v, code)
            note += f"; mean bonus multiplier {float(mean):.4f} (Top Slot included)"
            if code in ("cash_hunt", "crazy_time"):
                note += "; the same for every pick (uniform shuffle / uniform wheel)"
        rows.append(BetRTP(code, d.mean, d.mean, 1, d.hit_frequency, d.variance, d.max_return, note))
    return rows


__all__ = ["DOUBLE", "TRIPLE", "bet_distribution", "bonus", "bonus_mean", "exact", "landing", "top_slot"]
