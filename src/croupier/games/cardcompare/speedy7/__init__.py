"""Speedy 7 (000 §12.37): predict the colour of seven cards opened one by one from one deck. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.speedy7.engine import GAME

__all__ = ["GAME"]
