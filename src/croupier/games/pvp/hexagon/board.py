"""Hexagon moves (000 §12.12.8 Move, Capture, End). A board is a tuple with one entry per cell:
0 empty, 1 the first seat's piece, 2 the second seat's.

A move is ``(-1, to)`` — a **clone** to an empty neighbour of one of the player's pieces (the
piece stays and a new one fills the target; which piece cloned does not matter, so one move per
target) — or ``(frm, to)`` — a **jump** of the piece on ``frm`` to an empty cell two away (it
leaves ``frm``). Either way every opposing piece next to ``to`` becomes the mover's.
"""

from __future__ import annotations

from croupier.games.pvp.hexagon.variant import HexagonVariant

Board = tuple[int, ...]
Move = tuple[int, int]
CLONE = -1


def legal_moves(v: HexagonVariant, board: Board, player: int) -> list[Move]:
    """Clones (by target) then jumps, in cell order."""
    clones: set[int] = set()
    jumps: list[Move] = []
    for i, owner in enumerate(board):
        if owner != player:
            continue
        for j in v.near[i]:
            if not board[j]:
                clones.add(j)
        for j in v.far[i]:
            if not board[j]:
                jumps.append((i, j))
    return [(CLONE, j) for j in sorted(clones)] + sorted(jumps)


def has_move(v: HexagonVariant, board: Board, player: int) -> bool:
    for i, owner in enumerate(board):
        if owner == player and (any(not board[j] for j in v.near[i])
                                or any(not board[j] for j in v.far[i])):
            return True
    return False


def play(v: HexagonVariant, board: Board, player: int, move: Move) -> tuple[Board, list[int]]:
    """The board after ``move`` (assumed legal) and the cells it converted."""
    frm, to = move
    b = list(board)
    if frm != CLONE:
        b[frm] = 0
    b[to] = player
    other = 3 - player
    converted = [j for j in v.near[to] if b[j] == other]
    for j in converted:
        b[j] = player
    return tuple(b), converted


def fill(board: Board, player: int) -> Board:
    """000 §12.12.8 End: the empty cells become ``player``'s pieces."""
    return tuple(player if not c else c for c in board)
