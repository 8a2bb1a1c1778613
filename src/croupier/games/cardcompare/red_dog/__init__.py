"""Red Dog (000 §12.14): will the third card fall between the first two? The one place its rules are. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.red_dog.engine import GAME

__all__ = ["GAME"]
