"""The generic engine of a ticket game settled on one draw of balls (the draw shape).

A game of the family subclasses :class:`TicketEngine` and gives three things:

* :meth:`TicketEngine.place` - check one bet's code and target against the variant and return
  its normalised selection (raise :class:`~croupier.errors.InvalidSelection` /
  :class:`~croupier.errors.UnknownBetCode`); stakes and limits are checked here, generically;
* :meth:`TicketEngine.ratio` - the total return per unit staked of a placed bet on an outcome
  (an exact :class:`~fractions.Fraction`; the one rounding rule is applied once, here);
* optionally :meth:`TicketEngine.extra_request` / :meth:`TicketEngine.extra_value` - chance
  steps after the balls (Mega Ball's multiplier and bonus ball).

The variant must offer ``draw`` (a :class:`~.balls.BallDraw`), ``title`` and
``limits_for(currency) -> DrawLimits``. Chance steps: the balls one by one
(:meth:`~.balls.BallDraw.request`), then the extras. Events: ``round_started``, ``bets_placed``,
one ``draw`` per step (with the ball), ``result``, ``round_settled``.

The platform settles a whole draw's tickets through :meth:`TicketEngine.outcome` and
:meth:`TicketEngine.bet_returns` (every ticket of a draw at once; by default
:meth:`TicketEngine.bet_return` - the very function a round's settlement uses - once per distinct
bet, and a game may vectorise it: keno counts hits with numpy). :meth:`TicketEngine.explain`
says why a settled bet won or lost (the ticket view).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from croupier.errors import IllegalAction, InvalidBet, RoundFinished
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
from croupier.games.draws.balls import BallDraw
from croupier.games.draws.limits import DrawLimits
from croupier.money import apply_ratio, currency
from croupier.rng import RandomSource

Selection = tuple[int | str, ...]


class PlacedBet(NamedTuple):
    bet_id: int
    code: str
    stake: int
    selection: Selection


class Outcome(NamedTuple):
    """What a draw gave: the balls in the order drawn, their set, and the extra steps' values."""

    balls: tuple[int, ...]
    drawn: frozenset[int]
    extras: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, balls: Sequence[int], extras: Sequence[tuple[str, int]] = ()) -> Outcome:
        return cls(tuple(balls), frozenset(balls), tuple(extras))

    def extra(self, kind: str) -> list[int]:
        return [v for k, v in self.extras if k == kind]


class DrawState(NamedTuple):
    variant: Any
    currency: str
    bets: tuple[PlacedBet, ...]
    balls: tuple[int, ...]
    extras: tuple[tuple[str, int], ...]
    settlement: Settlement | None
    events: tuple[Event, ...]

    @property
    def outcome(self) -> Outcome:
        return Outcome.of(self.balls, self.extras)


