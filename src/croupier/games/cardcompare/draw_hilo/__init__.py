"""Draw HiLo (000 §12.15): will the next card of one deck be higher or lower? K high, A low. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.draw_hilo.engine import GAME

__all__ = ["GAME"]
