"""The backgammon match engine (000 §12.12.1: Short, Armenian, Long, Blitz, Pioneer, Hyper, Nack)
on the seated-engine contract of :mod:`croupier.games.base` (``SeatedEngine``).

One round is one **match**: games are played until a player reaches the table's score; the
winner takes both stakes less the rake (:mod:`croupier.games.pvp.fund`). Chance is two kinds of
draw: ``opening`` (each player's die, one value in [0, 36): first seat's die = value // 6 + 1,
second's = value % 6 + 1; a tie is rolled again) and ``dice`` (the mover's two dice, the same
code). Decisions, each with ``{"seat": n}``:

* ``roll`` or ``double`` at the start of a turn when the player may double (000 §12.12.1
  Doubling: "only at the start of his own turn, before rolling"); without the cube the dice are
  rolled at once;
* ``take``, ``drop`` or ``beaver`` (table option) when doubled; ``take`` / ``drop`` of a beaver;
* ``move`` ``{"steps": [[from, to], ...]}`` in the mover's numbering (25 = bar, 0 = off);
  a roll with no legal move is lost at once (event ``no_move``);
* ``resign`` at any time (either player; never listed in ``legal_actions``): the opponent wins
  the match — what the platform applies on a time-out or a player leaving;
* the house's ``void`` (``{"seat": "house"}``): every stake is returned.

Rules and every ASSUMPTION: docs/pvp_games.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from croupier.errors import IllegalAction, RoundFinished, VariantError
from croupier.games.base import Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.backgammon.board import (
    Side,
    Step,
    Turn,
    all_home,
    follow,
    head_limit,
    legal_turns,
    opp_point,
    pips,
    single_moves,
    turn_dice,
)
from croupier.games.pvp.backgammon.state import MatchSetup, MatchState, setup_from_record
from croupier.games.pvp.backgammon.variant import BAR, OFF, BackgammonVariant
from croupier.games.pvp.match import VOID, FundMatchEngine, add_event, replay_record
from croupier.games.pvp.poker.state import HandSettlement

__all__ = ["ENGINE", "BackgammonEngine", "MatchSetup", "MatchState", "replay_match"]

HOUSE: Final = "house"




def _point(p: int) -> str:
    return "bar" if p == BAR else ("off" if p == OFF else str(p))


def _fmt(step: Step) -> str:
    return f"{_point(step[0])}/{_point(step[1])}"


class BackgammonEngine(FundMatchEngine[MatchState]):
    """Backgammon matches for two players. Stateless: every method is a function of its arguments."""

    game = "pvp_backgammon"
    table_name = "backgammon"

    # -- starting a match -------------------------------------------------------------------------

    def start(self, variant: BackgammonVariant, setup: MatchSetup, currency: str) -> MatchState:
        head = self.opening(variant, setup, currency)
        self._check_setup(variant, setup)
        s = MatchState(
            variant=variant, setup=setup, currency=currency, phase="opening",
            sides=(variant.start, variant.start), player=0, dice=(), moves={}, cube=1, owner=-1,
            cube_used=False, crawford=False, crawford_done=False, first_turn=(True, True),
            game=1, score=(0, 0), winner=-1, events=(head,),
        )
        return s._replace(events=add_event(s.events, "game_started",
                                     {"game": 1, "score": [0, 0], "crawford": False}))

    def _check_setup(self, v: BackgammonVariant, s: MatchSetup) -> None:
        if s.target not in v.targets:
            raise VariantError(f"{v.title}: the score to win is one of "
                               f"{', '.join(map(str, v.targets))} (000 §12.12.1), got {s.target!r}")
        for name, chosen, allowed in (("cube", s.cube, v.cube), ("koks", s.koks, v.koks)):
            if allowed == "mandatory" and not chosen:
                raise VariantError(f"{v.title}: the {name} is mandatory (000 §12.12.1)")
            if allowed == "none" and chosen:
                raise VariantError(f"{v.title} has no {name} (000 §12.12.1)")
        if (s.beaver or s.jacoby) and not s.cube:
            raise VariantError("the beaver and Jacoby options need the cube (000 §12.12.1)")

    # -- whose turn, what may happen --------------------------------------------------------------

    def next_draw(self, s: MatchState) -> DrawRequest | None:
        if s.phase in ("opening", "dice"):
            return DrawRequest(s.phase, 36)
        return None

    def _actor(self, s: MatchState) -> int:
        if s.phase in ("turn", "move", "beavered"):
            return s.player
        if s.phase == "doubled":
            return 1 - s.player
        return -1

    def to_act(self, s: MatchState) -> int | None:
        i = self._actor(s)
        return None if i < 0 else s.seat(i)

    def legal_actions(self, s: MatchState) -> list[Decision]:
        i = self._actor(s)
        if i < 0:
            return []
        seat = {"seat": s.seat(i)}
        if s.phase == "turn":
            return [Decision("roll", seat), Decision("double", seat)]
        if s.phase == "move":
            return [Decision("move", {**seat, "steps": [list(st) for st in steps]})
                    for steps in s.moves.values()]
        out = [Decision("take", seat), Decision("drop", seat)]
        if s.phase == "doubled" and s.setup.beaver:
            out.append(Decision("beaver", seat))
        return out

    def is_finished(self, s: MatchState) -> bool:
        return s.phase == "done"

    def may_double(self, s: MatchState, i: int) -> bool:
        """000 §12.12.1 Doubling / Crawford: the table has the cube, this is not the Crawford
        game, and the cube is centred or the player's own."""
        return s.setup.cube and not s.crawford and s.owner in (-1, i)

    # -- applying an action -----------------------------------------------------------------------

    def apply(self, s: MatchState, action: DrawAction | Decision) -> MatchState:
        if s.phase == "done":
            raise RoundFinished("the match is over")
        if isinstance(action, DrawAction):
            return self._draw(s, action)
        if not isinstance(action, Decision):
            raise IllegalAction(f"not an action: {action!r}")
        name, args = action.name, action.args
        seat = args.get("seat")
        events = add_event(s.events, "decision", {"name": name, "args": dict(args)})
        if name == "void":
            if seat != HOUSE:
                raise IllegalAction("only the house voids a match")
            return self._close(s._replace(events=events), VOID, "void")
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not at this table")
        i = s.setup.seats.index(seat)
        if name == "resign":
            return self._close(s._replace(events=events), 1 - i, "resigned")
        actor = self._actor(s)
        if actor < 0:
            raise IllegalAction("the dice are being rolled: wait for your turn")
        if actor != i:
            raise IllegalAction(f"out of turn: seat {s.seat(actor)} is to act, not seat {seat}")
        s = s._replace(events=events)
        if s.phase == "turn":
            if name == "roll":
                return s._replace(phase="dice")
            if name == "double":
                return s._replace(phase="doubled", cube_used=True,
                                  events=add_event(s.events, "doubled", {"seat": seat, "to": 2 * s.cube}))
            raise IllegalAction(f"at the start of your turn you roll or double, not {name!r}")
        if s.phase == "move":
            if name != "move":
                raise IllegalAction(f"play your roll with 'move', not {name!r}")
            return self._move(s, args.get("steps"))
        return self._answer(s, name)

    def _draw(self, s: MatchState, a: DrawAction) -> MatchState:
        self.drawn(s, a)  # the opening or dice draw the match waits for, in [0, 36)
        d1, d2 = a.value // 6 + 1, a.value % 6 + 1
        events = add_event(s.events, "draw", {"kind": a.kind, "value": a.value})
        if a.kind == "opening":
            # 000 §12.12.1 Opening: one die each, ties rerolled, the higher moves first with both
            events = add_event(events, "opening", {"dice": [[s.seat(0), d1], [s.seat(1), d2]],
                                             "again": d1 == d2})
            if d1 == d2:
                return s._replace(events=events)
            player = 0 if d1 > d2 else 1
            s = s._replace(player=player, events=events)
        else:
            s = s._replace(events=add_event(events, "rolled", {"seat": s.seat(s.player), "dice": [d1, d2]}))
        return self._begin_move(s, turn_dice(s.variant, d1, d2))

    def _begin_move(self, s: MatchState, dice: tuple[int, ...]) -> MatchState:
        i = s.player
        moves = legal_turns(s.variant, s.sides[i], s.sides[1 - i], dice, s.first_turn[i])
        if moves:
            return s._replace(phase="move", dice=dice, moves=moves)
        # 000 §12.12.1 Moves 4: "With no legal move, the turn is lost"
        s = s._replace(events=add_event(s.events, "no_move", {"seat": s.seat(i), "dice": list(dice)}),
                       first_turn=self._moved(s, i))
        return self._next_turn(s)

    @staticmethod
    def _moved(s: MatchState, i: int) -> tuple[bool, bool]:
        ft = list(s.first_turn)
        ft[i] = False
        return (ft[0], ft[1])

    def _next_turn(self, s: MatchState) -> MatchState:
        nxt = 1 - s.player
        s = s._replace(player=nxt, dice=(), moves={})
        return s._replace(phase="turn" if self.may_double(s, nxt) else "dice")

    def _move(self, s: MatchState, raw: Any) -> MatchState:
        steps = self._parse_steps(raw)
        i = s.player
        v = s.variant
        me, opp = s.sides[i], s.sides[1 - i]
        ways = follow(v, me, opp, s.dice, steps, s.first_turn[i])
        if not ways:
            raise IllegalAction(self._why_not(s, steps))
        legal = next(((t, h) for t, h in ways if (t.me, t.opp) in s.moves), None)
        if legal is None:
            raise IllegalAction(self._why_short(s, steps))
        t, hits = legal
        sides = (t.me, t.opp) if i == 0 else (t.opp, t.me)
        s = s._replace(sides=sides, first_turn=self._moved(s, i), events=add_event(s.events, "moved", {
            "seat": s.seat(i), "steps": [list(st) for st in steps],
            "hits": [list(st) for st, h in zip(steps, hits, strict=True) if h]}))
        if t.me[OFF] == v.checkers:
            return self._game_won(s, i)
        return self._next_turn(s)

    @staticmethod
    def _parse_steps(raw: Any) -> tuple[Step, ...]:
        if not isinstance(raw, (list, tuple)) or not raw:
            raise IllegalAction(f"a move lists its steps as [[from, to], ...] (25 = bar, 0 = off), got {raw!r}")
        out = []
        for st in raw:
            if (not isinstance(st, (list, tuple)) or len(st) != 2
                    or not all(type(x) is int for x in st) or not 1 <= st[0] <= BAR
                    or not OFF <= st[1] <= 24):
                raise IllegalAction(f"a step is [from 1..25, to 0..24], got {st!r}")
            out.append((st[0], st[1]))
        return tuple(out)

    def _why_not(self, s: MatchState, steps: tuple[Step, ...]) -> str:
        """Why the first unplayable step cannot be played (a precise IllegalAction message)."""
        i, v = s.player, s.variant
        me, opp = s.sides[i], s.sides[1 - i]
        roll = "-".join(map(str, s.dice))
        k = 0
        ways = [(Turn(me, opp, (0,) * 26, 0), list(s.dice))]
        while k < len(steps):
            nxt = follow(v, me, opp, s.dice, steps[: k + 1], s.first_turn[i])
            if not nxt:
                break
            k += 1
        if k:
            prev = follow(v, me, opp, s.dice, steps[:k], s.first_turn[i])
            ways = [(t, self._dice_left(s.dice, v, steps[:k], me, opp, s.first_turn[i])) for t, _ in prev[:1]]
        t, left = ways[0]
        frm, to = steps[k]
        head = f"step {_fmt(steps[k])} is not legal with the roll {roll}"
        if not left:
            return f"{head}: every die is used"
        if t.me[frm] <= t.frozen[frm]:
            if t.me[frm]:
                return f"{head}: the checker that hit in the opponent's home board stops there (000 §12.12.1 Armenian)"
            return f"{head}: you have no checker on {_point(frm)}"
        if t.me[BAR] and frm != BAR:
            return f"{head}: you have a checker on the bar; it must enter first (000 §12.12.1 Hitting)"
        if to == OFF and not all_home(t.me):
            return f"{head}: you bear off only when all your checkers are in your home board (000 §12.12.1 Bearing off)"
        if v.head_rule and frm == 24:
            limit = head_limit(v, s.dice, s.first_turn[i])
            if t.heads >= limit:
                return f"{head}: only {limit} checker(s) may leave the head this turn (000 §12.12.1 Long)"
        if to != OFF:
            there = t.opp[opp_point(v, to)]
            if there >= v.block_at or (there and not v.hitting):
                return f"{head}: point {to} is blocked by the opponent (000 §12.12.1 Moves 1)"
        dist = (BAR - to if v.entry == "far" else to) if frm == BAR else frm - to
        if dist not in left and to != OFF:
            return f"{head}: no die left moves {dist} (dice left: {', '.join(map(str, left))})"
        if to == OFF:
            return f"{head}: bear off from a lower point only with a die higher than every occupied point (000 §12.12.1 Bearing off)"
        if v.six_block_rule:
            return f"{head}: it would build a block of six with no opposing checker ahead (000 §12.12.1 Blocks)"
        return head

    @staticmethod
    def _dice_left(dice: Sequence[int], v: BackgammonVariant, steps: Sequence[Step],
                   me: Side, opp: Side, first: bool) -> list[int]:
        left = list(dice)
        t = Turn(me, opp, (0,) * 26, 0)
        limit = head_limit(v, dice, first)
        for st in steps:
            for d in sorted(set(left), reverse=True):
                hit = next((p for p in single_moves(v, t, d, limit) if p.step == st), None)
                if hit is not None:
                    left.remove(d)
                    t = hit.after
                    break
        return left

    def _why_short(self, s: MatchState, steps: tuple[Step, ...]) -> str:
        roll = "-".join(map(str, s.dice))
        most = max(len(x) for x in s.moves.values())
        if len(steps) < most:
            return (f"the roll {roll} can be played with {most} moves: you must play as many as "
                    f"you can (000 §12.12.1 Moves 4)")
        big = max(s.dice)
        return (f"only one die of {roll} can be played: it must be the larger, {big} "
                f"(000 §12.12.1 Moves 4)")

    # -- the cube ---------------------------------------------------------------------------------

    def _answer(self, s: MatchState, name: str) -> MatchState:
        i = s.player  # the doubler
        if s.phase == "doubled":
            if name == "take":
                return s._replace(phase="dice", cube=2 * s.cube, owner=1 - i,
                                  events=add_event(s.events, "cube", {"value": 2 * s.cube, "owner": s.seat(1 - i)}))
            if name == "drop":
                # 000 §12.12.1 Doubling: a refusal ends the game; ASSUMPTION: it loses the cube's value
                return self._game_over(s, i, s.cube, "drop")
            if name == "beaver" and s.setup.beaver:
                # 000 §12.12.1 Beaver: the doubled player redoubles at once and keeps the cube
                return s._replace(phase="beavered", events=add_event(
                    s.events, "beavered", {"seat": s.seat(1 - i), "to": 4 * s.cube}))
            raise IllegalAction(f"you were doubled: take, drop{' or beaver' if s.setup.beaver else ''}, not {name!r}")
        if name == "take":
            return s._replace(phase="dice", cube=4 * s.cube, owner=1 - i,
                              events=add_event(s.events, "cube", {"value": 4 * s.cube, "owner": s.seat(1 - i)}))
        if name == "drop":
            # refusing a redouble loses the value at stake before it (000 §12.12.1 Doubling)
            return self._game_over(s, 1 - i, 2 * s.cube, "drop")
        raise IllegalAction(f"you were beavered: take or drop, not {name!r}")

    # -- the end of a game and of the match -------------------------------------------------------

    def game_points(self, s: MatchState, w: int) -> tuple[int, str]:
        """What a game borne off by ``w`` scores (000 §12.12.1 Mars and Koks; Pioneer/Blitz pips)."""
        v, setup = s.variant, s.setup
        loser = s.sides[1 - w]
        if setup.target in v.pip_targets:
            return pips(loser, v.reserve_pips) * s.cube, "pips"
        mult, kind = 1, "single"
        if loser[OFF] == 0:
            mult, kind = 2, "mars"
            if setup.koks and (loser[BAR] or any(loser[19:25])):
                mult, kind = 3, "koks"
        if setup.jacoby and not s.cube_used and mult > 1:
            mult, kind = 1, f"{kind}_jacoby"  # 000 §12.12.1 Jacoby rule
        return s.cube * mult, kind

    def _game_won(self, s: MatchState, w: int) -> MatchState:
        points, kind = self.game_points(s, w)
        return self._game_over(s, w, points, kind)

    def _game_over(self, s: MatchState, w: int, points: int, kind: str) -> MatchState:
        score = list(s.score)
        score[w] += points
        target = s.setup.target
        events = add_event(s.events, "game_over", {
            "game": s.game, "winner": s.seat(w), "points": points, "kind": kind, "cube": s.cube,
            "score": score})
        s = s._replace(score=(score[0], score[1]), events=events)
        if score[w] >= target:
            return self._close(s, w, "score")
        # 000 §12.12.1 Crawford: the game after a player first needs one point has no cube
        crawford = (s.setup.cube and not s.crawford_done and score[w] == target - 1)
        v = s.variant
        return s._replace(
            phase="opening", sides=(v.start, v.start), player=0, dice=(), moves={}, cube=1,
            owner=-1, cube_used=False, crawford=crawford, crawford_done=s.crawford_done or crawford,
            first_turn=(True, True), game=s.game + 1,
            events=add_event(s.events, "game_started", {"game": s.game + 1, "score": score,
                                                  "crawford": crawford}))

    def closing(self, s: MatchState) -> MatchState:
        return s._replace(dice=(), moves={})



def replay_match(engine: BackgammonEngine, variant: BackgammonVariant,
                 events: Sequence[Event]) -> HandSettlement:
    """Rebuild a match from its record: the same events and settlement must come out."""
    return replay_record(engine, variant, events, setup_from_record)


ENGINE: Final = BackgammonEngine()
