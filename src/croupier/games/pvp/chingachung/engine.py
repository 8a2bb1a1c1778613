"""The Chingachung match engine (000 §12.12.7, rock-paper-scissors player against player) on the
seated-engine contract of :mod:`croupier.games.base`.

One round of the contract is one **match**. A ``first`` draw (value 0 or 1) gives the first
step to one player at random (Flow 1); in every round he steps first, then the other, who sees
the first step only after making his own (the record holds the first step in its ``decision``
event: the platform shows it to the opponent only after his step). A winning step scores 1, the
same step is a draw (Flow 3); the first to the table's score wins the fund less the rake.

Decisions, each with ``{"seat": n}``: ``step`` ``{"step": "rock" | "scissors" | "paper"}``;
``resign`` at any time. The house's (``{"seat": "house"}``): ``time_out`` ``{"player": seat}``
when the player to step lets his step time run out — he loses the match whatever the score
(000 §12.12.7); ``void`` returns both stakes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.errors import (
    IllegalAction,
    RoundFinished,
    VariantError,
)
from croupier.games.base import Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.chingachung.state import MatchState, TableSetup, setup_from_record
from croupier.games.pvp.chingachung.variant import ChingachungVariant
from croupier.games.pvp.match import (
    VOID,
    FundMatchEngine,
    add_event,
    check_stake_limits,
    replay_record,
)
from croupier.games.pvp.poker.state import HandSettlement

__all__ = ["ENGINE", "ChingachungEngine", "MatchState", "TableSetup", "replay_match"]

HOUSE: Final = "house"




class ChingachungEngine(FundMatchEngine[MatchState]):
    """Chingachung matches for two players. Stateless."""

    game = "pvp_chingachung"
    table_name = "Chingachung"

    def start(self, variant: ChingachungVariant, setup: TableSetup, currency: str) -> MatchState:
        head = self.opening(variant, setup, currency)
        check_stake_limits(variant, setup.stake, currency, "000 §12.12.7")
        if setup.target not in variant.targets:
            raise VariantError(f"the score to win is {variant.targets[0]}-{variant.targets[-1]} (000 §12.12.7), got {setup.target!r}")
        return MatchState(variant, setup, currency, "first", -1, "", -1, (0, 0), 1, -1, (head,))

    def next_draw(self, s: MatchState) -> DrawRequest | None:
        return DrawRequest("first", 2) if s.phase == "first" else None

    def to_act(self, s: MatchState) -> int | None:
        return s.seat(s.actor) if s.phase == "step" else None

    def legal_actions(self, s: MatchState) -> list[Decision]:
        if s.phase != "step":
            return []
        seat = s.seat(s.actor)
        return [Decision("step", {"seat": seat, "step": name}) for name in s.variant.steps]

    def is_finished(self, s: MatchState) -> bool:
        return s.phase == "done"

    def apply(self, s: MatchState, action: DrawAction | Decision) -> MatchState:
        if s.phase == "done":
            raise RoundFinished("the match is over")
        if isinstance(action, DrawAction):
            if s.phase != "first" or action.kind != "first":
                raise IllegalAction(f"the match waits for a decision, not a {action.kind} draw")
            if action.value not in (0, 1) or type(action.value) is not int:
                raise IllegalAction(f"a first draw is 0 or 1, got {action.value!r}")
            events = add_event(s.events, "draw", {"kind": "first", "value": action.value})
            events = add_event(events, "first_step", {"seat": s.seat(action.value)})
            return s._replace(phase="step", first=action.value, actor=action.value, events=events)
        if not isinstance(action, Decision):
            raise IllegalAction(f"not an action: {action!r}")
        name, args = action.name, action.args
        seat = args.get("seat")
        events = add_event(s.events, "decision", {"name": name, "args": dict(args)})
        if seat == HOUSE:
            if name == "void":
                return self._close(s._replace(events=events), VOID, "void")
            if name == "time_out":
                player = args.get("player")
                if s.phase != "step" or player != s.seat(s.actor):
                    raise IllegalAction(f"only the player to step can run out of time, not {player!r}")
                return self._close(s._replace(events=events), 1 - s.actor, "time_out")
            raise IllegalAction(f"the house may time_out or void, not {name!r}")
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not at this table")
        i = s.setup.seats.index(seat)
        if name == "resign":
            return self._close(s._replace(events=events), 1 - i, "resigned")
        if s.phase != "step":
            raise IllegalAction("the first step is being drawn: wait for your turn")
        if i != s.actor:
            raise IllegalAction(f"out of turn: seat {s.seat(s.actor)} is to step, not seat {seat}")
        if name != "step":
            raise IllegalAction(f"make a step (rock, scissors or paper), not {name!r}")
        step = args.get("step")
        if step not in s.variant.steps:
            raise IllegalAction(f"a step is one of {', '.join(s.variant.steps)}, got {step!r}")
        s = s._replace(events=events)
        if not s.pending:
            return s._replace(pending=str(step), actor=1 - i)
        return self._resolve(s, s.pending, str(step))

    def _resolve(self, s: MatchState, first_step: str, second_step: str) -> MatchState:
        f = s.first
        w = s.variant.winner(first_step, second_step)
        winner = -1 if w < 0 else (f if w == 0 else 1 - f)
        score = list(s.score)
        if winner >= 0:
            score[winner] += 1
        s = s._replace(score=(score[0], score[1]), pending="", actor=f, round=s.round + 1,
                       events=add_event(s.events, "round_over", {
                           "round": s.round,
                           "steps": [[s.seat(f), first_step], [s.seat(1 - f), second_step]],
                           "winner": None if winner < 0 else s.seat(winner), "score": score}))
        if winner >= 0 and score[winner] >= s.setup.target:
            return self._close(s, winner, "score")
        return s

    def closing(self, s: MatchState) -> MatchState:
        return s._replace(actor=-1)



def replay_match(engine: ChingachungEngine, variant: ChingachungVariant,
                 events: Sequence[Event]) -> HandSettlement:
    return replay_record(engine, variant, events, setup_from_record)


ENGINE: Final = ChingachungEngine()
