"""Top Card Trump(s) / casino war (000 §12.16, 001 §9.4). The one place the rules are written.

Flow: one card to every hand with an ANTE (ascending), then one to the dealer; Ace is high.
A higher hand wins the ANTE at ``payouts.ante``; a lower one loses. Tied hands are resolved one at
a time (001 §9.4 "Active Hand"): the player decides ``fold`` (PASS: ``fold_refund`` of the ANTE
back) or ``war`` (CALL: a RAISE equal to the ANTE). A war burns ``burn`` cards and deals one card to
the hand and one to the dealer: the hand higher -> ANTE returned, RAISE paid at ``payouts.raise``;
the dealer higher -> both lost; a tie -> ``war_tie``: ``repeat`` (001: burn and deal again, no new
decision or wager) or ``player_wins`` (000: "the victory passes to the player"). The TIE bet
(001) wins ``payouts.tie`` when the dealer's first card has the rank of the middle hand's card.

Chance steps are ``card`` draws (index in the sorted remaining composition); if a war round needs
more cards than are left, it is dealt from a fresh shoe (ASSUMPTION; event ``new_shoe``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from croupier.cards import name as card_name
from croupier.cards import rank_of
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    RoundFinished,
    UnknownBetCode,
)
from croupier.games.base import (
    Action,
    BetRequest,
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
    outcome_label,
)
from croupier.games.cardcompare.common import checked_stake
from croupier.games.cardcompare.composition import Composition
from croupier.games.cardcompare.top_card.variant import TopCardVariant
from croupier.money import apply_ratio, currency


@dataclass(frozen=True, slots=True)
class War:
    hand: int
    burned: int = 0
    card: int | None = None


@dataclass(frozen=True, slots=True)
class TopCardState:
    variant: TopCardVariant
    currency: str
    antes: tuple[tuple[int, int, int], ...]  # (bet_id, hand, stake)
    tie_bet: tuple[int, int] | None          # (bet_id, stake)
    shoe: Composition
    cards: tuple[tuple[int, int], ...]       # (hand, card) first cards
    dealer: int | None
    queue: tuple[int, ...]                   # tied hands waiting for a decision
    war: War | None
    outcomes: tuple[tuple[int, str], ...]    # (hand, win/lose/fold/war_win/war_lose)
    raises: tuple[tuple[int, int, int], ...]  # (bet_id, hand, stake)
    settlement: Settlement | None
    events: tuple[Event, ...]


def value(card: int) -> int:
    """000 §12.16, 001 §9.4: 2 lowest ... Ace highest; suits do not rank."""
    return rank_of(card)


class TopCardEngine:
    game = "top_card"

    def start(self, variant: TopCardVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = (), shoe: Composition | None = None) -> TopCardState:
        cur = currency(currency_code)
        if carried:
            raise InvalidBet("Top Card carries no bet to the next round")
        antes: list[tuple[int, int, int]] = []
        tie: tuple[int, int] | None = None
        for i, req in enumerate(bets):
            if not isinstance(req, BetRequest):
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in variant.bet_codes:
                raise UnknownBetCode(f"{variant.title} has no bet {req.code!r}; bets: "
                                     f"{', '.join(variant.bet_codes)}")
            stake = checked_stake(variant.limits, cur, req.code, req.stake)
            if req.code == "ante":
                if not req.target and variant.hands == 1:
                    hand = 1
                elif len(req.target) == 1 and type(req.target[0]) is int and 1 <= req.target[0] <= variant.hands:
                    hand = req.target[0]
                else:
                    raise InvalidSelection(f"an ANTE names its hand: 1 to {variant.hands}, "
                                           f"got {list(req.target)}")
                if any(h == hand for _, h, _ in antes):
                    raise InvalidBet(f"hand {hand} already has an ANTE")
                antes.append((i, hand, stake))
            else:
                if req.target:
                    raise InvalidSelection("the TIE bet takes no target (it is on the middle hand)")
                if tie is not None:
                    raise InvalidBet("one TIE bet a round")
                tie = (i, stake)
        if not antes:
            raise InvalidBet("a round needs an ANTE on at least one hand")
        if tie is not None and all(h != variant.middle for _, h, _ in antes):
            raise InvalidBet(f"a TIE bet needs an ANTE on the middle hand ({variant.middle}) (001 §9.4)")
        comp = Composition.decks(variant.decks) if shoe is None else shoe
        antes.sort(key=lambda a: a[1])
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name,
                                       "currency": cur.code,
                                       "shoe": None if shoe is None else comp.to_list()}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        return TopCardState(variant, cur.code, tuple(antes), tie, comp, (), None, (), None, (),
                            (), None, events)

    def next_draw(self, state: TopCardState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        if state.dealer is None or state.war is not None:
            return DrawRequest("card", state.shoe.size)
        return None

    @staticmethod
    def asks_decisions(variant: object) -> bool:
        """Whether a round may wait for the player: on a tie the player goes to war or folds, in
        every variant. (The platform's one trial round from a fixed stream deals no tie, so it
        must be told: a single-request round would be refused whenever the cards tie.)"""
        return True

    def legal_actions(self, state: TopCardState) -> list[Decision]:
        if state.settlement is not None or state.war is not None or not state.queue:
            return []
        h = state.queue[0]
        return [Decision("war", {"hand": h}), Decision("fold", {"hand": h})]

    def is_finished(self, state: TopCardState) -> bool:
        return state.settlement is not None

    def apply(self, state: TopCardState, action: Action) -> TopCardState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled")
        if isinstance(action, Decision):
            return self._decide(state, action)
        if not isinstance(action, DrawAction) or action.kind != "card":
            raise IllegalAction("the round waits for a card draw")
        if self.next_draw(state) is None:
            raise IllegalAction(f"hand {state.queue[0]} must choose war or fold first")
        card = state.shoe.card_at(action.value)
        shoe = state.shoe.remove(card)
        v = state.variant
        if state.war is None:
            if len(state.cards) < len(state.antes):
                hand = state.antes[len(state.cards)][1]
                new = replace(state, shoe=shoe, cards=state.cards + ((hand, card),))
                return self._log(new, action, card, f"hand {hand}")
            new = self._log(replace(state, shoe=shoe, dealer=card), action, card, "dealer")
            outcomes = []
            queue = []
            for hand, c in new.cards:
                if value(c) > value(card):
                    outcomes.append((hand, "win"))
                elif value(c) < value(card):
                    outcomes.append((hand, "lose"))
                else:
                    queue.append(hand)
            new = replace(new, outcomes=tuple(outcomes), queue=tuple(queue))
            return new if queue else self._settle_now(new)
        war = state.war
        if war.burned < v.burn:
            return self._log(replace(state, shoe=shoe, war=replace(war, burned=war.burned + 1)),
                             action, card, "burn")
        if war.card is None:
            return self._log(replace(state, shoe=shoe, war=replace(war, card=card)),
                             action, card, f"war hand {war.hand}")
        new = self._log(replace(state, shoe=shoe), action, card, "war dealer")
        p, d = value(war.card), value(card)
        if p == d and v.war_tie == "repeat":
            return self._fresh_if_short(replace(new, war=War(war.hand)))
        result = "war_win" if p >= d else "war_lose"
        return self._next_hand(replace(new, war=None, outcomes=new.outcomes + ((war.hand, result),)))

    def _decide(self, state: TopCardState, d: Decision) -> TopCardState:
        legal = self.legal_actions(state)
        if d not in legal:
            what = f"{d.name} {dict(d.args)}"
            allowed = ", ".join(f"{x.name} {dict(x.args)}" for x in legal) or "no decision (a card is due)"
            raise IllegalAction(f"{what} is not allowed now; allowed: {allowed}")
        hand = state.queue[0]
        ev = Event(len(state.events), "decision", {"name": d.name, "args": {"hand": hand}})
        new = replace(state, events=state.events + (ev,))
        if d.name == "fold":
            return self._next_hand(replace(new, outcomes=new.outcomes + ((hand, "fold"),)))
        stake = next(s for _, h, s in state.antes if h == hand)
        bet_id = len(state.antes) + (state.tie_bet is not None) + len(state.raises)
        new = replace(new, raises=new.raises + ((bet_id, hand, stake),), war=War(hand))
        return self._fresh_if_short(new)

    def _fresh_if_short(self, state: TopCardState) -> TopCardState:
        v = state.variant
        if state.shoe.size >= v.burn + 2:
            return state
        ev = Event(len(state.events), "new_shoe", {"decks": v.decks})
        return replace(state, shoe=Composition.decks(v.decks), events=state.events + (ev,))

    def _next_hand(self, state: TopCardState) -> TopCardState:
        new = replace(state, queue=state.queue[1:])
        return new if new.queue else self._settle_now(new)

    @staticmethod
    def _log(state: TopCardState, action: DrawAction, card: int, to: str) -> TopCardState:
        ev = Event(len(state.events), "draw",
                   {"kind": "card", "value": action.value, "card": card_name(card), "to": to})
        return replace(state, events=state.events + (ev,))

    def _settle_now(self, state: TopCardState) -> TopCardState:
        v = state.variant
        outcome = dict(state.outcomes)
        results: list[tuple[int, str, int, Fraction]] = []
        for bet_id, hand, stake in state.antes:
            o = outcome[hand]
            ratio = {"win": v.payouts["ante"].total, "lose": Fraction(0), "fold": v.fold_refund,
                     "war_win": Fraction(1), "war_lose": Fraction(0)}[o]
            results.append((bet_id, "ante", stake, ratio))
        if state.tie_bet is not None and state.dealer is not None:
            middle = next(c for h, c in state.cards if h == v.middle)
            won = value(middle) == value(state.dealer)
            results.append((state.tie_bet[0], "tie", state.tie_bet[1],
                            v.payouts["tie"].total if won else Fraction(0)))
        for bet_id, hand, stake in state.raises:
            won = outcome[hand] == "war_win"
            results.append((bet_id, "raise", stake, v.payouts["raise"].total if won else Fraction(0)))
        events = list(state.events)
        events.append(Event(len(events), "result", {
            "dealer": card_name(state.dealer) if state.dealer is not None else None,
            "hands": {str(h): card_name(c) for h, c in state.cards},
            "outcomes": {str(h): o for h, o in state.outcomes},
        }))
        limits = v.limits_for(state.currency)
        out = []
        for bet_id, code, stake, ratio in sorted(results):
            returned = apply_ratio(stake, ratio)
            if limits is not None and limits.max_win is not None:
                returned = min(returned, stake + limits.max_win)
            tag = outcome_label(stake, returned)
            out.append(BetResult(bet_id, code, stake, returned, tag))
            events.append(Event(len(events), "bet_settled",
                                {"bet_id": bet_id, "returned": returned, "outcome": tag}))
        settlement = Settlement(state.currency, tuple(out))
        events.append(Event(len(events), "round_settled", {
            "total_stake": settlement.total_stake, "total_returned": settlement.total_returned}))
        return replace(state, settlement=settlement, events=tuple(events))

    def settle(self, state: TopCardState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over")
        return state.settlement


def result_data(state: TopCardState) -> dict[str, Any]:
    return dict(next(e.data for e in state.events if e.type == "result"))


ENGINE = TopCardEngine()
