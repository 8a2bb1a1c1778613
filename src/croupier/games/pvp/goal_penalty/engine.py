"""The Goal Penalty match engine (000 §12.12.6) on the seated-engine contract of
:mod:`croupier.games.base`.

A ``roles`` draw (0/1) makes one seat the first Forward (Flow 1). Each shot: the Forward
``shoot`` ``{"sector": 1..6}``, then the Goalkeeper ``guard`` ``{"sector": 1..6}`` without seeing
it (the record holds the shot in its ``decision`` event: the platform shows it to the keeper only
after his choice); different sectors are a goal (Flow 3); the roles swap (Flow 4). Shooting stops
as soon as the trailing player cannot catch up with the shots he has left (Flow 6, ASSUMPTION);
a tie after the set shots goes to sudden death, a shot each a round, until one scores and the
other does not (Flow 5). Decisions carry ``{"seat": n}``; ``resign`` at any time; the house's
``time_out`` ``{"player": seat}`` (the player to act loses: ASSUMPTION) and ``void``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from croupier.errors import (
    IllegalAction,
    RoundFinished,
    VariantError,
)
from croupier.games.base import Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.goal_penalty.state import MatchState, TableSetup, setup_from_record
from croupier.games.pvp.goal_penalty.variant import GoalPenaltyVariant
from croupier.games.pvp.match import (
    FundMatchEngine,
    add_event,
    check_stake_limits,
    replay_record,
)
from croupier.games.pvp.poker.state import HandSettlement

__all__ = ["ENGINE", "GoalPenaltyEngine", "MatchState", "TableSetup", "decided", "replay_match"]

HOUSE: Final = "house"




def decided(goals: Sequence[int], taken: Sequence[int], shots: int) -> int:
    """The winner (0/1) once the result is settled, else -1. In regulation: a player whose goals
    plus the shots he has left stay below the other's goals has lost (000 §12.12.6 Flow 6). In
    sudden death (both past ``shots``): after each full round, a goal against a miss."""
    if taken[0] <= shots and taken[1] <= shots:
        for p in (0, 1):
            q = 1 - p
            if goals[p] + (shots - taken[p]) < goals[q]:
                return q
        if taken[0] == taken[1] == shots and goals[0] != goals[1]:
            return 0 if goals[0] > goals[1] else 1
        return -1
    if taken[0] == taken[1] and goals[0] != goals[1]:
        return 0 if goals[0] > goals[1] else 1
    return -1


class GoalPenaltyEngine(FundMatchEngine[MatchState]):
    """Goal Penalty matches for two players. Stateless."""

    game = "pvp_goal_penalty"
    table_name = "Goal Penalty"

    def start(self, variant: GoalPenaltyVariant, setup: TableSetup, currency: str) -> MatchState:
        head = self.opening(variant, setup, currency)
        check_stake_limits(variant, setup.stake, currency, "000 §12.12.6")
        if setup.shots not in variant.shots:
            raise VariantError(f"the number of shots is {', '.join(map(str, variant.shots))} (000 §12.12.6), got {setup.shots!r}")
        return MatchState(variant, setup, currency, "roles", -1, -1, 0, (0, 0), (0, 0), -1, (head,))

    def next_draw(self, s: MatchState) -> DrawRequest | None:
        return DrawRequest("roles", 2) if s.phase == "roles" else None

    def _actor(self, s: MatchState) -> int:
        if s.phase == "shoot":
            return s.shooter
        if s.phase == "guard":
            return 1 - s.shooter
        return -1

    def to_act(self, s: MatchState) -> int | None:
        i = self._actor(s)
        return None if i < 0 else s.seat(i)

    def legal_actions(self, s: MatchState) -> list[Decision]:
        i = self._actor(s)
        if i < 0:
            return []
        name = "shoot" if s.phase == "shoot" else "guard"
        return [Decision(name, {"seat": s.seat(i), "sector": k}) for k in range(1, s.variant.sectors + 1)]

    def is_finished(self, s: MatchState) -> bool:
        return s.phase == "done"

    def apply(self, s: MatchState, action: DrawAction | Decision) -> MatchState:
        if s.phase == "done":
            raise RoundFinished("the match is over")
        if isinstance(action, DrawAction):
            if s.phase != "roles" or action.kind != "roles":
                raise IllegalAction(f"the match waits for a decision, not a {action.kind} draw")
            if type(action.value) is not int or action.value not in (0, 1):
                raise IllegalAction(f"a roles draw is 0 or 1, got {action.value!r}")
            events = add_event(s.events, "draw", {"kind": "roles", "value": action.value})
            events = add_event(events, "roles", {"forward": s.seat(action.value),
                                           "goalkeeper": s.seat(1 - action.value)})
            return s._replace(phase="shoot", first=action.value, shooter=action.value, events=events)
        if not isinstance(action, Decision):
            raise IllegalAction(f"not an action: {action!r}")
        name, args = action.name, action.args
        seat = args.get("seat")
        events = add_event(s.events, "decision", {"name": name, "args": dict(args)})
        if seat == HOUSE:
            return self.house_decision(s._replace(events=events), name, args, self._actor(s))
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not at this table")
        i = s.setup.seats.index(seat)
        if name == "resign":
            return self._close(s._replace(events=events), 1 - i, "resigned")
        actor = self._actor(s)
        if actor < 0:
            raise IllegalAction("the roles are being drawn: wait for your turn")
        if i != actor:
            raise IllegalAction(f"out of turn: seat {s.seat(actor)} is to act, not seat {seat}")
        want = "shoot" if s.phase == "shoot" else "guard"
        if name != want:
            raise IllegalAction(f"the {'Forward shoots' if want == 'shoot' else 'Goalkeeper guards'}: '{want}', not {name!r}")
        sector = args.get("sector")
        if type(sector) is not int or not 1 <= sector <= s.variant.sectors:
            raise IllegalAction(f"a sector is 1..{s.variant.sectors}, got {sector!r}")
        s = s._replace(events=events)
        if want == "shoot":
            return s._replace(phase="guard", aim=sector)
        return self._kick(s, s.aim, sector)

    def _kick(self, s: MatchState, aim: int, guard: int) -> MatchState:
        f = s.shooter
        goal = aim != guard  # 000 §12.12.6 Flow 3
        taken = list(s.taken)
        goals = list(s.goals)
        taken[f] += 1
        goals[f] += goal
        s = s._replace(taken=(taken[0], taken[1]), goals=(goals[0], goals[1]), aim=0,
                       events=add_event(s.events, "kick", {
                           "forward": s.seat(f), "aim": aim, "guard": guard, "goal": goal,
                           "goals": [[s.seat(k), goals[k]] for k in (0, 1)]}))
        w = decided(goals, taken, s.setup.shots)
        if w >= 0:
            return self._close(s, w, "score")
        return s._replace(phase="shoot", shooter=1 - f)

    def standing(self, s: MatchState) -> dict[str, Any]:
        return {"goals": list(s.goals)}



def replay_match(engine: GoalPenaltyEngine, variant: GoalPenaltyVariant,
                 events: Sequence[Event]) -> HandSettlement:
    return replay_record(engine, variant, events, setup_from_record)


ENGINE: Final = GoalPenaltyEngine()
