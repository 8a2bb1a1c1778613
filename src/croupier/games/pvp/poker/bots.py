"""Rule-based poker players for tests, demos and the benchmark: they only ever choose from
``legal_actions`` (and a ``to`` inside :meth:`PokerEngine.raise_range`), so a bot never makes the
engine raise. Randomness comes from the injected source only.

* :class:`Bot` - a player of fixed habits: how often it folds to a bet, raises, and shoves, in
  per-mille; with ``strength`` on, it raises good starting cards (a pair, or two cards of ten or
  better) and folds weak ones to a bet more often.
* :data:`PRESETS` - ``calling`` (calls down), ``tight``, ``loose`` and ``maniac`` (all-ins).
* :func:`play_hand` - deal and play one hand to its settlement with a bot per seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from croupier.games.base import Decision, play_seated
from croupier.games.pvp.poker.engine import (
    ENGINE,
    HandSettlement,
    HandSetup,
    HandState,
    PokerEngine,
)
from croupier.games.pvp.poker.variant import PokerVariant
from croupier.rng import RandomSource

BotFn = Callable[[HandState, list[Decision]], Decision]


@dataclass(frozen=True, slots=True)
class Bot:
    """Per-mille habits: ``fold`` facing a bet, ``bet`` when it may bet or raise, ``shove`` (of
    its bets, all-in), ``runs`` (of its run-it votes, the most runs offered)."""

    source: RandomSource
    fold: int = 200
    bet: int = 250
    shove: int = 100
    runs: int = 500
    strength: bool = True
    engine: PokerEngine = ENGINE

    def __call__(self, state: HandState, legal: list[Decision]) -> Decision:
        r = self.source.randbelow
        names = [d.name for d in legal]
        if names[0] == "run_it":
            return legal[-1] if r(1000) < self.runs else legal[0]
        if "all_in" in names:  # All-in or Fold tables
            shove = self.bet + self.shove + (300 if self._strong(state) else 0)
            return legal[-1] if r(1000) < shove else legal[0]
        strong = self.strength and self._strong(state)
        raises = [d for d in legal if d.name in ("bet", "raise")]
        if raises and r(1000) < self.bet + (250 if strong else 0):
            rng = self.engine.raise_range(state)
            seat = raises[0].args["seat"]
            if rng is None:
                return raises[0]
            low, high = rng
            if r(1000) < self.shove or low == high:
                to = high
            else:
                to = low + r(min(high - low, 4 * low) + 1)
            return Decision(raises[0].name, {"seat": seat, "to": to})
        passive = legal[1]  # check or call
        if passive.name == "call":
            fold = self.fold * (1 if not self.strength else (0 if strong else 2))
            if r(1000) < fold:
                return legal[0]
        return passive

    def _strong(self, state: HandState) -> bool:
        hole = state.hole[state.actor]
        if len(hole) < 2:
            return False
        a, b = hole[0] >> 2, hole[1] >> 2
        return a == b or (a >= 10 and b >= 10)


def preset(name: str, source: RandomSource) -> Bot:
    """A bot of one of the named habits (:data:`PRESETS`)."""
    h = PRESETS[name]
    return Bot(source, fold=h["fold"], bet=h["bet"], shove=h["shove"], runs=h["runs"])


PRESETS: Mapping[str, dict[str, int]] = {
    "calling": {"fold": 0, "bet": 50, "shove": 0, "runs": 0},
    "tight": {"fold": 350, "bet": 150, "shove": 30, "runs": 300},
    "loose": {"fold": 100, "bet": 350, "shove": 80, "runs": 700},
    "maniac": {"fold": 50, "bet": 500, "shove": 450, "runs": 1000},
}


def play_hand(variant: PokerVariant, setup: HandSetup, currency: str, source: RandomSource,
              bots: Mapping[int, BotFn], engine: PokerEngine = ENGINE) -> tuple[HandState, HandSettlement]:
    """One hand from the forced bets to the settlement: deals from ``source``, each seat's
    decisions from ``bots[seat]`` (:func:`croupier.games.base.play_seated`)."""
    state, settlement = play_seated(engine, variant, setup, currency, source, bots)
    return state, cast(HandSettlement, settlement)
