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
from fractions import Fraction
from typing import Any

from croupier.errors import VariantError
from croupier.games.draws.limits import DrawLimits, limits_for, parse_limits
from croupier.games.draws.schedule import DrawSchedule, parse_schedule
from croupier.games.fields import boolean, integer
from croupier.games.virtual.sport import Sport


@dataclass(frozen=True)
class AccumulatorRules:
    """Multi-leg slips (issue 23; ASSUMPTION, the rules describe none): ``[accumulator]`` of the
    variant file. A slip's legs follow the strictest rules among its legs' variants."""

    enabled: bool = True
    #: a slip has 2 .. max_legs legs
    max_legs: int = 8
    #: the combined odds are capped here (house's favour, like the 0.01 rounding)
    max_odds: Fraction = Fraction(1000)


ACCUMULATOR = AccumulatorRules()


def parse_accumulator(raw: dict[str, Any], name: str) -> AccumulatorRules:
    a = raw.get("accumulator", {})
    if not isinstance(a, dict) or set(a) - {"enabled", "max_legs", "max_odds"}:
        raise VariantError(f"{name}: [accumulator] takes enabled, max_legs and max_odds, got {a!r}")
    where = f"{name}: accumulator"
    try:
        cap = Fraction(str(a.get("max_odds", ACCUMULATOR.max_odds)))
    except (ValueError, ZeroDivisionError):
        raise VariantError(f"{where}.max_odds: a number such as \"1000\", got {a.get('max_odds')!r}") from None
    if cap < 2 or cap * 100 != int(cap * 100):
        raise VariantError(f"{where}.max_odds: at least 2, on the 0.01 grid, got {a.get('max_odds')!r}")
    return AccumulatorRules(boolean(a.get("enabled", True), f"{where}.enabled"),
                            integer(a.get("max_legs", ACCUMULATOR.max_legs), f"{where}.max_legs", 2, 20), cap)


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
    #: when events run at a table (the draw schedule of issue 20; one event per ticket)
    schedule: DrawSchedule
    kind: str = "virtual"
    admission_override: bool = False
    accumulator: AccumulatorRules = ACCUMULATOR

    @property
    def limits(self) -> Mapping[str, DrawLimits]:
        return dict(self.limit_items)

    @property
    def payouts(self) -> Mapping[str, str]:
        """What each market pays: the odds of the event's board (never a fixed paytable)."""
        return dict.fromkeys(self.markets, "board odds")

    def limits_for(self, cur: str) -> DrawLimits:
        return limits_for(self.limits, cur, self.title)


#: an event every 2 minutes, bets until 10 s before the off (ASSUMPTION: the rules say "every few
#: minutes" and "at least 40 s to bet")
SCHEDULE = DrawSchedule(every_seconds=120, cutoff_seconds=10, max_draws=1, ball_interval_ms=1000)


def _schedule(raw: dict[str, Any], name: str, betting_seconds: int) -> DrawSchedule:
    s = parse_schedule(raw, name, SCHEDULE)
    if s.max_draws != 1:
        raise VariantError(f"{name}: a ticket is for one event (max_draws = 1): each event's board is "
                           f"priced from its own form draws, published only when it is scheduled")
    if s.every_seconds - s.cutoff_seconds < betting_seconds:
        raise VariantError(f"{name}: the schedule leaves {s.every_seconds - s.cutoff_seconds} s to bet; "
                           f"the variant's betting time is {betting_seconds} s")
    return s


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
                        tuple(m.code for m in sport.markets(core)), _schedule(raw, name, core.betting_seconds),
                        admission_override=bool(dict(raw.get("admission", {})).get("override", False)),
                        accumulator=parse_accumulator(raw, name))
