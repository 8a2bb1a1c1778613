"""Lucky 6 with 48 balls, 000 §12.46: 35 balls drawn in order out of 48; the 6-number ticket
paid by the position that completes it, and 14 side bets. The bets are in :mod:`.rules`; the engine, exact maths and simulation are the fixed-odds
draw machinery (:mod:`croupier.games.draws.fixedodds`)."""

from __future__ import annotations

from croupier.games.draws.fixedodds.spec import game_spec
from croupier.games.draws.lucky6_48.rules import BETS, LUCKY6_48

ENGINE, GAME = game_spec(LUCKY6_48)

__all__ = ["BETS", "ENGINE", "GAME", "LUCKY6_48"]
