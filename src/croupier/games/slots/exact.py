"""Exact RTP of a slot with integer and Fraction arithmetic, reel by reel.

The stop of each reel is uniform over its strip and independent of the other reels, so:

* a payline shows on reel ``r`` each symbol with its strip frequency whatever its row: the expected
  pay of a line is the sum over the symbol of each reel (distinct symbols, weighted by their counts
  on the strips) of :func:`~croupier.games.slots.rules.line_pay` - the engine's own rule - and every
  line has the same expectation, so the line game's return does not depend on the active lines;
* a ways game pays ``pay[s][L] x product of counts``: its expectation is the product of each
  reel's expected count of ``s`` (or Wild) in the window, times the chance the next reel has none;
* the scatter count is the convolution of each reel's distribution of scatters in its window.

Free spins (001 §6.4.3): one free spin returns ``X`` (its win, times the multiplier) and awards ``A``
more spins (retriggers), jointly distributed by the free-spin strips. The series that one spin
starts returns ``Y = X + Y_1 + ... + Y_A`` (independent copies), so ``E[Y] = E[X] / (1 - E[A])``,
finite when ``E[A] < 1``; a trigger awarding ``n`` spins returns ``n E[Y]``.

The full cycle (every stop combination) is enumerated by :mod:`.cycle` as the second method.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod

from croupier.errors import VariantError
from croupier.games.maths import BetRTP
from croupier.games.slots.gamble import MULTIPLIER, move_distribution
from croupier.games.slots.rules import chain_ended, line_pay
from croupier.games.slots.variant import SlotVariant

Strips = Sequence[Sequence[int]]


def line_expectation(variant: SlotVariant, strips: Strips) -> Fraction:
    """E[pay of one payline] in line bets: the engine's :func:`line_pay` over every sequence of
    symbols (one a reel, weighted by its count on the strip), cut short once the sequence's chains
    have ended (the rest of the reels cannot change its pay)."""
    counts = [sorted(Counter(s).items()) for s in strips]
    lengths = [len(s) for s in strips]
    total = 0

    def walk(prefix: tuple[int, ...], weight: int) -> None:
        nonlocal total
        n = len(prefix)
        if n == len(strips):
            total += weight * line_pay(variant, prefix)[2]
            return
        if n and chain_ended(variant, prefix):
            total += weight * prod(lengths[n:]) * line_pay(variant, prefix)[2]
            return
        for x, c in counts[n]:
            walk(prefix + (x,), weight * c)

    walk((), 1)
    return Fraction(total, prod(lengths))


def _window_counts(strip: Sequence[int], rows: int, match: set[int]) -> list[int]:
    n = len(strip)
    return [sum(1 for h in range(rows) if strip[(stop + h) % n] in match) for stop in range(n)]


def ways_expectation(variant: SlotVariant, strips: Strips) -> Fraction:
    """E[ways pay] in coins."""
    wild, scatter = variant.wild, variant.scatter
    total = Fraction(0)
    for s, row in enumerate(variant.pays):
        if s in (wild, scatter) or not any(row):
            continue
        match = {s} if wild is None else {s, wild}
        per = [_window_counts(strip, variant.rows, match) for strip in strips]
        mean = [Fraction(sum(c), len(c)) for c in per]
        none = [Fraction(sum(1 for x in c if x == 0), len(c)) for c in per]
        ways = Fraction(1)
        for length in range(1, len(strips) + 1):
            ways *= mean[length - 1]
            stop = none[length] if length < len(strips) else Fraction(1)
            if row[length]:
                total += row[length] * ways * stop
    return total


def scatter_distribution(variant: SlotVariant, strips: Strips) -> dict[int, Fraction]:
    """P(k scatters in the window), by convolving each reel's distribution."""
    dist = {0: Fraction(1)}
    if variant.scatter is None:
        return dist
    for strip in strips:
        per = Counter(_window_counts(strip, variant.rows, {variant.scatter}))
        nxt: dict[int, Fraction] = {}
        for k, p in dist.items():
            for c, times in per.items():
                nxt[k + c] = nxt.get(k + c, Fraction(0)) + p * Fraction(times, len(strip))
        dist = nxt
    return dict(sorted(dist.items()))


def bonus_expectation(variant: SlotVariant, strips: Strips) -> Fraction:
    """E[000 §12.17 bonus pay] in total bets: for each image of the indicator's ring (its places
    / the ring's length), its odds x P(the window shows ``trigger`` bonus images and that image),
    the joint distribution of (bonus images, image shown) convolved reel by reel."""
    b = variant.bonus
    if b is None:
        return Fraction(0)
    total = Fraction(0)
    for image, places in sorted(Counter(b.ring).items()):
        if not b.odds[image]:
            continue
        dist = {(0, False): Fraction(1)}
        for strip in strips:
            n = len(strip)
            per = Counter((min(b.trigger, sum(1 for h in range(variant.rows)
                                               if strip[(stop + h) % n] == b.symbol)),
                           any(strip[(stop + h) % n] == image for h in range(variant.rows)))
                          for stop in range(n))
            nxt: dict[tuple[int, bool], Fraction] = {}
            for (c, shown), p in dist.items():
                for (c2, shown2), times in per.items():
                    key = (min(b.trigger, c + c2), shown or shown2)
                    nxt[key] = nxt.get(key, Fraction(0)) + p * Fraction(times, n)
            dist = nxt
        total += Fraction(places, len(b.ring)) * b.odds[image] * dist.get((b.trigger, True), Fraction(0))
    return total


