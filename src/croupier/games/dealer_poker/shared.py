"""Casino Hold'em at a live table (004 §5.9–5.12): every player shares the same cards.

004 §5.9: all players get the same two face-up cards, the dealer two face-down cards and three
community cards; each decides alone (Play or Fold, 5.10); then the dealer deals the last two
community cards (5.11) and each hand settles against the dealer's. :class:`SharedCardsTable`
runs one :class:`~.engine.DealerPokerEngine` round per player (a *view*) and gives every view
the same cards in the same order: the i-th card of the table is every view's i-th draw. A card is
asked for only when no view still has a decision open (the dealer deals the turn and river once
everyone has decided); a folded view takes no more cards. Same interface as
:class:`croupier.games.blackjack.common.CommonHandTable`, so the live table runs both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from croupier.cards import name
from croupier.errors import IllegalAction, InvalidBet, RoundFinished
from croupier.games.base import BetRequest, Decision, DrawAction, DrawRequest, Event, Settlement
from croupier.games.dealer_poker.engine import DealerPokerEngine, PokerState


@dataclass(frozen=True, slots=True)
class SharedRound:
    players: tuple[str, ...]
    views: tuple[PokerState, ...]
    deck: tuple[int, ...]               # the game's fresh deck (a new deck per game, 004 §5.2)
    cards: tuple[tuple[int, int], ...]  # (index, card) in the order dealt
    events: tuple[Event, ...]

    @property
    def remaining(self) -> tuple[int, ...]:
        """The cards not dealt yet, in the deck's order (a draw is an index into them)."""
        dealt = {c for _i, c in self.cards}
        return tuple(c for c in self.deck if c not in dealt)


class SharedCardsTable:
    """Many players on one set of cards (004 §5.9); see the module docstring."""

    def __init__(self, engine: DealerPokerEngine) -> None:
        self.engine = engine

    def start(self, variant: object, bets: Mapping[str, Sequence[BetRequest]],
              currency: str) -> SharedRound:
        if not bets:
            raise InvalidBet("a round needs at least one player")
        players = tuple(bets)
        views = tuple(self.engine.start(variant, list(bets[p]), currency)  # type: ignore[arg-type]
                      for p in players)
        return SharedRound(players, views, tuple(views[0].remaining), (),
                           (Event(0, "round_started", {"game": self.engine.game, "currency": currency,
                                                    "players": list(players)}),))

    def _feed(self, state: SharedRound) -> SharedRound:
        views = list(state.views)
        for i, v in enumerate(views):
            while self.engine.next_draw(v) is not None and len(v.cards) < len(state.cards):
                card = state.cards[len(v.cards)][1]
                v = self.engine.apply(v, DrawAction("card", v.remaining.index(card)))
            views[i] = v
        return replace(state, views=tuple(views))

    def is_finished(self, state: SharedRound) -> bool:
        return all(self.engine.is_finished(v) for v in state.views)

    def next_draw(self, state: SharedRound) -> DrawRequest | None:
        if self.is_finished(state):
            return None
        if any(self.engine.legal_actions(v) for v in state.views):
            return None  # someone still decides (004 §5.11: the dealer deals after)
        if not any(self.engine.next_draw(v) is not None for v in state.views):
            return None  # pragma: no cover - an unfinished view draws or decides
        return DrawRequest("card", len(state.remaining))

    def apply_draw(self, state: SharedRound, action: DrawAction) -> SharedRound:
        if self.is_finished(state):
            raise RoundFinished("the round is settled; no more cards")
        if self.next_draw(state) is None:
            raise IllegalAction("the table waits for a player's decision, not a card")
        left = state.remaining
        v = action.value
        if action.kind != "card" or isinstance(v, bool) or not isinstance(v, int) \
                or not 0 <= v < len(left):
            raise IllegalAction(f"a card draw is an index in [0, {len(left)}), got {v!r}")
        card = left[v]
        ev = Event(len(state.events), "draw", {"kind": "card", "value": v, "card": name(card)})
        new = replace(state, cards=state.cards + ((len(state.cards), card),),
                      events=state.events + (ev,))
        return self._feed(new)

    def legal_actions(self, state: SharedRound, player: str) -> list[Decision]:
        return self.engine.legal_actions(self._view(state, player)[1])

    def decide(self, state: SharedRound, player: str, decision: Decision) -> SharedRound:
        if self.is_finished(state):
            raise RoundFinished("the round is settled; no more decisions")
        i, view = self._view(state, player)
        view = self.engine.apply(view, decision)
        ev = Event(len(state.events), "decision", {"player": player, "name": decision.name,
                                                  "args": dict(decision.args)})
        return self._feed(replace(state, views=state.views[:i] + (view,) + state.views[i + 1:],
                                  events=state.events + (ev,)))

    def settle(self, state: SharedRound) -> dict[str, Settlement]:
        if not self.is_finished(state):
            raise IllegalAction("the round is not over")
        return {p: self.engine.settle(v) for p, v in zip(state.players, state.views, strict=True)}

    @staticmethod
    def _view(state: SharedRound, player: str) -> tuple[int, PokerState]:
        try:
            i = state.players.index(player)
        except ValueError:
            raise IllegalAction(f"{player!r} has no bet in this round") from None
        return i, state.views[i]
