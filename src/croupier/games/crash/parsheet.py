"""The crash games' own par-sheet section (Markdown; the generic par sheet appends it): the crash
law with the instant-crash probability and the median crash point, the table of cash-out targets
(chance to reach, exact RTP of an auto exit there and of a manual press there, time on the curve),
and the documented auto strategies with their session figures. All exact (``Fraction``), from the
closed form of :mod:`.distribution` and the session enumeration of :mod:`.autobet`; the tests
cross-check each column by a second method."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from croupier.games.crash.autobet import Autobet, session_distribution
from croupier.games.crash.distribution import instant_crash, p_at_least, target_rtp
from croupier.games.crash.exact import half_strategy_distribution
from croupier.games.crash.multiplier import ONE, format_multiplier
from croupier.games.crash.realtime import curve_of
from croupier.games.crash.variant import CrashVariant, Strategy


def manual_rtp(variant: CrashVariant, k: int) -> Fraction:
    """RTP of a manual cash-out pressed when the curve reads ``k``: paid iff ``k < crash``
    (received before the crash time), so ``m * P(crash >= k + 0.01)``."""
    return Fraction(k, 100) * p_at_least(variant, k + 1)


def median_crash(variant: CrashVariant) -> int:
    """The largest grid point ``k`` with ``P(crash >= k) >= 1/2`` (bisection on the closed form)."""
    lo, hi = ONE, variant.max_multiplier
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if p_at_least(variant, mid) >= Fraction(1, 2):
            lo = mid
        else:
            hi = mid - 1
    return lo


@dataclass(frozen=True, slots=True)
class SessionFigures:
    """An AUTOBET session's exact figures (stakes in the strategy's units)."""

    paths: int
    expected_staked: Fraction
    expected_returned: Fraction
    expected_rounds: Fraction
    p_ahead: Fraction           # the session ends with more returned than staked
    longest: int                # most rounds a session can last

    @property
    def rtp(self) -> Fraction:
        return self.expected_returned / self.expected_staked


def session_figures(variant: CrashVariant, s: Strategy) -> SessionFigures:
    session = Autobet.begin(s.base, s.limit, s.target, s.after_win, s.after_loss)
    p = p_at_least(variant, s.target)
    paths = session_distribution(session, p)
    rounds = _rounds(session, p)
    return SessionFigures(
        len(paths), sum((q * st for q, st, _ in paths), Fraction(0)),
        sum((q * r for q, _, r in paths), Fraction(0)), sum((q * n for q, n in rounds), Fraction(0)),
        sum((q for q, st, r in paths if r > st), Fraction(0)), max(n for _, n in rounds))


def _rounds(session: Autobet, p_win: Fraction) -> list[tuple[Fraction, int]]:
    """(probability, rounds played) of every path of the session."""
    out: list[tuple[Fraction, int]] = []

    def walk(a: Autobet, q: Fraction) -> None:
        if a.stake is None:
            out.append((q, a.rounds))
            return
        walk(a.after(True), q * p_win)
        walk(a.after(False), q * (1 - p_win))

    walk(session, Fraction(1))
    return out


def _pct(x: Fraction) -> str:
    return f"{float(x):.4%}"


def _one_in(p: Fraction) -> str:
    return "never" if p == 0 else f"1 in {float(1 / p):,.2f}"


def parsheet_markdown(variant: CrashVariant) -> str:
    v = variant
    curve = curve_of(v)
    n = v.draw_size
    lines = [
        f"## {v.title}: crash law, cash-out targets and auto strategies ({v.source})",
        "",
        f"- Law (ASSUMPTION, 000 §12.20 ambiguity 1): one draw `u` uniform in `[0, 2^{v.resolution_bits})`, "
        f"crash = min(x{format_multiplier(v.max_multiplier)}, max(1.00, floor(100 RTP N / (N - u)) / 100)), "
        f"RTP {v.rtp} = {_pct(v.rtp)}; so P(crash >= m) = floor(N RTP / m) / N on the two-decimal grid.",
        f"- Instant crash at x1.00 (no cash-out can be paid): {instant_crash(v)} = "
        f"{_pct(instant_crash(v))} ({_one_in(instant_crash(v))}).",
        f"- Median crash point: x{format_multiplier(median_crash(v))}; the cap "
        f"x{format_multiplier(v.max_multiplier)} is reached with probability "
        f"{p_at_least(v, v.max_multiplier)} ({_one_in(p_at_least(v, v.max_multiplier))}).",
        f"- Curve (ASSUMPTION): the multiplier reads floor(100 e^({float(v.growth_per_second):g} t)) / 100 at "
        f"t seconds into the running phase; betting phase {v.betting_ms / 1000:g} s.",
        "- An auto cash-out at m pays m x stake iff crash >= m (ASSUMPTION, ambiguity 2); a manual "
        "press when the curve reads m pays iff it was received before the crash time, i.e. m < crash.",
        f"- Draws: N = 2^{v.resolution_bits} = {n:,}; each figure below is exact.",
        "",
        "| target m | P(crash >= m) | chance | RTP auto at m | RTP manual press at m | house edge (auto) "
        "| reached after |",
        "|---|---|---|---|---|---|---|",
    ]
    for k in v.targets:
        p = p_at_least(v, k)
        lines.append(f"| x{format_multiplier(k)} | {_pct(p)} | {_one_in(p)} | {_pct(target_rtp(v, k))} | "
                     f"{_pct(manual_rtp(v, k))} | {_pct(1 - target_rtp(v, k))} | "
                     f"{curve.time_of(k) / 1000:,.2f} s |")
    sessions = [s for s in v.strategies if s.is_session]
    halves = [s for s in v.strategies if s.half_at is not None]
    if sessions:
        lines += [
            "",
            "Documented AUTOBET strategies (000 §12.20 Auto mode; the session stops when the next bet "
            "would take the total above the limit). Stakes in the strategy's units; RTP = "
            "expected total returned / expected total staked (equal to the single target's RTP: Wald's "
            "identity).",
            "",
            "| strategy | base | limit | auto | after win | after loss | paths | rounds expected (most) "
            "| expected staked | P(session ends ahead) | RTP | exact RTP |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for s in sessions:
            f = session_figures(v, s)
            lines.append(
                f"| `{s.name}` | {s.base} | {s.limit} | x{format_multiplier(s.target)} | {s.after_win} | "
                f"{s.after_loss} | {f.paths} | {float(f.expected_rounds):.4f} ({f.longest}) | "
                f"{float(f.expected_staked):.4f} | {_pct(f.p_ahead)} | {_pct(f.rtp)} | {f.rtp} |")
    if halves:
        lines += [
            "",
            "Documented 50% cash-out strategies (000 §12.26 step 4: half the stake out by a manual press "
            "at h, the other half rides to the auto exit at t):",
            "",
            "| strategy | half out at | rest at | P(nothing back) | P(both halves paid) | RTP | exact RTP |",
            "|---|---|---|---|---|---|---|",
        ]
        for s, h in ((s, s.half_at) for s in halves if s.half_at is not None):
            d = half_strategy_distribution(v, h, s.target)
            lines.append(
                f"| `{s.name}` | x{format_multiplier(h)} | x{format_multiplier(s.target)} | "
                f"{_pct(1 - p_at_least(v, h + 1))} | {_pct(p_at_least(v, s.target))} | "
                f"{_pct(d.mean)} | {d.mean} |")
    return "\n".join(lines) + "\n"
