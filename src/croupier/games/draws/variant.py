"""Fields every draw variant shares (title, source, kind, the drum, limits, schedule,
assumptions, admission override), parsed from its TOML file with precise errors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from croupier.games.draws.balls import BallDraw
from croupier.games.draws.limits import DrawLimits, limits_for, parse_limits
from croupier.games.draws.schedule import DrawSchedule, parse_schedule
from croupier.games.fields import integer, need


@dataclass(frozen=True, slots=True)
class DrawCommon:
    """The shared head of a draw variant (composition, not inheritance: a game's variant keeps
    one in ``common`` and exposes the fields the platform reads)."""

    name: str
    title: str
    source: str
    kind: str
    draw: BallDraw
    limits: Mapping[str, DrawLimits]
    schedule: DrawSchedule
    assumptions: tuple[str, ...]
    admission_override: bool


def parse_common(data: Mapping[str, Any], name: str, game: str, default_schedule: DrawSchedule,
                 ordered: bool = False) -> DrawCommon:
    where = f"{game}/{name}.toml"
    balls = integer(need(data, "balls", where), f"{where}.balls", 1, 1000)
    drawn = integer(need(data, "drawn", where), f"{where}.drawn", 1, balls)
    first = integer(data.get("first_ball", 1), f"{where}.first_ball", 0, 1)
    return DrawCommon(
        name=name, title=str(need(data, "title", where)), source=str(need(data, "source", where)),
        kind=str(data.get("kind", "lottery")),
        draw=BallDraw(balls, drawn, first, ordered),
        limits=parse_limits(data, where),
        schedule=parse_schedule(data, where, default_schedule),
        assumptions=tuple(str(a) for a in data.get("assumptions", ())),
        admission_override=bool(dict(data.get("admission", {})).get("override", False)),
    )


def common_limits(common: DrawCommon, cur: str) -> DrawLimits:
    return limits_for(common.limits, cur, common.title)


class CommonFields:
    """The fields the platform reads of a draw variant, read from its ``common`` head (a game's
    variant dataclass lists ``common: DrawCommon`` and inherits these)."""

    __slots__ = ()
    common: DrawCommon

    @property
    def name(self) -> str:
        return self.common.name

    @property
    def title(self) -> str:
        return self.common.title

    @property
    def source(self) -> str:
        return self.common.source

    @property
    def kind(self) -> str:
        return self.common.kind

    @property
    def draw(self) -> BallDraw:
        return self.common.draw

    @property
    def schedule(self) -> DrawSchedule:
        return self.common.schedule

    @property
    def limits(self) -> Mapping[str, DrawLimits]:
        return self.common.limits

    @property
    def assumptions(self) -> tuple[str, ...]:
        return self.common.assumptions

    @property
    def admission_override(self) -> bool:
        return self.common.admission_override

    def limits_for(self, cur: str) -> DrawLimits:
        return common_limits(self.common, cur)

