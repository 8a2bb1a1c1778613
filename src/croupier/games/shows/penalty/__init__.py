"""000 §12.29: a shot at a goal of 24 sectors, Failure or the bar; bets as data (games/shows/spin.py)."""

from __future__ import annotations

from croupier.games.shows.spingame import spin_game

GAME, SHOW, ENGINE = spin_game("penalty", "Penalty", ("sector", "miss"))

__all__ = ["ENGINE", "GAME", "SHOW"]
