"""War of Bets (000 §12.39): one card to the Player, then one to the Dealer; 25 predictions. The engine and its maths are in :mod:`.engine`."""

from __future__ import annotations

from croupier.games.cardcompare.war_of_bets.engine import GAME

__all__ = ["GAME"]
