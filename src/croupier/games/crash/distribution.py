"""The crash point: its derivation from a uniform draw and its exact law (docs/crash.md).

000 §12.20 gives no distribution; the extract's ASSUMPTION is the standard form
P(crash >= m) = RTP / m on the grid of two-decimal multipliers. The engine realises it from one
integer draw ``u`` uniform in ``[0, N)``, ``N = 2^bits``::

    v = N - u                                   (uniform in [1, N])
    crash = min(max, max(1.00, floor(100 * RTP * N / v) / 100))

Counting the ``v`` with ``floor(A / v) >= k`` (``A = 100 * RTP * N``) gives ``v <= floor(A / k)``,
so for every grid multiplier ``m = k / 100`` in ``[1.01, max]``::

    P(crash >= m) = floor(N * RTP / m) / N      (exactly; within 1/N below RTP / m)

and an instant crash (x1.00) has probability ``1 - floor(N * RTP / 1.01) / N``. Everything is
integer arithmetic; no float decides a crash point.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from croupier.games.crash.multiplier import ONE
from croupier.games.crash.variant import CrashVariant


def _a(variant: CrashVariant) -> tuple[int, int]:
    """``A = 100 * RTP * N`` as numerator and denominator."""
    h = 100 * variant.rtp
    return h.numerator << variant.resolution_bits, h.denominator


def crash_hundredths(variant: CrashVariant, u: int) -> int:
    """The crash point (hundredths) of draw ``u`` in ``[0, N)``: the derivation above."""
    n = variant.draw_size
    if isinstance(u, bool) or not isinstance(u, int) or not 0 <= u < n:
        raise ValueError(f"a crash draw is an integer in [0, {n}), got {u!r}")
    num, den = _a(variant)
    k = num // (den * (n - u))
    return min(variant.max_multiplier, max(ONE, k))


def survival_count(variant: CrashVariant, k: int) -> int:
    """How many of the ``N`` draws crash at ``k`` hundredths or higher (closed form)."""
    if k <= ONE:
        return variant.draw_size
    if k > variant.max_multiplier:
        return 0
    num, den = _a(variant)
    return min(variant.draw_size, num // (den * k))


def p_at_least(variant: CrashVariant, k: int) -> Fraction:
    """P(crash >= k / 100), exact."""
    return Fraction(survival_count(variant, k), variant.draw_size)


def instant_crash(variant: CrashVariant) -> Fraction:
    """P(crash = 1.00): the round ends before any cash-out can be paid."""
    return 1 - p_at_least(variant, ONE + 1)


def target_rtp(variant: CrashVariant, k: int) -> Fraction:
    """RTP of a cash-out at ``k`` hundredths, closed form: ``m * P(crash >= m)``."""
    return Fraction(k, 100) * p_at_least(variant, k)


def pmf_counts(variant: CrashVariant) -> dict[int, int]:
    """The law on the two-decimal grid by counting, for each grid point ``k``, the draws ``v``
    with ``floor(A / v) = k``: the interval ``A / (k + 1) < v <= A / k`` (the top point takes
    every ``v`` at or below ``A / max``). Only the points of positive mass are kept."""
    ks, counts = pmf_arrays(variant)
    return {int(k): int(c) for k, c in zip(ks.tolist(), counts.tolist(), strict=True) if c}


def pmf_arrays(variant: CrashVariant) -> tuple[Any, Any]:
    """:func:`pmf_counts` as two numpy int64 arrays (grid points from x1.00 up, their counts),
    vectorised: ``A`` fits 63 bits (the variant checks it), so every count is exact."""
    import numpy as np

    n = variant.draw_size
    num, den = _a(variant)
    top = variant.max_multiplier
    ks = np.arange(ONE + 1, top + 1, dtype=np.int64)
    le = np.minimum(n, np.int64(num) // (np.int64(den) * ks))  # v <= A / k, k = 101 .. top
    counts = np.empty(top - ONE + 1, dtype=np.int64)
    counts[1:-1] = le[:-1] - le[1:]      # k = 101 .. top - 1
    counts[-1] = le[-1]                  # the cap takes every v <= A / top
    counts[0] = n - int(counts[1:].sum())
    return np.arange(ONE, top + 1, dtype=np.int64), counts
