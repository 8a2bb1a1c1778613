"""A virtual-event variant: the sport's own variant (``core``) with what the platform needs of
every game — stake limits per currency, the game kind for admission control — and the
``reference_forms`` of the event that ``croupier rtp`` and the par sheet print.

Every event is priced from its own form draws, so its board has its own exact RTPs (printed with
it, ``docs/virtual.md``); a variant-wide figure is that of one stated event. ``reference_forms``
are indices into the sport's form values (strengths, goal rates, serve or point chances), one per
form draw (ASSUMPTION: the operator names the reference event of its par sheet)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from croupier.errors import VariantError
from croupier.games.draws.limits import DrawLimits, limits_for, parse_limits
from croupier.games.virtual.sport import Sport


@dataclass(frozen=True)
class EventVariant:
    name: str
    title: str
    source: str
    core: Any
    limit_items: tuple[tuple[str, DrawLimits], ...]
    reference: tuple[int, ...]
    assumptions: tuple[str, ...]
    #: the market codes the variant offers
    markets: tuple[str, ...]
    kind: str = "virtual"
    admission_override: bool = False

    @property
    def limits(self) -> Mapping[str, DrawLimits]:
        return dict(self.limit_items)

    @property
    def payouts(self) -> Mapping[str, str]:
        """What each market pays: the odds of the event's board (never a fixed paytable)."""
        return dict.fromkeys(self.markets, "board odds")

    def limits_for(self, cur: str) -> DrawLimits:
        return limits_for(self.limits, cur, self.title)


def parse_event_variant(sport: Sport, raw: dict[str, Any], name: str) -> EventVariant:
    core = sport.parse(raw, name)
    count, values = sport.form_count(core), len(sport.form_values(core))
    ref = raw.get("reference_forms")
    if (not isinstance(ref, list) or len(ref) != count
            or any(type(i) is not int or not 0 <= i < values for i in ref)):
        raise VariantError(f"{name}: reference_forms lists {count} indices into the {values} form values "
                           f"(the event croupier rtp prints), got {ref!r}")
    notes = raw.get("assumptions", [])
    if not isinstance(notes, list) or not all(isinstance(a, str) for a in notes):
        raise VariantError(f"{name}: assumptions is a list of texts")
    return EventVariant(name, str(raw.get("title", name)), str(raw.get("source", "")), core,
                        tuple(sorted(parse_limits(raw, name).items())), tuple(ref), tuple(notes),
                        tuple(m.code for m in sport.markets(core)),
                        admission_override=bool(dict(raw.get("admission", {})).get("override", False)))
