"""Dragon Tiger and Kricketwar (000 §12.24): one card to the Dragon, one to the Tiger, Ace low."""

from __future__ import annotations

from croupier.games.cardcompare.dealt import DealEngine, game_spec
from croupier.games.cardcompare.duel import DuelRules

RULES = DuelRules("dragon_tiger", "Dragon Tiger", ("dragon", "tiger"), "tie", "suited_tie")
GAME = game_spec(RULES)
ENGINE: DealEngine = GAME.engine  # type: ignore[assignment]

__all__ = ["ENGINE", "GAME", "RULES"]
