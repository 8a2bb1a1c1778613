"""A crash round in real time, as pure functions of the server's clock (docs/crash.md).

The platform holds one :class:`LiveRound` per table and feeds it every request *in the order it
received them* (one serialisation point: a lock or a single task per table) with the server's
receive time in milliseconds. Nothing here reads a clock or does I/O.

* Betting phase (``betting``): bets are taken (and their auto targets changed) until
  ``betting_ends``; a bet that arrives later is refused, or queued for the next round when the
  player asked for that ("Place bet for the next round", 000 §12.20 flow 1).
* Running phase (``running``), from ``started``: the multiplier is ``floor(100 e^(g t)) / 100``
  (the curve is variant data, ``growth_per_second``); the crash comes at ``crash_ms``, the first
  millisecond at which the curve reaches the crash point. A cash-out received at ``t < crash_ms``
  exits at the multiplier of ``t`` (then below the crash point); one received later is refused
  and the bet rides to its loss (000 §12.20: the server's record decides). Auto cash-outs need no
  message: they are the engine's, judged against the crash point (connected or not, §12.20).
* ``crashed``: the draw is applied and the round settles. A restart settles the round from the
  stored draw and the stored cash-outs only (:func:`settle_from_record`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from croupier.errors import IllegalAction, RoundFinished
from croupier.games.base import (
    BetRequest,
    Decision,
    DrawAction,
    Event,
    Settlement,
    inputs_from_events,
)
from croupier.games.crash.distribution import crash_hundredths
from croupier.games.crash.engine import BET, DRAW, CrashEngine, CrashState, check_bet
from croupier.games.crash.multiplier import ONE, format_multiplier
from croupier.games.crash.variant import CrashVariant

BETTING: Final = "betting"
RUNNING: Final = "running"
CRASHED: Final = "crashed"


class BetsClosed(IllegalAction):
    """A bet (or a change of one) after the betting phase."""


@dataclass(frozen=True, slots=True)
class Curve:
    """m(t) = e^(g t), t in seconds; read in whole hundredths and whole milliseconds."""

    growth_per_second: float
    cap: int

    def hundredths_at(self, ms: int) -> int:
        if ms <= 0:
            return ONE
        return min(self.cap, math.floor(100 * math.exp(self.growth_per_second * ms / 1000)))

    def time_of(self, k: int) -> int:
        """The first millisecond at which the curve reads ``k`` hundredths or more."""
        if k <= ONE:
            return 0
        t = max(0, math.ceil(1000 * math.log(k / 100) / self.growth_per_second))
        while t > 0 and self.hundredths_at(t - 1) >= k:
            t -= 1
        while self.hundredths_at(t) < k:
            t += 1
        return t


def curve_of(variant: CrashVariant) -> Curve:
    return Curve(float(variant.growth_per_second), variant.max_multiplier)


@dataclass(frozen=True, slots=True)
class LiveRound:
    engine: CrashEngine
    variant: CrashVariant
    currency: str
    number: int
    draw: int                                  # from the chain: fixed before the round
    betting_ends: int                          # server ms
    phase: str = BETTING
    bets: tuple[tuple[str, BetRequest], ...] = ()   # (player, bet); bet id = index
    queued: tuple[tuple[str, BetRequest], ...] = ()
    started: int | None = None
    state: CrashState | None = None

    @property
    def crash(self) -> int:
        """The crash point (hundredths): the server knows it; players learn it at the crash."""
        return crash_hundredths(self.variant, self.draw)

    @property
    def crash_ms(self) -> int | None:
        if self.started is None:
            return None
        return self.started + curve_of(self.variant).time_of(self.crash)

    def multiplier_at(self, now: int) -> int:
        if self.started is None:
            return ONE
        return curve_of(self.variant).hundredths_at(now - self.started)


def open_round(engine: CrashEngine, variant: CrashVariant, currency: str, number: int, draw: int,
               now: int, queued: Sequence[tuple[str, BetRequest]] = ()) -> LiveRound:
    """A new round in its betting phase, with the bets queued during the last one."""
    for _, b in queued:
        check_bet(variant, b, currency)
    return LiveRound(engine, variant, currency, number, draw, now + variant.betting_ms,
                     bets=tuple(queued))


def place(r: LiveRound, player: str, bet: BetRequest, now: int, next_round: bool = False
          ) -> tuple[LiveRound, int | None]:
    """Take a bet; its id in this round, or ``None`` when queued for the next."""
    check_bet(r.variant, bet, r.currency)
    if r.phase == BETTING and now < r.betting_ends:
        return replace(r, bets=(*r.bets, (player, bet))), len(r.bets)
    if next_round:
        return replace(r, queued=(*r.queued, (player, bet))), None
    raise BetsClosed(f"round {r.number} is {'running' if r.phase != CRASHED else 'over'}: bets are "
                     "closed; place the bet for the next round (000 §12.20 flow 1)")


def set_auto(r: LiveRound, player: str, bet_id: int, target: str | None, now: int) -> LiveRound:
    """Change (or clear) a bet's auto cash-out: only in the betting phase (000 §12.20)."""
    if r.phase != BETTING or now >= r.betting_ends:
        raise BetsClosed("the auto cash-out cannot be changed after the round starts (000 §12.20, §12.26)")
    owner, bet = _own(r, player, bet_id)
    new = BetRequest(BET, bet.stake, (target,) if target is not None else ())
    check_bet(r.variant, new, r.currency)
    return replace(r, bets=tuple((owner, new) if i == bet_id else pb for i, pb in enumerate(r.bets)))


