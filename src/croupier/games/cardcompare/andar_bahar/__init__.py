"""Andar Bahar (000 §12.55) with its 22 side bets. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.andar_bahar.engine import GAME

__all__ = ["GAME"]
