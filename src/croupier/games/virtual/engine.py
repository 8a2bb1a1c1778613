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

from croupier.errors import InvalidSelection, UnknownBetCode
from croupier.games.base import BetRequest, DrawRequest
from croupier.games.draws.ticket import Outcome, PlacedBet, Selection, TicketEngine
from croupier.games.virtual.sport import Board, Played, Sport
from croupier.games.virtual.variant import EventVariant
from croupier.rng import RandomSource

VOID = Fraction(1)


class SelectionNotOffered(InvalidSelection):
    """The event's published board does not offer the selection."""

    code = "not_offered"


def _odds(odds: Fraction) -> str:
    """Odds on the 0.01 grid as text ("2.35")."""
    cents = odds.numerator * 100 // odds.denominator
    return f"{cents // 100}.{cents % 100:02d}"


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
        data["extras"] = [[k, v] for k, v in outcome.extras]  # the platform rebuilds the outcome from these
        return data

    def explain(self, variant: EventVariant, bet: PlacedBet, outcome: Outcome) -> dict[str, Any]:
        r = self.ratio(variant, bet, outcome)
        if r == VOID:
            return {"text": f"{bet.code}: not offered at this event's board; the stake is returned"}
        return {"text": f"{bet.code}: won at x{_odds(r)}" if r else f"{bet.code}: lost"}

    # -- a scheduled event: its form draws and board published before the off --------------

    def publish(self, variant: EventVariant, source: RandomSource) -> dict[str, Any] | None:
        values: list[int] = []
        while len(values) < self.sport.form_count(variant.core):
            req = self.sport.next_request(variant.core, values)
            if req is None:  # pragma: no cover - every event draws its forms first
                break
            values.append(source.randbelow(req.n))
        return {"forms": values}

    def check_published(self, variant: EventVariant, published: Mapping[str, Any] | None,
                        bet: PlacedBet) -> None:
        if published is None:
            return
        forms = tuple(int(f) for f in published["forms"])
        if self.key(variant, bet) not in self.board(variant, forms).get(bet.code, {}):
            raise SelectionNotOffered(f"{bet.code} {list(bet.selection)} is not offered at this event: its odds "
                                      "would be under x1.01")

    def published_view(self, variant: EventVariant, published: Mapping[str, Any]) -> dict[str, Any]:
        forms = tuple(int(f) for f in published["forms"])
        values = self.sport.form_values(variant.core)
        board = self.board(variant, forms)
        return {"forms": list(forms), "form_values": [str(values[f]) for f in forms],
                "markets": [{"code": m.code, "label": m.label, "rows": m.rows,
                             "selections": [{"target": list(self.sport.target(k)), "odds": _odds(p.odds),
                                             "rtp": f"{p.rtp.numerator}/{p.rtp.denominator}"}
                                            for k, p in board.get(m.code, {}).items()]}
                            for m in self.sport.markets(variant.core)]}

    def ball_request(self, variant: EventVariant, balls: tuple[int, ...]) -> DrawRequest | None:
        return None  # no balls: every chance step is one of the event's draws (an extra)
