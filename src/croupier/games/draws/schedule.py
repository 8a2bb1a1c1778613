"""When a draw game's draws happen, as variant data (``[schedule]`` of a variant file).

* ``every_seconds`` - a draw every N seconds (000 §12.19: Keno "dealing frequency 1 minute");
* ``cutoff_seconds`` - tickets close that many seconds before each draw (000 §12.33: "the
  betting time is at least 5 seconds"; ASSUMPTION where a rule is silent);
* ``max_draws`` - a ticket may be bought for the next 1 .. K draws (multi-draw);
* ``ball_interval_ms`` - the live board shows one ball every that many milliseconds.

Draw number ``i`` of a game is due at ``epoch + i * every_seconds`` (UTC seconds); its tickets
close at ``due - cutoff_seconds``. Pure arithmetic: the platform supplies the clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from croupier.errors import VariantError
from croupier.games.fields import integer


@dataclass(frozen=True, slots=True)
class DrawSchedule:
    every_seconds: int
    cutoff_seconds: int
    max_draws: int
    ball_interval_ms: int = 1000

    def __post_init__(self) -> None:
        if not 0 <= self.cutoff_seconds < self.every_seconds:
            raise VariantError(f"the cut-off ({self.cutoff_seconds} s) must be shorter than the "
                               f"time between draws ({self.every_seconds} s)")

    def due(self, number: int) -> int:
        """Unix time (seconds) draw ``number`` is due."""
        return number * self.every_seconds

    def closes(self, number: int) -> int:
        """Unix time the tickets for draw ``number`` close."""
        return self.due(number) - self.cutoff_seconds

    def next_open(self, now: float) -> int:
        """The first draw still taking tickets at time ``now``."""
        return int((now + self.cutoff_seconds) // self.every_seconds) + 1

    def to_dict(self) -> dict[str, int]:
        return {"every_seconds": self.every_seconds, "cutoff_seconds": self.cutoff_seconds,
                "max_draws": self.max_draws, "ball_interval_ms": self.ball_interval_ms}


def parse_schedule(data: Mapping[str, Any], where: str, default: DrawSchedule) -> DrawSchedule:
    """The ``[schedule]`` table of a variant file; missing fields take ``default``'s."""
    raw = dict(data.get("schedule", {}))
    w = f"{where}.schedule"
    unknown = set(raw) - {"every_seconds", "cutoff_seconds", "max_draws", "ball_interval_ms"}
    if unknown:
        raise VariantError(f"{w}: unknown fields {', '.join(sorted(unknown))}")
    return DrawSchedule(
        every_seconds=integer(raw.get("every_seconds", default.every_seconds), f"{w}.every_seconds", 5, 86400),
        cutoff_seconds=integer(raw.get("cutoff_seconds", default.cutoff_seconds), f"{w}.cutoff_seconds", 0, 86399),
        max_draws=integer(raw.get("max_draws", default.max_draws), f"{w}.max_draws", 1, 1000),
        ball_interval_ms=integer(raw.get("ball_interval_ms", default.ball_interval_ms),
                                 f"{w}.ball_interval_ms", 0, 60000),
    )
