"""Exact RTP of the crash games (``croupier rtp crash`` / ``rocketon``), all in ``Fraction``.

* ``auto_<m>``: a bet cashed out at ``m`` (auto, or any manual exit at ``m``): RTP ``m * P(crash
  >= m)`` from the closed form of :mod:`.distribution`.
* a documented AUTOBET strategy: the session enumerated path by path (:mod:`.autobet`); its RTP is
  total returned over total staked in expectation.
* a Rocketon strategy: half the stake out at ``h`` (a manual press, paid iff ``h < crash``), the
  other half at the auto target ``t`` (paid iff ``t <= crash``).

The tests cross-check each figure by a second method (enumeration of the law on the two-decimal
grid, Wald's identity for sessions, and the derivation enumerated at a small resolution).
"""

from __future__ import annotations

from fractions import Fraction

from croupier.games.crash.autobet import Autobet, session_distribution
from croupier.games.crash.distribution import instant_crash, p_at_least, target_rtp
from croupier.games.crash.multiplier import format_multiplier
from croupier.games.crash.variant import CrashVariant, Strategy
from croupier.games.maths import BetRTP, Distribution


def target_row(variant: CrashVariant, k: int) -> BetRTP:
    p = p_at_least(variant, k)
    m = Fraction(k, 100)
    dist = Distribution.of([(p, m), (1 - p, Fraction(0))])
    note = ""
    if k == variant.min_auto:
        note = f"instant crash (x1.00) probability {instant_crash(variant)} = {float(instant_crash(variant)):.6%}"
    return BetRTP(f"auto_{format_multiplier(k)}", target_rtp(variant, k), target_rtp(variant, k), 1,
                  dist.hit_frequency, dist.variance, dist.max_return, note)


def half_strategy_distribution(variant: CrashVariant, half_at: int, target: int) -> Distribution:
    """Return per unit staked of half out at ``half_at`` (manual) and half at ``target`` (auto)."""
    p_half = p_at_least(variant, half_at + 1)   # manual: paid iff half_at < crash
    p_all = p_at_least(variant, target)         # auto: paid iff target <= crash
    h, t = Fraction(half_at, 200), Fraction(target, 200)
    return Distribution.of([(1 - p_half, Fraction(0)), (p_half - p_all, h), (p_all, h + t)])


def session_row(variant: CrashVariant, s: Strategy) -> BetRTP:
    session = Autobet.begin(s.base, s.limit, s.target, s.after_win, s.after_loss)
    paths = session_distribution(session, p_at_least(variant, s.target))
    staked = sum((p * st for p, st, _ in paths), Fraction(0))
    returned = sum((p * r for p, _, r in paths), Fraction(0))
    ret = Distribution.of((p, r / staked) for p, _, r in paths)
    note = (f"AUTOBET base {s.base}, limit {s.limit}, auto cash-out {format_multiplier(s.target)}, "
            f"after a win {s.after_win}, after a loss {s.after_loss}: {len(paths)} session paths, "
            f"expected total staked {float(staked):.4f}; figures per unit of expected stake")
    return BetRTP(s.name, returned / staked, returned / staked, 1,
                  sum((p for p, st, r in paths if r > st), Fraction(0)), ret.variance,
                  max(r / st for _, st, r in paths), note)


def half_row(variant: CrashVariant, s: Strategy) -> BetRTP:
    if s.half_at is None:
        raise ValueError(f"strategy {s.name} has no 50% cash-out")
    d = half_strategy_distribution(variant, s.half_at, s.target)
    note = (f"50% cash-out pressed at {format_multiplier(s.half_at)}, the rest auto at "
            f"{format_multiplier(s.target)} (000 §12.26)")
    return BetRTP(s.name, d.mean, d.mean, 1, d.hit_frequency, d.variance, d.max_return, note)


def exact(variant: CrashVariant) -> list[BetRTP]:
    rows = [target_row(variant, k) for k in variant.targets]
    for s in variant.strategies:
        if s.half_at is not None:
            rows.append(half_row(variant, s))
        elif s.is_session:
            rows.append(session_row(variant, s))
        else:
            rows.append(target_row(variant, s.target))
    return rows
