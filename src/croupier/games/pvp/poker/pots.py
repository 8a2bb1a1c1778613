"""Pots of a poker hand: the main pot, side pots for any number of all-ins, and exact splits.
The rules are the compiled core's (:mod:`.core`, where the end of every hand applies them); these
are their Python faces, for the table view (the pots as they stand) and for tests.

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

import numpy as np

from croupier.games.pvp.poker import core


class Pot(NamedTuple):
    """``amount`` minor units that the players at ``eligible`` (player indexes) contest."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(committed: Sequence[int], folded: Sequence[bool]) -> tuple[list[Pot], list[int]]:
    """The pots (main first) and the uncalled amounts returned per player.

    ``committed[i]`` is everything player ``i`` put in this hand; folded players' money stays in
    the pots they reached (dead money). A layer no live player reached (only folded players'
    money) joins the pot below it."""
    n = len(committed)
    if not 1 <= n < core.P or len(folded) != n:
        raise ValueError(f"1 to {core.P - 1} players, each with a commitment and a fold flag")
    if all(folded) and any(committed):
        raise ValueError("no live player to award the pot to")
    st = np.zeros(core.SIZE, dtype=np.int64)
    st[core.S_N] = n
    st[core.A_COMMITTED:core.A_COMMITTED + n] = committed
    st[core.A_FOLDED:core.A_FOLDED + n] = [int(bool(f)) for f in folded]
    amounts = np.zeros(core.P, dtype=np.int64)
    elig = np.zeros(core.P, dtype=np.int64)
    k = core.build_pots(st, amounts, elig)
    pots = [Pot(int(amounts[p]), tuple([i for i in range(n) if int(elig[p]) >> i & 1])) for p in range(k)]
    return pots, st[core.A_RETURNED:core.A_RETURNED + n].tolist()


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """``amount`` shared by ``winners``; odd units by ``order`` (clockwise from the button's left)."""
    k = len(winners)
    if k == 0:
        raise ValueError("a pot needs at least one winner")
    ranked = sorted(winners, key=order.index)
    return {w: int(core.split_share(amount, k, j)) for j, w in enumerate(ranked)}


def split_runs(amount: int, runs: int) -> list[int]:
    """The ``runs`` equal parts of a pot (000 §12.12.3 run it twice / three times); the odd
    minor units go one each to the first runs."""
    if runs < 1:
        raise ValueError("at least one run")
    return [int(core.run_part(amount, runs, r)) for r in range(runs)]
