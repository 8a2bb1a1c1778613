"""Bot hands through the hand engine's compiled core, with no Python between the steps: the
benchmark of issue 21 (hands per second with 6 bot players), the rake ledger over 10^6 hands,
and load. The steps are the engine's own (:mod:`.core`: ``start``, ``deal``, ``act``, ``vote``,
the same kernels :class:`~croupier.games.pvp.poker.engine.PokerEngine` calls for every hand the
card room plays); what this module adds is the players: the habits of :class:`.bots.Bot` written
for numba (:func:`bot_decide`), and the dealer's hand drawing each card from a SplitMix64 stream
(:mod:`croupier.games.pvp.splitmix`).

Tied to the engine played from Python by a differential test (tests/test_pvp_poker_autoplay.py):
the same stream through :class:`PokerEngine` + :class:`.bots.Bot` (:func:`play_engine_stream`)
and through :func:`play_one` ends in the same core array, hand by hand. No event record is kept
here; a hand's record is the engine's, built step by step when a hand is played through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt

from croupier.cards._jit import jit
from croupier.errors import InvalidBet
from croupier.games.base import Decision, DrawAction
from croupier.games.pvp.poker import core
from croupier.games.pvp.poker.bots import Bot, BotFn
from croupier.games.pvp.poker.core import (
    A_BETS,
    A_COMMITTED,
    A_HOLE,
    A_NHOLE,
    A_POTS,
    A_RETURNED,
    A_WON,
    AOF,
    BET,
    C_ALL_IN,
    C_BET,
    C_CALL,
    C_CHECK,
    C_FOLD,
    C_RAISE,
    DEAL,
    DONE,
    HOLE_W,
    POT_W,
    RUNS,
    S_ACTOR,
    S_CB,
    S_DECK,
    S_FMT,
    S_NPOTS,
    S_PHASE,
    S_QLEN,
    S_RAKE,
    variant_vector,
)
from croupier.games.pvp.poker.engine import ENGINE, HandSetup, rake_vector
from croupier.games.pvp.poker.variant import PokerVariant
from croupier.games.pvp.splitmix import SplitMixSource, below

I64 = npt.NDArray[np.int64]
U64 = npt.NDArray[np.uint64]

#: a bot's answer when the hand asks for a "run it" vote
C_VOTE: Final = 100
#: bot habit columns: fold, bet, shove, runs (per mille), strength (0/1)
B_FOLD, B_BET, B_SHOVE, B_RUNS, B_STRENGTH = range(5)
#: the totals of :func:`play_hands`: hands, stakes in, returned (winnings + uncalled), rake,
#: refusals (a bot that chose an illegal action: must stay 0)
T_HANDS, T_STAKE, T_BACK, T_RAKE, T_REFUSED = range(5)


def bot_params(bots: Sequence[Bot]) -> I64:
    """Each bot's habits as a row ``fold, bet, shove, runs, strength``."""
    return np.array([[b.fold, b.bet, b.shove, b.runs, int(b.strength)] for b in bots], dtype=np.int64)


def rake_params(setup: HandSetup) -> I64:
    """The table's rake as the core reads it (:func:`.engine.rake_vector`)."""
    return cast(I64, rake_vector(setup.rake))


@jit
def _strong(st: I64, i: int) -> bool:
    """Bot._strong: a pair, or two cards of ten or better, in the first two hole cards."""
    if st[A_NHOLE + i] < 2:
        return False
    a = st[A_HOLE + i * HOLE_W] >> 2
    b = st[A_HOLE + i * HOLE_W + 1] >> 2
    return bool(a == b or (a >= 10 and b >= 10))


