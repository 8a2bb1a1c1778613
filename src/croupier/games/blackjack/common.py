"""Unlimited Blackjack (004 §4): any number of players play one common hand, each deciding alone.

004 §4.4-4.7: every player shares the two common cards and the dealer's cards; each decides
independently (one stands on 16, another hits, another doubles) and has their own main bet and
side bets. The dealer deals until every player has finished, then plays the dealer's hand once.

:class:`CommonHandTable` runs one :class:`~.engine.BlackjackEngine` round per player (a *view*:
box 1, that player's bets and decisions) and feeds every view the same cards: a common card is
named by its place in the common hand, a *key*:

* ``("deal", k)``: the k-th card of the first deal (player, dealer up, player, dealer hole);
* ``("hand", 0, j)``: the j-th card of the unsplit common hand (the first hit is j = 2);
* ``("split", h, j)``: the j-th card of split hand ``h`` (004 §4 ambiguity, ASSUMPTION of the
  extract: one common card stream per split hand, shared by every player who split; a player who
  stood or busted ignores the later cards of a stream);
* ``("dealer", k)``: the dealer's k-th card.

A card is drawn from the one physical shoe the first time a view asks for its key; every view
asking for the same key later gets the same card. Dealer cards are drawn only once no view is
still playing its hand (the dealer finishes the players' cards first, 004 §4.7). Each view settles
through the engine, so payouts, insurance, surrender and side bets are the single-player rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from croupier.cards import deck, name
from croupier.errors import IllegalAction, InvalidBet, RoundFinished
from croupier.games.base import (
    BetRequest,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
    checked_draw,
)
from croupier.games.blackjack.engine import BlackjackEngine, BlackjackState, card_draw
from croupier.games.blackjack.variant import BlackjackVariant

Key = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class CommonRound:
    variant: BlackjackVariant
    players: tuple[str, ...]
    views: tuple[BlackjackState, ...]
    cards: tuple[tuple[Key, int], ...]  # the common cards in the order they were drawn
    remaining: tuple[int, ...]          # the physical shoe
    events: tuple[Event, ...]

    def card(self, key: Key) -> int | None:
        for k, c in self.cards:
            if k == key:
                return c
        return None


class CommonHandTable:
    """A common-hand round for many players (004 §4); see the module docstring."""

    def __init__(self, engine: BlackjackEngine | None = None) -> None:
        self.engine = engine or BlackjackEngine()

    def start(self, variant: BlackjackVariant, bets: Mapping[str, Sequence[BetRequest]],
              currency: str) -> CommonRound:
        """``bets``: each player's slip (main bet and side bets; the target, if any, must be box
        1 and that player, and is filled in when empty)."""
        if variant.seats != 1 or variant.boxes_per_player != 1:
            raise InvalidBet(f"{variant.title} is not a common-hand table (one box, one hand)")
        if not bets:
            raise InvalidBet("a round needs at least one player")
        players = tuple(bets)
        views = []
        for p in players:
            slip = [b if b.target else BetRequest(b.code, b.stake, (1, p)) for b in bets[p]]
            for b in slip:
                if tuple(b.target[:2]) != (1, p):
                    raise InvalidBet(f"{p}: every bet is on the common hand (box 1) of {p}, "
                                     f"not {list(b.target)}")
            views.append(self.engine.start(variant, slip, currency))
        events = (Event(0, "round_started", {"game": "blackjack", "variant": variant.name,
                                             "currency": currency, "players": list(players)}),)
        return CommonRound(variant, players, tuple(views), (), tuple(sorted(deck(variant.decks))),
                           events)

    # -- where each view is ------------------------------------------------------------------

    def _key(self, view: BlackjackState) -> Key | None:
        """The common card the view waits for, ``None`` if it waits for none."""
        if self.engine.next_draw(view) is None:
            return None
        if view.phase == "deal":
            return ("deal", view.deal_step)
        if view.phase == "dealer":
            return ("dealer", len(view.dealer))
        if view.turn is None:  # pragma: no cover - a play-phase draw has a hand in turn
            raise IllegalAction("a view waits for a card with no hand in turn")
        bi, hi = view.turn
        hand = view.boxes[bi].hands[hi]
        return ("split", hi, len(hand.cards)) if hand.split else ("hand", 0, len(hand.cards))

    def _feed(self, state: CommonRound) -> CommonRound:
        """Give every view the common cards already drawn that it waits for."""
        views = list(state.views)
        for i, v in enumerate(views):
            while not self.engine.is_finished(v):
                key = self._key(v)
                card = None if key is None else state.card(key)
                if card is None:
                    break
                v = self.engine.apply(v, card_draw(v, card))
            views[i] = v
        return replace(state, views=tuple(views))

    def pending(self, state: CommonRound) -> Key | None:
        """The common card to draw next: the players' cards first, the dealer's only when no
        view still plays or answers a prompt."""
        keys = [k for v in state.views for k in [self._key(v)] if k is not None]
        players = sorted((k for k in keys if k[0] != "dealer"), key=_order)
        if players:
            return players[0]
        if any(not self.engine.is_finished(v) and self._key(v) is None for v in state.views):
            return None  # someone still decides
        dealer = sorted((k for k in keys if k[0] == "dealer"), key=_order)
        return dealer[0] if dealer else None

    # -- the engine contract, per table --------------------------------------------------------

    def next_draw(self, state: CommonRound) -> DrawRequest | None:
        if self.is_finished(state) or self.pending(state) is None:
            return None
        return DrawRequest("card", len(state.remaining))

    def legal_actions(self, state: CommonRound, player: str) -> list[Decision]:
        return self.engine.legal_actions(self._view(state, player)[1])

    def is_finished(self, state: CommonRound) -> bool:
        return all(self.engine.is_finished(v) for v in state.views)

    def apply_draw(self, state: CommonRound, action: DrawAction) -> CommonRound:
        if self.is_finished(state):
            raise RoundFinished("the round is settled; no more cards")
        key = self.pending(state)
        if key is None:
            raise IllegalAction("the common hand waits for a player's decision, not a card")
        value = checked_draw(action, "card", len(state.remaining))
        card = state.remaining[value]
        event = Event(len(state.events), "draw",
                      {"kind": "card", "value": value, "card": name(card), "key": list(key)})
        new = replace(state, cards=state.cards + ((key, card),),
                      remaining=state.remaining[:value] + state.remaining[value + 1:],
                      events=state.events + (event,))
        return self._feed(new)

    def decide(self, state: CommonRound, player: str, decision: Decision) -> CommonRound:
        """``player`` decides on their own copy of the common hand (box 1)."""
        if self.is_finished(state):
            raise RoundFinished("the round is settled; no more decisions")
        i, view = self._view(state, player)
        args = dict(decision.args)
        args.setdefault("box", 1)
        args.setdefault("player", player)
        if args["player"] != player:
            raise IllegalAction(f"{player} cannot decide for {args['player']!r}")
        view = self.engine.apply(view, Decision(decision.name, args))
        views = state.views[:i] + (view,) + state.views[i + 1:]
        event = Event(len(state.events), "decision",
                      {"player": player, "name": decision.name, "args": args})
        return self._feed(replace(state, views=views, events=state.events + (event,)))

    def settle(self, state: CommonRound) -> dict[str, Settlement]:
        if not self.is_finished(state):
            raise IllegalAction("the round is not over")
        return {p: self.engine.settle(v) for p, v in zip(state.players, state.views, strict=True)}

    @staticmethod
    def _view(state: CommonRound, player: str) -> tuple[int, BlackjackState]:
        try:
            i = state.players.index(player)
        except ValueError:
            raise IllegalAction(f"{player!r} has no bet on this common hand") from None
        return i, state.views[i]


def _order(key: Key) -> tuple[int, ...]:
    """Dealing order: the first deal, the unsplit hand, split hand 0 then 1, the dealer."""
    rank = {"deal": 0, "hand": 1, "split": 2, "dealer": 3}[str(key[0])]
    return (rank,) + tuple(int(k) for k in key[1:])
