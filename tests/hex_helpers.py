"""An independent brute-force Hexagon move generator for perft checks: cube coordinates and a
distance computed on the fly for every pair of cells (no neighbour tables, no shared code with
the engine's ``board`` module)."""

from __future__ import annotations

from croupier.games.pvp.hexagon.variant import HexagonVariant


def cube_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    ax, az = a
    bx, bz = b
    ay, by = -ax - az, -bx - bz
    return (abs(ax - bx) + abs(ay - by) + abs(az - bz)) // 2


def brute_children(v: HexagonVariant, board: dict[tuple[int, int], int], player: int
                   ) -> list[dict[tuple[int, int], int]]:
    """Every position one move away: one per clone target, one per (piece, jump target)."""
    mine = [c for c, o in board.items() if o == player]
    empty = [c for c, o in board.items() if o == 0]
    moves: list[tuple[tuple[int, int] | None, tuple[int, int]]] = []
    for e in empty:
        if any(cube_distance(m, e) == 1 for m in mine):
            moves.append((None, e))
        for m in mine:
            if cube_distance(m, e) == 2:
                moves.append((m, e))
    out = []
    for frm, to in moves:
        b = dict(board)
        if frm is not None:
            b[frm] = 0
        b[to] = player
        for c, o in board.items():
            if o == 3 - player and cube_distance(c, to) == 1:
                b[c] = player
        out.append(b)
    return out


def brute_perft(v: HexagonVariant, board: dict[tuple[int, int], int], player: int, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(brute_perft(v, b, 3 - player, depth - 1) for b in brute_children(v, board, player))
