"""The documented default odds of a fixed-odds draw game (ASSUMPTION: 000 Part D gives no odds).

* A bet with one odds: total return ``rtp / P(win)`` rounded down to 0.01, P(win) on the bet's
  most likely target (:func:`~.variant.derived_odds`).
* A prize table (Lucky 6's completion position, Fruitrace's match classes): prize ``k`` pays
  ``λ / √P(k)``, the table returning ``rtp`` (:func:`~.variant.sqrt_share_table`).

The variant files hold the odds as data (an operator may set others; admission control checks
them); ``tests/test_draws_lucky_paytables.py`` checks that every row of the shipped files follows
this rule, and :func:`payouts_toml` writes the ``[payouts]`` section of a new variant.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from croupier.games.draws.fixedodds.bets import Bet
from croupier.games.draws.fixedodds.exact import StatCache, win_chance
from croupier.games.draws.fixedodds.variant import (
    DrawGame,
    FixedOddsVariant,
    derived_odds,
    sqrt_share_table,
)
from croupier.money import Payout


def best_chance(variant: FixedOddsVariant, b: Bet, key: str | None, cache: StatCache) -> Fraction:
    return max(win_chance(variant, b, t, key, cache) for t, _ in b.target.classes(variant))


def default_odds(spec: DrawGame, variant: FixedOddsVariant, rtp: Fraction) -> dict[str, Any]:
    """code -> odds (a Fraction), or code -> {prize: odds} for a prize table."""
    probe = replace(variant, payouts={b.code: Payout(Fraction(2)) for b in spec.offered(variant) if not b.table},
                    paytables={b.code: {k: Payout(Fraction(2)) for k in b.keys} for b in spec.offered(variant) if b.table})
    cache: StatCache = {}
    out: dict[str, Any] = {}
    for b in spec.offered(variant):
        if b.table:
            chances = [(k, best_chance(probe, b, k, cache)) for k in b.keys]
            out[b.code] = sqrt_share_table([(k, p) for k, p in chances if p], rtp)
        else:
            out[b.code] = derived_odds(best_chance(probe, b, None, cache), rtp)
    return out


def _x(f: Fraction) -> str:
    return f'"x{float(f):.2f}"'.replace(".00\"", "\"")


def payouts_toml(spec: DrawGame, variant: FixedOddsVariant, rtp: Fraction) -> str:
    """The ``[payouts]`` section of the default odds, each row citing its clause's row."""
    odds = default_odds(spec, variant, rtp)
    lines = [f"[payouts]  # ASSUMPTION: {float(rtp)} / P(win), rounded down to 0.01, at least x1.01 (docs/draws.md)"]
    tables = []
    for b in spec.offered(variant):
        if b.table:
            t = [f"[payouts.{b.code}]  # {spec.clause} {b.rows}: {b.label}; odds λ/√P(prize), returning {float(rtp)}"]
            t += [f'{k} = {_x(v)}' for k, v in odds[b.code].items()]
            tables.append("\n".join(t))
        else:
            lines.append(f"{b.code} = {_x(odds[b.code])}  # {spec.clause} row {b.row}")
    return "\n".join(lines + [""] + tables) + "\n"
