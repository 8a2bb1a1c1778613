"""Lucky 6 with digit balls, 000 §12.38: 38 fixed-odds outcomes of 6 digit balls out of 60 in
zones A, B, C. The bets are in :mod:`.rules`; the engine, exact maths and simulation are the fixed-odds
draw machinery (:mod:`croupier.games.draws.fixedodds`)."""

from __future__ import annotations

from croupier.games.draws.fixedodds.spec import game_spec
from croupier.games.draws.lucky6.rules import BETS, LUCKY6

ENGINE, GAME = game_spec(LUCKY6)

__all__ = ["BETS", "ENGINE", "GAME", "LUCKY6"]
