"""A drum's balls in colours, as variant data (``[colours]`` name = [numbers]).

The rules fix the colours and how many balls each has; Lucky 5 and Lucky 7 do not say which
numbers (ASSUMPTION, 000 §12.34/§12.35: "a fixed mapping must be configured"), Lucky 6 (§12.46)
does. The variant lists them; this checks that they split the drum as the rules say."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from croupier.errors import VariantError
from croupier.games.draws.balls import BallDraw


def parse_colours(data: Mapping[str, Any], where: str, draw: BallDraw, names: Sequence[str],
                  per_colour: int) -> tuple[int, ...]:
    """``out[ball - draw.first]`` = the index in ``names`` of the ball's colour."""
    raw = data.get("colours")
    w = f"{where}.colours"
    if not isinstance(raw, Mapping):
        raise VariantError(f"{w}: a table of colour = [numbers] for {', '.join(names)}")
    if set(raw) != set(names):
        raise VariantError(f"{w}: the colours are {', '.join(names)}, got {', '.join(sorted(raw))}")
    out = [-1] * draw.balls
    for i, name in enumerate(names):
        balls = raw[name]
        if not isinstance(balls, list) or len(balls) != per_colour:
            raise VariantError(f"{w}.{name}: {per_colour} numbers, got {balls!r}")
        for b in balls:
            if type(b) is not int or not draw.first <= b <= draw.last:
                raise VariantError(f"{w}.{name}: {b!r} is not a ball {draw.first}-{draw.last}")
            if out[b - draw.first] != -1:
                raise VariantError(f"{w}: ball {b} has two colours")
            out[b - draw.first] = i
    return tuple(out)


def colour_of(variant: Any, ball: int) -> int:
    table: tuple[int, ...] = variant.options["colour"]
    first: int = variant.draw.first
    return table[ball - first]


def colour_name(variant: Any, ball: int) -> str:
    names: tuple[str, ...] = variant.options["colour_names"]
    return names[colour_of(variant, ball)]
