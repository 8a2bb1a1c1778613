"""The Hexagon game engine (000 §12.12.8, Hexxagon/Ataxx-style) on the seated-engine contract of
:mod:`croupier.games.base`.

One round is one game. A ``first`` draw (0 or 1) says which seat moves first (000 §12.12.8 "The
first move is decided by chance"); then the players alternate. Decisions, each with ``{"seat":
n}``: ``move`` ``{"to": cell}`` (a clone: 1 cell) or ``{"from": cell, "to": cell}`` (a jump: 2
cells) — cells are indexes into ``variant.cells``; ``resign`` at any time ("A player leaves: the
opponent wins"). The house's (``{"seat": "house"}``): ``time_out`` ``{"player": seat}`` (a
player's game time ran out: the opponent wins regardless of the count) and ``void``.

The game ends when the board is full, or when the player to move has none: the empty cells go to
his opponent (ASSUMPTION); the most pieces wins the fund less the rake.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from croupier.errors import IllegalAction, RoundFinished
from croupier.games.base import Decision, DrawAction, DrawRequest, Event
from croupier.games.pvp.hexagon.board import CLONE, Board, Move, fill, has_move, legal_moves, play
from croupier.games.pvp.hexagon.state import GameState, TableSetup, setup_from_record
from croupier.games.pvp.hexagon.variant import HexagonVariant, hex_distance
from croupier.games.pvp.match import (
    VOID,
    FundMatchEngine,
    add_event,
    replay_record,
)
from croupier.games.pvp.poker.state import HandSettlement

__all__ = ["ENGINE", "GameState", "HexagonEngine", "TableSetup", "replay_game"]

HOUSE: Final = "house"




def start_board(v: HexagonVariant) -> Board:
    b = [0] * len(v.cells)
    for i in v.start_first:
        b[i] = 1
    for i in v.start_second:
        b[i] = 2
    return tuple(b)


class HexagonEngine(FundMatchEngine[GameState]):
    """Hexagon games for two players. Stateless."""

    game = "pvp_hexagon"
    table_name = "Hexagon"
    unit = "game"

    def start(self, variant: HexagonVariant, setup: TableSetup, currency: str) -> GameState:
        head = self.opening(variant, setup, currency)
        return GameState(variant, setup, currency, "first", start_board(variant), 1, -1, (head,))

    def next_draw(self, s: GameState) -> DrawRequest | None:
        return DrawRequest("first", 2) if s.phase == "first" else None

    def to_act(self, s: GameState) -> int | None:
        return s.seat(s.player - 1) if s.phase == "move" else None

    def legal_actions(self, s: GameState) -> list[Decision]:
        if s.phase != "move":
            return []
        seat = s.seat(s.player - 1)
        return [Decision("move", {"seat": seat, "to": to} if frm == CLONE
                         else {"seat": seat, "from": frm, "to": to})
                for frm, to in legal_moves(s.variant, s.board, s.player)]

    def is_finished(self, s: GameState) -> bool:
        return s.phase == "done"

    def apply(self, s: GameState, action: DrawAction | Decision) -> GameState:
        if s.phase == "done":
            raise RoundFinished("the game is over")
        if isinstance(action, DrawAction):
            if s.phase != "first" or action.kind != "first":
                raise IllegalAction(f"the game waits for a decision, not a {action.kind} draw")
            if type(action.value) is not int or action.value not in (0, 1):
                raise IllegalAction(f"a first draw is 0 or 1, got {action.value!r}")
            events = add_event(s.events, "draw", {"kind": "first", "value": action.value})
            events = add_event(events, "first_move", {"seat": s.seat(action.value)})
            return s._replace(phase="move", player=action.value + 1, events=events)
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
                if s.phase not in ("play", "move") or player != s.seat(s.player - 1):
                    raise IllegalAction(f"only the player to move can run out of time, not {player!r}")
                return self._close(s._replace(events=events), 1 - (s.player - 1), "time_out")
            raise IllegalAction(f"the house may time_out or void, not {name!r}")
        if seat not in s.setup.seats:
            raise IllegalAction(f"seat {seat!r} is not at this table")
        i = s.setup.seats.index(seat)
        if name == "resign":
            return self._close(s._replace(events=events), 1 - i, "resigned")
        if s.phase != "move":
            raise IllegalAction("the first move is being drawn: wait for your turn")
        if i != s.player - 1:
            raise IllegalAction(f"out of turn: seat {s.seat(s.player - 1)} is to move, not seat {seat}")
        if name != "move":
            raise IllegalAction(f"make a move, not {name!r}")
        mv = self._check_move(s, args)
        board, converted = play(s.variant, s.board, s.player, mv)
        events = add_event(events, "moved", {"seat": seat, "from": None if mv[0] == CLONE else mv[0],
                                       "to": mv[1], "converted": converted})
        s = s._replace(board=board, player=3 - s.player, events=events)
        return self._after_move(s)

    def _check_move(self, s: GameState, args: Mapping[str, Any]) -> Move:
        v, b = s.variant, s.board
        n = len(v.cells)
        raw_to, raw_frm = args.get("to"), args.get("from", CLONE)
        for what, x in (("to", raw_to), ("from", raw_frm)):
            if type(x) is not int or not (0 <= x < n or (what == "from" and x == CLONE)):
                raise IllegalAction(f"'{what}' is a cell 0..{n - 1}, got {x!r}")
        to, frm = cast(int, raw_to), cast(int, raw_frm)
        if b[to]:
            raise IllegalAction(f"cell {to} is not empty")
        if frm == CLONE:
            if not any(b[j] == s.player for j in v.near[to]):
                raise IllegalAction(f"no piece of yours is next to cell {to}: a clone moves 1 cell")
            return (CLONE, to)
        if b[frm] != s.player:
            raise IllegalAction(f"cell {frm} holds no piece of yours")
        d = hex_distance(v.cells[frm], v.cells[to])
        if d == 1:
            raise IllegalAction(f"cell {to} is next to {frm}: that is a clone, send only 'to'")
        if d != 2:
            raise IllegalAction(f"a jump is 2 cells, cell {to} is {d} from {frm} (000 §12.12.8 Move)")
        return (frm, to)

    def _after_move(self, s: GameState) -> GameState:
        if 0 not in s.board:
            return self._end(s, "board_full")
        if not has_move(s.variant, s.board, s.player):
            # 000 §12.12.8 End: the empty cells go to the opponent of the player who cannot move
            board = fill(s.board, 3 - s.player)
            s = s._replace(board=board, events=add_event(s.events, "filled", {
                "seat": s.seat(2 - s.player), "cannot_move": s.seat(s.player - 1)}))
            return self._end(s, "no_move")
        return s

    def _end(self, s: GameState, how: str) -> GameState:
        a, b = s.count(1), s.count(2)
        if a == b:  # not reachable on the odd boards of 000 §12.12.8; a draw refunds
            return self._close(s, VOID, f"{how}_tie")
        return self._close(s, 0 if a > b else 1, how)

    def standing(self, s: GameState) -> dict[str, Any]:
        return {"pieces": [[s.seat(0), s.count(1)], [s.seat(1), s.count(2)]]}



def replay_game(engine: HexagonEngine, variant: HexagonVariant, events: Sequence[Event]) -> HandSettlement:
    return replay_record(engine, variant, events, setup_from_record)


ENGINE: Final = HexagonEngine()
