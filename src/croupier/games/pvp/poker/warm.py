"""Compile (or load from numba's disk cache) the showdown evaluators the poker engine calls, before
a hand waits for them: the platform calls :func:`warm` once per process at start
(croupier.platform.warm)."""

from __future__ import annotations

from croupier.cards import card
from croupier.games.pvp.poker.evaluate import CODES, hand_values

# any distinct cards of a short deck (6 to Ace) do for the compile
_BOARD = (card(14, 0), card(13, 1), card(9, 2), card(7, 3), card(6, 0))
_HOLES = ((card(14, 2), card(14, 3), card(12, 0), card(11, 1)),
          (card(10, 2), card(10, 3), card(8, 1), card(8, 0)))


def warm() -> None:
    """Each ranking's showdown: one hole-card count (the flat call) and mixed counts (the rows)."""
    for ranking in CODES:
        hole = 4 if ranking == "omaha" else 2
        same = [h[:hole] for h in _HOLES]
        hand_values(ranking, same, _BOARD)
        hand_values(ranking, [same[0], _HOLES[1][:hole - 1]], _BOARD)
