"""Hexagon (000 §12.12.8, Hexxagon/Ataxx-style): the boards, legal moves perft-style against an
independent brute force (tests/hex_helpers.py), clone and jump, capture, the end of a game,
the fund less the rake, bad input and random play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import IllegalAction, RoundFinished
from croupier.games.base import Decision, DrawAction, Event, play_seated
from croupier.games.pvp.hexagon.board import Board, legal_moves, play
from croupier.games.pvp.hexagon.engine import (
    ENGINE,
    GameState,
    TableSetup,
    replay_game,
    start_board,
)
from croupier.games.pvp.hexagon.variant import (
    HexagonVariant,
    hex_distance,
    load_variant,
    variant_names,
)
from croupier.rng import seeded
from tests.hex_helpers import brute_perft

BOARDS = ("cells37", "cells43", "cells61")


def perft(v: HexagonVariant, board: Board, player: int, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(v, play(v, board, player, m)[0], 3 - player, depth - 1)
               for m in legal_moves(v, board, player))


def start(name: str = "cells37", first: int = 0, stake: int = 1000) -> GameState:
    s = ENGINE.start(load_variant(name), TableSetup((1, 2), stake), "AMD")
    return ENGINE.apply(s, DrawAction("first", first))


def test_000_12_12_8_boards_of_37_43_and_61_cells() -> None:
    assert variant_names() == list(BOARDS)
    sizes = {n: len(load_variant(n).cells) for n in BOARDS}
    assert sizes == {"cells37": 37, "cells43": 43, "cells61": 61}
    v = load_variant("cells61")
    centre = v.index((0, 0))
    assert len(v.near[centre]) == 6 and len(v.far[centre]) == 12


@pytest.mark.parametrize("name", BOARDS)
def test_000_12_12_8_start_three_pieces_each_at_least_3_cells_apart(name: str) -> None:
    v = load_variant(name)
    assert len(v.start_first) == len(v.start_second) == 3
    assert min(hex_distance(v.cells[a], v.cells[b]) for a in v.start_first for b in v.start_second) >= 3


@pytest.mark.parametrize("name", BOARDS)
def test_000_12_12_8_perft_from_the_start_matches_a_brute_force(name: str) -> None:
    v = load_variant(name)
    b = start_board(v)
    brute = {c: b[i] for i, c in enumerate(v.cells)}
    for depth in (1, 2, 3):
        assert perft(v, b, 1, depth) == brute_perft(v, brute, 1, depth), depth


def test_000_12_12_8_start_moves_worked_by_hand() -> None:
    """A corner of the 37-cell board has 3 neighbours (clones) and, of the 12 cells two away, 5
    on the board (jumps): 8 moves a corner, 24 for three corners far apart."""
    v = load_variant("cells37")
    moves = legal_moves(v, start_board(v), 1)
    assert len(moves) == 24 and sum(1 for f, _ in moves if f == -1) == 9


def test_000_12_12_8_a_clone_stays_a_jump_leaves_and_neighbours_convert() -> None:
    v = load_variant("cells37")
    s = start()
    corner = v.index((3, -3))
    clone_to = v.index((2, -2))
    s = ENGINE.apply(s, Decision("move", {"seat": 1, "to": clone_to}))
    assert s.board[corner] == 1 and s.board[clone_to] == 1 and s.count(1) == 4
    # the second player jumps next to both of those pieces: both convert
    b = list(s.board)
    b[v.index((1, -1))] = 2
    s = s._replace(board=tuple(b))
    src = v.index((1, -1))
    to = v.index((3, -2))   # two from (1, -1); next to (3, -3) and (2, -2)
    s = ENGINE.apply(s, Decision("move", {"seat": 2, "from": src, "to": to}))
    assert s.board[src] == 0 and s.board[to] == 2
    assert s.board[corner] == 2 and s.board[clone_to] == 2
    assert sorted(s.events[-1].data["converted"]) == sorted([corner, clone_to])


def test_000_12_12_8_no_legal_move_the_empty_cells_go_to_the_opponent() -> None:
    v = load_variant("cells37")
    s = start()
    # seat 2 has one piece, walled in by seat 1 up to two cells around it: after seat 1's move
    # seat 2 cannot move, the empty cells become seat 1's, and seat 1 wins
    lone = v.index((0, 0))
    b = [0] * len(v.cells)
    b[lone] = 2
    for j in v.near[lone] + v.far[lone]:
        b[j] = 1
    b[v.near[lone][0]] = 0  # one hole next to it, that seat 1 fills now
    s = s._replace(board=tuple(b), player=1)
    s = ENGINE.apply(s, Decision("move", {"seat": 1, "to": v.near[lone][0]}))
    assert ENGINE.is_finished(s) and 0 not in s.board
    assert [e.type for e in s.events[-2:]] == ["filled", "result"]
    assert s.count(2) == 0 and s.winner == 0
    assert [b.returned for b in ENGINE.settle(s).bets] == [1920, 0]


def test_000_12_12_8_the_full_board_most_pieces_wins() -> None:
    v = load_variant("cells37")
    b = [1] * 18 + [2] * 18 + [0]
    s = start()._replace(board=tuple(b), player=2)
    last = b.index(0)
    assert any(b[j] == 2 for j in v.near[last])  # the last cell (reading order) borders seat 2
    s = ENGINE.apply(s, Decision("move", {"seat": 2, "to": last}))
    assert 0 not in s.board and ENGINE.is_finished(s)
    assert s.winner == (0 if s.count(1) > s.count(2) else 1)


def test_000_12_12_8_time_out_and_leaving_lose() -> None:
    s = start()
    t = ENGINE.apply(s, Decision("time_out", {"seat": "house", "player": 1}))
    assert t.winner == 1  # seat 1's clock ran (his move): seat 2 wins whatever the count
    with pytest.raises(IllegalAction, match="only the player to move can run out of time"):
        ENGINE.apply(s, Decision("time_out", {"seat": "house", "player": 2}))
    r = ENGINE.apply(s, Decision("resign", {"seat": 1}))
    assert r.winner == 1 and [b.outcome for b in ENGINE.settle(r).bets] == ["lose", "win"]


def test_000_12_12_8_bad_input() -> None:
    v = load_variant("cells37")
    s = start()
    corner = v.index((3, -3))
    with pytest.raises(IllegalAction, match="out of turn: seat 1 is to move, not seat 2"):
        ENGINE.apply(s, Decision("move", {"seat": 2, "to": v.index((0, -2))}))
    with pytest.raises(IllegalAction, match="is not empty"):
        ENGINE.apply(s, Decision("move", {"seat": 1, "to": corner}))
    with pytest.raises(IllegalAction, match="no piece of yours is next to cell"):
        ENGINE.apply(s, Decision("move", {"seat": 1, "to": v.index((0, 0))}))
    with pytest.raises(IllegalAction, match="a jump is 2 cells"):
        ENGINE.apply(s, Decision("move", {"seat": 1, "from": corner, "to": v.index((0, 0))}))
    with pytest.raises(IllegalAction, match="that is a clone"):
        ENGINE.apply(s, Decision("move", {"seat": 1, "from": corner, "to": v.index((2, -2))}))
    with pytest.raises(IllegalAction, match="holds no piece of yours"):
        ENGINE.apply(s, Decision("move", {"seat": 1, "from": v.index((3, 0)), "to": v.index((1, 0))}))
    with pytest.raises(IllegalAction, match="'to' is a cell 0..36"):
        ENGINE.apply(s, Decision("move", {"seat": 1, "to": 37}))
    done = ENGINE.apply(s, Decision("resign", {"seat": 2}))
    with pytest.raises(RoundFinished):
        ENGINE.apply(done, Decision("resign", {"seat": 1}))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), name=st.sampled_from(BOARDS), stake=st.integers(1, 10**7))
def test_000_12_12_8_random_play_ends_full_with_one_winner(seed: int, name: str, stake: int) -> None:
    src = seeded(str(seed))
    v = load_variant(name)

    def bot(state: GameState, legal: list[Decision]) -> Decision:
        assert legal, "a legal action exists until the game ends"
        return legal[src.randbelow(len(legal))]

    s, se = play_seated(ENGINE, v, TableSetup((5, 6), stake), "AMD", seeded(f"h{seed}"), {5: bot, 6: bot})
    assert 0 not in s.board and s.count(1) != s.count(2)
    assert sorted(b.outcome for b in se.bets) == ["lose", "win"]
    assert se.total_stake == se.total_returned + se.rake == 2 * stake
    assert replay_game(ENGINE, v, s.events) == se
    assert replay_game(ENGINE, v, [Event.from_dict(e.to_dict()) for e in s.events]) == se
