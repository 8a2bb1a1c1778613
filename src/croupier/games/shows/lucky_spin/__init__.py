"""000 §12.12.2: the win multiplier wheel of the PvP games; bets as data (games/shows/spin.py)."""

from __future__ import annotations

from croupier.games.shows.spingame import spin_game

GAME, SHOW, ENGINE = spin_game("lucky_spin", "Lucky Spin", ("sector",))

__all__ = ["ENGINE", "GAME", "SHOW"]
