"""One hand in play, in memory (issue 21 part 3): the engine's state, the deals from the table's
committed seed, the decision timer with each seat's time bank, and the default on time-out.

Times are seconds of a monotonic clock given by the caller (the runner's event loop), so the
rules are tested with a hand-driven clock.

* **Decision timer** (ASSUMPTIONs, table options): each decision has ``decision_ms``; when it
  runs out the seat's **time bank** runs (what is used of it is gone for the session); when
  that runs out too the card room applies the **default**: ``check`` if it is legal, else
  ``fold`` (a run-it vote: once). A seat that timed out sits out from the next hand.
* **Disconnect**: a disconnected player's turn gets the decision timer only (not the time
  bank), then the default; he sits out from the next hand too.
* **Out of turn / stale**: an action of a seat that is not to act is refused
  (:class:`NotYourTurn`, naming who is); an action naming another hand or an old state
  ``version`` (the number of events the client saw) is refused; the engine's own refusals (a
  raise below the minimum or above the limit...) come with its reason.
"""

from __future__ import annotations

from typing import Any

from croupier.errors import IllegalAction, RoundFinished
from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.poker.engine import ENGINE
from croupier.games.pvp.poker.state import HandState
from croupier.platform.cardroom.errors import NotYourTurn
from croupier.platform.cardroom.hands import HandStart


class LiveHand:
    def __init__(self, start: HandStart, now: float) -> None:
        self.start = start
        self.state: HandState = ENGINE.start(start.variant, start.setup, start.currency)
        self.banks: dict[int, int] = dict(start.time_bank_ms)
        self.timed_out: set[int] = set()
        self.disconnected: set[int] = set()
        self.turn_seat: int | None = None
        self.turn_started = now
        self.last: dict[str, Any] | None = None
        self._deal()
        self._arm(now)

    # -- the hand's progress ---------------------------------------------------------------------

    @property
    def hand_id(self) -> int:
        return self.start.hand_id

    @property
    def version(self) -> int:
        return len(self.state.events)

    @property
    def finished(self) -> bool:
        return ENGINE.is_finished(self.state)

    def to_act(self) -> int | None:
        return ENGINE.to_act(self.state)

    def _deal(self) -> None:
        s = self.state
        while not ENGINE.is_finished(s):
            req = ENGINE.next_draw(s)
            if req is None:
                break
            s = ENGINE.apply(s, DrawAction(req.kind, self.start.source.randbelow(req.n)))
        self.state = s

    def _arm(self, now: float) -> None:
        seat = self.to_act()
        if seat != self.turn_seat:
            self.turn_seat = seat
            self.turn_started = now

    # -- timers ----------------------------------------------------------------------------------

    def deadline(self) -> float | None:
        """When the seat to act runs out of time (decision timer, then its time bank)."""
        seat = self.turn_seat
        if seat is None:
            return None
        extra = 0 if seat in self.disconnected else self.banks.get(seat, 0)
        return self.turn_started + (self.start.decision_ms + extra) / 1000

    def bank_starts(self) -> float | None:
        if self.turn_seat is None:
            return None
        return self.turn_started + self.start.decision_ms / 1000

    def _spend_bank(self, seat: int, now: float) -> None:
        over = int((now - self.turn_started) * 1000) - self.start.decision_ms
        if over > 0 and seat not in self.disconnected:
            self.banks[seat] = max(0, self.banks.get(seat, 0) - over)

    def timeout(self, now: float) -> Decision | None:
        """Apply the default for the seat to act if its time is up (the decision applied)."""
        dl = self.deadline()
        if dl is None or now < dl or self.finished:
            return None
        seat = self.turn_seat
        if seat is None:  # pragma: no cover - deadline() is None without a seat to act
            return None
        legal = ENGINE.legal_actions(self.state)
        names = [d.name for d in legal]
        if "check" in names:
            d = legal[names.index("check")]
        elif "fold" in names:
            d = legal[names.index("fold")]
        else:  # a run-it vote: run once
            d = legal[0]
        self._spend_bank(seat, now)
        self.timed_out.add(seat)
        self.state = ENGINE.apply(self.state, d)
        self.last = {"seat": seat, "action": d.name, "timeout": True}
        self._deal()
        self._arm(now)
        return d

    # -- players' actions ------------------------------------------------------------------------

    def act(self, seat: int, name: str, args: dict[str, Any], now: float,
            hand_id: int | None = None, version: int | None = None) -> Decision:
        if hand_id is not None and hand_id != self.hand_id:
            raise IllegalAction(f"hand {hand_id} is not the hand in play (hand {self.hand_id})")
        if self.finished:
            raise RoundFinished(f"hand {self.hand_id} is over")
        if version is not None and version != self.version:
            raise IllegalAction(f"stale action: the hand is at version {self.version}, "
                                f"your action answers version {version}")
        if name != "fast_fold":
            turn = self.to_act()
            if turn is None:
                raise NotYourTurn("the cards are being dealt: nobody is to act")
            if turn != seat:
                raise NotYourTurn(f"out of turn: seat {turn} is to act, not seat {seat}")
        d = Decision(name, {**args, "seat": seat})
        self.state = ENGINE.apply(self.state, d)  # the engine's reasons (limits...) as raised
        if seat == self.turn_seat:
            self._spend_bank(seat, now)
        self.last = {"seat": seat, "action": name, **({"to": args["to"]} if "to" in args else {})}
        self._deal()
        self._arm(now)
        return d
