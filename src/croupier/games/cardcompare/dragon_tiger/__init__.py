"""Dragon Tiger and Kricketwar (000 §12.24): one card to the Dragon, one to the Tiger, Ace low. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.dragon_tiger.engine import GAME

__all__ = ["GAME"]
