"""A compiled fast path of the hand engine for bot-only hands (the benchmark and the rake
ledger of issue 21): the rules of :mod:`.engine` and the habits of :class:`.bots.Bot`, written
again over flat integer arrays with numba, and nothing else. It plays regular (and tournament)
tables without a Straddle or No-Look All-In, every variant (blinds and 5 Card Stud, the three
betting structures, side pots, run it twice / three times, the rake with its cap and "no flop,
no drop").

It is tied to the engine by a differential test (tests/test_pvp_poker_fast.py): the same stream
of random numbers played through ``PokerEngine`` + ``Bot`` (:func:`play_engine_stream`) and
through this module gives the same pots, the same winnings, returns and rake, hand by hand. The
stream is a SplitMix64 generator (:class:`SplitMixSource`), the same in Python and in numba;
every deal of ``k`` cards is ``k`` draws, the ``j``-th an index into the cards left (the digits
of the engine's deal index, :func:`croupier.games.pvp.poker.state.decode_deal`). A benchmark and
test source only: real hands draw from the platform's RNG through the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker_tables import HIGH, STRAIGHT, TOP5
from croupier.errors import InvalidBet
from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.poker.bots import Bot
from croupier.games.pvp.poker.engine import ENGINE, HandSetup, HandState
from croupier.games.pvp.poker.evaluate import CODES, SHORT_STRAIGHT, value_row
from croupier.games.pvp.poker.variant import PokerVariant
from croupier.rng import RandomSource

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB

# variant parameter vector
V_STRUCT, V_SHORT, V_RANK, V_HOLE, V_DOWN, V_NSTREETS, V_SC0, V_SC1, V_SC2, V_PLAYERS, \
    V_STUD, V_MAXBETS, V_RUNMAX = range(13)
_STRUCTS: Final = {"fixed_limit": 0, "no_limit": 1, "pot_limit": 2}
_RANKS: Final = CODES

# per-hand results (one row per hand): seat columns are player indexes
R_RAKE, R_NPOTS, R_STREET = 0, 1, 2
R_COMMITTED, R_WON, R_RETURNED, R_POT, R_POTRAKE = 3, 12, 21, 30, 39
R_WIDTH: Final = 48  # up to 9 players and 9 pots


class SplitMixSource(RandomSource):
    """SplitMix64 with unbiased ``randbelow`` by rejection (n < 2**64): the stream the fast path
    draws in numba, here for the engine's side of the differential test. Not for real hands."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        if not 1 <= n < 1 << 64:
            raise ValueError(f"randbelow needs 1 <= n < 2**64, got {n}")
        floor = (1 << 64) % n
        while True:
            x = self.next64()
            if x >= floor:
                return x % n


