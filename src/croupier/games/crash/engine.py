"""The crash engine: Crash (000 §12.20) and Rocketon / Cash Show (000 §12.26).

A round is opened by :meth:`CrashEngine.start` at the start of the running phase with every bet
accepted in the betting phase; each bet may carry an auto cash-out target (``target=("2.00",)``).
The round then waits for one draw, ``crash`` (an integer uniform in ``[0, N)``; the crash point
is derived from it by :mod:`.distribution`), and settles.

Before the draw the real-time runner applies *timed decisions* (docs/crash.md, "Engine
contract"): decisions whose argument is the server's clock, not the player's choice, so they are
not listed by ``legal_actions`` and a player can never pick their multiplier:

* ``cash_out`` ``{"bet": id, "at": "2.35"}``: the bet (or its remaining half) exits at the
  multiplier the server read when it received the request;
* ``half_cash_out`` ``{"bet": id, "at": "1.50"}`` (Rocketon, 000 §12.26 step 4): half the stake
  exits, the other half rides;
* ``set_auto``: always refused; the auto cash-out cannot change after the start (§12.20).

Multipliers of timed decisions never go down (time runs forward). Judgement at the draw: a
manual exit at ``m`` is paid iff ``m < crash`` (the multiplier read before the crash time is below
the crash point; docs/crash.md shows this equals "received before the crash"); an auto exit at
target ``t`` is paid iff ``t <= crash`` (000 §12.20 ambiguity 2, ASSUMPTION).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from croupier.errors import (
    IllegalAction,
    InvalidSelection,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
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
from croupier.games.crash.distribution import crash_hundredths
from croupier.games.crash.multiplier import ONE, format_multiplier, parse_multiplier
from croupier.games.crash.variant import CrashVariant
from croupier.money import check_minor

#: the one bet code: a stake on the rising multiplier
BET: Final = "bet"
DRAW: Final = "crash"
TIMED: Final = ("cash_out", "half_cash_out", "set_auto")


@dataclass(frozen=True, slots=True)
class CrashBet:
    bet_id: int
    stake: int
    auto: int | None                   # auto cash-out target, hundredths
    half: tuple[int, int] | None = None  # Rocketon 50%: (multiplier, the part of the stake cashed)
    out_at: int | None = None          # manual exit of the (remaining) stake, hundredths
    request: BetRequest | None = None

    @property
    def riding(self) -> int:
        """The part of the stake still in play after a 50% cash-out."""
        return self.stake - (self.half[1] if self.half else 0)


@dataclass(frozen=True, slots=True)
class CrashState:
    variant: CrashVariant
    currency: str
    bets: tuple[CrashBet, ...]
    events: tuple[Event, ...]
    now: int = ONE                      # the last multiplier a timed decision was read at
    crash: int | None = None
    settlement: Settlement | None = None


def half_of(stake: int) -> int:
    """The part of a stake a 50% cash-out takes: half, the odd minor unit rounded down (it rides)
    (000 §12.26 ambiguity 3, ASSUMPTION)."""
    return stake // 2


def exit_return(stake: int, at: int) -> int:
    """``stake`` x ``at / 100`` rounded down to the minor unit (money.apply_ratio's rule)."""
    return stake * at // 100


def auto_target(variant: CrashVariant, value: object) -> int:
    """An auto cash-out target, validated: two decimals at most, at least ``min_auto`` (1.01),
    at most the maximum multiplier."""
    k = parse_multiplier(value, "auto cash-out")
    if k < variant.min_auto:
        raise InvalidSelection(f"the auto cash-out {format_multiplier(k)} is below the minimum "
                               f"{format_multiplier(variant.min_auto)} (000 §12.20)")
    if k > variant.max_multiplier:
        raise InvalidSelection(f"the auto cash-out {format_multiplier(k)} is above the maximum "
                               f"multiplier {format_multiplier(variant.max_multiplier)}")
    return k


def check_bet(variant: CrashVariant, bet: BetRequest, currency: str) -> int | None:
    """Validate one bet of the betting phase; its auto target (hundredths) or ``None``."""
    if bet.code != BET:
        raise UnknownBetCode(f"{variant.title} has one bet, {BET!r}; got {bet.code!r}")
    stake = check_minor(bet.stake)
    lim = variant.limits_for(currency)
    if stake < lim.minimum:
        raise StakeBelowMinimum(f"the stake {stake} is below the minimum {lim.minimum} ({currency} minor units)")
    if stake > lim.maximum:
        raise StakeAboveMaximum(f"the stake {stake} is above the maximum {lim.maximum} ({currency} minor units)")
    if len(bet.target) > 1:
        raise InvalidSelection("a bet's target is at most one auto cash-out multiplier, e.g. [\"2.00\"]")
    return auto_target(variant, bet.target[0]) if bet.target else None


class CrashEngine:
    def __init__(self, game: str) -> None:
        self.game = game

    def start(self, variant: CrashVariant, bets: Sequence[BetRequest], currency: str,
              carried: Sequence[BetRequest] = ()) -> CrashState:
        if carried:
            raise IllegalAction("a crash round carries no bets over")
        if not bets:
            raise IllegalAction("a round needs at least one bet")
        placed = tuple(CrashBet(i, b.stake, check_bet(variant, b, currency), request=b)
                       for i, b in enumerate(bets))
        events = (
            Event(0, "round_started", {"game": self.game, "variant": variant.name, "currency": currency}),
            Event(1, "bets_placed", {"bets": tuple(bets), "carried": ()}),
        )
        return CrashState(variant, currency, placed, events)

    def next_draw(self, state: CrashState) -> DrawRequest | None:
        return None if state.crash is not None else DrawRequest(DRAW, state.variant.draw_size)

    def legal_actions(self, state: CrashState) -> list[Decision]:
        """Always empty: a crash round's decisions are timed (see the module docstring)."""
        return []

    def is_finished(self, state: CrashState) -> bool:
        return state.settlement is not None

    def apply(self, state: CrashState, action: Action) -> CrashState:
        if state.crash is not None:
            raise RoundFinished(f"the round is over: it crashed at x{format_multiplier(state.crash)}")
        if isinstance(action, DrawAction):
            if action.kind != DRAW:
                raise IllegalAction(f"the round waits for a {DRAW} draw, not {action.kind!r}")
            return self._crash(state, action.value)
        if not isinstance(action, Decision):
            raise IllegalAction(f"{action!r} is not an action")
        if action.name not in TIMED:
            raise IllegalAction(f"unknown decision {action.name!r}; a crash round takes {', '.join(TIMED)}")
        bet = self._bet(state, action.args)
        if action.name == "set_auto":
            raise IllegalAction(f"bet {bet.bet_id}: the auto cash-out cannot be changed after the "
                                "round starts (000 §12.20, §12.26)")
        at = parse_multiplier(action.args.get("at"), "cash-out multiplier")
        if at < state.now:
            raise IllegalAction(f"cash-out at x{format_multiplier(at)} after one at "
                                f"x{format_multiplier(state.now)}: the multiplier only rises")
        if at > state.variant.max_multiplier:
            raise IllegalAction(f"x{format_multiplier(at)} is above the maximum multiplier")
        if bet.out_at is not None:
            raise IllegalAction(f"bet {bet.bet_id} has already cashed out at x{format_multiplier(bet.out_at)}")
        if bet.auto is not None and at >= bet.auto:
            raise IllegalAction(f"bet {bet.bet_id}: its auto cash-out at x{format_multiplier(bet.auto)} "
                                f"takes it out before x{format_multiplier(at)}")
        if action.name == "half_cash_out":
            if not state.variant.half_cash_out:
                raise IllegalAction(f"{state.variant.title} has no 50% cash-out (000 §12.26 only)")
            if bet.half is not None:
                raise IllegalAction(f"bet {bet.bet_id} has already used its 50% cash-out at "
                                    f"x{format_multiplier(bet.half[0])}: once per round (000 §12.26)")
            part = half_of(bet.stake)
            if part == 0:
                raise IllegalAction(f"bet {bet.bet_id}: a stake of {bet.stake} minor unit cannot be halved")
            new = replace(bet, half=(at, part))
        else:
            new = replace(bet, out_at=at)
        bets = tuple(new if b.bet_id == bet.bet_id else b for b in state.bets)
        data = {"name": action.name, "args": {"bet": bet.bet_id, "at": format_multiplier(at)}}
        events = (*state.events, Event(len(state.events), "decision", data))
        return replace(state, bets=bets, events=events, now=at)

    @staticmethod
    def _bet(state: CrashState, args: Mapping[str, Any]) -> CrashBet:
        i = args.get("bet")
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(state.bets):
            raise IllegalAction(f"no bet {i!r} in this round")
        return state.bets[i]

    def _crash(self, state: CrashState, u: int) -> CrashState:
        crash = crash_hundredths(state.variant, u)
        text = format_multiplier(crash)
        events = list(state.events)
        events.append(Event(len(events), "draw", {"kind": DRAW, "value": u, "crash": text}))
        events.append(Event(len(events), "result", {"crash": text}))
        results = tuple(self._result(b, crash) for b in state.bets)
        settlement = Settlement(state.currency, results)
        events.append(Event(len(events), "round_settled", {
            "total_stake": settlement.total_stake, "total_returned": settlement.total_returned,
            "results": results}))
        return replace(state, crash=crash, settlement=settlement, events=tuple(events))

    @staticmethod
    def _result(bet: CrashBet, crash: int) -> BetResult:
        returned = 0
        if bet.half is not None and bet.half[0] < crash:
            returned += exit_return(bet.half[1], bet.half[0])
        rest = bet.riding
        if bet.out_at is not None:
            if bet.out_at < crash:
                returned += exit_return(rest, bet.out_at)
        elif bet.auto is not None and bet.auto <= crash:
            returned += exit_return(rest, bet.auto)
        return BetResult(bet.bet_id, BET, bet.stake, returned, outcome_label(bet.stake, returned))

    def settle(self, state: CrashState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not over: it has not crashed yet")
        return state.settlement


CRASH_ENGINE: Final = CrashEngine("crash")
ROCKETON_ENGINE: Final = CrashEngine("rocketon")