@jit
def bot_decide(vp: I64, st: I64, bot: I64, rs: U64) -> tuple[int, int]:
    """:meth:`.bots.Bot.__call__` for the player to act: ``(code, amount)`` with ``code`` a
    ``core.C_*`` decision (``amount``: a bet or raise's ``to``) or :data:`C_VOTE` (``amount``:
    the runs voted). The same dice in the same order as the Python bot."""
    i = st[S_ACTOR]
    if st[S_PHASE] == RUNS:
        return C_VOTE, core.max_runs(vp, st) if below(rs, 1000) < bot[B_RUNS] else 1
    if st[S_FMT] == AOF:  # All-in or Fold: legal[0] is fold, the last all_in
        shove = bot[B_BET] + bot[B_SHOVE] + (300 if _strong(st, i) else 0)
        return (C_ALL_IN, 0) if below(rs, 1000) < shove else (C_FOLD, 0)
    strong = bot[B_STRENGTH] != 0 and _strong(st, i)
    cb = st[S_CB]
    ok, low, high = core.raise_range(vp, st)
    if ok and below(rs, 1000) < bot[B_BET] + (250 if strong else 0):
        if below(rs, 1000) < bot[B_SHOVE] or low == high:
            to = high
        else:
            to = low + below(rs, min(high - low, 4 * low) + 1)
        return (C_RAISE if cb else C_BET), to
    if cb - st[A_BETS + i]:
        fold = bot[B_FOLD] * (1 if bot[B_STRENGTH] == 0 else (0 if strong else 2))
        if below(rs, 1000) < fold:
            return C_FOLD, 0
        return C_CALL, 0
    return C_CHECK, 0


@jit
def play_to_end(vp: I64, st: I64, bots: I64, rs: U64, picks: I64) -> int:
    """Play the hand in ``st`` (started) to its end: each deal drawn card by card from ``rs``
    (card ``t`` uniform among the cards left), each decision from ``bots[player]``. 0, or the
    core's refusal code of a bot's choice (never expected: the bots choose legal actions)."""
    while True:
        phase = st[S_PHASE]
        if phase == DONE:
            return 0
        if phase == DEAL:
            m = st[S_DECK]
            for t in range(st[S_QLEN]):
                picks[t] = below(rs, m - t)
            core.deal(vp, st, picks)
            continue
        i = st[S_ACTOR]
        code, amount = bot_decide(vp, st, bots[i], rs)
        if code == C_VOTE:
            err = core.vote(vp, st, i, amount)
        elif phase == BET:
            err = core.act(vp, st, i, code, amount, True)
        else:  # pragma: no cover - a hand waits for a deal, a decision or a vote
            return -1
        if err:
            return err


@jit
def play_hands(vp: I64, stacks: I64, bb: int, fmt: int, rake: I64, bots: I64, rs: U64, hands: int) -> I64:
    """``hands`` hands at one table, every hand from ``stacks``, the button moving one seat a
    hand: the totals (``T_*``)."""
    n = stacks.shape[0]
    st = np.zeros(core.SIZE, dtype=np.int64)
    picks = np.zeros(core.QUEUE_W, dtype=np.int64)
    totals = np.zeros(5, dtype=np.int64)
    for h in range(hands):
        core.start(vp, st, stacks, h % n, bb, fmt, -1, core.PRE_NONE, rake)
        if play_to_end(vp, st, bots, rs, picks):
            totals[T_REFUSED] += 1
            continue
        totals[T_HANDS] += 1
        for i in range(n):
            totals[T_STAKE] += st[A_COMMITTED + i]
            totals[T_BACK] += st[A_WON + i] + st[A_RETURNED + i]
        totals[T_RAKE] += st[S_RAKE]
    return totals


