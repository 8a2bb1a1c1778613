"""Dream Catcher (000 §12.22): a 54-segment wheel of numbers 1, 2, 5, 10, 20, 40 and two
multipliers, 2x and 7x.

A number pays its bets at odds equal to the number ("5 pays 5 to 1": the stake back and 5x).
A multiplier keeps every bet in place and the wheel is spun again, the next number's odds
multiplied by it; consecutive multipliers stack (2x, 7x, then 5 pays 70 to 1). The multiplier
applies to the odds, not to the returned stake.

Stage: ``(multiplier, number)``; ``number`` is the winning number's label once one came up. With
no cap (12.22 states none) the multiplier is the show's ``scale`` (the exact walker folds the
re-spins into one node and sums them as a geometric series); with a ``multiplier_cap`` it stays
inside the stage, capped, and the chance graph is finite.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import Target
from croupier.games.shows.tree import Chance, Show
from croupier.games.shows.variant import ShowVariant, parse_common
from croupier.games.shows.wheel import Wheel, parse_wheel

KINDS = ("number", "multiplier")
_OWN = {"segments", "layout", "multiplier_cap"}


@dataclass(frozen=True, slots=True, eq=False)
class DreamCatcherVariant(ShowVariant):
    wheel: Wheel
    multiplier_cap: Fraction | None   # None: multipliers stack without a bound (12.22)

    @property
    def numbers(self) -> tuple[str, ...]:
        return self.wheel.labels("number")

    @property
    def payouts(self) -> dict[str, str]:
        return {s.label: f"{s.value}:1" for s in self.wheel.segments if s.kind == "number"}

    def parsheet_markdown(self) -> str:
        from croupier.games.shows.dream_catcher.bonus import parsheet_section

        return parsheet_section(self)


def parse_variant(data: dict[str, Any], name: str) -> DreamCatcherVariant:
    head = parse_common(data, "dream_catcher", name, _OWN)
    where = f"dream_catcher/{name}.toml"
    wheel = parse_wheel(data.get("segments"), f"{where}.segments", KINDS, data.get("layout"))
    for s in wheel.segments:
        if s.kind == "number" and s.value <= 0:
            raise VariantError(f"{where}: number {s.label!r} needs positive odds (value)")
        if s.kind == "multiplier" and s.value < 1:
            raise VariantError(f"{where}: multiplier {s.label!r} needs a factor (value) of at least 1")
    if not wheel.labels("number"):
        raise VariantError(f"{where}: the wheel needs at least one number segment")
    cap = data.get("multiplier_cap")
    if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
        raise VariantError(f"{where}.multiplier_cap: a whole number of at least 1, got {cap!r}")
    return DreamCatcherVariant(**head, wheel=wheel,
                               multiplier_cap=None if cap is None else Fraction(cap))


@dataclass(frozen=True, slots=True)
class Stage:
    multiplier: Fraction
    number: str | None
    capped: bool  # the variant caps the multiplier: it stays in the stage, the scale is 1
    #: the positions the spins showed (the record and the display; no bet depends on them, so
    #: they are left out of the stage's equality and the walker folds the re-spins)
    spins: tuple[int, ...] = field(default=(), compare=False)

    def _replace(self, **changes: Any) -> Stage:
        return replace(self, **changes)


class DreamCatcherShow(Show[DreamCatcherVariant, Stage]):
    game = "dream_catcher"

    def bet_codes(self, v: DreamCatcherVariant) -> tuple[str, ...]:
        return v.numbers

    def resolve(self, v: DreamCatcherVariant, code: str, target: Target) -> Hashable:
        if code not in v.numbers:
            raise UnknownBetCode(f"{v.title} has no number {code!r}; its numbers: {', '.join(v.numbers)}")
        if target:
            raise InvalidSelection(f"a bet on {code} takes no target, got {list(target)}")
        return code

    def opening(self, v: DreamCatcherVariant) -> Stage:
        return Stage(Fraction(1), None, v.multiplier_cap is not None)

    def chance(self, v: DreamCatcherVariant, stage: Stage) -> Chance | None:
        return None if stage.number is not None else Chance("spin", v.wheel.size, v.wheel.positions)

    def advance(self, v: DreamCatcherVariant, stage: Stage, value: int) -> Stage:
        seg = v.wheel.at(value)
        spins = stage.spins + (value,)
        if seg.kind == "number":
            return stage._replace(number=seg.label, spins=spins)
        m = stage.multiplier * seg.value
        if v.multiplier_cap is not None:
            m = min(m, v.multiplier_cap)
        return stage._replace(multiplier=m, spins=spins)

    def finished(self, v: DreamCatcherVariant, stage: Stage) -> bool:
        return stage.number is not None

    def pays(self, v: DreamCatcherVariant, stage: Stage, bet: Hashable) -> tuple[Fraction, Fraction]:
        if bet != stage.number:
            return Fraction(0), Fraction(0)
        odds = v.wheel.segment(str(bet)).value
        # capped: the multiplier is part of the stage; uncapped: it is the scale
        return Fraction(1), odds * (stage.multiplier if stage.capped else 1)

    def scale(self, stage: Stage) -> Fraction:
        return Fraction(1) if stage.capped else stage.multiplier

    def unscaled(self, stage: Stage) -> Stage:
        return stage if stage.capped else stage._replace(multiplier=Fraction(1))

    def draw_data(self, v: DreamCatcherVariant, stage: Stage, kind: str, value: int) -> dict[str, Any]:
        seg = v.wheel.at(value)
        return {"segment": seg.label, "segment_kind": seg.kind}

    def result(self, v: DreamCatcherVariant, stage: Stage) -> dict[str, Any]:
        return {"number": stage.number, "multiplier": str(stage.multiplier),
                "spins": [v.wheel.at(p).label for p in stage.spins], "positions": list(stage.spins)}


def display(v: DreamCatcherVariant, outcome: Mapping[str, Any]) -> dict[str, Any]:
    """The segment renderer's view (docs/describe.md): the wheel's labels round the wheel, every
    spin's position (a multiplier re-spins), the number and the stacked multiplier."""
    spins = [str(x) for x in outcome.get("spins", [])]
    mult = str(outcome.get("multiplier", "1"))
    number = str(outcome.get("number", ""))
    stacked = [x for x in spins if v.wheel.segment(x).kind == "multiplier"]
    headline = (f"{', '.join(stacked)}, then {number}: odds x{mult}" if stacked else number)
    return {"kind": "segment", "segments": [v.wheel.at(p).label for p in range(v.wheel.size)],
            "index": int(outcome.get("positions", [0])[-1]) if outcome.get("positions") else 0,
            "positions": list(outcome.get("positions", [])), "label": number,
            "multiplier": mult, "stacked": stacked, "headline": headline}


SHOW = DreamCatcherShow()
