"""Fruitrace, 000 §12.45: ten fruit and "7" balls in a random order against a fixed panel;
one bet paid by the match class. The bets are in :mod:`.rules`; the engine, exact maths and simulation are the fixed-odds
draw machinery (:mod:`croupier.games.draws.fixedodds`)."""

from __future__ import annotations

from croupier.games.draws.fixedodds.spec import game_spec
from croupier.games.draws.fruitrace.rules import BETS, FRUITRACE

ENGINE, GAME = game_spec(FRUITRACE)

__all__ = ["BETS", "ENGINE", "GAME", "FRUITRACE"]