def _own(r: LiveRound, player: str, bet_id: int) -> tuple[str, BetRequest]:
    if isinstance(bet_id, bool) or not isinstance(bet_id, int) or not 0 <= bet_id < len(r.bets):
        raise IllegalAction(f"no bet {bet_id!r} in round {r.number}")
    owner, bet = r.bets[bet_id]
    if owner != player:
        raise IllegalAction(f"bet {bet_id} of round {r.number} is not yours")
    return owner, bet


def start(r: LiveRound, now: int) -> LiveRound:
    """End the betting phase: the running phase begins at ``now``."""
    if r.phase != BETTING:
        raise IllegalAction(f"round {r.number} has already started")
    state = r.engine.start(r.variant, [b for _, b in r.bets], r.currency) if r.bets else None
    return replace(r, phase=RUNNING, started=now, state=state)


def advance(r: LiveRound, now: int) -> LiveRound:
    """The round at ``now``: crashed (and settled) once ``now`` reaches the crash time."""
    crash_ms = r.crash_ms
    if r.phase != RUNNING or crash_ms is None or now < crash_ms:
        return r
    state = r.state
    if state is not None:
        state = r.engine.apply(state, DrawAction(DRAW, r.draw))
    return replace(r, phase=CRASHED, state=state)


def cash_out(r: LiveRound, player: str, bet_id: int, now: int, half: bool = False) -> LiveRound:
    """A cash-out request received at ``now`` (the serialisation point's clock)."""
    if r.phase == BETTING:
        raise IllegalAction(f"round {r.number} has not started: nothing to cash out yet")
    _own(r, player, bet_id)
    crash_ms = r.crash_ms
    if r.phase == CRASHED or (crash_ms is not None and now >= crash_ms):
        raise RoundFinished(f"round {r.number} crashed at x{format_multiplier(r.crash)} before the "
                            "cash-out arrived: the server's record decides (000 §12.20)")
    if r.state is None:  # pragma: no cover - a round with a bet has a state
        raise IllegalAction("the round has no bets")
    at = r.multiplier_at(now)
    name = "half_cash_out" if half else "cash_out"
    state = r.engine.apply(r.state, Decision(name, {"bet": bet_id, "at": format_multiplier(at)}))
    return replace(r, state=state)


def auto_due(r: LiveRound, now: int) -> list[tuple[int, int]]:
    """(bet id, target) of the auto cash-outs the server has executed by ``now``: their target
    was reached and they were not taken out by hand first (for the live display)."""
    if r.state is None or r.started is None:
        return []
    curve = curve_of(r.variant)
    reached = min(r.multiplier_at(now), r.crash)
    return [(b.bet_id, b.auto) for b in r.state.bets
            if b.auto is not None and b.out_at is None and b.auto <= reached
            and r.started + curve.time_of(b.auto) <= now]


def settlement(r: LiveRound) -> Settlement:
    if r.phase != CRASHED or r.state is None:
        raise IllegalAction(f"round {r.number} is not over")
    return r.engine.settle(r.state)


def settle_from_record(engine: CrashEngine, variant: CrashVariant, events: Sequence[Event], draw: int
                       ) -> Settlement:
    """After a restart: the round's stored bets and cash-outs (its events up to the crash) and the
    stored draw settle it - nothing else is consulted."""
    currency, bets, _, actions = inputs_from_events(events)
    state = engine.start(variant, bets, currency)
    for a in actions:
        if isinstance(a, DrawAction):
            break
        state = engine.apply(state, a)
    return engine.settle(engine.apply(state, DrawAction(DRAW, draw)))
