"""Exact RTP of every bet of a fixed-odds draw game, through the engine's own prize rule.

For each bet and each representative target (:meth:`~.bets.TargetSpec.classes`), the exact
distribution of the statistic the bet reads (:attr:`~.bets.Stat.exact`) is pushed through the
bet's ``prize`` and the variant's odds - the very functions :class:`~.engine.FixedOddsEngine`
settles with - into the distribution of the return per unit staked.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from croupier.games.base import Target
from croupier.games.draws.fixedodds.bets import Bet
from croupier.games.draws.fixedodds.variant import DrawGame, FixedOddsVariant
from croupier.games.maths import BetRTP, Distribution

StatCache = dict[tuple[str, Target], Mapping[Any, Fraction]]


def stat_dist(variant: Any, b: Bet, target: Target, cache: StatCache) -> Mapping[Any, Fraction]:
    key = (b.stat.name, target if b.stat.targeted else ())
    if key not in cache:
        cache[key] = b.stat.exact(variant, target)
    return cache[key]


def return_distribution(variant: FixedOddsVariant, b: Bet, target: Target,
                        cache: StatCache | None = None) -> Distribution:
    """The exact distribution of ``b``'s return per unit staked on ``target``."""
    dist = stat_dist(variant, b, target, {} if cache is None else cache)
    pairs = []
    for value, p in dist.items():
        prize = b.prize(variant, value, target)
        odds = None if prize is None else variant.odds(b.code, prize)
        pairs.append((p, Fraction(0) if odds is None else odds.total))
    return Distribution.of(pairs)


def win_chance(variant: FixedOddsVariant, b: Bet, target: Target, key: str | None = None,
               cache: StatCache | None = None) -> Fraction:
    """P(``b`` on ``target`` earns a prize; prize ``key`` if given)."""
    dist = stat_dist(variant, b, target, {} if cache is None else cache)
    total = Fraction(0)
    for value, p in dist.items():
        prize = b.prize(variant, value, target)
        if prize is not None and (key is None or prize == key):
            total += p
    return total


def bet_rtp(variant: FixedOddsVariant, b: Bet, cache: StatCache | None = None) -> BetRTP:
    cache = {} if cache is None else cache
    dists = [(return_distribution(variant, b, t, cache), n) for t, n in b.target.classes(variant)]
    worst = min(dists, key=lambda d: d[0].mean)[0]
    return BetRTP(
        bet=b.code,
        rtp=worst.mean,
        rtp_max=max(d.mean for d, _ in dists),
        selections=sum(n for _, n in dists),
        hit_frequency=worst.hit_frequency,
        variance=worst.variance,
        max_return=max(d.max_return for d, _ in dists),
        note=f"{variant.source} {b.rows}: {b.label}",
    )


def exact(game: DrawGame, variant: FixedOddsVariant) -> list[BetRTP]:
    cache: StatCache = {}
    return [bet_rtp(variant, b, cache) for b in game.offered(variant)]
