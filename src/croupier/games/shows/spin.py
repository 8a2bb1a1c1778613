"""A one-spin show with its bets as data: the Wheel (000 §12.36), Penalty (§12.29), Lucky Spin
(§12.12.2). One ``spin`` draw picks a segment; each bet wins on the segments its condition
names and returns its payout (the stake included: ``"x24"``) or the segment's value (Lucky Spin's
"winnings multiplied by the sector's number").

A bet in the variant file::

    [[bets]]
    code = "sector"      # with a target: the bet names a value of the segment attribute ``target``
    pays = "x24"
    target = "number"

    [[bets]]
    code = "yellow"      # without: wins when every attribute of ``when`` has one of its values
    pays = "x2"
    when = { colour = "yellow" }

``pays = "value"`` returns the segment's value times the stake.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from croupier.errors import InvalidSelection, UnknownBetCode, VariantError
from croupier.games.base import Target
from croupier.games.fields import payout
from croupier.games.shows.tree import Chance, Show
from croupier.games.shows.variant import ShowVariant, parse_common
from croupier.games.shows.wheel import Segment, Wheel, parse_wheel
from croupier.money import Payout


@dataclass(frozen=True, slots=True)
class SpinBet:
    code: str
    pays: Payout | None                      # None: the segment's value
    when: Mapping[str, frozenset[str]]       # attribute (or "label", "kind") -> winning values
    target: str | None                       # the attribute a target names

    def attr(self, seg: Segment, name: str) -> str | None:
        if name == "label":
            return seg.label
        if name == "kind":
            return seg.kind
        return seg.attrs.get(name)

    def wins(self, seg: Segment, target: str | None) -> bool:
        if self.target is not None and self.attr(seg, self.target) != target:
            return False
        return all(self.attr(seg, k) in vals for k, vals in self.when.items())

    def returns(self, seg: Segment) -> Fraction:
        return seg.value if self.pays is None else self.pays.total


@dataclass(frozen=True, slots=True, eq=False)
class SpinVariant(ShowVariant):
    wheel: Wheel
    bets: Mapping[str, SpinBet]

    @property
    def payouts(self) -> dict[str, Payout]:
        """The fixed payouts, for the reports (a bet paid by the segment is left out)."""
        return {c: b.pays for c, b in self.bets.items() if b.pays is not None}

    def parsheet_markdown(self) -> str:
        from croupier.games.shows.parsheet import segment_table

        lines = ["## Wheel", "", "One spin: no bonus stage.", "", *segment_table("Segments", self.wheel)]
        return "\n".join(lines)

    def targets(self, code: str) -> list[str]:
        bet = self.bets[code]
        if bet.target is None:
            return []
        seen = [bet.attr(s, bet.target) for s in self.wheel.segments]
        return list(dict.fromkeys(x for x in seen if x is not None))


def parse_spin_variant(data: Mapping[str, Any], game: str, name: str, kinds: tuple[str, ...]) -> SpinVariant:
    head = parse_common(data, game, name, {"segments", "layout", "bets"})
    where = f"{game}/{name}.toml"
    wheel = parse_wheel(data.get("segments"), f"{where}.segments", kinds, data.get("layout"))
    raw = data.get("bets")
    if not isinstance(raw, list) or not raw:
        raise VariantError(f"{where}.bets: expected an array of bets [[bets]]")
    bets: dict[str, SpinBet] = {}
    for i, item in enumerate(raw):
        w = f"{where}.bets[{i}]"
        if not isinstance(item, dict) or "code" not in item or "pays" not in item:
            raise VariantError(f"{w}: a bet needs a code and pays")
        unknown = set(item) - {"code", "pays", "when", "target"}
        if unknown:
            raise VariantError(f"{w}: unknown field(s) {', '.join(sorted(unknown))}")
        code = str(item["code"])
        if code in bets:
            raise VariantError(f"{w}: bet {code!r} is listed twice")
        pays = None if item["pays"] == "value" else payout(item["pays"], f"{w}.pays")
        when_raw = item.get("when", {})
        if not isinstance(when_raw, dict):
            raise VariantError(f"{w}.when: expected a table attribute = value(s)")
        when = {str(k): frozenset(str(x) for x in (v if isinstance(v, list) else [v]))
                for k, v in when_raw.items()}
        target = item.get("target")
        bet = SpinBet(code, pays, when, None if target is None else str(target))
        if not any(bet.wins(s, bet.attr(s, bet.target) if bet.target else None) for s in wheel.segments):
            raise VariantError(f"{w}: bet {code!r} wins on no segment of the wheel")
        bets[code] = bet
    return SpinVariant(**head, wheel=wheel, bets=bets)


class SpinShow(Show[SpinVariant, "str | None"]):
    """Stage: ``None`` before the spin, then the label of the segment shown."""

    def __init__(self, game: str) -> None:
        self.game = game

    def bet_codes(self, v: SpinVariant) -> tuple[str, ...]:
        return tuple(v.bets)

    def selections(self, v: SpinVariant, code: str) -> list[Target]:
        targets = v.targets(code)
        return [(t,) for t in targets] if targets else [()]

    def resolve(self, v: SpinVariant, code: str, target: Target) -> Hashable:
        bet = v.bets.get(code)
        if bet is None:
            raise UnknownBetCode(f"{v.title} has no bet {code!r}; its bets: {', '.join(v.bets)}")
        if bet.target is None:
            if target:
                raise InvalidSelection(f"a bet on {code} takes no target, got {list(target)}")
            return (code, None)
        allowed = v.targets(code)
        if len(target) != 1 or str(target[0]) not in allowed:
            raise InvalidSelection(f"a bet on {code} names one {bet.target} of {', '.join(allowed)}; "
                                   f"got {list(target)}")
        return (code, str(target[0]))

    def opening(self, v: SpinVariant) -> str | None:
        return None

    def chance(self, v: SpinVariant, stage: str | None) -> Chance | None:
        return Chance("spin", v.wheel.size, v.wheel.positions) if stage is None else None

    def advance(self, v: SpinVariant, stage: str | None, value: int) -> str | None:
        return v.wheel.at(value).label

    def finished(self, v: SpinVariant, stage: str | None) -> bool:
        return stage is not None

    def pays(self, v: SpinVariant, stage: str | None, bet: Hashable) -> tuple[Fraction, Fraction]:
        code, target = cast(tuple[str, "str | None"], bet)
        spec = v.bets[code]
        seg = v.wheel.segment(str(stage))
        return (spec.returns(seg) if spec.wins(seg, target) else Fraction(0)), Fraction(0)

    def draw_data(self, v: SpinVariant, stage: str | None, kind: str, value: int) -> dict[str, Any]:
        seg = v.wheel.at(value)
        return {"segment": seg.label, "segment_kind": seg.kind, **seg.attrs}

    def result(self, v: SpinVariant, stage: str | None) -> dict[str, Any]:
        seg = v.wheel.segment(str(stage))
        return {"segment": seg.label, "segment_kind": seg.kind, **seg.attrs}