class TicketEngine:
    """See the module docstring; subclasses set ``game`` and override ``place`` and ``ratio``."""

    game = "draw"

    # -- what a game gives -------------------------------------------------------------------

    def place(self, variant: Any, bet: BetRequest) -> Selection:  # pragma: no cover - abstract
        raise NotImplementedError

    def ratio(self, variant: Any, bet: PlacedBet, outcome: Outcome) -> Fraction:  # pragma: no cover
        raise NotImplementedError

    def extra_request(self, variant: Any, outcome: Outcome) -> DrawRequest | None:
        """A chance step after the balls; None when the round is complete."""
        return None

    def extra_value(self, variant: Any, outcome: Outcome, action: DrawAction) -> dict[str, Any]:
        """The event data of an extra step (the engine has checked its kind and range)."""
        return {"kind": action.kind, "value": action.value}

    def publish(self, variant: Any, source: RandomSource) -> dict[str, Any] | None:
        """What a scheduled draw makes public when it is created, before any ticket for it: None
        for balls. A virtual event publishes its form draws, taken from ``source`` - the draw's
        own committed stream - so the draws made at the due time begin with the same values."""
        return None

    def check_published(self, variant: Any, published: Mapping[str, Any] | None, bet: PlacedBet) -> None:
        """Refuse a bet the published part of its draw rules out (a virtual event's board does
        not offer the selection); nothing to check for balls."""

    def published_view(self, variant: Any, published: Mapping[str, Any]) -> dict[str, Any]:
        """The public board of a published draw (a virtual event's markets and odds)."""
        return dict(published)

    def result_data(self, variant: Any, outcome: Outcome) -> dict[str, Any]:
        data: dict[str, Any] = {"balls": list(outcome.balls)}
        if outcome.extras:
            data["extras"] = [[k, v] for k, v in outcome.extras]
        return data

    # -- the generic part --------------------------------------------------------------------

    @staticmethod
    def ball_draw(variant: Any) -> BallDraw:
        draw: BallDraw = variant.draw
        return draw

    def place_bets(self, variant: Any, bets: Sequence[BetRequest], cur: str) -> tuple[PlacedBet, ...]:
        """Every bet checked (code, target, stake limits); any error rejects the whole ticket."""
        if not bets:
            raise InvalidBet("a ticket needs at least one bet")
        limits: DrawLimits = variant.limits_for(cur)
        out: list[PlacedBet] = []
        for i, req in enumerate(bets):
            if type(req) is not BetRequest:
                raise InvalidBet(f"{req!r} is not a bet")
            selection = self.place(variant, req)
            stake = limits.check(req.stake, cur, req.code)
            out.append(PlacedBet(i, req.code, stake, selection))
        return tuple(out)

    def start(self, variant: Any, bets: Sequence[BetRequest], currency_code: str,
              carried: Sequence[BetRequest] = ()) -> DrawState:
        cur = currency_code if currency_code == "XXX" else currency(currency_code).code
        if carried:
            raise InvalidBet(f"{variant.title} carries no bet from one draw to the next")
        placed = self.place_bets(variant, bets, cur)
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name, "currency": cur}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        return DrawState(variant, cur, placed, (), (), None, events)

    def ball_request(self, variant: Any, balls: tuple[int, ...]) -> DrawRequest | None:
        """The next ball, or None once the balls are drawn (a game of no balls: always None)."""
        return self.ball_draw(variant).request(balls)

    def next_draw(self, state: DrawState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        req = self.ball_request(state.variant, state.balls)
        if req is not None:
            return req
        return self.extra_request(state.variant, state.outcome)

    def legal_actions(self, state: DrawState) -> list[Decision]:
        return []

    def is_finished(self, state: DrawState) -> bool:
        return state.settlement is not None

    def apply(self, state: DrawState, action: Action) -> DrawState:
        if state.settlement is not None:
            raise RoundFinished("the draw is settled; no more balls")
        if not isinstance(action, DrawAction):
            raise IllegalAction(f"{state.variant.title} takes no decision once the ticket is bought")
        req = self.next_draw(state)
        if req is None:  # pragma: no cover - an unsettled round always waits for a step
            raise RoundFinished("the round waits for nothing")
        value = checked_draw(action, req.kind, req.n)
        variant = state.variant
        balls, extras = state.balls, state.extras
        if self.ball_request(variant, balls) is not None:
            ball = self.ball_draw(variant).ball(balls, value)
            data: Mapping[str, Any] = {"kind": action.kind, "value": value, "ball": ball}
            balls = balls + (ball,)
        else:
            data = self.extra_value(variant, state.outcome, action)
            extras = extras + ((action.kind, value),)
        events = state.events + (Event(len(state.events), "draw", data),)
        new = DrawState(variant, state.currency, state.bets, balls, extras, None, events)
        if self.next_draw(new) is None:
            new = self._settle_now(new)
        return new

    def outcome(self, variant: Any, balls: Sequence[int],
                extras: Sequence[tuple[str, int]] = ()) -> Outcome:
        return Outcome.of(balls, extras)

    def bet_return(self, variant: Any, bet: PlacedBet, outcome: Outcome, limits: DrawLimits) -> int:
        """The total paid back for ``bet`` (stake included): the one rounding rule, then the cap."""
        return limits.cap(apply_ratio(bet.stake, self.ratio(variant, bet, outcome)))

    def bet_returns(self, variant: Any, bets: Sequence[PlacedBet], outcome: Outcome,
                    limits: DrawLimits) -> list[int]:
        """The return of each of ``bets`` on one outcome (a whole draw's tickets at once), equal
        to :meth:`bet_return` bet by bet (tested). By default :meth:`bet_return` runs once per
        distinct (code, stake, selection): a return depends on nothing else. A game may override
        it with an equivalent vectorised count (keno)."""
        memo: dict[tuple[str, int, Selection], int] = {}
        out: list[int] = []
        for b in bets:
            key = (b.code, b.stake, b.selection)
            r = memo.get(key)
            if r is None:
                r = memo[key] = self.bet_return(variant, b, outcome, limits)
            out.append(r)
        return out

    @staticmethod
    def returns_of(stakes: Sequence[int], which: np.ndarray, ratios: Sequence[Fraction],
                   limits: DrawLimits) -> list[int]:
        """:meth:`bet_return` of many bets whose ratios are known: bet ``i`` stakes ``stakes[i]``
        at ``ratios[which[i]]``; the one rounding rule and the cap over every stake at once
        (numpy, exact while no product can leave 64 bits; Python integers otherwise)."""
        if not len(stakes):
            return []
        st = np.asarray(stakes, dtype=np.int64)
        nums = [r.numerator for r in ratios]
        if int(st.max()) * max(max(nums), 1) < 2**62:
            out = st * np.asarray(nums, dtype=np.int64)[which] // np.asarray(
                [r.denominator for r in ratios], dtype=np.int64)[which]
            if limits.max_win is not None:
                out = np.minimum(out, limits.max_win)
            return out.tolist()  # type: ignore[no-any-return]
        return [limits.cap(apply_ratio(s, ratios[w])) for s, w in zip(st.tolist(), which.tolist(), strict=True)]

    def explain(self, variant: Any, bet: PlacedBet, outcome: Outcome) -> dict[str, Any]:
        """Why ``bet`` won or lost on ``outcome``, for the player's ticket view: ``text`` (one
        sentence) and whatever the game shows besides (keno: the numbers hit). The generic
        answer names the multiplier of the stake; a game says which rule decided."""
        r = self.ratio(variant, bet, outcome)
        return {"text": f"{bet.code}: returns x{_ratio_text(r)} of the stake" if r else f"{bet.code}: lost"}

    def _settle_now(self, state: DrawState) -> DrawState:
        variant = state.variant
        outcome = state.outcome
        limits: DrawLimits = variant.limits_for(state.currency)
        results: list[BetResult] = []
        for b in state.bets:
            returned = self.bet_return(variant, b, outcome, limits)
            results.append(BetResult(b.bet_id, b.code, b.stake, returned, outcome_label(b.stake, returned)))
        settlement = Settlement(state.currency, tuple(results))
        events = list(state.events)
        events.append(Event(len(events), "result", self.result_data(variant, outcome)))
        events.append(Event(len(events), "round_settled", {
            "total_stake": settlement.total_stake, "total_returned": settlement.total_returned,
            "results": settlement.bets}))
        return DrawState(variant, state.currency, state.bets, state.balls, state.extras,
                         settlement, tuple(events))

    def settle(self, state: DrawState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the draw is not over")
        return state.settlement


def _ratio_text(r: Fraction) -> str:
    """A multiplier as a short decimal (``1.91``, ``1000``; a ratio with no short decimal is cut
    to 4 places and marked ``~``), in exact integer arithmetic."""
    if r.denominator == 1:
        return str(r.numerator)
    for places in range(1, 5):
        if (r * 10**places).denominator == 1:
            break
    q = r.numerator * 10**places // r.denominator
    text = f"{q // 10**places}.{q % 10**places:0{places}d}"
    return text if (r * 10**places).denominator == 1 else "~" + text
