"""Lucky 7 (7 Bet), 000 §12.35: 73 fixed-odds outcomes of a draw of 7 balls out of 42, yellow
and black. The bets are in :mod:`.rules`; the engine, exact maths and simulation are the fixed-odds
draw machinery (:mod:`croupier.games.draws.fixedodds`)."""

from __future__ import annotations

from croupier.games.draws.fixedodds.spec import game_spec
from croupier.games.draws.lucky7.rules import BETS, LUCKY7

ENGINE, GAME = game_spec(LUCKY7)

__all__ = ["BETS", "ENGINE", "GAME", "LUCKY7"]
