"""The baccarat engine: bets in, cards in, settlement out. Pure: no I/O, no clock, no global RNG.

Chance steps: one ``card`` draw per card dealt (4 to 6 a coup), in the order of 002 "Game Start"
(Player, Banker, Player, Banker, then the third cards as :func:`.rules.next_to_draw` says). A
``card`` draw's value is **the index of the card in the sorted remaining composition** of the shoe
(see :mod:`croupier.games.cardcompare.composition`): an RNG feeds ``randbelow(cards left)``, an
ordered table shoe or a live scanner the index of the card actually dealt. A round starts from a
fresh shoe of the variant's decks unless the table passes the composition left in its shoe
(``shoe=``); the round record holds that composition, so :func:`replay_round` recomputes any round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from croupier.cards import name
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    ReplayMismatch,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.baccarat.rules import Coup, bet_return, next_to_draw, total
from croupier.games.baccarat.variant import BaccaratVariant
from croupier.games.base import (
    Action,
    BetRequest,
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
    inputs_from_events,
    outcome_label,
)
from croupier.games.cardcompare.composition import Composition
from croupier.money import apply_ratio, currency, format_minor, parse_stake


@dataclass(frozen=True, slots=True)
class PlacedBet:
    bet_id: int
    code: str
    stake: int


@dataclass(frozen=True, slots=True)
class BaccaratState:
    variant: BaccaratVariant
    currency: str
    bets: tuple[PlacedBet, ...]
    shoe: Composition
    player: tuple[int, ...]
    banker: tuple[int, ...]
    settlement: Settlement | None
    events: tuple[Event, ...]

    @property
    def coup(self) -> Coup:
        return Coup(self.player, self.banker)


def fresh_shoe(variant: BaccaratVariant) -> Composition:
    return Composition.decks(variant.decks)


class BaccaratEngine:
    game = "baccarat"

    def start(
        self,
        variant: BaccaratVariant,
        bets: Sequence[BetRequest],
        currency_code: str,
        carried: Sequence[BetRequest] = (),
        shoe: Composition | None = None,
    ) -> BaccaratState:
        """Validate every bet (any error rejects the whole slip) and open a coup."""
        cur = currency(currency_code)
        if carried:
            raise InvalidBet("baccarat carries no bet from one coup to the next")
        if not bets:
            raise InvalidBet("a coup needs at least one bet")
        limits = variant.limits_for(cur.code)
        placed: list[PlacedBet] = []
        for i, req in enumerate(bets):
            if not isinstance(req, BetRequest):
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in variant.bet_codes:
                raise UnknownBetCode(
                    f"{variant.title} has no bet {req.code!r}; bets: {', '.join(variant.bet_codes)}"
                )
            if req.target:
                raise InvalidSelection(f"the {req.code} bet takes no target, got {list(req.target)}")
            stake = parse_stake(req.stake)
            if limits is not None:
                if stake < limits.minimum:
                    raise StakeBelowMinimum(
                        f"{req.code}: {format_minor(stake, cur)} is below the minimum "
                        f"{format_minor(limits.minimum, cur)}"
                    )
                if stake > limits.maximum:
                    raise StakeAboveMaximum(
                        f"{req.code}: {format_minor(stake, cur)} is above the maximum "
                        f"{format_minor(limits.maximum, cur)}"
                    )
            placed.append(PlacedBet(i, req.code, stake))
        comp = fresh_shoe(variant) if shoe is None else shoe
        if comp.size < 6:
            raise IllegalAction(f"a coup needs at least 6 cards in the shoe, {comp.size} left")
        events: list[Event] = [Event(0, "round_started", {
            "game": "baccarat", "variant": variant.name, "currency": cur.code,
            "shoe": None if shoe is None else comp.to_list(),
        })]
        events.append(Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}))
        return BaccaratState(variant, cur.code, tuple(placed), comp, (), (), None, tuple(events))

    def next_draw(self, state: BaccaratState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        return DrawRequest("card", state.shoe.size)

    def legal_actions(self, state: BaccaratState) -> list[Decision]:
        return []  # baccarat asks no decision once bets are closed

    def is_finished(self, state: BaccaratState) -> bool:
        return state.settlement is not None

    def apply(self, state: BaccaratState, action: Action) -> BaccaratState:
        if state.settlement is not None:
            raise RoundFinished("the coup is settled; no more cards")
        if not isinstance(action, DrawAction):
            raise IllegalAction("baccarat takes no player decision after bets are closed")
        if action.kind != "card":
            raise IllegalAction(f"the coup waits for a card draw, not {action.kind!r}")
        side = next_to_draw(state.player, state.banker)
        if side is None:  # pragma: no cover - a finished deal is settled at once
            raise RoundFinished("the deal is over")
        card = state.shoe.card_at(action.value)
        player, banker = state.player, state.banker
        if side == "player":
            player = player + (card,)
        else:
            banker = banker + (card,)
        event = Event(len(state.events), "draw", {
            "kind": "card", "value": action.value, "card": name(card), "to": side,
        })
        new = replace(state, shoe=state.shoe.remove(card), player=player, banker=banker,
                      events=state.events + (event,))
        if next_to_draw(player, banker) is None:
            new = self._settle_now(new)
        return new

    def _settle_now(self, state: BaccaratState) -> BaccaratState:
        v = state.variant
        coup = state.coup
        events = list(state.events)
        events.append(Event(len(events), "result", {
            "player": [name(c) for c in coup.player], "banker": [name(c) for c in coup.banker],
            "player_total": total(coup.player), "banker_total": total(coup.banker),
            "winner": coup.winner,
        }))
        limits = v.limits_for(state.currency)
        results: list[BetResult] = []
        for b in state.bets:
            returned = apply_ratio(b.stake, bet_return(v, b.code, coup))
            if limits is not None and limits.max_win is not None:
                # ASSUMPTION 004 §3.12: the maximum win caps each bet's net win.
                returned = min(returned, b.stake + limits.max_win)
            outcome = outcome_label(b.stake, returned)
            results.append(BetResult(b.bet_id, b.code, b.stake, returned, outcome))
            events.append(Event(len(events), "bet_settled", {
                "bet_id": b.bet_id, "returned": returned, "outcome": outcome,
            }))
        settlement = Settlement(state.currency, tuple(results))
        events.append(Event(len(events), "round_settled", {
            "total_stake": settlement.total_stake, "total_returned": settlement.total_returned,
        }))
        return replace(state, settlement=settlement, events=tuple(events))

    def settle(self, state: BaccaratState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the coup is not over: cards are still to be dealt")
        return state.settlement


def replay_round(variant: BaccaratVariant, events: Sequence[Event]) -> Settlement:
    """Replay a coup from its record, table shoe included; events and settlement must match."""
    cur, bets, carried, actions = inputs_from_events(events)
    shoe_data: Any = events[0].data.get("shoe") if events else None
    if shoe_data is not None and not isinstance(shoe_data, list):
        shoe_data = list(shoe_data)
    shoe = None if shoe_data is None else Composition.from_list(shoe_data)
    state = ENGINE.start(variant, bets, cur, carried, shoe=shoe)
    for a in actions:
        state = ENGINE.apply(state, a)
    if [e.to_dict() for e in state.events] != [e.to_dict() for e in events]:
        raise ReplayMismatch("replaying the coup did not reproduce its record")
    return ENGINE.settle(state)


ENGINE = BaccaratEngine()
