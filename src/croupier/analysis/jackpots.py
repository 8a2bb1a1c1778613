"""The jackpot pools' lines of the RTP report (issue 16 part 5; docs/jackpots.md).

Each pool of a variant adds one line ``jackpot:<name>``: its long-run return per unit staked on a
contributing bet (:func:`croupier.games.jackpot.long_run_return`), in the first currency of its
seed table (EUR when listed). A line of a pool fed by some bets only is followed by
``<bet>+jackpots``: that bet's own RTP plus the lines it feeds.

* share pool: the contribution rate. The hit frequency is the exact chance that a contributing
  bet lands on one of the pool's rows (002 Bonus: 777 of spades, 777 of one suit, from the
  Bonus enumeration with the box playing the basic strategy); the note gives the pool's
  equilibrium (where the pool pays out per bet what it takes in): ``J* = rate x mean stake /
  sum(share x P(row))``.
* drop pool: ``rate x (seed + cap) / (cap - seed)`` (renewal reward, the house's seeds
  included); the hit frequency depends on the stakes and is not given (0).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from croupier.games.jackpot import PoolSpec, long_run_return, parse_pools
from croupier.games.maths import BetRTP
from croupier.games.registry import read_data
from croupier.money import Payout, currency, format_minor


def reference_currency(spec: PoolSpec) -> str:
    return "EUR" if "EUR" in spec.seed else sorted(spec.seed)[0]


def row_chances(game_name: str, variant: Any, spec: PoolSpec) -> dict[str, Fraction]:
    """The exact chance of each of a share pool's rows per contributing bet."""
    if game_name != "blackjack" or spec.kind != "share":
        return {}
    from croupier.games.blackjack.exact import bonus_distribution

    rows = sorted(spec.wins)
    # mark each jackpot row with its own return (1000, 2000, ...) to read its chance back
    marks = {row: Fraction(1000 * (i + 1)) for i, row in enumerate(rows)}
    pays = {row: Payout.times(m) for row, m in marks.items()}
    dist = bonus_distribution(variant, pays, "basic")
    chance = {r: p for p, r in dist.points}
    return {row: chance.get(marks[row], Fraction(0)) for row in rows}


def _line(game_name: str, variant: Any, spec: PoolSpec) -> BetRTP:
    cur = reference_currency(spec)
    c = currency(cur)
    rtp = long_run_return(spec, cur)
    bets = ", ".join(spec.bets) if spec.bets else "every bet"
    seed, cap = format_minor(spec.seed[cur], c), format_minor(spec.cap[cur], c)
    if spec.kind == "share":
        chances = row_chances(game_name, variant, spec)
        hit = sum(chances.values(), Fraction(0))
        rate = sum((spec.wins[r] * p for r, p in chances.items()), Fraction(0))
        eq = f"{float(spec.contribution / rate):,.0f}" if rate else "-"
        rows = ", ".join(f"{r} {float(s):.0%} (P = {float(chances.get(r, 0)):.3e})"
                         for r, s in spec.wins.items())
        note = (f"{spec.clause}: {float(spec.contribution):.2%} of each stake on {bets} feeds the "
                f"pool (seed {seed}, cap {cap}); pays {rows}; the pool is never emptied, so in the long "
                f"run it returns the contribution (plus any top-up to its seed); equilibrium pool "
                f"J* = {eq} x the mean stake")
    else:
        hit = Fraction(0)
        who = "the bet whose contribution reaches it" if spec.award == "contributor" else \
            "the next play that wins the main game"
        note = (f"{spec.clause}: {float(spec.contribution):.2%} of each stake on {bets}; must drop "
                f"at a hidden level uniform on {seed}..{cap}, to {who}; long run = rate x "
                f"(seed + cap) / (cap - seed), the house's seeds included; hit frequency depends "
                f"on the stakes")
    return BetRTP(bet=f"jackpot:{spec.name}", rtp=rtp, rtp_max=rtp, selections=1,
                  hit_frequency=hit, variance=Fraction(0), max_return=Fraction(0), note=note)


def jackpot_lines(game_name: str, variant: Any, rtps: list[BetRTP]) -> list[BetRTP]:
    """The pools' lines, then ``<bet>+jackpots`` for each bet some pool feeds."""
    specs = parse_pools(read_data(game_name, variant.name), f"{game_name}/{variant.name}.toml")
    if not specs:
        return []
    lines = [_line(game_name, variant, s) for s in specs]
    fed: dict[str, Fraction] = {}
    for s, line in zip(specs, lines, strict=True):
        for code in s.bets:
            fed[code] = fed.get(code, Fraction(0)) + line.rtp
    by_code = {r.bet: r for r in rtps}
    for code, extra in fed.items():
        base = by_code.get(code)
        if base is None:
            continue
        total = base.rtp + extra
        lines.append(BetRTP(bet=f"{code}+jackpots", rtp=total, rtp_max=base.rtp_max + extra,
                            selections=base.selections, hit_frequency=base.hit_frequency,
                            variance=base.variance, max_return=base.max_return,
                            note="the bet's own rows plus the long-run lines of the pools it feeds"))
    return lines


__all__ = ["jackpot_lines", "reference_currency", "row_chances"]
