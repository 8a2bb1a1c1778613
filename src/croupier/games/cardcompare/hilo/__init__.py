"""HI LO (000 §12.21): one card a round from a 25-card deck, 20 fixed-odds predictions. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.hilo.engine import GAME

__all__ = ["GAME"]
