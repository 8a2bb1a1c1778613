"""Football Studio (000 §12.23): one card to Home, one to Away, Ace high; a draw pays 11:1."""

from __future__ import annotations

from croupier.games.cardcompare.dealt import DealEngine, game_spec
from croupier.games.cardcompare.duel import DuelRules

RULES = DuelRules("football_studio", "Football Studio", ("home", "away"), "draw", None)
GAME = game_spec(RULES)
ENGINE: DealEngine = GAME.engine  # type: ignore[assignment]

__all__ = ["ENGINE", "GAME", "RULES"]
