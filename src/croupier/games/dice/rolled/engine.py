"""The engine of the rolled dice games: bets in, draws in, settlement out. Pure: no I/O, no
clock, no global RNG.

Chance steps, in order (each a :class:`~croupier.games.base.DrawRequest`):

* with a strike step (the variant's ``[strikes]``): ``strike_count`` (a weighted pick of how many
  positions are struck: the value counts through the cumulative count weights), then for each
  struck position a ``strike_position`` (its index among the eligible positions not yet struck, in
  layout order) and a ``strike_multiplier`` (a weighted pick of that position's table);
* one ``die`` per die (``value`` 0-5 is the face ``value + 1``), in the order the rules name them.

A live table feeds the same :class:`~croupier.games.base.DrawAction` values from the dealer's
console (the faces read off the dice); the engine validates them like any other input.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Any

from croupier.errors import (
    IllegalAction,
    InvalidBet,
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
    checked_draw,
    outcome_label,
)
from croupier.games.cardcompare.common import checked_stake
from croupier.games.dice.rolled.rules import Dice, DiceRules
from croupier.games.dice.rolled.variant import DiceVariant, Position, position_label
from croupier.money import apply_ratio, currency


@dataclass(frozen=True, slots=True)
class PlacedBet:
    bet_id: int
    code: str
    target: tuple[int | str, ...]
    stake: int


@dataclass(frozen=True, slots=True)
class DiceState:
    variant: DiceVariant
    currency: str
    bets: tuple[PlacedBet, ...]
    #: how many positions are struck this round (-1: not drawn yet)
    strike_count: int
    #: the struck positions with the index of their multiplier entry (-1: not drawn yet)
    strikes: tuple[tuple[Position, int], ...]
    dice: Dice
    settlement: Settlement | None
    events: tuple[Event, ...]


@cache
def _eligible(rules: DiceRules, variant: DiceVariant) -> tuple[Position, ...]:
    st = variant.strikes
    if st is None:
        return ()
    return tuple((c, t) for c in st.codes for t in rules.targets(c))


class DiceEngine:
    def __init__(self, rules: DiceRules) -> None:
        self.rules = rules
        self.game = rules.game

    def eligible(self, variant: DiceVariant) -> tuple[Position, ...]:
        """The positions the strike step may strike, in layout order."""
        return _eligible(self.rules, variant)

    # -- opening a round ---------------------------------------------------------------------

    def start(self, variant: DiceVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = ()) -> DiceState:
        """Validate every bet; any error rejects the whole slip and nothing is placed."""
        cur = currency(currency_code)
        if carried:
            raise InvalidBet(f"{variant.title} carries no bet to the next round")
        if not bets:
            raise InvalidBet("a round needs at least one bet")
        placed = []
        for i, req in enumerate(bets):
            if type(req) is not BetRequest:
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in variant.codes:
                raise UnknownBetCode(
                    f"{variant.title} has no bet {req.code!r}; bets: {', '.join(variant.codes)}")
            target = self.rules.check_target(req.code, req.target)
            stake = checked_stake(variant.limits, cur, req.code, req.stake)
            placed.append(PlacedBet(i, req.code, target, stake))
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name,
                                       "currency": cur.code}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        count = -1 if variant.strikes is not None else 0
        return DiceState(variant, cur.code, tuple(placed), count, (), (), None, events)

    # -- chance steps ------------------------------------------------------------------------

    def next_draw(self, state: DiceState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        st = state.variant.strikes
        if st is not None:
            if state.strike_count < 0:
                return DrawRequest("strike_count", sum(st.count_weights))
            if state.strikes and state.strikes[-1][1] < 0:
                return DrawRequest("strike_multiplier",
                                   st.table_for(state.strikes[-1][0]).total_weight)
            if len(state.strikes) < state.strike_count:
                return DrawRequest("strike_position",
                                   len(self.eligible(state.variant)) - len(state.strikes))
        return DrawRequest("die", 6)

    def legal_actions(self, state: DiceState) -> list[Decision]:
        return []  # no decision once bets are closed

    def is_finished(self, state: DiceState) -> bool:
        return state.settlement is not None

    def apply(self, state: DiceState, action: Action) -> DiceState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled; no more draws")
        if not isinstance(action, DrawAction):
            raise IllegalAction(f"{state.variant.title} takes no player decision once bets are closed")
        req = self.next_draw(state)
        if req is None:  # pragma: no cover - an unsettled round always waits for a draw
            raise RoundFinished("the round waits for nothing")
        value = checked_draw(action, req.kind, req.n)
        st = state.variant.strikes
        data: dict[str, Any] = {"kind": req.kind, "value": value}
        new = state
        if req.kind == "die":
            new = replace(state, dice=state.dice + (value + 1,))
            data["face"] = value + 1
        elif st is not None and req.kind == "strike_count":
            i = _weighted(st.count_weights, value)
            new = replace(state, strike_count=st.counts[i])
            data["count"] = st.counts[i]
        elif req.kind == "strike_position":
            taken = {p for p, _ in state.strikes}
            pos = [p for p in self.eligible(state.variant) if p not in taken][value]
            new = replace(state, strikes=state.strikes + ((pos, -1),))
            data["position"] = position_label(*pos)
        elif st is not None:  # strike_multiplier
            pos = state.strikes[-1][0]
            table = st.table_for(pos)
            i = table.index_of(value)
            new = replace(state, strikes=state.strikes[:-1] + ((pos, i),))
            data["position"] = position_label(*pos)
            data["multiplier"] = table.texts[i]
        new = replace(new, events=state.events + (Event(len(state.events), "draw", data),))
        if len(new.dice) == self.rules.dice:
            new = self._settle_now(new)
        return new

    # -- settlement --------------------------------------------------------------------------

    def position_return(self, variant: DiceVariant, pos: Position, dice: Dice,
                        strike: int) -> Fraction:
        """The total return per unit staked of a position on these dice; ``strike`` is the index
        of the multiplier entry it was struck with, or -1."""
        key = self.rules.payout_key(variant, pos[0], pos[1], dice)
        if key is None:
            return Fraction(0)
        base = variant.payouts[key]
        st = variant.strikes
        if strike < 0 or st is None:
            return base.total
        return st.struck_ratio(base, st.table_for(pos), strike)

    def _settle_now(self, state: DiceState) -> DiceState:
        v = state.variant
        events = list(state.events)
        result = self.rules.result(state.dice)
        if v.strikes is not None:
            result["strikes"] = {position_label(*p): v.strikes.table_for(p).texts[i]
                                 for p, i in state.strikes}
        events.append(Event(len(events), "result", result))
        struck = dict(state.strikes)
        limits = v.limits_for(state.currency)
        results = []
        for b in state.bets:
            ratio = self.position_return(v, (b.code, b.target), state.dice,
                                         struck.get((b.code, b.target), -1))
            returned = apply_ratio(b.stake, ratio)
            if limits is not None and limits.max_win is not None:
                returned = min(returned, b.stake + limits.max_win)
            results.append(BetResult(b.bet_id, b.code, b.stake, returned, outcome_label(b.stake, returned)))
        settlement = Settlement(state.currency, tuple(results))
        events.append(Event(len(events), "round_settled", {
            "total_stake": settlement.total_stake, "total_returned": settlement.total_returned,
            "results": settlement.bets}))
        return replace(state, settlement=settlement, events=tuple(events))

    def settle(self, state: DiceState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over: the dice have not been rolled")
        return state.settlement


def _weighted(weights: Sequence[int], value: int) -> int:
    for i, w in enumerate(weights):
        if value < w:
            return i
        value -= w
    raise IllegalAction("weighted draw out of range")  # pragma: no cover - checked by apply


def draws_for(engine: DiceEngine, variant: DiceVariant, dice: Dice,
              struck: Sequence[tuple[Position, int]] = ()) -> list[DrawAction]:
    """The draws that strike ``struck`` (positions with their multiplier entry) and roll ``dice``."""
    out = []
    st = variant.strikes
    if st is not None:
        if len(struck) not in st.counts:
            raise ValueError(f"{len(struck)} struck positions is not a count of the variant")
        i = st.counts.index(len(struck))
        out.append(DrawAction("strike_count", sum(st.count_weights[:i])))
        left = list(engine.eligible(variant))
        for pos, j in struck:
            out.append(DrawAction("strike_position", left.index(pos)))
            left.remove(pos)
            out.append(DrawAction("strike_multiplier", st.table_for(pos).first_value(j)))
    out.extend(DrawAction("die", d - 1) for d in dice)
    return out
