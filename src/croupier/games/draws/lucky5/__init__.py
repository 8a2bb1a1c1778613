"""Lucky 5 (5 Bet), 000 §12.34: 94 fixed-odds outcomes of a draw of 5 balls out of 36 in four
colours. The bets are in :mod:`.rules`; the engine, exact maths and simulation are the fixed-odds
draw machinery (:mod:`croupier.games.draws.fixedodds`)."""

from __future__ import annotations

from croupier.games.draws.fixedodds.spec import game_spec
from croupier.games.draws.lucky5.rules import BETS, LUCKY5

ENGINE, GAME = game_spec(LUCKY5)

__all__ = ["BETS", "ENGINE", "GAME", "LUCKY5"]