@jit
def _next64(rs: U64) -> np.uint64:
    rs[0] = rs[0] + np.uint64(0x9E3779B97F4A7C15)
    z = rs[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return np.uint64(z ^ (z >> np.uint64(31)))


@jit
def _below(rs: U64, n: int) -> int:
    un = np.uint64(n)
    floor = (np.uint64(0) - un) % un
    while True:
        x = _next64(rs)
        if x >= floor:
            return int(x % un)


def variant_params(v: PokerVariant) -> I64:
    """The variant as the integer vector the compiled code reads."""
    sc = list(v.street_cards) + [0] * (3 - len(v.street_cards))
    return np.array([
        _STRUCTS[v.structure], int(v.deck == "short"), _RANKS[v.ranking], v.hole_cards, v.down_cards,
        v.streets, sc[0], sc[1], sc[2], int(v.deals_to == "players"), int(v.forced_bets == "first_hand"),
        v.max_bets_per_round, v.run_it_max,
    ], dtype=np.int64)


def bot_params(bots: Sequence[Bot]) -> I64:
    """Each bot's habits as a row ``fold, bet, shove, runs, strength``."""
    return np.array([[b.fold, b.bet, b.shove, b.runs, int(b.strength)] for b in bots], dtype=np.int64)


# -- the compiled hand ------------------------------------------------------------------------------
# scalars of a hand in one int64 array
S_STREET, S_CB, S_MR, S_RAISES, S_AGG, S_ACTOR, S_RUNOUT, S_PHASE, S_RUNS, S_QLEN, S_DECK, S_BTN, \
    S_N, S_BB = range(14)
DEAL, BET, RUNS, DONE = 0, 1, 2, 3


@jit
def _next_actor(sc: I64, start: int, folded: I64, stacks: I64, acted: I64, bets: I64) -> int:
    n = sc[S_N]
    current = sc[S_CB]
    able = 0
    last = -1
    first = -1
    for k in range(n):
        i = start + k
        if i >= n:
            i -= n
        if folded[i] or stacks[i] == 0:
            continue
        able += 1
        last = i
        if first < 0 and (acted[i] < 0 or bets[i] < current):
            first = i
    if able == 0 or (able == 1 and bets[last] >= current):
        return -1
    return first


@jit
def _raise_range(vp: I64, sc: I64, i: int, stacks: I64, bets: I64, acted: I64,
                 committed: I64) -> tuple[int, int, int]:
    cb = sc[S_CB]
    to_call = cb - bets[i]
    if stacks[i] <= to_call:
        return 0, 0, 0
    if acted[i] >= 0 and cb - acted[i] < sc[S_MR]:
        return 0, 0, 0
    if vp[V_STRUCT] == 0 and sc[S_RAISES] >= vp[V_MAXBETS]:
        return 0, 0, 0
    all_in = bets[i] + stacks[i]
    if vp[V_STRUCT] == 0:
        unit = sc[S_BB] if sc[S_STREET] <= 1 else 2 * sc[S_BB]
        target = cb + unit
        if all_in >= target:
            return 1, target, target
        return 1, all_in, all_in
    low = cb + sc[S_MR]
    high = all_in
    if vp[V_STRUCT] == 2:
        high = min(all_in, cb + committed[: sc[S_N]].sum() + to_call)
    if all_in <= low:
        return 1, all_in, all_in
    return 1, low, max(low, high)


@jit
def _order(sc: I64, folded: I64, out: I64) -> int:
    """Players from the button's left (the button last) still in the hand; their count."""
    n = sc[S_N]
    m = 0
    for k in range(n):
        i = (sc[S_BTN] + 1 + k) % n
        if not folded[i]:
            out[m] = i
            m += 1
    return m


@jit
def _open_key(hole: I64, start: int, end: int) -> int:
    """:func:`.evaluate.open_cards_key` as one int: the group sizes, then the ranks."""
    counts = np.zeros(15, dtype=np.int64)
    for j in range(start, end):
        counts[hole[j] >> 2] += 1
    shape = 0
    ranks = 0
    g = 0
    for size in range(4, 0, -1):
        for r in range(14, 1, -1):
            if counts[r] == size:
                shape = shape * 8 + size
                ranks = ranks * 16 + r
                g += 1
    for _ in range(g, 5):
        shape *= 8
        ranks *= 16
    return shape * (1 << 20) + ranks


@jit
def _max_runs(vp: I64, sc: I64) -> int:
    if vp[V_RUNMAX] < 2 or vp[V_PLAYERS] == 1:
        return 1
    rest = 0
    for k in range(sc[S_STREET], vp[V_NSTREETS] - 1):
        rest += vp[V_SC0 + k]
    if rest == 0:
        return 1
    return int(max(1, min(vp[V_RUNMAX], sc[S_DECK] // rest)))


@jit
def _value(vp: I64, hole: I64, nh: int, board: I64, nb: int, buf: I64) -> int:
    """The engine's showdown value (evaluate.value_row, one dispatch for both)."""
    for j in range(nh):
        buf[j] = hole[j]
    for j in range(nb):
        buf[nh + j] = board[j]
    return int(value_row(vp[V_RANK], buf, nh, nh + nb, TOP5, HIGH, STRAIGHT, SHORT_STRAIGHT))


@jit
def _finish(vp: I64, sc: I64, committed: I64, folded: I64, stacks: I64, hole: I64, nhole: I64,
            boards: I64, nboard: I64, rake: I64, out: I64) -> None:
    """Pots (pots.build_pots), rake (rake.pot_rake), showdown and awards (engine._finish)."""
    n = sc[S_N]
    c = committed[:n].copy()
    top = c.max()
    lead = -1
    leaders = 0
    for i in range(n):
        if c[i] == top:
            leaders += 1
            lead = i
    for i in range(n):
        out[R_COMMITTED + i] = committed[i]
        out[R_WON + i] = 0
        out[R_RETURNED + i] = 0
    if leaders == 1 and n > 1 and not folded[lead]:
        second = 0
        for j in range(n):
            if j != lead and c[j] > second:
                second = c[j]
        out[R_RETURNED + lead] = top - second
        c[lead] = second
    levels = np.empty(n, dtype=np.int64)
    nl = 0
    for i in range(n):
        if not folded[i] and c[i] > 0:
            levels[nl] = c[i]
            nl += 1
    levels = np.unique(levels[:nl])
    amounts = np.zeros(n + 1, dtype=np.int64)
    elig = np.zeros(n + 1, dtype=np.int64)  # bit masks of player indexes
    npots = 0
    low = 0
    for level in levels:
        amount = 0
        mask = 0
        for i in range(n):
            amount += min(c[i], level) - min(c[i], low)
            if not folded[i] and c[i] >= level:
                mask |= 1 << i
        if npots and elig[npots - 1] == mask:
            amounts[npots - 1] += amount
        else:
            amounts[npots] = amount
            elig[npots] = mask
            npots += 1
        low = level
    dead = 0
    for i in range(n):
        dead += max(c[i] - low, 0)
    if dead:
        if npots == 0:
            mask = 0
            for i in range(n):
                if not folded[i]:
                    mask |= 1 << i
            amounts[0] = dead
            elig[0] = mask
            npots = 1
        else:
            amounts[npots - 1] += dead
    # rake: floor(pot x percent), the cap filled from the main pot out
    rakes = np.zeros(npots, dtype=np.int64)
    flop_seen = sc[S_STREET] >= 1
    if rake[0] > 0 and not (rake[3] and not flop_seen):
        left = rake[2]
        for p in range(npots):
            r = amounts[p] * rake[0] // rake[1]
            if left >= 0:
                r = min(r, left)
                left -= r
            rakes[p] = r
    order = np.empty(n, dtype=np.int64)
    for k in range(n):
        order[k] = (sc[S_BTN] + 1 + k) % n
    live = 0
    for i in range(n):
        if not folded[i]:
            live += 1
    runs = sc[S_RUNS]
    values = np.full((runs, n), -1, dtype=np.int64)
    if live > 1:
        buf = np.empty(10, dtype=np.int64)  # up to 5 hole cards + 5 board cards
        for r in range(runs):
            for i in range(n):
                if not folded[i]:
                    values[r, i] = _value(vp, hole[i], nhole[i], boards[r], nboard[r], buf)
    total_rake = 0
    for p in range(npots):
        net = amounts[p] - rakes[p]
        total_rake += rakes[p]
        out[R_POT + p] = amounts[p]
        out[R_POTRAKE + p] = rakes[p]
        mask = elig[p]
        count = 0
        only = -1
        for i in range(n):
            if mask >> i & 1:
                count += 1
                only = i
        if count == 1:
            out[R_WON + only] += net
            continue
        part0, odd_runs = divmod(net, runs)
        for r in range(runs):
            part = part0 + (1 if r < odd_runs else 0)
            best = -2
            for i in range(n):
                if mask >> i & 1 and values[r, i] > best:
                    best = values[r, i]
            k = 0
            for j in range(n):
                i = order[j]
                if mask >> i & 1 and values[r, i] == best:
                    k += 1
            share, odd = divmod(part, k)
            for j in range(n):
                i = order[j]
                if mask >> i & 1 and values[r, i] == best:
                    out[R_WON + i] += share + (1 if odd > 0 else 0)
                    odd -= 1
    out[R_RAKE] = total_rake
    out[R_NPOTS] = npots
    out[R_STREET] = sc[S_STREET]
    sc[S_PHASE] = DONE


@jit
def _deal_rest(vp: I64, sc: I64, runs: int, folded: I64, queue: I64, boards: I64, nboard: I64,
               tmp: I64) -> bool:
    """engine._deal_rest; False when nothing is left to deal (the caller finishes the hand)."""
    q = 0
    if vp[V_PLAYERS] == 0:
        for r in range(runs):
            for k in range(sc[S_STREET], vp[V_NSTREETS] - 1):
                for _ in range(vp[V_SC0 + k]):
                    queue[q] = -1 - r
                    q += 1
        for r in range(1, runs):
            nboard[r] = nboard[0]
            for j in range(nboard[0]):
                boards[r, j] = boards[0, j]
    else:
        m = _order(sc, folded, tmp)
        for k in range(sc[S_STREET], vp[V_NSTREETS] - 1):
            for _ in range(vp[V_SC0 + k]):
                for j in range(m):
                    queue[q] = tmp[j]
                    q += 1
    sc[S_RUNS] = runs
    sc[S_QLEN] = q
    sc[S_PHASE] = DEAL
    sc[S_ACTOR] = -1
    if q == 0:
        sc[S_STREET] = vp[V_NSTREETS] - 1
        return False
    return True


@jit
def _close_round(vp: I64, sc: I64, stacks: I64, bets: I64, committed: I64, folded: I64,
                 acted: I64, votes: I64, queue: I64, hole: I64, nhole: I64, boards: I64,
                 nboard: I64, rake: I64, out: I64, tmp: I64) -> None:
    n = sc[S_N]
    live = 0
    able = 0
    for i in range(n):
        if not folded[i]:
            live += 1
            if stacks[i] > 0:
                able += 1
    if live == 1 or sc[S_STREET] == vp[V_NSTREETS] - 1:
        _finish(vp, sc, committed, folded, stacks, hole, nhole, boards, nboard, rake, out)
        return
    if able >= 2:
        street = sc[S_STREET] + 1
        sc[S_STREET] = street
        sc[S_PHASE] = DEAL
        k = vp[V_SC0 + street - 1]
        q = 0
        if vp[V_PLAYERS] == 0:
            for _ in range(k):
                queue[q] = -1
                q += 1
        else:
            m = _order(sc, folded, tmp)
            for _ in range(k):
                for j in range(m):
                    queue[q] = tmp[j]
                    q += 1
        sc[S_QLEN] = q
        for i in range(n):
            bets[i] = 0
            acted[i] = -1
        sc[S_CB] = 0
        if vp[V_STRUCT] == 0:
            sc[S_MR] = sc[S_BB] if street <= 1 else 2 * sc[S_BB]
        else:
            sc[S_MR] = sc[S_BB]
        sc[S_RAISES] = 0
        sc[S_AGG] = -1
        sc[S_ACTOR] = -1
        return
    sc[S_RUNOUT] = 1
    sc[S_ACTOR] = -1
    for i in range(n):
        bets[i] = 0
    sc[S_CB] = 0
    if _max_runs(vp, sc) > 1:
        _order(sc, folded, tmp)
        sc[S_PHASE] = RUNS
        sc[S_ACTOR] = tmp[0]
        for i in range(n):
            votes[i] = 0
        return
    if not _deal_rest(vp, sc, 1, folded, queue, boards, nboard, tmp):
        _finish(vp, sc, committed, folded, stacks, hole, nhole, boards, nboard, rake, out)


@jit
def play_hand_fast(vp: I64, stacks_in: I64, button: int, bb: int, rake: I64, bots: I64,
                   rs: U64, out: I64) -> None:
    """One hand of bots (``bots[i]`` = fold, bet, shove, runs, strength per player index) from
    the stream ``rs``: the engine's results in ``out`` (the R_* columns). ``rake`` =
    ``numerator, denominator, cap (-1: none), no_flop_no_drop`` (numerator 0: no rake);
    ``button`` is a player index."""
    n = stacks_in.shape[0]
    sc = np.zeros(14, dtype=np.int64)
    sc[S_N] = n
    sc[S_BTN] = button
    sc[S_BB] = bb
    sc[S_RUNS] = 1
    sc[S_AGG] = -1
    stacks = stacks_in.copy()
    bets = np.zeros(n, dtype=np.int64)
    committed = np.zeros(n, dtype=np.int64)
    folded = np.zeros(n, dtype=np.int64)
    acted = np.full(n, -1, dtype=np.int64)
    votes = np.zeros(n, dtype=np.int64)
    hole = np.zeros((n, 8), dtype=np.int64)
    nhole = np.zeros(n, dtype=np.int64)
    boards = np.zeros((3, 5), dtype=np.int64)
    nboard = np.zeros(3, dtype=np.int64)
    queue = np.empty(64, dtype=np.int64)
    tmp = np.empty(n, dtype=np.int64)
    deck = np.empty(52, dtype=np.int64)
    first_card = 24 if vp[V_SHORT] else 8
    sc[S_DECK] = 60 - first_card
    for j in range(sc[S_DECK]):
        deck[j] = first_card + j
    # forced bets (engine.start)
    b = button
    if vp[V_STUD] == 0:
        if n == 2:
            sb_i, bb_i = b, (b + 1) % n
        else:
            sb_i, bb_i = (b + 1) % n, (b + 2) % n
        pay = min(bb // 2, stacks[sb_i])
        stacks[sb_i] -= pay
        bets[sb_i] += pay
        pay = min(bb, stacks[bb_i])
        stacks[bb_i] -= pay
        bets[bb_i] += pay
        first_after = bb_i
    else:
        f = (b + 1) % n
        pay = min(bb, stacks[f])
        stacks[f] -= pay
        bets[f] += pay
        first_after = b
    for i in range(n):
        committed[i] = bets[i]
    sc[S_CB] = max(bets.max(), bb)
    sc[S_MR] = bb
    sc[S_RAISES] = 1
    sc[S_ACTOR] = first_after
    q = 0
    for _ in range(vp[V_HOLE]):
        for k in range(n):
            queue[q] = (b + 1 + k) % n
            q += 1
    sc[S_QLEN] = q
    sc[S_PHASE] = DEAL
    while True:
        phase = sc[S_PHASE]
        if phase == DONE:
            return
        if phase == DEAL:
            for t in range(sc[S_QLEN]):
                m = sc[S_DECK]
                idx = _below(rs, m)
                c = deck[idx]
                for j in range(idx, m - 1):
                    deck[j] = deck[j + 1]
                sc[S_DECK] = m - 1
                target = queue[t]
                if target >= 0:
                    hole[target, nhole[target]] = c
                    nhole[target] += 1
                else:
                    r = -1 - target
                    boards[r, nboard[r]] = c
                    nboard[r] += 1
            sc[S_QLEN] = 0
            # engine._after_deal
            live = 0
            for i in range(n):
                if not folded[i]:
                    live += 1
            if live == 1:
                _finish(vp, sc, committed, folded, stacks, hole, nhole, boards, nboard, rake, out)
                continue
            if sc[S_RUNOUT]:
                sc[S_STREET] = vp[V_NSTREETS] - 1
                _finish(vp, sc, committed, folded, stacks, hole, nhole, boards, nboard, rake, out)
                continue
            if vp[V_STUD]:
                best = -1
                first = 0
                for k in range(n):
                    i = (b + 1 + k) % n
                    if folded[i] or stacks[i] == 0:
                        continue
                    key = _open_key(hole[i], vp[V_DOWN], nhole[i])
                    if key > best:
                        best = key
                        first = i
            elif sc[S_STREET] == 0:
                first = (sc[S_ACTOR] + 1) % n
            else:
                first = (b + 1) % n
            sc[S_PHASE] = BET
            actor = _next_actor(sc, first, folded, stacks, acted, bets)
            sc[S_ACTOR] = actor
            if actor < 0:
                _close_round(vp, sc, stacks, bets, committed, folded, acted, votes, queue, hole,
                             nhole, boards, nboard, rake, out, tmp)
            continue
        i = sc[S_ACTOR]
        bot = bots[i]
        if phase == RUNS:
            top = _max_runs(vp, sc)
            votes[i] = top if _below(rs, 1000) < bot[3] else 1
            m = _order(sc, folded, tmp)
            waiting = -1
            runs = 99
            for j in range(m):
                if votes[tmp[j]] == 0 and waiting < 0:
                    waiting = tmp[j]
                runs = min(runs, votes[tmp[j]])
            if waiting >= 0:
                sc[S_ACTOR] = waiting
                continue
            if not _deal_rest(vp, sc, runs, folded, queue, boards, nboard, tmp):
                _finish(vp, sc, committed, folded, stacks, hole, nhole, boards, nboard, rake, out)
            continue
        # BET: the bot's choice (bots.Bot.__call__), then the engine's apply
        strong = bot[4] != 0 and (hole[i, 0] >> 2 == hole[i, 1] >> 2
                                  or (hole[i, 0] >> 2 >= 10 and hole[i, 1] >> 2 >= 10))
        ok, low, high = _raise_range(vp, sc, i, stacks, bets, acted, committed)
        cb = sc[S_CB]
        to_call = cb - bets[i]
        action = 1  # 0 fold, 1 check/call, 2 bet/raise
        to = 0
        raised = False
        if ok:
            if _below(rs, 1000) < bot[1] + (250 if strong else 0):
                raised = True
                if _below(rs, 1000) < bot[2] or low == high:
                    to = high
                else:
                    to = low + _below(rs, min(high - low, 4 * low) + 1)
                action = 2
        if not raised and to_call:
            fold = bot[0] * (1 if bot[4] == 0 else (0 if strong else 2))
            if _below(rs, 1000) < fold:
                action = 0
        if action == 0:
            folded[i] = 1
            live = 0
            for j in range(n):
                if not folded[j]:
                    live += 1
            if live == 1:
                _finish(vp, sc, committed, folded, stacks, hole, nhole, boards, nboard, rake, out)
                continue
        elif action == 1:
            if to_call:
                pay = min(to_call, stacks[i])
                stacks[i] -= pay
                bets[i] += pay
                committed[i] += pay
            acted[i] = cb
        else:
            inc = to - cb
            amount = to - bets[i]
            stacks[i] -= amount
            bets[i] = to
            committed[i] += amount
            acted[i] = to
            sc[S_CB] = to
            sc[S_AGG] = i
            if inc >= sc[S_MR]:
                sc[S_MR] = inc
                sc[S_RAISES] += 1
        nxt = _next_actor(sc, (i + 1) % n, folded, stacks, acted, bets)
        if nxt < 0:
            _close_round(vp, sc, stacks, bets, committed, folded, acted, votes, queue, hole, nhole,
                         boards, nboard, rake, out, tmp)
        else:
            sc[S_ACTOR] = nxt


@jit
def play_many(vp: I64, stacks: I64, bb: int, rake: I64, bots: I64, rs: U64, hands: int) -> I64:
    """``hands`` hands at one table, the button moving one seat a hand, every hand starting
    from ``stacks``: the sums of stakes, returns (winnings + uncalled bets) and rake."""
    n = stacks.shape[0]
    out = np.zeros(R_WIDTH, dtype=np.int64)
    totals = np.zeros(3, dtype=np.int64)
    for h in range(hands):
        play_hand_fast(vp, stacks, h % n, bb, rake, bots, rs, out)
        for i in range(n):
            totals[0] += out[R_COMMITTED + i]
            totals[1] += out[R_WON + i] + out[R_RETURNED + i]
        totals[2] += out[R_RAKE]
    return totals


@jit
def ledger_many(vps: I64, players: I64, presets: I64, bb: int, rs: U64, hands: int) -> I64:
    """The rake ledger over ``hands`` random hands: hand ``h`` plays variant ``h % len(vps)``
    (``players[v]``: its most players) with 2 to that many players of random stacks (1 to 3000),
    the button at ``h % n``, a rake of 3, 4 or 5% (by ``h % 3``), capped at 60 on odd hands,
    "no flop, no drop" unless ``h % 5 == 0``, and the bot habits ``presets[(seat + h) % 4]``.
    Returns stakes in, pots out (winnings + uncalled bets), rake, and the number of hands whose
    own books did not balance (0 when every chip is accounted for)."""
    out = np.zeros(R_WIDTH, dtype=np.int64)
    totals = np.zeros(4, dtype=np.int64)
    rake = np.zeros(4, dtype=np.int64)
    kinds = vps.shape[0]
    for h in range(hands):
        vi = h % kinds
        n = 2 + _below(rs, players[vi] - 1)
        stacks = np.empty(n, dtype=np.int64)
        for i in range(n):
            stacks[i] = 1 + _below(rs, 3000)
        bots = np.empty((n, 5), dtype=np.int64)
        for i in range(n):
            bots[i] = presets[(i + 1 + h) % 4]
        rake[0] = 3 + h % 3
        rake[1] = 100
        rake[2] = 60 if h % 2 else -1
        rake[3] = 1 if h % 5 else 0
        play_hand_fast(vps[vi], stacks, h % n, bb, rake, bots, rs, out)
        stake = 0
        back = 0
        for i in range(n):
            stake += out[R_COMMITTED + i]
            back += out[R_WON + i] + out[R_RETURNED + i]
        pots = 0
        for p in range(out[R_NPOTS]):
            pots += out[R_POT + p]
        if stake != back + out[R_RAKE] or stake != pots + out[R_RETURNED:R_RETURNED + n].sum():
            totals[3] += 1
        totals[0] += stake
        totals[1] += back
        totals[2] += out[R_RAKE]
    return totals


# -- the Python side of the differential test ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FastResult:
    """What the fast path says of one hand (per player index, as in :class:`.state.HandResult`)."""

    committed: tuple[int, ...]
    won: tuple[int, ...]
    returned: tuple[int, ...]
    rake: int
    pots: tuple[tuple[int, int], ...]  # (amount, rake), main pot first


def rake_params(setup: HandSetup) -> I64:
    r = setup.rake
    if r is None:
        return np.array([0, 1, -1, 0], dtype=np.int64)
    return np.array([r.percent.numerator, r.percent.denominator, -1 if r.cap is None else r.cap,
                     int(r.no_flop_no_drop)], dtype=np.int64)


def _check_fast(setup: HandSetup) -> None:
    if setup.format not in ("regular", "tournament") or setup.predeal:
        raise InvalidBet("the fast path plays regular and tournament tables without a Straddle "
                         "or No-Look All-In; play other hands through the engine")


def play_fast(variant: PokerVariant, setup: HandSetup, bots: Sequence[Bot], source: SplitMixSource) -> FastResult:
    """One bot hand through the compiled path, drawing from ``source`` (advanced as it draws)."""
    _check_fast(setup)
    n = len(setup.seats)
    rs = np.array([source.state], dtype=np.uint64)
    out = np.zeros(R_WIDTH, dtype=np.int64)
    play_hand_fast(variant_params(variant), np.array(setup.stacks, dtype=np.int64),
                   setup.seats.index(setup.button), setup.big_blind, rake_params(setup),
                   bot_params(bots), rs, out)
    source.state = int(rs[0])
    npots = int(out[R_NPOTS])
    return FastResult(
        committed=tuple(int(x) for x in out[R_COMMITTED:R_COMMITTED + n]),
        won=tuple(int(x) for x in out[R_WON:R_WON + n]),
        returned=tuple(int(x) for x in out[R_RETURNED:R_RETURNED + n]),
        rake=int(out[R_RAKE]),
        pots=tuple((int(out[R_POT + p]), int(out[R_POTRAKE + p])) for p in range(npots)),
    )


def play_engine_stream(variant: PokerVariant, setup: HandSetup, bots: Sequence[Bot],
                       source: SplitMixSource) -> HandState:
    """The same hand through :class:`PokerEngine` and :class:`Bot` (whose source must be
    ``source``): every deal index is built from one draw per card, as the fast path draws."""
    _check_fast(setup)
    state = ENGINE.start(variant, setup, "AMD")
    while not ENGINE.is_finished(state):
        req = ENGINE.next_draw(state)
        if req is not None:
            m = len(state.deck)
            value = 0
            mult = 1
            for j in range(len(state.queue)):
                value += source.randbelow(m - j) * mult
                mult *= m - j
            state = ENGINE.apply(state, DrawAction("deal", value))
            continue
        seat = ENGINE.to_act(state)
        if seat is None:
            raise InvalidBet("the hand is stuck")
        bot = bots[setup.seats.index(seat)]
        decision: Decision = bot(state, ENGINE.legal_actions(state))
        state = ENGINE.apply(state, decision)
    return state
