"""How a slot's window pays (001 §6.4, §6.5; 000 §12.17). Pure functions shared by the engine,
the exact analysis and the simulator's pay tables.

* Lines (001 §6.5.1): identical symbols, Wild included, form a chain on a pay line starting from the
  leftmost reel; a line pays its best chain (a chain of Wilds alone pays as Wild when that is more).
  Wild substitutes for every symbol except Scatter (001 §6.4.3, UA text).
* Ways: a symbol pays when it (or Wild) shows on consecutive reels from the leftmost, once for every
  combination of its cells (the product of its counts per reel).
* Scatter (001 §6.4.3) pays anywhere, by count, in multiples of the total bet.

Wins on several lines (or ways) add up (000 §12.17; 001 §6.5.4). Amounts here are in coins: the
line bet of a lines game, the stake / bet multiplier of a ways game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from croupier.games.slots.variant import SlotVariant

Window = tuple[tuple[int, ...], ...]  # window[reel][row], symbol indices


class LineWin(NamedTuple):
    line: int      # 1-based line number (ways: 0)
    symbol: int
    length: int    # symbols in the chain (ways: reels in the chain)
    ways: int      # 1 on a line
    coins: int


class SpinWin(NamedTuple):
    wins: tuple[LineWin, ...]
    scatters: int
    scatter_multiple: int  # scatter pay in total bets
    line_coins: int

    def coins(self, bet_units: int) -> int:
        """The spin's whole win in coins, the total bet being ``bet_units`` coins."""
        return self.line_coins + self.scatter_multiple * bet_units


def window(strips: Sequence[Sequence[int]], stops: Sequence[int], rows: int) -> Window:
    """The symbols shown: row ``h`` of reel ``r`` is ``strip[(stop + h) % len(strip)]``."""
    out = []
    for strip, stop in zip(strips, stops, strict=True):
        n = len(strip)
        out.append(tuple(strip[(stop + h) % n] for h in range(rows)))
    return tuple(out)


def line_pay(variant: SlotVariant, symbols: Sequence[int]) -> tuple[int, int, int]:
    """(symbol, chain length, pay in coins) of one line's symbols, left to right."""
    wild, scatter, pays = variant.wild, variant.scatter, variant.pays
    n = len(symbols)
    w = 0
    while w < n and symbols[w] == wild:
        w += 1
    best = (-1, 0, 0)
    if wild is not None and w:
        best = (wild, w, pays[wild][w])
    if w < n and symbols[w] != scatter:
        s = symbols[w]
        c = w
        while c < n and (symbols[c] == s or symbols[c] == wild):
            c += 1
        p = pays[s][c]
        if p > best[2] or (best[2] == 0 and p == 0):
            best = (s, c, p)
    return best


def chain_ended(variant: SlotVariant, prefix: Sequence[int]) -> bool:
    """True when the symbols of the first reels of a line already fix its pay: both its chain of
    Wilds and its symbol chain have been broken (the reels after cannot change the pay, and
    :func:`line_pay` of the prefix is the line's pay)."""
    wild, n = variant.wild, len(prefix)
    w = 0
    while w < n and prefix[w] == wild:
        w += 1
    if w == n:
        return False
    first = prefix[w]
    return first == variant.scatter or any(x != first and x != wild for x in prefix[w:])


def ways_wins(variant: SlotVariant, win: Window) -> list[LineWin]:
    wild, scatter = variant.wild, variant.scatter
    out = []
    for s, row in enumerate(variant.pays):
        if s == wild or s == scatter or not any(row):
            continue
        ways, length = 1, 0
        for col in win:
            c = sum(1 for x in col if x == s or x == wild)
            if not c:
                break
            ways *= c
            length += 1
        if row[length]:
            out.append(LineWin(0, s, length, ways, row[length] * ways))
    return out


def scatter_count(variant: SlotVariant, win: Window) -> int:
    sc = variant.scatter
    if sc is None:
        return 0
    return sum(1 for col in win for x in col if x == sc)


def evaluate(variant: SlotVariant, win: Window, lines: int) -> SpinWin:
    """Every win of a window with the first ``lines`` paylines active."""
    wins: list[LineWin] = []
    if variant.mode == "lines":
        for i, line in enumerate(variant.lines[:lines]):
            s, c, p = line_pay(variant, [win[r][h] for r, h in enumerate(line)])
            if p:
                wins.append(LineWin(i + 1, s, c, 1, p))
    else:
        wins = ways_wins(variant, win)
    k = scatter_count(variant, win)
    return SpinWin(tuple(wins), k, variant.scatter_pays[k], sum(w.coins for w in wins))


def bonus_count(variant: SlotVariant, win: Window) -> int:
    """How many of the bonus image the window shows (000 §12.17: 3, 4 or 5 start the bonus)."""
    b = variant.bonus
    return 0 if b is None else sum(1 for col in win for x in col if x == b.symbol)


def bonus_triggered(variant: SlotVariant, win: Window) -> bool:
    b = variant.bonus
    return b is not None and bonus_count(variant, win) >= b.trigger


def bonus_multiple(variant: SlotVariant, win: Window, place: int) -> int:
    """000 §12.17: the indicator stopped at ``place`` of the ring; its image pays its odds (in total
    bets) when the window shows it."""
    b = variant.bonus
    if b is None:
        return 0
    image = b.ring[place]
    return b.odds[image] if any(image in col for col in win) else 0