@jit
def ledger_many(vps: I64, players: I64, presets: I64, bb: int, rs: U64, hands: int) -> I64:
    """The rake ledger over ``hands`` random hands: hand ``h`` plays variant ``h % len(vps)``
    (``players[v]``: its most players) with 2 to that many players of random stacks (1 to
    3000), the button at ``h % n``, a rake of 3, 4 or 5% (by ``h % 3``), capped at 60 on odd
    hands, "no flop, no drop" unless ``h % 5 == 0``, and the bot habits ``presets[(seat + h) %
    4]``. Returns stakes in, pots out (winnings + uncalled bets), rake, and the number of hands
    whose own books did not balance or whose bots were refused (0 when every chip is accounted
    for)."""
    totals = np.zeros(4, dtype=np.int64)
    rake = np.zeros(4, dtype=np.int64)
    st = np.zeros(core.SIZE, dtype=np.int64)
    picks = np.zeros(core.QUEUE_W, dtype=np.int64)
    kinds = vps.shape[0]
    for h in range(hands):
        vi = h % kinds
        n = 2 + below(rs, players[vi] - 1)
        stacks = np.empty(n, dtype=np.int64)
        for i in range(n):
            stacks[i] = 1 + below(rs, 3000)
        bots = np.empty((n, 5), dtype=np.int64)
        for i in range(n):
            bots[i] = presets[(i + 1 + h) % 4]
        rake[0] = 3 + h % 3
        rake[1] = 100
        rake[2] = 60 if h % 2 else -1
        rake[3] = 1 if h % 5 else 0
        core.start(vps[vi], st, stacks, h % n, bb, 0, -1, core.PRE_NONE, rake)
        if play_to_end(vps[vi], st, bots, rs, picks):
            totals[3] += 1
            continue
        stake = 0
        back = 0
        returned = 0
        for i in range(n):
            stake += st[A_COMMITTED + i]
            back += st[A_WON + i] + st[A_RETURNED + i]
            returned += st[A_RETURNED + i]
        pots = 0
        for p in range(st[S_NPOTS]):
            pots += st[A_POTS + p * POT_W]
        if stake != back + st[S_RAKE] or stake != pots + returned:
            totals[3] += 1
        totals[0] += stake
        totals[1] += back
        totals[2] += st[S_RAKE]
    return totals


# -- one hand, from Python (the differential test) ----------------------------------------------------


def _table(variant: PokerVariant, setup: HandSetup) -> tuple[int, int]:
    """The core's format code and pre-deal bet (player index, kind) of ``setup``; checked by the
    engine's own rules first (a hand it would refuse is refused here too)."""
    ENGINE.start(variant, setup, "AMD")
    if setup.format == "rush":
        raise InvalidBet("Rush hands fast-fold out of turn: play them through the engine")
    if not setup.predeal or variant.forced_bets != "blinds":
        return -1, core.PRE_NONE
    seat, kind = setup.predeal[0]
    return setup.seats.index(seat), core.PRE_STRADDLE if kind == "straddle" else core.PRE_NOLOOK


def play_one(variant: PokerVariant, setup: HandSetup, bots: Sequence[Bot], source: SplitMixSource) -> I64:
    """One bot hand through the compiled loop, drawing from ``source`` (advanced as it draws):
    the final core array."""
    pre_i, pre_kind = _table(variant, setup)
    vp = variant_vector(variant)
    st = np.zeros(core.SIZE, dtype=np.int64)
    core.start(vp, st, np.array(setup.stacks, dtype=np.int64), setup.seats.index(setup.button),
               setup.big_blind, core.FORMAT_CODES[setup.format], pre_i, pre_kind, rake_params(setup))
    rs = np.array([source.state], dtype=np.uint64)
    err = play_to_end(vp, st, bot_params(bots), rs, np.zeros(core.QUEUE_W, dtype=np.int64))
    source.state = int(rs[0])
    if err:
        raise InvalidBet(f"a bot's choice was refused (core code {err})")
    return st


def play_engine_stream(variant: PokerVariant, setup: HandSetup, bots: Sequence[BotFn],
                       source: SplitMixSource, engine: Any = ENGINE) -> Any:
    """The same hand through :class:`PokerEngine` (or another engine of its contract: the
    reference of the tests) and :class:`.bots.Bot` (whose source must be ``source``): every deal
    index is built from one draw per card, as :func:`play_to_end` draws. The final state."""
    _table(variant, setup)
    state = engine.start(variant, setup, "AMD")
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        if req is not None:
            m = len(state.deck)
            value = 0
            mult = 1
            for j in range(len(state.queue)):
                value += source.randbelow(m - j) * mult
                mult *= m - j
            state = engine.apply(state, DrawAction("deal", value))
            continue
        seat = engine.to_act(state)
        if seat is None:
            raise InvalidBet("the hand is stuck")
        decision: Decision = bots[setup.seats.index(seat)](state, engine.legal_actions(state))
        state = engine.apply(state, decision)
    return state
