"""Football Studio (000 §12.23): one card to Home, one to Away, Ace high; a draw pays 11:1. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.football_studio.engine import GAME

__all__ = ["GAME"]
