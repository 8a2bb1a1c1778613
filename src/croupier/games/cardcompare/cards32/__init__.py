"""32 Cards (000 §12.57): four players 8, 9, 10, 11 race with one card each; tied leaders draw again. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.cards32.engine import GAME

__all__ = ["GAME"]
