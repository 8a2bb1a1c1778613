"""One race event from its randomness, and the settlement of a bet on it.

An event makes two kinds of draws, each a :class:`~croupier.games.base.DrawRequest` answered by
the injected source (so the platform's committed randomness decides it and a replay repeats it):

* ``form`` (one per runner, uniform over the variant's ``forms``): the runners' strengths,
  drawn before the market board is priced and published;
* ``place`` (one per place but the last): the next finisher, an index into the strength still
  running (:func:`~.model.runner_at`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from croupier.errors import InvalidAmount
from croupier.games.base import DrawRequest
from croupier.games.virtual.race.markets import Selection
from croupier.games.virtual.race.model import Order, remaining, runner_at
from croupier.games.virtual.race.variant import RaceVariant
from croupier.money import apply_ratio
from croupier.rng.source import RandomSource


def form_requests(variant: RaceVariant) -> Iterator[DrawRequest]:
    for _ in range(variant.runners):
        yield DrawRequest("form", len(variant.forms))


def strengths_of(variant: RaceVariant, forms: list[int]) -> tuple[int, ...]:
    return tuple(variant.forms[f] for f in forms)


def next_place(strengths: tuple[int, ...], placed: Order) -> DrawRequest | None:
    """The draw of the next finisher, or None once the order is decided (one runner left)."""
    if len(placed) >= len(strengths) - 1:
        return None
    return DrawRequest("place", remaining(strengths, placed))


def finish(strengths: tuple[int, ...], placed: Order) -> Order:
    """The whole order once only one runner is left unplaced."""
    rest = [r for r in range(1, len(strengths) + 1) if r not in placed]
    return placed + tuple(rest) if len(rest) == 1 else placed


def run(variant: RaceVariant, source: RandomSource) -> tuple[tuple[int, ...], Order]:
    """An event from ``source``: its strengths, then its finishing order."""
    strengths = strengths_of(variant, [source.randbelow(r.n) for r in form_requests(variant)])
    placed: Order = ()
    while (req := next_place(strengths, placed)) is not None:
        placed += (runner_at(strengths, placed, source.randbelow(req.n)),)
    return strengths, finish(strengths, placed)


@dataclass(frozen=True)
class RaceBet:
    """A bet at the board's odds: market code, the normal form of the selection, stake."""

    market: str
    selection: Selection
    odds: Fraction
    stake: int


def returned(variant: RaceVariant, bet: RaceBet, order: Order) -> int:
    """What the bet pays back (stake included) once the finishing order is known."""
    if type(bet.stake) is not int or bet.stake <= 0:
        raise InvalidAmount(f"a stake is a positive number of minor units, got {bet.stake!r}")
    market = variant.market(bet.market)
    return apply_ratio(bet.stake, bet.odds) if market.wins(order, bet.selection) else 0