@dataclass(frozen=True, slots=True)
class SlotRTP:
    """The exact return of one paid spin, in total bets, and its parts."""

    lines: Fraction          # line or ways wins of the paid spin
    scatter: Fraction        # scatter pays of the paid spin
    free_spins: Fraction     # the free-spin series the paid spin triggers
    trigger: Fraction        # P(a paid spin triggers free spins)
    expected_awarded: Fraction   # E[spins awarded by a paid spin]
    free_spin_return: Fraction   # E[X]: one free spin's return, multiplier included
    retrigger_mean: Fraction     # E[A]: spins one free spin adds
    series_spins: Fraction       # E[spins of a series] given a trigger
    bonus: Fraction = Fraction(0)    # 000 §12.17: the bonus indicator on the paid spin
    cap_cut: Fraction = Fraction(0)  # what the round cap (max_win_multiple) takes off

    @property
    def base(self) -> Fraction:
        return self.lines + self.scatter + self.bonus - self.cap_cut

    @property
    def total(self) -> Fraction:
        return self.base + self.free_spins


def spin_return(variant: SlotVariant, strips: Strips) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """(line/ways return, scatter + bonus return, scatter distribution) of one spin on ``strips``."""
    if variant.mode == "lines":
        lines = line_expectation(variant, strips)
    else:
        lines = ways_expectation(variant, strips) / variant.bet_multiplier
    dist = scatter_distribution(variant, strips)
    scatter = sum((p * variant.scatter_pays[k] for k, p in dist.items()), Fraction(0))
    return lines, scatter + bonus_expectation(variant, strips), dist


def slot_rtp(variant: SlotVariant) -> SlotRTP:
    lines, with_bonus, dist = spin_return(variant, variant.reels)
    bonus = bonus_expectation(variant, variant.reels)
    scatter = with_bonus - bonus
    fs = variant.free_spins
    if fs is None:
        z = Fraction(0)
        cut = z
        if variant.max_win_multiple is not None:
            # the cap is not linear: what it takes off comes from the full cycle's distribution
            # (tests/test_slot_cap.py checks the capped cycle against the engine, stop by stop)
            from croupier.games.slots.cycle import cycles

            cut = lines + scatter + bonus - cycles(variant)[0].moment(1)
        return SlotRTP(lines, scatter, z, z, z, z, z, z, bonus, cut)
    trigger = sum((p for k, p in dist.items() if fs.awards[k]), Fraction(0))
    awarded = sum((p * fs.awards[k] for k, p in dist.items()), Fraction(0))
    f_lines, f_scatter, f_dist = spin_return(variant, fs.reels)
    x = fs.multiplier * (f_lines + f_scatter)
    a = sum((p * fs.retriggers[k] for k, p in f_dist.items()), Fraction(0))
    if a >= 1:
        raise VariantError(f"slot/{variant.name}: a free spin adds {float(a):.3f} spins on average; "
                           "the series would never end (need fewer than 1)")
    series = awarded / trigger / (1 - a) if trigger else Fraction(0)
    return SlotRTP(lines, scatter, awarded * x / (1 - a), trigger, awarded, x, a, series, bonus)


def gamble_rtps(variant: SlotVariant) -> list[tuple[str, Fraction, dict[int, Fraction]]]:
    """Per gamble mode: the exact return of one move per unit at risk, and its distribution."""
    g = variant.gamble
    if g is None:
        return []
    out = []
    for mode in g.modes:
        guess = {"colour": "red", "suit": "hearts", "higher": "higher"}[mode]
        dist = move_distribution(mode, guess, g.equal_rank)
        out.append((mode, sum((f * p for f, p in dist.items()), Fraction(0)), dist))
    return out


def exact(variant: SlotVariant) -> list[BetRTP]:
    """The ``spin`` bet (paid spin with its free spins; the player collects) and one row per
    gamble mode (one move, per unit at risk)."""
    r = slot_rtp(variant)
    extra = (f" + bonus indicator {r.bonus}" if variant.bonus is not None else "") + (
        f" - round cap {r.cap_cut} (full cycle)" if variant.max_win_multiple is not None else "")
    note = (f"base game {r.base} (lines {r.lines} + scatter {r.scatter}{extra}) + free spins "
            f"{r.free_spins}; exact, reel by reel")
    # hit frequency and spread of the whole round come from the full cycle (par sheet): here the
    # spin's figures are left to it and only the RTP is exact
    from croupier.games.slots.cycle import round_moments

    m = round_moments(variant)
    rows = [BetRTP("spin", r.total, r.total, 1, m.hit_frequency, m.variance, m.base_max, note)]
    for mode, rtp, dist in gamble_rtps(variant):
        mean = rtp
        var = sum((p * (f - mean) ** 2 for f, p in dist.items()), Fraction(0))
        hit = sum((p for f, p in dist.items() if f > 1), Fraction(0))
        rows.append(BetRTP(f"gamble_{mode}", rtp, rtp, 1, hit, var, Fraction(MULTIPLIER[mode]),
                           f"one {mode} move per unit at risk (x{MULTIPLIER[mode]} on a right guess)"))
    return rows
