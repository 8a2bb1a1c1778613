"""One engine for every poker-against-the-dealer game; each game supplies its :class:`Rules`.

Chance steps are ``card`` draws: the value is the index of the card in the ascending list of the
cards still in the deck (an RNG supplies ``randbelow(remaining)``; a live dealer's scanner
supplies the index of the card it read). The rules say which hand the next card goes to
(:class:`Deal`), which decisions the player may take (:class:`Decide`), what a decision does
(new bets such as Call or Play, discards), and what every bet returns once the round is over.

The engine checks stakes and limits, records every step as an event, and applies the one rounding
rule (:func:`~croupier.money.apply_ratio`) once per bet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Protocol

from croupier.cards import JOKER, deck, name
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.errors import InsufficientFunds as BaseInsufficientFunds
from croupier.games.base import (
    Action,
    BetRequest,
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
    checked_draw,
    outcome_label,
)
from croupier.games.dealer_poker.variant import PokerVariant
from croupier.money import apply_ratio, currency, format_minor, parse_stake


class InsufficientFunds(BaseInsufficientFunds, IllegalAction):
    """A decision adds a stake (Call, Play, Raise, a bought card) the player cannot cover: the
    code is :class:`croupier.errors.InsufficientFunds`'s; also an ``IllegalAction`` (the engine
    refuses the decision, as its other refusals)."""


@dataclass(frozen=True, slots=True)
class PlacedBet:
    bet_id: int
    code: str
    stake: int
    fee: bool = False  # a purchase (a bought or exchanged card): paid, never returned


@dataclass(frozen=True, slots=True)
class Deal:
    """The next card goes to ``slot`` (``player``, ``dealer``, ``board``...)."""

    slot: str


@dataclass(frozen=True, slots=True)
class Decide:
    options: tuple[Decision, ...]


Step = Deal | Decide | None  # None: every card is out and every decision taken: settle


@dataclass(frozen=True, slots=True)
class PokerState:
    variant: PokerVariant
    currency: str
    bets: tuple[PlacedBet, ...]
    cards: tuple[tuple[str, int], ...]  # (slot, card) in the order dealt
    discards: tuple[int, ...]
    decisions: tuple[Decision, ...]
    settlement: Settlement | None
    events: tuple[Event, ...]

    def hand(self, slot: str) -> tuple[int, ...]:
        return tuple(c for s, c in self.cards if s == slot and c not in self.discards)

    def count(self, slot: str) -> int:
        return sum(1 for s, c in self.cards if s == slot)

    def stake(self, code: str) -> int:
        return sum(b.stake for b in self.bets if b.code == code)

    def has(self, code: str) -> bool:
        return any(b.code == code for b in self.bets)

    def decided(self, decision: str) -> bool:
        return any(d.name == decision for d in self.decisions)

    @property
    def remaining(self) -> list[int]:
        used = {c for _, c in self.cards}
        return [c for c in full_deck(self.variant) if c not in used]


def full_deck(variant: PokerVariant) -> list[int]:
    return deck(1, 1 if variant.option("jokers") else 0) if "jokers" in variant.options else deck()


class Rules(Protocol):
    """What a game tells the engine. Every method is pure."""

    game: str
    initial_codes: tuple[str, ...]

    def check_bets(self, variant: PokerVariant, stakes: Mapping[str, int]) -> None: ...

    def next_step(self, state: PokerState) -> Step: ...

    def decide(self, state: PokerState, decision: Decision) -> tuple[list[tuple[str, int, bool]], tuple[int, ...]]:
        """Validate ``decision``; return the bets it adds ``(code, stake, fee)`` and the cards it discards."""
        ...

    def returns(self, state: PokerState) -> dict[int, Fraction]:
        """Total return per unit staked of every bet (by ``bet_id``) of a finished round."""
        ...


class DealerPokerEngine:
    """The engine contract of :mod:`croupier.games.base` over a game's :class:`Rules`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.game = rules.game

    # -- opening a round ---------------------------------------------------------------------

    def start(
        self, variant: PokerVariant, bets: Sequence[BetRequest], currency_code: str,
        carried: Sequence[BetRequest] = (),
    ) -> PokerState:
        cur = currency(currency_code)
        if carried:
            raise InvalidBet(f"{self.game} carries no bet over to the next round")
        if not bets:
            raise InvalidBet("a round needs at least an Ante")
        stakes: dict[str, int] = {}
        placed: list[PlacedBet] = []
        for i, req in enumerate(bets):
            if not isinstance(req, BetRequest):
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in self.rules.initial_codes:
                raise UnknownBetCode(
                    f"{self.game} has no bet {req.code!r} before the deal; "
                    f"bets: {', '.join(self.rules.initial_codes)}"
                )
            if req.code in stakes:
                raise InvalidBet(f"one {req.code} per round (bet {i} repeats it)")
            if req.target:
                raise InvalidBet(f"{req.code} takes no target")
            stake = parse_stake(req.stake)
            lim = variant.limit(cur.code, req.code)
            if lim is not None:
                if stake < lim.minimum:
                    raise StakeBelowMinimum(f"{req.code}: {format_minor(stake, cur)} is below the minimum {format_minor(lim.minimum, cur)}")
                if stake > lim.maximum:
                    raise StakeAboveMaximum(f"{req.code}: {format_minor(stake, cur)} is above the maximum {format_minor(lim.maximum, cur)}")
            stakes[req.code] = stake
            placed.append(PlacedBet(i, req.code, stake))
        if getattr(self.rules, "requires_ante", True) and "ante" not in stakes:
            raise InvalidBet("every bet needs an Ante in the same round (the side bets are played with the Ante)")
        self.rules.check_bets(variant, stakes)
        events = [
            Event(0, "round_started", {"game": self.game, "variant": variant.name, "currency": cur.code}),
            Event(1, "bets_placed", {"bets": list(bets), "carried": []}),
        ]
        return PokerState(variant, cur.code, tuple(placed), (), (), (), None, tuple(events))

    def required_funds(self, variant: PokerVariant, bets: Sequence[BetRequest]) -> int:
        """What the player's balance must cover when the bets are placed.

        With the option ``funds_for_call_at_bet`` (003 §3.4) the largest continuation bet is
        reserved too (Casino Hold'em: the Call, twice the Ante).
        """
        total = sum(parse_stake(b.stake) for b in bets)
        mult = variant.options.get("funds_for_call_at_bet", False)
        if mult:
            ante = sum(parse_stake(b.stake) for b in bets if b.code == "ante")
            total += ante * int(variant.options.get("call_multiple", 2))
        return total

    # -- steps -------------------------------------------------------------------------------

    def next_draw(self, state: PokerState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        step = self.rules.next_step(state)
        if isinstance(step, Deal):
            return DrawRequest("card", len(state.remaining))
        return None

    def legal_actions(self, state: PokerState) -> list[Decision]:
        if state.settlement is not None:
            return []
        step = self.rules.next_step(state)
        return list(step.options) if isinstance(step, Decide) else []

    def is_finished(self, state: PokerState) -> bool:
        return state.settlement is not None

    def apply(self, state: PokerState, action: Action) -> PokerState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled; no more cards or decisions")
        step = self.rules.next_step(state)
        if isinstance(action, DrawAction):
            if not isinstance(step, Deal):
                raise IllegalAction("the round waits for a player decision, not a card")
            remaining = state.remaining
            v = checked_draw(action, "card", len(remaining))
            c = remaining[v]
            ev = Event(len(state.events), "draw", {"kind": "card", "value": v, "card": name(c), "to": step.slot})
            new = replace(state, cards=state.cards + ((step.slot, c),), events=state.events + (ev,))
        elif isinstance(action, Decision):
            if not isinstance(step, Decide):
                raise IllegalAction(
                    "no decision is open now: " + ("the deal is not over" if isinstance(step, Deal) else "the round is over")
                )
            allowed = {d.name for d in step.options}
            if action.name not in allowed:
                done = ", ".join(d.name for d in state.decisions) or "nothing"
                raise IllegalAction(
                    f"{action.name!r} is not allowed now (after {done}); allowed: {', '.join(sorted(allowed))}"
                )
            added, discards = self.rules.decide(state, action)
            funds = action.args.get("funds")
            need = sum(s for _, s, _ in added)
            if funds is not None and need:
                if isinstance(funds, bool) or not isinstance(funds, int):
                    raise IllegalAction(f"funds must be whole minor units, got {funds!r}")
                if funds < need:
                    cur = currency(state.currency)
                    raise InsufficientFunds(
                        f"{action.name} needs {format_minor(need, cur)}; the player has {format_minor(funds, cur)}"
                    )
            bets = list(state.bets)
            events = list(state.events)
            args = {k: v for k, v in action.args.items() if k != "funds"}
            events.append(Event(len(events), "decision", {"name": action.name, "args": dict(action.args)}))
            for code, stake, fee in added:
                b = PlacedBet(len(bets), code, stake, fee)
                bets.append(b)
                events.append(Event(len(events), "bet_added", {"bet_id": b.bet_id, "code": code, "stake": stake, "fee": fee}))
            new = replace(
                state, bets=tuple(bets), discards=state.discards + discards,
                decisions=state.decisions + (Decision(action.name, args),), events=tuple(events),
            )
        else:
            raise IllegalAction(f"{action!r} is not an action")
        if self.rules.next_step(new) is None:
            new = self._settle_now(new)
        return new

    # -- settlement --------------------------------------------------------------------------

    def _settle_now(self, state: PokerState) -> PokerState:
        ratios = self.rules.returns(state)
        events = list(state.events)
        hands: dict[str, Any] = {}
        for slot, _ in state.cards:
            hands.setdefault(slot, [name(c) for c in state.hand(slot)])
        events.append(Event(len(events), "result", {"hands": hands}))
        results = []
        for b in state.bets:
            ratio = Fraction(0) if b.fee else ratios[b.bet_id]
            returned = apply_ratio(b.stake, ratio)
            outcome = outcome_label(b.stake, returned)
            results.append(BetResult(b.bet_id, b.code, b.stake, returned, outcome))
            events.append(Event(len(events), "bet_settled", {"bet_id": b.bet_id, "returned": returned, "outcome": outcome}))
        settlement = Settlement(state.currency, tuple(results))
        events.append(Event(len(events), "round_settled", {
            "total_stake": settlement.total_stake, "total_returned": settlement.total_returned,
        }))
        return replace(state, settlement=settlement, events=tuple(events))

    def settle(self, state: PokerState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over yet")
        return state.settlement


def draws_for(variant: PokerVariant, cards: Sequence[int], already: Sequence[int] = ()) -> list[DrawAction]:
    """The ``card`` draws that deal ``cards`` in order (after ``already`` were dealt)."""
    used = set(already)
    full = full_deck(variant)
    out = []
    for c in cards:
        remaining = [x for x in full if x not in used]
        out.append(DrawAction("card", remaining.index(c)))
        used.add(c)
    return out


__all__ = ["JOKER", "Deal", "DealerPokerEngine", "Decide", "InsufficientFunds", "PlacedBet", "PokerState",
           "Rules", "Step", "draws_for", "full_deck"]
