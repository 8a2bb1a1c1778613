"""Pots of a poker hand: the main pot, side pots for any number of all-ins, and exact splits.

* :func:`build_pots` layers the players' total commitments (000 §12.12.3 ASSUMPTION: standard
  side pots). First the part of the highest commitment that nobody matched (an uncalled bet) goes
  back to its player: it is never a pot and never raked. Then each layer is the money every player
  put in between two all-in levels, and may be won only by the players still in the hand who
  reached that level (a pot may have a single contender: he wins it, and it is raked).
* :func:`split` divides an amount among equal winners. **Odd-chip rule** (the rules are silent;
  ASSUMPTION, documented in docs/pvp_poker.md): every winner gets ``amount // k``; the ``amount %
  k`` odd minor units go one each to the winners in clockwise order starting from the first seat
  left of the button (the usual card-room rule).
* :func:`split_runs` divides a pot into the ``k`` equal parts of "run it twice / three times"
  (000 §12.12.3); the odd units go one each to the earliest runs.

Everything is integer minor units; no money appears or disappears (``sum(out) == amount``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Pot(NamedTuple):
    """``amount`` minor units that the players at ``eligible`` (player indexes) contest."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(committed: Sequence[int], folded: Sequence[bool]) -> tuple[list[Pot], list[int]]:
    """The pots (main first) and the uncalled amounts returned per player.

    ``committed[i]`` is everything player ``i`` put in this hand; folded players' money stays in
    the pots they reached (dead money). A layer no live player reached (only folded players'
    money) joins the pot below it. The end of every hand runs it: plain loops, no generators."""
    n = len(committed)
    returned = [0] * n
    c = list(committed)
    top = max(c) if c else 0
    if n > 1 and c.count(top) == 1:
        i = c.index(top)
        if not folded[i]:  # a folded bet never comes back
            second = max(c[:i] + c[i + 1:])
            returned[i] = top - second  # the part of the last bet nobody matched
            c[i] = second
    live = [i for i in range(n) if not folded[i]]
    levels = sorted({c[i] for i in live if c[i] > 0})
    pots: list[Pot] = []
    low = 0
    for level in levels:
        amount = 0
        for x in c:
            if x > low:
                amount += (x if x < level else level) - low
        eligible = tuple([i for i in live if c[i] >= level])
        if pots and pots[-1][1] == eligible:
            pots[-1] = Pot(pots[-1][0] + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        low = level
    dead_above = 0
    for x in c:
        if x > low:
            dead_above += x - low
    if dead_above:
        if not pots:  # the live players put in nothing (everyone who bet fast-folded)
            if not live:  # cannot happen in a hand: the last player never folds
                raise ValueError("no live player to award the pot to")
            pots.append(Pot(dead_above, tuple(live)))
        else:
            pots[-1] = Pot(pots[-1][0] + dead_above, pots[-1][1])
    return pots, returned


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """``amount`` shared by ``winners``; odd units by ``order`` (clockwise from the button's left)."""
    k = len(winners)
    if k == 0:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, k)
    out = dict.fromkeys(winners, share)
    if odd:
        ranked = sorted(winners, key=order.index)
        for w in ranked[:odd]:
            out[w] += 1
    return out


def split_runs(amount: int, runs: int) -> list[int]:
    """The ``runs`` equal parts of a pot (000 §12.12.3 run it twice / three times); the odd
    minor units go one each to the first runs."""
    if runs < 1:
        raise ValueError("at least one run")
    part, odd = divmod(amount, runs)
    return [part + (1 if r < odd else 0) for r in range(runs)]
