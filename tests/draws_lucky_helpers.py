"""A reference for the fixed-odds draw games (Lucky 5, Lucky 7, both Lucky 6, Fruitrace), written
from the rules extracts independently of the engine: each row's win condition as the extract's
table states it, over features of the draw that the tests measure and count themselves (closed
forms, brute-force enumeration) - never with the engine's statistics.

Two checks per game:

* every row's exact RTP from the reference (odds x P(win) by the test's own count) equals the
  engine's :func:`~croupier.games.draws.fixedodds.exact.exact` figure (the second method);
* on any draw, the engine's settlement of every row's bet is stake x odds exactly when the
  reference condition holds (chips conserved: a lost bet returns nothing, a won bet its odds).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.games.base import BetRequest, DrawAction
from croupier.games.draws.fixedodds.bets import WIN
from croupier.games.draws.fixedodds.engine import FixedOddsEngine
from croupier.games.draws.fixedodds.exact import return_distribution
from croupier.games.draws.fixedodds.variant import FixedOddsVariant
from croupier.money import apply_ratio

Balls = tuple[int, ...]
Target = tuple[Any, ...]


@dataclass(frozen=True)
class Row:
    """One row of a clause's table: ``feature`` names what it reads, ``prize(value)`` the prize
    it earns (``WIN`` or a prize-table key) or None."""

    row: int
    code: str
    feature: str
    prize: Callable[[Any], str | None]
    target: Target = ()

    @property
    def id(self) -> str:
        return f"row_{self.row}_{self.code}" + ("_" + "_".join(map(str, self.target)) if self.target else "")


def win(test: Callable[[Any], bool]) -> Callable[[Any], str | None]:
    return lambda value: WIN if test(value) else None


@dataclass
class Reference:
    """``extract[f](balls, target)`` measures feature ``f`` on a draw; ``dist[f](target)`` is its
    exact distribution, counted by the test."""

    extract: Mapping[str, Callable[[Balls, Target], Any]]
    dist: Mapping[str, Callable[[Target], Mapping[Any, Fraction]]]
    rows: Sequence[Row]


def reference_rtp(variant: FixedOddsVariant, ref: Reference, row: Row,
                  cache: dict[tuple[str, Target], Mapping[Any, Fraction]]) -> Fraction:
    key = (row.feature, row.target)
    if key not in cache:
        cache[key] = ref.dist[row.feature](row.target)
    dist = cache[key]
    assert sum(dist.values()) == 1
    total = Fraction(0)
    for value, p in dist.items():
        prize = row.prize(value)
        if prize is not None:
            odds = variant.odds(row.code, prize)
            assert odds is not None, f"{row.code}: no odds for prize {prize}"
            total += p * odds.total
    return total


def engine_rtp(engine: FixedOddsEngine, variant: FixedOddsVariant, row: Row) -> Fraction:
    return return_distribution(variant, engine.bet_of(row.code), row.target).mean


def settle_all(engine: FixedOddsEngine, variant: FixedOddsVariant, rows: Sequence[Row], balls: Balls,
               stake: int = 997) -> dict[str, int]:
    """Every row's bet on one ticket, settled by the engine on ``balls``: row id -> returned."""
    state = engine.start(variant, [BetRequest(r.code, stake, r.target) for r in rows], "XXX")
    for action in variant.draw.actions(balls):
        state = engine.apply(state, DrawAction(action.kind, action.value))
    settlement = engine.settle(state)
    assert settlement.total_stake == stake * len(rows)
    return {r.id: b.returned for r, b in zip(rows, settlement.bets, strict=True)}


def check_draw(engine: FixedOddsEngine, variant: FixedOddsVariant, ref: Reference, balls: Balls,
               stake: int = 997) -> None:
    got = settle_all(engine, variant, ref.rows, balls, stake)
    for r in ref.rows:
        prize = r.prize(ref.extract[r.feature](balls, r.target))
        odds = None if prize is None else variant.odds(r.code, prize)
        want = 0 if odds is None else apply_ratio(stake, odds.total)
        assert got[r.id] == want, f"{r.id} on {balls}: engine returned {got[r.id]}, the rule says {want}"
