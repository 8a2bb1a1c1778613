"""The round engine of a virtual event (000 §12.42–§12.61): a ticket of bets on one event,
settled at the event's own board (docs/virtual.md).

It is the draw shape of issue 20 (:class:`~croupier.games.draws.ticket.TicketEngine`: bets placed,
then chance steps, then settlement; the platform's draw schedule settles whole draws of tickets
through :meth:`outcome` and :meth:`bet_returns`) with an event's draws in place of balls: every
chance step is recorded as an extra ``(kind, value)`` — the ``form`` draws, then the sport's
outcome draws — and the sport's model (:class:`~.sport.Sport`) says which draw comes next and
what the event was.

A bet names a market and a selection. It is paid at the odds the event's board gives that
selection (priced from the form draws, :mod:`.pricing`): ``stake × odds`` when it wins, nothing
when it loses. A selection the event's board does not offer (odds below x1.01) returns the stake
(ASSUMPTION: a bet on it is void; a scheduled event publishes its board and refuses such a bet
before the off, and a single-player round, played at once, settles at the board's odds).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from croupier.errors import IllegalAction, RoundFinished, UnknownBetCode
from croupier.games.base import Action, BetRequest, DrawAction, DrawRequest, Event, checked_draw
from croupier.games.draws.ticket import DrawState, Outcome, PlacedBet, Selection, TicketEngine
from croupier.games.virtual.sport import Board, Played, Sport
from croupier.games.virtual.variant import EventVariant

VOID = Fraction(1)


class EventEngine(TicketEngine):
    def __init__(self, game: str, sport: Sport) -> None:
        self.game = game
        self.sport = sport
        self._played: dict[tuple[int, tuple[int, ...]], tuple[EventVariant, Played]] = {}

    # -- the event --------------------------------------------------------------------------

    def played(self, variant: EventVariant, outcome: Outcome) -> Played:
        """The event the outcome's draws describe (memoised: a draw settles many tickets)."""
        values = tuple(v for _, v in outcome.extras)
        key = (id(variant), values)
        hit = self._played.get(key)
        if hit is None or hit[0] is not variant:
            if len(self._played) > 256:
                self._played.clear()
            hit = self._played[key] = (variant, self.sport.played(variant.core, values))
        return hit[1]

    def board(self, variant: EventVariant, forms: tuple[int, ...]) -> Board:
        return self.sport.board(variant.core, forms)

    # -- TicketEngine hooks -----------------------------------------------------------------

    def place(self, variant: EventVariant, bet: BetRequest) -> Selection:
        codes = {m.code for m in self.sport.markets(variant.core)}
        if bet.code not in codes:
            raise UnknownBetCode(f"{variant.title} has no market {bet.code!r}; it offers {', '.join(sorted(codes))}")
        return self.sport.target(self.sport.selection(variant.core, bet.code, bet.target))

    def key(self, variant: EventVariant, bet: PlacedBet) -> Any:
        return self.sport.selection(variant.core, bet.code, bet.selection)

    def ratio(self, variant: EventVariant, bet: PlacedBet, outcome: Outcome) -> Fraction:
        played = self.played(variant, outcome)
        key = self.key(variant, bet)
        price = self.board(variant, played.forms).get(bet.code, {}).get(key)
        if price is None:
            return VOID
        return price.odds if self.sport.wins(variant.core, played, bet.code, key) else Fraction(0)

    def extra_request(self, variant: EventVariant, outcome: Outcome) -> DrawRequest | None:
        return self.sport.next_request(variant.core, [v for _, v in outcome.extras])

    def result_data(self, variant: EventVariant, outcome: Outcome) -> dict[str, Any]:
        played = self.played(variant, outcome)
        data: dict[str, Any] = {"forms": list(played.forms)}
        data.update(self.sport.result(variant.core, played))
        data["headline"] = self.sport.headline(variant.core, played)
        return data

    def explain(self, variant: EventVariant, bet: PlacedBet, outcome: Outcome) -> dict[str, Any]:
        r = self.ratio(variant, bet, outcome)
        if r == VOID:
            return {"text": f"{bet.code}: not offered at this event's board; the stake is returned"}
        return {"text": f"{bet.code}: won at x{float(r):.2f}" if r else f"{bet.code}: lost"}

    # -- the chance steps: the event's draws, no balls --------------------------------------

    def next_draw(self, state: DrawState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        return self.extra_request(state.variant, state.outcome)

    def apply(self, state: DrawState, action: Action) -> DrawState:
        if state.settlement is not None:
            raise RoundFinished("the event is settled")
        if not isinstance(action, DrawAction):
            raise IllegalAction(f"{state.variant.title} takes no decision once the bets are placed")
        req = self.next_draw(state)
        if req is None:  # pragma: no cover - an unsettled event always waits for a draw
            raise RoundFinished("the event waits for nothing")
        value = checked_draw(action, req.kind, req.n)
        extras = state.extras + ((action.kind, value),)
        data: Mapping[str, Any] = {"kind": action.kind, "value": value}
        events = state.events + (Event(len(state.events), "draw", data),)
        new = DrawState(state.variant, state.currency, state.bets, (), extras, None, events)
        if self.next_draw(new) is None:
            new = self._settle_now(new)
        return new
