"""What the engines of the two-player fund games (Backgammon, Domino, Hexagon, Chingachung, Goal
Penalty, Baron, Toto11, Toto 21) share: the record's events, closing a match with its result
event, the settlement of the fund (:mod:`.fund`) and the replay of a record.

A match state is a NamedTuple with ``phase``, ``winner`` (a seat index 0/1, ``VOID`` for a
voided match, -1 while it runs), ``setup`` (seats, stake, rake), ``currency``, ``events`` and a
``seat(i)`` method; an engine subclasses :class:`FundMatchEngine` and says what its result event
shows of the standing (:meth:`FundMatchEngine.standing`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar, cast

from croupier.errors import (
    IllegalAction,
    InvalidBet,
    StakeAboveMaximum,
    StakeBelowMinimum,
    VariantError,
)
from croupier.games.base import DrawAction, DrawRequest, Event, checked_draw, replay_seated
from croupier.games.pvp.fund import FundRake, check_stake, settle_fund
from croupier.games.pvp.poker.state import HandSettlement
from croupier.money import currency as money_currency

S = TypeVar("S")

#: the winner of a match that was voided (every stake returned, no rake)
VOID: Final = -2


def add_event(events: tuple[Event, ...], typ: str, data: Mapping[str, Any]) -> tuple[Event, ...]:
    return events + (Event(len(events), typ, data),)


class FundMatchEngine(Generic[S]):
    """Closing and settling a two-player match whose winner takes the fund less the rake
    (``S``: the game's match state)."""

    #: what the game calls one match in its messages
    unit = "match"
    #: the game's name in messages ("a Baron table has two different seats")
    table_name = "two-player"
    game = ""

    def opening(self, variant: Any, setup: Any, currency: str) -> Event:
        """The checks every fund game makes of a table (the currency, two different seats, the
        stake, the rake) and the record's first event."""
        money_currency(currency)
        seats = setup.seats
        if (not isinstance(seats, tuple) or len(seats) != 2 or not all(type(x) is int for x in seats)
                or seats[0] == seats[1]):
            raise InvalidBet(f"a {self.table_name} table has two different seats, got {seats!r}")
        check_stake(setup.stake)
        if setup.rake is not None and not isinstance(setup.rake, FundRake):
            raise VariantError(f"a table's rake is a FundRake or None, got {setup.rake!r}")
        return Event(0, "round_started", {"currency": currency, "game": self.game,
                                          "variant": variant.name, **setup.to_dict()})

    def next_draw(self, s: S) -> DrawRequest | None:  # pragma: no cover - every game says
        raise NotImplementedError

    def drawn(self, s: S, action: DrawAction) -> tuple[str, int]:
        """The draw the match waits for and its value (:func:`~croupier.games.base.checked_draw`),
        or IllegalAction while it waits for a decision."""
        req = self.next_draw(s)
        if req is None:
            raise IllegalAction(f"the {self.unit} waits for a decision, not a {action.kind} draw")
        return req.kind, checked_draw(action, req.kind, req.n)

    def standing(self, s: S) -> dict[str, Any]:
        """What the result event shows of the final standing (default: the score)."""
        return {"score": list(cast(Any, s).score)}

    def closing(self, s: S) -> S:
        """The state's game-specific fields cleared when the match ends (default: none)."""
        return s

    def _close(self, state: S, winner: int, how: str) -> S:
        s: Any = self.closing(cast(Any, state)._replace(phase="done", winner=winner))
        st = self.settle(s)
        return cast(S, s._replace(events=add_event(s.events, "result", {
            "winner": None if winner == VOID else s.seat(winner), "how": how,
            **self.standing(s), "rake": st.rake,
            "paid": [[b.bet_id, b.returned] for b in st.bets]})))

    def house_decision(self, state: S, name: str, args: Mapping[str, Any], actor: int) -> S:
        """The house's decisions of a match (the state already holds the decision's event):
        ``void`` closes it with every stake returned; ``time_out`` of the player to act
        (``actor``, -1 while nobody is) closes it with that player losing."""
        s: Any = state
        if name == "void":
            return self._close(state, VOID, "void")
        if name == "time_out":
            if actor < 0 or args.get("player") != s.seat(actor):
                raise IllegalAction(f"only the player to act can run out of time, not {args.get('player')!r}")
            return self._close(state, 1 - actor, "time_out")
        raise IllegalAction(f"the house may time_out or void, not {name!r}")

    def settle(self, state: S) -> HandSettlement:
        s: Any = state
        if s.winner == -1:
            raise IllegalAction(f"the {self.unit} is not over")
        winner = None if s.winner == VOID else s.seat(s.winner)
        return settle_fund(s.currency, s.setup.seats, s.setup.stake, winner, s.setup.rake)


def check_stake_limits(variant: Any, stake: int, currency: str, clause: str) -> None:
    """The variant's stake range, in the currency it is given in."""
    if currency == variant.stake_currency:
        limits = f"the stake is {variant.stake_min}-{variant.stake_max} {currency} ({clause}), got {stake}"
        if stake < variant.stake_min:
            raise StakeBelowMinimum(limits)
        if stake > variant.stake_max:
            raise StakeAboveMaximum(limits)


def replay_record(engine: Any, variant: Any, events: Sequence[Event],
                  setup_of: Callable[[Mapping[str, Any]], Any]) -> HandSettlement:
    """Rebuild a match from its record: the same events and settlement must come out."""
    return cast(HandSettlement, replay_seated(engine, variant, events, setup_of))
