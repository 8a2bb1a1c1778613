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

from croupier.errors import IllegalAction
from croupier.games.base import Decision, DrawAction
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

    def __call__(self, state: HandState, legal: list[Decision]) -> Decision:
        # legal_actions' order: fold, check or call, then bet/raise to the least and to the most
        # (PokerEngine.raise_range); run_it 1..k; at All-in or Fold: fold, [check], all_in
        r = self.source.randbelow
        last = legal[-1]
        last_name = last.name
        if last_name == "run_it":  # a vote: every entry is run_it
            return last if r(1000) < self.runs else legal[0]
        if last_name == "all_in":  # All-in or Fold tables
            shove = self.bet + self.shove + (300 if self._strong(state) else 0)
            return last if r(1000) < shove else legal[0]
        strong = self.strength and self._strong(state)
        if (last_name == "bet" or last_name == "raise") and r(1000) < self.bet + (250 if strong else 0):
            first = legal[2]
            low, high = first.args["to"], last.args["to"]  # the engine's raise_range
            if r(1000) < self.shove or low == high:
                to = high
            else:
                to = low + r(min(high - low, 4 * low) + 1)
            return Decision(last_name, {"seat": first.args["seat"], "to": to})
        passive = legal[1]  # check or call
        if passive.name == "call":
            fold = self.fold * (1 if not self.strength else (0 if strong else 2))
            if r(1000) < fold:
                return legal[0]
        return passive

    @staticmethod
    def _strong(state: HandState) -> bool:
        hole = state.cards_of(state.actor)
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
    decisions from ``bots[seat]``: :func:`croupier.games.base.play_seated`'s loop (the same
    draws and decisions in the same order) with the poker hand's phases read directly."""
    state = engine.start(variant, setup, currency)
    apply, legal, seats = engine.apply, engine.legal_actions, setup.seats
    while state.phase != "done":
        if state.phase == "deal":
            req = engine.next_draw(state)
            if req is None:  # pragma: no cover - the engine always asks for a deal here
                raise IllegalAction("the hand is dealing but asks for no draw")
            state = apply(state, DrawAction(req.kind, source.randbelow(req.n)))
            continue
        if state.actor < 0:
            raise IllegalAction("the round is stuck: no draw pending and nobody to act")
        state = apply(state, bots[seats[state.actor]](state, legal(state)))
    return state, engine.settle(state)
