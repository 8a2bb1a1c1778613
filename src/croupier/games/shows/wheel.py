"""A wheel of segments as data: each segment a label, a kind, a value and a count (000 §12.22:
"54 equal segments": 23 of "1", ..., one "2x", one "7x").

A draw on a wheel is a position in ``[0, size)``; position ``p`` shows the segment
``wheel.at(p)``. The order of the positions is the order of the segments in the variant file
(each segment's positions side by side) unless the file gives a ``layout`` (the labels in order
round the wheel, for display): the rules of 12.22 give no order and none is needed to settle.

The same shape serves any weighted table of a show: Lucky Spin's six sectors, a bonus stage's
multiplier table, a wall of gem stones: the weights are the counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError


@dataclass(frozen=True, slots=True)
class Segment:
    """One kind of segment of a wheel and how many positions show it.

    ``kind`` says what the segment does ("number", "multiplier", "bonus", "lose"...; the show
    decides) and ``value`` its number (the odds of a number, the factor of a multiplier).
    ``attrs`` holds other data the show reads (a colour, a row, a bonus name).
    """

    label: str
    count: int
    kind: str
    value: Fraction = Fraction(0)
    attrs: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Wheel:
    """Segments and their counts; ``positions[p]`` is the index of the segment at position p."""

    segments: tuple[Segment, ...]
    positions: tuple[int, ...]

    @classmethod
    def of(cls, segments: Sequence[Segment], layout: Sequence[str] | None = None) -> Wheel:
        """A wheel of ``segments``; ``layout`` (labels round the wheel) orders the positions."""
        segs = tuple(segments)
        labels = [s.label for s in segs]
        if not segs:
            raise VariantError("a wheel needs at least one segment")
        if len(set(labels)) != len(labels):
            raise VariantError(f"a wheel's segment labels must differ: {labels}")
        for s in segs:
            if isinstance(s.count, bool) or not isinstance(s.count, int) or s.count < 1:
                raise VariantError(f"segment {s.label!r}: count must be a positive integer, got {s.count!r}")
        if layout is None:
            positions = tuple(i for i, s in enumerate(segs) for _ in range(s.count))
        else:
            index = {s.label: i for i, s in enumerate(segs)}
            unknown = sorted({str(x) for x in layout} - set(index))
            if unknown:
                raise VariantError(f"the wheel's layout names unknown segments: {', '.join(unknown)}")
            positions = tuple(index[str(x)] for x in layout)
            for i, s in enumerate(segs):
                if positions.count(i) != s.count:
                    raise VariantError(f"the wheel's layout shows {s.label!r} {positions.count(i)} "
                                       f"times, its count is {s.count}")
        return cls(segs, positions)

    @property
    def size(self) -> int:
        return len(self.positions)

    def at(self, position: int) -> Segment:
        return self.segments[self.positions[position]]

    def segment(self, label: str) -> Segment:
        for s in self.segments:
            if s.label == label:
                return s
        raise KeyError(label)

    def labels(self, kind: str | None = None) -> tuple[str, ...]:
        return tuple(s.label for s in self.segments if kind is None or s.kind == kind)

    def probability(self, label: str) -> Fraction:
        return Fraction(self.segment(label).count, self.size)


def parse_wheel(raw: Any, where: str, kinds: Sequence[str], layout: Any = None) -> Wheel:
    """A wheel from a variant file's array of tables ``{label, count, kind, value, ...}``; every
    other key of a table is an attribute (text). ``kinds`` lists the kinds the show knows."""
    if not isinstance(raw, list) or not raw:
        raise VariantError(f"{where}: expected an array of segments [[...]] with label and count")
    segs: list[Segment] = []
    for i, item in enumerate(raw):
        w = f"{where}[{i}]"
        if not isinstance(item, dict) or "label" not in item or "count" not in item:
            raise VariantError(f"{w}: a segment needs a label and a count")
        kind = str(item.get("kind", kinds[0]))
        if kind not in kinds:
            raise VariantError(f"{w}: kind {kind!r} is not one of {', '.join(kinds)}")
        try:
            value = Fraction(str(item.get("value", 0)))
        except (ValueError, ZeroDivisionError):
            raise VariantError(f"{w}: value {item.get('value')!r} is not a number") from None
        attrs = {str(k): str(v) for k, v in item.items() if k not in {"label", "count", "kind", "value"}}
        segs.append(Segment(str(item["label"]), item["count"], kind, value, attrs))
    if layout is not None and not isinstance(layout, list):
        raise VariantError(f"{where}: layout must be an array of labels")
    try:
        return Wheel.of(segs, layout)
    except VariantError as exc:
        raise VariantError(f"{where}: {exc}") from None
