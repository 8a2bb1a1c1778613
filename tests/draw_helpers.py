"""What the draw-table tests share: a settable clock and a sink for the runner's messages."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


class Clock:
    """The platform's clock, set by the test (Unix seconds)."""

    def __init__(self, ts: float) -> None:
        self.now = datetime.fromtimestamp(ts, UTC)

    def __call__(self) -> datetime:
        return self.now

    def to(self, ts: float) -> None:
        self.now = datetime.fromtimestamp(ts, UTC)


class Sink:
    """Collects what the draw runner publishes."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def __call__(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def types(self) -> list[str]:
        return [m["message"]["type"] for m in self.messages]
