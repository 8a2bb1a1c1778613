"""The par sheet of a slot (Markdown): exact figures from the full reel cycle (:mod:`.cycle`)
and the reel-by-reel sums (:mod:`.exact`), the distribution of the paid spin's wins by multiple
of the total bet with a text plot, and the spins needed for the RTP to settle."""

from __future__ import annotations

from fractions import Fraction
from math import ceil, log10, sqrt
from statistics import NormalDist

from croupier.games.slots.cycle import cycles, round_moments
from croupier.games.slots.exact import gamble_rtps, slot_rtp
from croupier.games.slots.variant import SlotVariant

#: buckets of a paid spin's win, in multiples of the total bet: [lo, hi)
BUCKETS: tuple[tuple[Fraction, Fraction | None], ...] = tuple(
    (Fraction(lo), None if hi is None else Fraction(hi))
    for lo, hi in ((0, 0), (0, 1), (1, 2), (2, 5), (5, 10), (10, 20), (20, 50), (50, 100),
                   (100, 250), (250, None))
)
Z90 = NormalDist().inv_cdf(0.95)  # two-sided 90%


def spins_for_precision(std_dev: float, half_width: float = 0.01, z: float = Z90) -> int:
    """Spins for the observed RTP to be within ``half_width`` of the true RTP with the confidence
    of ``z`` (normal approximation): ``(z sigma / half_width)^2``."""
    return ceil((z * std_dev / half_width) ** 2)


def _pct(x: Fraction) -> str:
    return f"{float(x):.4%}"


def _one_in(p: Fraction) -> str:
    return "never" if p == 0 else f"1 in {float(1 / p):,.1f}"


def distribution(variant: SlotVariant) -> list[tuple[str, Fraction, Fraction]]:
    """(bucket label, probability, share of the base return) of the paid spin's win."""
    base, _ = cycles(variant)
    out = []
    for lo, hi in BUCKETS:
        p = Fraction(0)
        ret = Fraction(0)
        for w, c in base.hist.items():
            x = Fraction(w, base.units)
            inside = x == 0 if hi == 0 else (x > lo if lo == 0 else x >= lo) and (hi is None or x < hi)
            if inside:
                p += c
                ret += x * c
        label = "no win" if hi == 0 else f"{lo}x - {hi}x" if hi is not None else f"{lo}x and more"
        if lo == 0 and hi == 1:
            label = "under 1x"
        out.append((label, p / base.combinations, ret / base.combinations))
    return out


def parsheet_markdown(variant: SlotVariant) -> str:
    r = slot_rtp(variant)
    m = round_moments(variant)
    sd = sqrt(m.variance)
    base, _ = cycles(variant)
    lines = [
        "## Slot figures",
        "",
        f"Window {variant.reel_count}x{variant.rows}, "
        + (f"{len(variant.lines)} lines (all active)" if variant.mode == "lines"
           else f"{variant.rows ** variant.reel_count} ways, stake = {variant.bet_multiplier} coins")
        + f"; base cycle {base.combinations:,} "
        + (f"combinations of stops and the {len(variant.bonus.ring)} places of the bonus indicator"
           if variant.bonus else "stop combinations")
        + ". Figures per unit of total bet; "
        "the player collects every win (the gamble is a separate choice, below).",
        "",
        "| figure | exact | value |",
        "|---|---|---|",
        f"| RTP | {r.total} | {_pct(r.total)} |",
        f"| base game (lines/ways) | {r.lines} | {_pct(r.lines)} |",
        f"| base game (scatter pays) | {r.scatter} | {_pct(r.scatter)} |",
        f"| free spins | {r.free_spins} | {_pct(r.free_spins)} |",
        *([f"| bonus indicator (000 §12.17) | {r.bonus} | {_pct(r.bonus)} |"]
          if variant.bonus is not None else []),
        *([f"| round cap x{variant.max_win_multiple} takes off | {r.cap_cut} | {_pct(r.cap_cut)} |"]
          if variant.max_win_multiple is not None else []),
        f"| RTP by the full cycle (second method) | {m.rtp} | {'agrees' if m.rtp == r.total else 'DISAGREES'} |",
        f"| hit frequency (a paid spin wins or triggers free spins) | {m.hit_frequency} | {float(m.hit_frequency):.4f} ({_one_in(m.hit_frequency)}) |",
        f"| base hit frequency (a paid spin wins) | {m.base_hit_frequency} | {float(m.base_hit_frequency):.4f} |",
        f"| standard deviation of a round | - | {sd:.4f} |",
        f"| max win of a paid spin | x{m.base_max} | probability {m.base_max_probability} ({_one_in(m.base_max_probability)}) |",
        f"| spins for the RTP within +-1% at 90% confidence | - | {spins_for_precision(sd):,} |",
    ]
    fs = variant.free_spins
    if fs is not None:
        lines += [
            f"| free spins triggered | {r.trigger} | {_one_in(r.trigger)} |",
            f"| free spins per trigger (retriggers included) | {r.series_spins} | {float(r.series_spins):.3f} |",
            f"| one free spin returns (x{fs.multiplier} included) | {r.free_spin_return} | {float(r.free_spin_return):.4f} |",
            f"| spins a free spin adds (retriggers) | {r.retrigger_mean} | {float(r.retrigger_mean):.4f} |",
            f"| mean free-spin win per trigger | - | x{float(r.free_spins / r.trigger):.2f} |",
        ]
        lines += ["", "The free spins' total has no upper bound (retriggers can go on); its mean and "
                  "spread are exact (see docs/slots.md)."]
    lines += ["", "### Paid spin: wins by multiple of the total bet (exact, base game)", "",
              "| win | probability | 1 in | share of RTP | plot (log scale) |", "|---|---|---|---|---|"]
    for label, p, ret in distribution(variant):
        bar = "" if p == 0 else "#" * max(1, round(2 * (8 + log10(float(p)))))
        lines.append(f"| {label} | {float(p):.6g} | {'-' if p == 0 else f'{float(1 / p):,.1f}'} | "
                     f"{_pct(ret)} | `{bar}` |")
    g = gamble_rtps(variant)
    if g and variant.gamble is not None:
        gv = variant.gamble
        lines += ["", f"### Gamble (001 §6.7): up to {gv.max_moves} moves, no move above "
                  f"{gv.cap_multiple}x the total bet; {' or '.join(gv.parts)} of the win", "",
                  "| mode | pays | RTP of a move | exact |", "|---|---|---|---|"]
        pays = {"colour": "x2", "suit": "x4", "higher": "x2 (equal ranks " + gv.equal_rank + ")"}
        for mode, rtp, _ in g:
            lines.append(f"| {mode} | {pays[mode]} | {_pct(rtp)} | {rtp} |")
    return "\n".join(lines) + "\n"
