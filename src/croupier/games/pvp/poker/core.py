"""The compiled core of the poker hand engine: the rules of a hand (000 §12.12.3 and §12.9) as a
state machine over one flat ``int64`` array, in numba. The one place these rules live.

:class:`croupier.games.pvp.poker.engine.PokerEngine` (the engine contract: ``start``,
``next_draw``, ``legal_actions``, ``apply``, ``settle``) keeps a hand's core array in its
:class:`~croupier.games.pvp.poker.state.HandState`; each ``apply`` copies the array and calls one
kernel here (:func:`start`, :func:`deal`, :func:`act`, :func:`vote`, :func:`fast_fold`,
:func:`misdeal`), which checks the action (an error code, never an exception: the engine words
the refusal), moves the hand on (the next player, the round's close, the next street's deal, the
all-in run-out and its "run it" vote, the end) and, at the end, builds the pots, the rake, the
showdown and the awards. The engine builds the public state and the event record from the array
on demand; the compiled bot loop (:mod:`.autoplay`) calls the same kernels with no Python between
the steps of a hand.

Layout: scalars ``S_*``, per-player blocks ``A_*`` (``P`` = 10 slots; a table has at most 9),
hole cards ``P x HOLE_W``, the deck, the deal queue (player index, or ``-1 - r`` for the board of
run ``r``), up to three boards, the posted forced bets, and the result (pots with their
contenders and each run's winners as bit masks of player indexes, each pot's award per player,
the showdown order). The variant is a parameter vector (:func:`variant_params`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.cards.poker_tables import HIGH, STRAIGHT, TOP5
from croupier.errors import VariantError
from croupier.games.pvp.poker.evaluate import CODES, SHORT_STRAIGHT, value_row
from croupier.games.pvp.poker.variant import PokerVariant

I64 = npt.NDArray[np.int64]

P: Final = 10          # player slots (a table seats at most 9)
HOLE_W: Final = 8      # hole-card slots per player (5 Card Omaha and stud: 5)
BOARD_W: Final = 5
MAX_RUNS: Final = 3
QUEUE_W: Final = 64
DECK_W: Final = 52
POT_W: Final = 7       # amount, rake, contenders mask, run entries, winners mask of each run (3)

# -- the variant vector -------------------------------------------------------------------------
(V_STRUCT, V_SHORT, V_RANK, V_HOLE, V_DOWN, V_NSTREETS, V_SC0, V_SC1, V_SC2, V_TO_PLAYERS,
 V_STUD, V_MAXBETS, V_RUNMAX, V_OPEN, V_MUCK, V_LEN) = range(16)
FIXED_LIMIT, NO_LIMIT, POT_LIMIT = 0, 1, 2
_STRUCTS: Final = {"fixed_limit": FIXED_LIMIT, "no_limit": NO_LIMIT, "pot_limit": POT_LIMIT}

# -- formats, phases, forced bets -----------------------------------------------------------------
FORMAT_CODES: Final = {"regular": 0, "rush": 1, "all_in_or_fold": 2, "tournament": 3}
RUSH, AOF = 1, 2
DEAL, BET, RUNS, DONE = 0, 1, 2, 3
PHASES: Final = ("deal", "bet", "runs", "done")
POST_KINDS: Final = ("small_blind", "big_blind", "straddle", "no_look_all_in", "first_hand")
K_SB, K_BB, K_STRADDLE, K_NOLOOK, K_FIRST = range(5)
PRE_NONE, PRE_STRADDLE, PRE_NOLOOK = 0, 1, 2

# -- decisions and refusals -----------------------------------------------------------------------
C_FOLD, C_CHECK, C_CALL, C_ALL_IN, C_BET, C_RAISE, C_OTHER = range(7)
OK: Final = 0
(E_AOF_ONLY, E_CHECK_TO_CALL, E_NOTHING_TO_CALL, E_ALL_IN_NOT_AOF, E_BET_OVER_BET, E_NO_BET,
 E_TO, E_NO_RAISE, E_BELOW_MIN, E_ABOVE_MAX, E_UNKNOWN, E_RUNS_RANGE, E_FF_FORMAT, E_FF_FOLDED,
 E_FF_ALL_IN, E_FF_RUNS) = range(1, 17)

# -- what the last step did (the engine's events) ---------------------------------------------------
F_CLOSED, F_AGREED, F_FINISHED, F_SHOWDOWN = 1, 2, 4, 8

# -- the array ------------------------------------------------------------------------------------
(S_N, S_BTN, S_BB, S_FMT, S_PHASE, S_STREET, S_ACTOR, S_CB, S_MR, S_RAISES, S_AGG, S_RUNOUT,
 S_RUNS, S_QLEN, S_DECK, S_FLAGS, S_CLOSED, S_AGREED, S_MISDEAL, S_RAKE, S_NPOTS, S_NPOST,
 S_RK_NUM, S_RK_DEN, S_RK_CAP, S_RK_NFND, S_NSHOW) = range(27)
A_STACKS = 32
A_BETS = A_STACKS + P
A_COMMITTED = A_BETS + P
A_FOLDED = A_COMMITTED + P
A_ACTED = A_FOLDED + P
A_VOTES = A_ACTED + P
A_NHOLE = A_VOTES + P
A_WON = A_NHOLE + P
A_RETURNED = A_WON + P
A_SHOWN = A_RETURNED + P      # 1: shown at the showdown, 2: mucked
A_SHOW_ORDER = A_SHOWN + P    # player indexes in showdown order (S_NSHOW of them)
A_POSTS = A_SHOW_ORDER + P    # (player, kind, amount) of each forced bet, S_NPOST of them
A_HOLE = A_POSTS + 3 * 3
A_DECK = A_HOLE + P * HOLE_W
A_QUEUE = A_DECK + DECK_W
A_BOARDS = A_QUEUE + QUEUE_W
A_NBOARD = A_BOARDS + MAX_RUNS * BOARD_W
A_POTS = A_NBOARD + MAX_RUNS
A_POT_WON = A_POTS + P * POT_W
SIZE: Final = A_POT_WON + P * P


def variant_params(v: PokerVariant) -> I64:
    """The variant as the integer vector the kernels read."""
    if v.max_players > P - 1 or len(v.street_cards) > 3 or v.hole_cards > HOLE_W:
        raise VariantError(f"{v.title}: the compiled core seats at most {P - 1} players, 3 dealing "
                           f"streets and {HOLE_W} hole cards")
    sc = [*v.street_cards, 0, 0, 0][:3]
    out = np.zeros(V_LEN, dtype=np.int64)
    out[:] = (_STRUCTS[v.structure], int(v.deck == "short"), CODES[v.ranking], v.hole_cards,
              v.down_cards, v.streets, sc[0], sc[1], sc[2], int(v.deals_to == "players"),
              int(v.forced_bets == "first_hand"), v.max_bets_per_round, v.run_it_max,
              int(v.first_to_act == "open_cards"), int(v.auto_muck))
    return out


#: each variant's parameter vector (keyed by identity; the variant is kept alive beside it)
_VECTORS: dict[int, tuple[PokerVariant, I64]] = {}


def variant_vector(v: PokerVariant) -> I64:
    """:func:`variant_params` of ``v``, made once per variant object (the engine's hot path)."""
    hit = _VECTORS.get(id(v))
    if hit is None or hit[0] is not v:
        hit = (v, variant_params(v))
        if len(_VECTORS) < 4096:  # variants are a handful; never grow without bound
            _VECTORS[id(v)] = hit
    return hit[1]


# -- small helpers ----------------------------------------------------------------------------------


@jit
def _live(st: I64) -> int:
    n = st[S_N]
    k = 0
    for i in range(n):
        if st[A_FOLDED + i] == 0:
            k += 1
    return k


@jit
def _in_hand_order(st: I64, out: I64) -> int:
    """Players still in the hand from the button's left (the button last); their count."""
    n = st[S_N]
    m = 0
    for k in range(n):
        i = (st[S_BTN] + 1 + k) % n
        if st[A_FOLDED + i] == 0:
            out[m] = i
            m += 1
    return m


@jit
def _post(st: I64, i: int, amount: int, kind: int) -> None:
    pay = min(amount, st[A_STACKS + i])
    st[A_STACKS + i] -= pay
    st[A_BETS + i] += pay
    k = st[S_NPOST]
    st[A_POSTS + 3 * k] = i
    st[A_POSTS + 3 * k + 1] = kind
    st[A_POSTS + 3 * k + 2] = pay
    st[S_NPOST] = k + 1


@jit
def next_to_act(st: I64, start: int) -> int:
    """The first player from ``start`` (clockwise, inclusive) who must act, or -1 when the
    round is closed (nobody left to act, or one player left who can act and has matched)."""
    n = st[S_N]
    current = st[S_CB]
    able = 0
    first = -1
    for k in range(n):
        i = start + k
        if i >= n:
            i -= n
        if st[A_FOLDED + i] != 0 or st[A_STACKS + i] == 0:
            continue
        able += 1
        if first < 0:
            if st[A_BETS + i] < current:  # he must act, and the round is open whoever else can act
                return i
            if st[A_ACTED + i] < 0:
                if able >= 2:
                    return i
                first = i
        else:  # a second player who can act: the round is open
            return first
    return -1


@jit
def raise_range(vp: I64, st: I64) -> tuple[int, int, int]:
    """``(1, low, high)``: the least and most ``to`` the player to act may bet or raise to;
    ``(0, 0, 0)``: he may not bet or raise now. Fixed Limit: one amount (000 §12.12.3)."""
    i = st[S_ACTOR]
    if st[S_PHASE] != BET or i < 0 or st[S_FMT] == AOF:
        return 0, 0, 0
    cb = st[S_CB]
    bet_i = st[A_BETS + i]
    stack = st[A_STACKS + i]
    to_call = cb - bet_i
    if stack <= to_call:
        return 0, 0, 0
    acted = st[A_ACTED + i]
    if acted >= 0 and cb - acted < st[S_MR]:
        return 0, 0, 0  # an all-in short of a full raise did not reopen the betting
    all_in = bet_i + stack
    if vp[V_STRUCT] == FIXED_LIMIT:
        if st[S_RAISES] >= vp[V_MAXBETS]:
            return 0, 0, 0
        unit = st[S_BB] if st[S_STREET] <= 1 else 2 * st[S_BB]
        target = cb + unit
        if all_in >= target:
            return 1, target, target
        return 1, all_in, all_in
    low = cb + st[S_MR]
    if all_in <= low:
        return 1, all_in, all_in
    high = all_in
    if vp[V_STRUCT] == POT_LIMIT:
        pot = 0
        for j in range(st[S_N]):
            pot += st[A_COMMITTED + j]
        high = min(all_in, cb + pot + to_call)
    return 1, low, max(low, high)


@jit
def max_runs(vp: I64, st: I64) -> int:
    """How many times the rest may be run when all are all-in (000 §12.12.3: up to three, on
    board games, if the deck holds the cards; never at All-in or Fold tables)."""
    if vp[V_RUNMAX] < 2 or vp[V_TO_PLAYERS] == 1 or st[S_FMT] == AOF:
        return 1
    rest = 0
    for k in range(st[S_STREET], vp[V_NSTREETS] - 1):
        rest += vp[V_SC0 + k]
    if rest == 0:
        return 1
    return int(max(1, min(vp[V_RUNMAX], st[S_DECK] // rest)))


@jit
def open_value(cards: I64, k: int) -> int:
    """How high ``cards[:k]``, a stud player's open cards, stand (000 §12.9 step 4.2): groups
    first (four, three, two pair, pair), then the ranks; straights and flushes do not count on
    fewer than five cards; suits never break ties (the rules break them by seat: the player left
    of the dealer). One int: the group sizes, then the ranks, each group largest first."""
    counts = np.zeros(15, dtype=np.int64)
    for j in range(k):
        counts[cards[j] >> 2] += 1
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


def open_cards_key(cards: Sequence[int]) -> int:
    """:func:`open_value` of ``cards`` from Python (a higher key starts the betting)."""
    return int(open_value(np.array(cards, dtype=np.int64), len(cards)))


# -- the steps ----------------------------------------------------------------------------------------


@jit
def start(vp: I64, st: I64, stacks: I64, button: int, bb: int, fmt: int, pre_i: int, pre_kind: int,
          rake: I64) -> None:
    """A new hand in ``st``: the forced bets (blinds and a Straddle or No-Look All-In before the
    deal; stud's first-hand bet, 000 §12.9 step 1), the deck, the first deal's queue (one card at
    a time from the dealer's left). ``rake``: numerator, denominator (numerator 0: no pot rake),
    cap (-1: none), no flop no drop. The table input is checked by the engine."""
    st[:] = 0
    n = stacks.shape[0]
    st[S_N] = n
    st[S_BTN] = button
    st[S_BB] = bb
    st[S_FMT] = fmt
    st[S_RK_NUM] = rake[0]
    st[S_RK_DEN] = rake[1]
    st[S_RK_CAP] = rake[2]
    st[S_RK_NFND] = rake[3]
    for i in range(n):
        st[A_STACKS + i] = stacks[i]
        st[A_ACTED + i] = -1
    st[S_AGG] = -1
    st[S_RUNS] = 1
    b = button
    first_after = b  # action starts after this player
    min_raise = bb
    raises = 1
    if vp[V_STUD] == 0:
        if n == 2:
            sb_i, bb_i = b, (b + 1) % n
        else:
            sb_i, bb_i = (b + 1) % n, (b + 2) % n
        _post(st, sb_i, bb // 2, K_SB)
        _post(st, bb_i, bb, K_BB)
        first_after = bb_i
        if pre_kind == PRE_STRADDLE:
            _post(st, pre_i, 2 * bb, K_STRADDLE)
            # the straddle raises the blinds for the first round (Fixed Limit: it is the round's
            # first raise, and raises stay one big blind)
            min_raise = bb if vp[V_STRUCT] == FIXED_LIMIT else 2 * bb
            raises = 2
            first_after = pre_i
        elif pre_kind == PRE_NOLOOK:
            before = bb
            for j in range(n):
                before = max(before, st[A_BETS + j])
            _post(st, pre_i, st[A_STACKS + pre_i], K_NOLOOK)
            if st[A_BETS + pre_i] - before >= min_raise:
                min_raise = st[A_BETS + pre_i] - before
            first_after = pre_i
    else:
        _post(st, (b + 1) % n, bb, K_FIRST)
    current = bb  # a short forced bet does not lower the bet to call: the big blind stands
    for i in range(n):
        st[A_COMMITTED + i] = st[A_BETS + i]
        current = max(current, st[A_BETS + i])
    st[S_CB] = current
    st[S_MR] = min_raise
    st[S_RAISES] = raises
    st[S_ACTOR] = first_after
    first_card = 24 if vp[V_SHORT] else 8
    st[S_DECK] = 60 - first_card
    for j in range(60 - first_card):
        st[A_DECK + j] = first_card + j
    q = 0
    for _ in range(vp[V_HOLE]):
        for k in range(n):
            st[A_QUEUE + q] = (b + 1 + k) % n
            q += 1
    st[S_QLEN] = q
    st[S_PHASE] = DEAL


@jit
def deal(vp: I64, st: I64, picks: I64) -> None:
    """The queued cards, card ``t`` the ``picks[t]``-th of the cards left (the digits of the
    engine's deal index), then who acts (or the end, or the round's close)."""
    st[S_FLAGS] = 0
    m = st[S_DECK]
    for t in range(st[S_QLEN]):
        idx = picks[t]
        c = st[A_DECK + idx]
        for j in range(idx, m - 1):
            st[A_DECK + j] = st[A_DECK + j + 1]
        m -= 1
        target = st[A_QUEUE + t]
        if target >= 0:
            st[A_HOLE + target * HOLE_W + st[A_NHOLE + target]] = c
            st[A_NHOLE + target] += 1
        else:
            r = -1 - target
            st[A_BOARDS + r * BOARD_W + st[A_NBOARD + r]] = c
            st[A_NBOARD + r] += 1
    st[S_DECK] = m
    st[S_QLEN] = 0
    if _live(st) == 1:
        _finish(vp, st)
        return
    if st[S_RUNOUT]:
        st[S_STREET] = vp[V_NSTREETS] - 1
        _finish(vp, st)
        return
    n = st[S_N]
    if vp[V_OPEN]:  # 000 §12.9 step 4.2: the highest open cards start; ties to the dealer's left
        first = 0
        best = -1
        for k in range(n):
            i = (st[S_BTN] + 1 + k) % n
            if st[A_FOLDED + i] != 0 or st[A_STACKS + i] == 0:
                continue
            base = A_HOLE + i * HOLE_W + vp[V_DOWN]
            key = open_value(st[base:A_HOLE + i * HOLE_W + st[A_NHOLE + i]], st[A_NHOLE + i] - vp[V_DOWN])
            if key > best:
                best = key
                first = i
    elif st[S_STREET] == 0:
        first = (st[S_ACTOR] + 1) % n  # after the big blind or the pre-deal bettor (start)
    else:
        first = (st[S_BTN] + 1) % n
    st[S_PHASE] = BET
    _move_on(vp, st, first)


@jit
def _bet_to(st: I64, i: int, to: int) -> None:
    """Player ``i``'s bet for the round becomes ``to``: at most the bet to call, a call (an
    all-in short of it); above it, a bet or raise, which reopens the betting (and counts for
    the Fixed Limit cap) only when it raises by the minimum increment or more."""
    cb = st[S_CB]
    st[A_STACKS + i] -= to - st[A_BETS + i]
    st[A_COMMITTED + i] += to - st[A_BETS + i]
    st[A_BETS + i] = to
    if to <= cb:
        st[A_ACTED + i] = cb
        return
    st[A_ACTED + i] = to
    if to - cb >= st[S_MR]:
        st[S_MR] = to - cb
        st[S_RAISES] += 1
    st[S_CB] = to
    st[S_AGG] = i


@jit
def act(vp: I64, st: I64, i: int, code: int, to: int, to_ok: bool) -> int:
    """Player ``i`` (the player to act) makes betting decision ``code`` (``C_*``; a bet or raise
    to ``to``, ``to_ok`` False when the engine got no whole number). ``OK`` or an ``E_*`` code,
    with ``st`` then left half-changed (the engine works on a copy)."""
    st[S_FLAGS] = 0
    aof = st[S_FMT] == AOF
    cb = st[S_CB]
    bet_i = st[A_BETS + i]
    to_call = cb - bet_i
    if code == C_FOLD:
        st[A_FOLDED + i] = 1
    elif code == C_CHECK:
        if to_call and aof:
            return E_AOF_ONLY
        if to_call:
            return E_CHECK_TO_CALL
        st[A_ACTED + i] = cb
    elif code == C_CALL and not aof:
        if not to_call:
            return E_NOTHING_TO_CALL
        pay = min(to_call, st[A_STACKS + i])
        st[A_STACKS + i] -= pay
        st[A_BETS + i] += pay
        st[A_COMMITTED + i] += pay
        st[A_ACTED + i] = cb
    elif code == C_ALL_IN:
        if not aof:
            return E_ALL_IN_NOT_AOF
        _bet_to(st, i, bet_i + st[A_STACKS + i])
    elif (code == C_BET or code == C_RAISE) and not aof:
        if code == C_BET and cb:
            return E_BET_OVER_BET
        if code == C_RAISE and not cb:
            return E_NO_BET
        if not to_ok:
            return E_TO
        ok, low, high = raise_range(vp, st)
        if not ok:
            return E_NO_RAISE
        if to < low:
            return E_BELOW_MIN
        if to > high:
            return E_ABOVE_MAX
        _bet_to(st, i, to)
    elif aof:
        return E_AOF_ONLY
    else:
        return E_UNKNOWN
    if code == C_FOLD and _live(st) == 1:
        _finish(vp, st)
        return OK
    _move_on(vp, st, i + 1 if i + 1 < st[S_N] else 0)
    return OK


@jit
def vote(vp: I64, st: I64, i: int, times: int) -> int:
    """Player ``i`` votes to run the rest ``times`` times; when every player in the hand has
    voted, the rest is run the fewest times voted (more than once only if all agree)."""
    st[S_FLAGS] = 0
    if not 1 <= times <= max_runs(vp, st):
        return E_RUNS_RANGE
    st[A_VOTES + i] = times
    order = np.empty(P, dtype=np.int64)
    m = _in_hand_order(st, order)
    runs = MAX_RUNS
    for k in range(m):
        j = order[k]
        if st[A_VOTES + j] == 0:
            st[S_ACTOR] = j
            return OK
        runs = min(runs, st[A_VOTES + j])
    st[S_FLAGS] |= F_AGREED
    st[S_AGREED] = runs
    _deal_rest(vp, st, runs)
    return OK


@jit
def fast_fold(vp: I64, st: I64, i: int) -> int:
    """Rush & Cash (000 §12.12.3): player ``i`` folds at any time, in turn or not."""
    st[S_FLAGS] = 0
    if st[S_FMT] != RUSH:
        return E_FF_FORMAT
    if st[A_FOLDED + i]:
        return E_FF_FOLDED
    if st[A_STACKS + i] == 0:
        return E_FF_ALL_IN
    if st[S_PHASE] == RUNS:
        return E_FF_RUNS
    st[A_FOLDED + i] = 1
    if _live(st) == 1:
        _finish(vp, st)
    elif st[S_PHASE] == BET:
        _move_on(vp, st, st[S_ACTOR])
    return OK


@jit
def misdeal(st: I64) -> None:
    """000 §12.12.3 Misdeal: the hand is annulled and every bet goes back."""
    st[S_FLAGS] = 0
    n = st[S_N]
    for i in range(n):
        st[A_WON + i] = 0
        st[A_RETURNED + i] = st[A_COMMITTED + i]
    st[S_MISDEAL] = 1
    st[S_RAKE] = 0
    st[S_NPOTS] = 0
    st[S_NSHOW] = 0
    st[S_PHASE] = DONE
    st[S_ACTOR] = -1
    st[S_QLEN] = 0


@jit
def _move_on(vp: I64, st: I64, start: int) -> None:
    """The next player to act from ``start``, or the betting round's close."""
    nxt = next_to_act(st, start)
    if nxt < 0:
        _close_round(vp, st)
    else:
        st[S_ACTOR] = nxt


# -- streets ------------------------------------------------------------------------------------------


@jit
def _close_round(vp: I64, st: I64) -> None:
    street = st[S_STREET]
    st[S_FLAGS] |= F_CLOSED
    st[S_CLOSED] = street
    n = st[S_N]
    live = 0
    able = 0
    for i in range(n):
        if st[A_FOLDED + i] == 0:
            live += 1
            if st[A_STACKS + i] > 0:
                able += 1
    if street == vp[V_NSTREETS] - 1 or live == 1:
        _finish(vp, st)
        return
    if able >= 2:  # the next street: its cards, then a new betting round
        street += 1
        st[S_STREET] = street
        k = vp[V_SC0 + street - 1]
        q = 0
        if vp[V_TO_PLAYERS] == 0:
            for _ in range(k):
                st[A_QUEUE + q] = -1
                q += 1
        else:
            order = np.empty(P, dtype=np.int64)
            m = _in_hand_order(st, order)
            for _ in range(k):
                for j in range(m):
                    st[A_QUEUE + q] = order[j]
                    q += 1
        st[S_QLEN] = q
        for i in range(n):
            st[A_BETS + i] = 0
            st[A_ACTED + i] = -1
        st[S_PHASE] = DEAL
        st[S_ACTOR] = -1
        st[S_CB] = 0
        if vp[V_STRUCT] == FIXED_LIMIT:
            st[S_MR] = st[S_BB] if street <= 1 else 2 * st[S_BB]
        else:
            st[S_MR] = st[S_BB]
        st[S_RAISES] = 0
        st[S_AGG] = -1
        return
    # all-in: no more betting; the rest is dealt (once, or twice/three times if all agree)
    for i in range(n):
        st[A_BETS + i] = 0
    st[S_ACTOR] = -1
    st[S_CB] = 0
    st[S_RUNOUT] = 1
    if max_runs(vp, st) > 1:
        order = np.empty(P, dtype=np.int64)
        _in_hand_order(st, order)
        st[S_PHASE] = RUNS
        st[S_ACTOR] = order[0]
        for i in range(n):
            st[A_VOTES + i] = 0
        return
    _deal_rest(vp, st, 1)


@jit
def _deal_rest(vp: I64, st: I64, runs: int) -> None:
    """Queue the rest of the cards (each run's board from the board so far), or finish."""
    q = 0
    if vp[V_TO_PLAYERS] == 0:
        for r in range(runs):
            for k in range(st[S_STREET], vp[V_NSTREETS] - 1):
                for _ in range(vp[V_SC0 + k]):
                    st[A_QUEUE + q] = -1 - r
                    q += 1
        for r in range(1, runs):
            st[A_NBOARD + r] = st[A_NBOARD]
            for j in range(st[A_NBOARD]):
                st[A_BOARDS + r * BOARD_W + j] = st[A_BOARDS + j]
    else:
        order = np.empty(P, dtype=np.int64)
        m = _in_hand_order(st, order)
        for k in range(st[S_STREET], vp[V_NSTREETS] - 1):
            for _ in range(vp[V_SC0 + k]):
                for j in range(m):
                    st[A_QUEUE + q] = order[j]
                    q += 1
    st[S_RUNS] = runs
    st[S_QLEN] = q
    st[S_PHASE] = DEAL
    st[S_ACTOR] = -1
    if q == 0:
        st[S_STREET] = vp[V_NSTREETS] - 1
        _finish(vp, st)


# -- the end ------------------------------------------------------------------------------------------


@jit
def pot_rakes(num: int, den: int, cap: int, no_flop_no_drop: bool, flop_seen: bool, amounts: I64,
              npots: int, out: I64) -> None:
    """The rake of each pot (main pot first) into ``out``: ``floor(pot x num / den)`` (rounded
    down, in the players' favour), at most ``cap`` per hand (-1: no cap) filled from the main pot
    outwards; none from a hand without a flop under "no flop, no drop"; none when ``num`` is 0
    (no pot rake: hourly rake, tournaments)."""
    left = cap
    for p in range(npots):
        r = 0
        if num > 0 and not (no_flop_no_drop and not flop_seen):
            r = amounts[p] * num // den
            if left >= 0:
                r = min(r, left)
                left -= r
        out[p] = r


@jit
def run_part(amount: int, runs: int, r: int) -> int:
    """Run ``r``'s part of a pot run ``runs`` times (000 §12.12.3): equal parts, the odd minor
    units one each to the first runs."""
    part, odd = divmod(amount, runs)
    return part + (1 if r < odd else 0)


@jit
def split_share(amount: int, winners: int, k: int) -> int:
    """The share of the ``k``-th of ``winners`` equal winners (counted clockwise from the
    button's left) of ``amount``: the odd minor units one each to the first (odd-chip rule,
    ASSUMPTION in docs/pvp_poker.md)."""
    share, odd = divmod(amount, winners)
    return share + (1 if k < odd else 0)


@jit
def build_pots(st: I64, amounts: I64, elig: I64) -> int:
    """:func:`.pots.build_pots` (its rules and ASSUMPTIONs): the uncalled part of the top bet
    back to its player (``A_RETURNED``), then one pot per all-in level with its contenders (a
    bit mask); a level no live player reached joins the pot below. The number of pots."""
    n = st[S_N]
    c = np.empty(n, dtype=np.int64)
    top = 0
    for i in range(n):
        c[i] = st[A_COMMITTED + i]
        st[A_RETURNED + i] = 0
        top = max(top, c[i])
    leaders = 0
    lead = -1
    for i in range(n):
        if c[i] == top:
            leaders += 1
            lead = i
    if n > 1 and leaders == 1 and st[A_FOLDED + lead] == 0:  # a folded bet never comes back
        second = 0
        for j in range(n):
            if j != lead:
                second = max(second, c[j])
        st[A_RETURNED + lead] = top - second
        c[lead] = second
    npots = 0
    low = 0
    while True:
        level = -1  # the next all-in level of a live player above ``low``
        for i in range(n):
            if st[A_FOLDED + i] == 0 and c[i] > low and (level < 0 or c[i] < level):
                level = c[i]
        if level < 0:
            break
        amount = 0
        mask = 0
        for i in range(n):
            if c[i] > low:
                amount += min(c[i], level) - low
            if st[A_FOLDED + i] == 0 and c[i] >= level:
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
        if c[i] > low:
            dead += c[i] - low
    if dead:
        if npots == 0:  # the live players put in nothing (everyone who bet fast-folded)
            mask = 0
            for i in range(n):
                if st[A_FOLDED + i] == 0:
                    mask |= 1 << i
            amounts[0] = dead
            elig[0] = mask
            npots = 1
        else:
            amounts[npots - 1] += dead
    return npots


@jit
def _value(vp: I64, st: I64, i: int, r: int, buf: I64) -> int:
    """Player ``i``'s showdown value on the board of run ``r`` (evaluate.value_row)."""
    nh = st[A_NHOLE + i]
    nb = st[A_NBOARD + r]
    for j in range(nh):
        buf[j] = st[A_HOLE + i * HOLE_W + j]
    for j in range(nb):
        buf[nh + j] = st[A_BOARDS + r * BOARD_W + j]
    return int(value_row(vp[V_RANK], buf, nh, nh + nb, TOP5, HIGH, STRAIGHT, SHORT_STRAIGHT))


@jit
def _finish(vp: I64, st: I64) -> None:
    """Pots, rake (rake.pot_rake: floor(pot x percent), the cap filled from the main pot out,
    none without a flop under "no flop, no drop"), showdown and awards: each run's share of a
    pot (the odd units to the first runs) to its best hands, the odd units of a split clockwise
    from the button's left (pots.split); who shows and who mucks."""
    n = st[S_N]
    amounts = np.zeros(P, dtype=np.int64)
    elig = np.zeros(P, dtype=np.int64)
    npots = build_pots(st, amounts, elig)
    order = np.empty(P, dtype=np.int64)
    for k in range(n):
        order[k] = (st[S_BTN] + 1 + k) % n
    live = np.empty(P, dtype=np.int64)
    nlive = _in_hand_order(st, live)
    for i in range(n):
        st[A_WON + i] = 0
        st[A_SHOWN + i] = 0
    for x in range(P * P):
        st[A_POT_WON + x] = 0
    rakes = np.zeros(P, dtype=np.int64)
    pot_rakes(st[S_RK_NUM], st[S_RK_DEN], st[S_RK_CAP], st[S_RK_NFND] != 0, st[S_STREET] >= 1,
              amounts, npots, rakes)
    runs = st[S_RUNS]
    values = np.full((MAX_RUNS, P), -1, dtype=np.int64)
    showdown = nlive > 1
    if showdown:
        buf = np.empty(HOLE_W + BOARD_W, dtype=np.int64)
        for r in range(runs):
            for k in range(nlive):
                values[r, live[k]] = _value(vp, st, live[k], r, buf)
    winners_any = 0
    total_rake = 0
    for p in range(npots):
        base = A_POTS + p * POT_W
        amount = amounts[p]
        rk = rakes[p]
        net = amount - rk
        total_rake += rk
        mask = elig[p]
        st[base] = amount
        st[base + 1] = rk
        st[base + 2] = mask
        won = A_POT_WON + p * P
        count = 0
        only = -1
        for i in range(n):
            if mask >> i & 1:
                count += 1
                only = i
        if not showdown or count == 1:  # everyone else folded, or a side pot nobody else reached
            w = live[0] if not showdown else only
            st[won + w] = net
            st[A_WON + w] += net
            st[base + 3] = 1
            st[base + 4] = 1 << w if not showdown else mask
            winners_any |= 1 << w
            continue
        st[base + 3] = runs
        for r in range(runs):
            part = run_part(net, runs, r)
            best = -2
            for i in range(n):
                if mask >> i & 1 and values[r, i] > best:
                    best = values[r, i]
            ws = 0
            winners = 0
            for j in range(n):
                i = order[j]
                if mask >> i & 1 and values[r, i] == best:
                    ws |= 1 << i
                    winners += 1
            st[base + 4 + r] = ws
            k = 0
            for j in range(n):
                i = order[j]
                if ws >> i & 1:
                    got = split_share(part, winners, k)
                    k += 1
                    st[won + i] += got
                    st[A_WON + i] += got
            winners_any |= ws
    st[S_RAKE] = total_rake
    st[S_NPOTS] = npots
    st[S_NSHOW] = 0
    st[S_FLAGS] |= F_FINISHED
    if showdown:
        st[S_FLAGS] |= F_SHOWDOWN
        # the last bettor or raiser of the final round shows first; if nobody bet, the first
        # player left of the button; then clockwise. All-in hands are tabled; after the first,
        # a hand that wins nothing may be mucked (auto_muck).
        first = 0
        agg = st[S_AGG]
        if agg >= 0 and st[A_FOLDED + agg] == 0 and not st[S_RUNOUT]:
            for k in range(nlive):
                if live[k] == agg:
                    first = k
        for k in range(nlive):
            i = live[(first + k) % nlive]
            st[A_SHOW_ORDER + k] = i
            if (k == 0 or not vp[V_MUCK] or st[S_RUNOUT] or st[A_STACKS + i] == 0
                    or winners_any >> i & 1):
                st[A_SHOWN + i] = 1
            else:
                st[A_SHOWN + i] = 2
        st[S_NSHOW] = nlive
    st[S_PHASE] = DONE
    st[S_ACTOR] = -1
