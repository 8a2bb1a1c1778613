"""000 §12.36: the presenter's 19-sector wheel (numbers 1-18 and the cup with star); bets as data (games/shows/spin.py)."""

from __future__ import annotations

from croupier.games.shows.spingame import spin_game

GAME, SHOW, ENGINE = spin_game("wheel_of_fortune", "Wheel / Classic Wheel / Wheel of Fortune", ("number", "cup"))

__all__ = ["ENGINE", "GAME", "SHOW"]
