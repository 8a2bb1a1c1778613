"""Bets on the outcome of a draw, as data: what a bet reads (:class:`Stat`), what it pays
(``prize``) and what the player names (:class:`TargetSpec`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any, Final

from croupier.errors import InvalidSelection
from croupier.games.base import Target

#: the prize key of a bet with one odds (``[payouts] code = "x1.91"``)
WIN: Final = "win"

Balls = tuple[int, ...]
Measure = Callable[[Any, Balls, Target], Hashable]
ExactDist = Callable[[Any, Target], Mapping[Any, Fraction]]
Prize = Callable[[Any, Hashable, Target], "str | None"]


@dataclass(frozen=True, slots=True)
class Stat:
    """A statistic of an ordered draw.

    ``measure(variant, balls, target)`` reads it off the drawn balls (the engine settles with it);
    ``exact(variant, target)`` is its exact distribution ``{value: probability}`` over every
    equally likely draw (the exact analysis uses it). The two are written independently, and
    ``tests/test_draws_lucky_counting.py`` checks that they agree.
    """

    name: str
    measure: Measure
    exact: ExactDist
    #: whether the value depends on the bet's target (the exact analysis computes the
    #: distribution of a statistic without one once for every target)
    targeted: bool = False
    #: ``measure`` of many targets of picks at once (numpy: ``picks`` is one row of balls per
    #: target; one value per row), for a draw's settlement; None: ``measure`` target by target
    measure_many: Callable[[Any, Balls, Any], Any] | None = None


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What a player names with a bet.

    * ``none``: nothing;
    * ``picks``: ``count`` distinct balls of the drum (Lucky 5 "two balls with chosen numbers");
    * ``choice``: one value of ``options(variant)`` (a digit, a two-digit number, a colour).
    """

    kind: str = "none"
    count: int = 0
    options: Callable[[Any], tuple[int | str, ...]] | None = None
    what: str = ""

    def check(self, variant: Any, code: str, target: Target) -> Target:
        """The target in its normal form, or :class:`InvalidSelection` saying what is wrong."""
        if self.kind == "none":
            if target:
                raise InvalidSelection(f"{code} takes no numbers, got {list(target)}")
            return ()
        if self.kind == "picks":
            if len(target) > self.count:
                raise InvalidSelection(
                    f"{code}: pick exactly {self.count} number{'s' * (self.count > 1)}; "
                    f"{len(target)} is more than the bet allows")
            try:
                picks: tuple[int, ...] = variant.draw.check_picks(target, self.count, self.count)
            except InvalidSelection as exc:
                raise InvalidSelection(f"{code}: {exc}") from None
            return picks
        options = self.options(variant) if self.options is not None else ()
        if len(target) != 1:
            raise InvalidSelection(f"{code}: name one {self.what}, got {list(target)}")
        value = target[0]
        if value not in options or type(value) is not type(options[0]):
            shown = f"{options[0]}-{options[-1]}" if type(options[0]) is int else ", ".join(map(str, options))
            raise InvalidSelection(f"{code}: {value!r} is not a {self.what} ({shown})")
        return (value,)

    def classes(self, variant: Any) -> list[tuple[Target, int]]:
        """Representative targets with the number of targets each stands for.

        Picks: the draw is exchangeable, so every set of ``count`` balls has the same chances; one
        representative stands for all C(balls, count) of them. Choices: every option by itself."""
        if self.kind == "none":
            return [((), 1)]
        if self.kind == "picks":
            first = variant.draw.first
            return [(tuple(range(first, first + self.count)), comb(variant.draw.balls, self.count))]
        options = self.options(variant) if self.options is not None else ()
        return [((o,), 1) for o in options]

    def example(self, variant: Any) -> Target:
        return self.classes(variant)[0][0]


NO_TARGET: Final = TargetSpec()


@dataclass(frozen=True, slots=True)
class Bet:
    """One outcome of a rules table: ``code`` (the bet code), ``row`` (its row in the clause's
    table), ``label`` (the source wording), the statistic it reads and its ``prize`` rule: the
    key of the odds the value earns (``WIN`` for a bet with one odds), or ``None`` (lost).
    A bet with ``table=True`` is paid from a prize table (``[payouts.<code>]``), one odds per key."""

    code: str
    row: int
    label: str
    stat: Stat
    prize: Prize
    target: TargetSpec = NO_TARGET
    table: bool = False
    keys: tuple[str, ...] = field(default=())
    group: str = "main"
    #: ``(option, value)``: the bet is offered only by variants whose ``option`` reads ``value``
    #: (two readings of an ambiguous rule; see :attr:`~.variant.DrawGame.readings`)
    reading: tuple[str, str] | None = None

    @property
    def rows(self) -> str:
        """The clause's rows the bet covers (a prize table covers one row per prize)."""
        return f"rows {self.row}-{self.row + len(self.keys) - 1}" if self.table else f"row {self.row}"


def bet(code: str, row: int, label: str, stat: Stat, test: Callable[[Any], bool],
        group: str = "main") -> Bet:
    """A bet with one odds and no target that wins when ``test(value of stat)`` holds."""

    def prize(variant: Any, value: Hashable, target: Target) -> str | None:
        return WIN if test(value) else None

    return Bet(code, row, label, stat, prize, group=group)


def aimed(code: str, row: int, label: str, stat: Stat, test: Callable[[Any, Target], bool],
          target: TargetSpec, group: str = "main") -> Bet:
    """A bet with one odds on a target that wins when ``test(value of stat, target)`` holds."""

    def prize(variant: Any, value: Hashable, tgt: Target) -> str | None:
        return WIN if test(value, tgt) else None

    return Bet(code, row, label, stat, prize, target, group=group)


def by_code(bets: Sequence[Bet]) -> dict[str, Bet]:
    out: dict[str, Bet] = {}
    for b in bets:
        if b.code in out:
            raise ValueError(f"bet code {b.code!r} is defined twice")
        out[b.code] = b
    return out
