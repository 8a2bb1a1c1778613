"""The engine contract of :mod:`croupier.games.base` over any :class:`~.tree.Show`.

A round: ``round_started`` and ``bets_placed``; then one ``draw`` event per chance step (the
segment shown, a bonus drawn...) and one ``decision`` event per player choice, as the show asks;
when the stage is finished, ``result`` (the show's view) and ``round_settled``. Each bet returns
``apply_ratio(stake, base + scale * odds)`` (the one rounding rule, once per bet), the win capped
at the table's ``max_win`` for the currency if the variant sets one.

Stakes added mid-round: a decision may add a stake to a bet (:meth:`Show.stake_added`, a ratio of
the bet's opening stake: Deal or No Deal's top-up spin costs one bet). The bet's stake grows by
``added_stake(opening, ratio)`` (rounded up; the decision event records ``stake_added``); the settlement shows
the total stake of the bet, the return stays ``apply_ratio(opening, base + scale * odds)``.
``ShowState.committed_stakes()`` tells the platform what each bet has at stake now, which it
debits as it does a blackjack double (``platform/interactive.py``, ``_debit_added``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from croupier.errors import IllegalAction, InvalidBet, RoundFinished, UnknownBetCode
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
from croupier.games.shows.tree import Show
from croupier.games.shows.variant import ShowVariant
from croupier.money import apply_ratio, currency


def added_stake(opening: int, ratio: Fraction) -> int:
    """A stake added mid-round, ``opening x ratio`` minor units rounded up: the one rounding rule
    rounds in the house's favour, so a charge rounds up as a return rounds down (a top-up of a
    bet that bought two rings at 10.00 EUR costs ceil(1000 / 9) = 112 minor units)."""
    return -((-opening * ratio.numerator) // ratio.denominator)


class PlacedBet(NamedTuple):
    bet_id: int
    code: str
    key: Hashable
    stake: int      # the opening stake: the unit :meth:`Show.pays` pays per
    added: int = 0  # stakes decisions added mid-round (:meth:`Show.stake_added`)

    @property
    def total(self) -> int:
        return self.stake + self.added


class ShowState(NamedTuple):
    variant: Any
    currency: str
    bets: tuple[PlacedBet, ...]
    stage: Hashable
    settlement: Settlement | None
    events: tuple[Event, ...]

    def committed_stakes(self) -> dict[int, tuple[str, int]]:
        """What every bet has at stake now, added stakes included (the engine contract's hook,
        :mod:`croupier.games.base`): the figure its ``BetResult.stake`` will show."""
        return {b.bet_id: (b.code, b.total) for b in self.bets}


class ShowEngine:
    """One show's engine; ``ShowEngine(show)`` is all a game adds to its rules."""

    def __init__(self, show: Show[Any, Any]) -> None:
        self.show = show
        self.game = show.game

    def place(self, variant: ShowVariant, bets: Sequence[BetRequest], cur: str) -> tuple[PlacedBet, ...]:
        """Validate a slip: any error rejects every bet of it (nothing is placed)."""
        if not bets:
            raise InvalidBet("a round needs at least one bet")
        codes = self.show.bet_codes(variant)
        out = []
        for i, req in enumerate(bets):
            if type(req) is not BetRequest:
                raise InvalidBet(f"{req!r} is not a bet")
            if req.code not in codes:
                raise UnknownBetCode(f"{variant.title} has no bet {req.code!r}; its bets: {', '.join(codes)}")
            key = self.show.resolve(variant, req.code, req.target)
            stake = checked_stake(variant.limits, currency(cur), req.code, req.stake)
            out.append(PlacedBet(i, req.code, key, stake))
        self.show.check_slip(variant, [(b.code, b.key) for b in out])
        keys = self.show.seat(variant, [(b.code, b.key) for b in out])
        return tuple(b._replace(key=k) for b, k in zip(out, keys, strict=True))

    def start(self, variant: ShowVariant, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = ()) -> ShowState:
        cur = currency(currency_code).code
        if carried:
            raise InvalidBet(f"{self.game} carries no bet over to the next round")
        placed = self.place(variant, bets, cur)
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name, "currency": cur}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        opening = self.show.opening_for(variant, [b.key for b in placed])
        state = ShowState(variant, cur, placed, opening, None, events)
        return self._maybe_settle(state)

    def next_draw(self, state: ShowState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        ch = self.show.chance(state.variant, state.stage)
        return None if ch is None else DrawRequest(ch.kind, ch.n)

    def legal_actions(self, state: ShowState) -> list[Decision]:
        if state.settlement is not None or self.next_draw(state) is not None:
            return []
        return self.show.decisions(state.variant, state.stage)

    def refusal(self, state: ShowState, action: Decision) -> str | None:
        """Why a decision not allowed now is refused, when the show says it more precisely than
        the list of the allowed ones (the platform asks too, before the engine)."""
        if state.settlement is not None:
            return None
        return self.show.refusal(state.variant, state.stage, action)

    def is_finished(self, state: ShowState) -> bool:
        return state.settlement is not None

    def apply(self, state: ShowState, action: Action) -> ShowState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled; no more draws or decisions")
        v, show = state.variant, self.show
        req = self.next_draw(state)
        if isinstance(action, DrawAction):
            if req is None:
                raise IllegalAction("the round waits for a player's decision, not a draw")
            if action.kind != req.kind:
                raise IllegalAction(f"the round waits for a {req.kind} draw, not {action.kind}")
            value = action.value
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < req.n:
                raise IllegalAction(f"a {action.kind} draw is in [0, {req.n}), got {value!r}")
            data = {"kind": action.kind, "value": value, **show.draw_data(v, state.stage, action.kind, value)}
            stage = show.advance(v, state.stage, value)
            event = Event(len(state.events), "draw", data)
        elif isinstance(action, Decision):
            if req is not None:
                raise IllegalAction(f"the round waits for a {req.kind} draw, not a decision")
            legal = show.decisions(v, state.stage)
            if action not in legal:
                why = self.refusal(state, action)
                if why is not None:
                    raise IllegalAction(why)
                names = ", ".join(f"{d.name} {dict(d.args)}" for d in legal) or "none"
                raise IllegalAction(f"{action.name} {dict(action.args)} is not allowed now; allowed: {names}")
            bets = tuple(b._replace(added=b.added + added_stake(b.stake, show.stake_added(v, state.stage, action, b.key)))
                         for b in state.bets)
            stage = show.decide(v, state.stage, action)
            said: dict[str, Any] = {"name": action.name, "args": dict(action.args)}
            more = sum(b.added for b in bets) - sum(b.added for b in state.bets)
            if more:
                said["stake_added"] = more
            event = Event(len(state.events), "decision", said)
            state = state._replace(bets=bets)
        else:
            raise IllegalAction(f"{action!r} is not a draw or a decision")
        return self._maybe_settle(state._replace(stage=stage, events=state.events + (event,)))

    def _maybe_settle(self, state: ShowState) -> ShowState:
        v, show = state.variant, self.show
        if not show.finished(v, state.stage):
            return state
        events = list(state.events)
        events.append(Event(len(events), "result", show.result(v, state.stage)))
        lim = v.limits.get(state.currency)
        results = []
        for b in state.bets:
            # the return is per unit of the opening stake; the bet's stake is its total
            returned = apply_ratio(b.stake, show.returns(v, state.stage, b.key))
            if lim is not None and lim.max_win is not None and returned - b.total > lim.max_win:
                returned = b.total + lim.max_win
            results.append(BetResult(b.bet_id, b.code, b.total, returned, outcome_label(b.total, returned)))
        settlement = Settlement(state.currency, tuple(results))
        events.append(Event(len(events), "round_settled", {
            "total_stake": settlement.total_stake, "total_returned": settlement.total_returned,
            "results": settlement.bets}))
        return state._replace(settlement=settlement, events=tuple(events))

    def settle(self, state: ShowState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over")
        return state.settlement
