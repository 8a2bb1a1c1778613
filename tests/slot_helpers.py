"""Helpers for the slot tests: scripted stops and small test slots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.games.base import BetRequest, Decision, DrawAction
from croupier.games.registry import load_variant
from croupier.games.slots.engine import ENGINE, SlotState
from croupier.games.slots.variant import SlotVariant, parse_variant


def slot(name: str) -> SlotVariant:
    v = load_variant("slot", name)
    assert isinstance(v, SlotVariant)
    return v


def stop_showing(strip: Sequence[int], symbol: int | None, rows: int, want: bool = True) -> int:
    """A stop whose window shows ``symbol`` (or, with ``want=False``, does not show it)."""
    n = len(strip)
    for stop in range(n):
        shown = any(strip[(stop + h) % n] == symbol for h in range(rows))
        if shown == want:
            return stop
    raise LookupError("no such stop")


def scatter_stops(v: SlotVariant, count: int, free: bool = False) -> list[int]:
    """Stops showing exactly ``count`` scatters (one a reel, on the first reels that carry one)."""
    strips = v.strips(free)
    out, left = [], count
    for strip in strips:
        has = v.scatter in strip
        want = left > 0 and has
        out.append(stop_showing(strip, v.scatter, v.rows, want))
        left -= want
    assert left == 0
    return out


def spin(state: SlotState, stops: Sequence[int]) -> SlotState:
    for s in stops:
        state = ENGINE.apply(state, DrawAction("reel", s))
    return state


def start(v: SlotVariant, stake: int, lines: int | None = None, currency: str = "EUR") -> SlotState:
    target: tuple[int | str, ...] = () if lines is None else (lines,)
    return ENGINE.start(v, [BetRequest("spin", stake, target)], currency)


def collect(state: Any, legal: list[Decision]) -> Decision:
    return Decision("collect")


def small_slot(mode: str = "lines", free: bool = True) -> SlotVariant:
    """A 3-reel test slot small enough to enumerate through the engine (Wild, Scatter)."""
    data: dict[str, Any] = {
        "title": "test", "source": "test", "theme": "test", "rows": 2, "mode": mode,
        "symbols": {"W": {"name": "Wild", "role": "wild"}, "S": {"name": "Scatter", "role": "scatter"},
                    "A": {"name": "A", "role": "theme"}, "B": {"name": "B", "role": "card"},
                    "C": {"name": "C", "role": "card"}},
        "reels": ["A B C S B C A", "W A B C B S C A", "A C B W C S B"],
        "paytable": {"A": [1, 4, 20], "B": [0, 3, 10], "C": [0, 2, 6]},
        "scatter": {"pays": [0, 0, 1, 5]},
        "bet": {"steps": {"EUR": [1, 2, 5]}},
    }
    if mode == "lines":
        data["lines"] = [[0, 0, 0], [1, 1, 1], [0, 1, 0], [1, 0, 1]]
        data["paytable"]["W"] = [0, 5, 30]
    else:
        data["bet_multiplier"] = 4
    if free:
        data["free_spins"] = {"awards": [0, 0, 2, 3], "retriggers": [0, 0, 1, 2], "multiplier": 2,
                              "reels": ["A W C S B C", "W A B S B C A", "A C W C S B"]}
    return parse_variant(data, "test")
