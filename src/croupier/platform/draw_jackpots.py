"""Jackpot pools fed and won by a draw's tickets (issue 20 with issue 16; docs/draws.md
"Jackpots on the draw schedule"), exactly as single rounds feed and win them
(:func:`croupier.platform.jackpots.on_settle`), for a whole batch of plays at once.

Per pool of the variant offered in the draw's currency, the batch's plays are taken in play order
(the order tickets were first bought for the draw), each play as one single round: its
contribution is ``floor(contributing stakes x rate)`` (its bets' stakes together, as a single
round's slip), into the pool up to its cap and the rest to the reserve (or not taken: ``overflow =
"house"``); a drop pool is won by the first play that may win it (``award = "winner"``: a play that
won its main bet; ``"contributor"``: a play that contributed) once the pool, its own contribution
included, stands at the hidden level; the pool is then paid, refilled and given a new level
(:func:`croupier.platform.jackpots._pay`, the single rounds' own), and the next plays feed the
refilled pool. A share pool pays an engine's jackpot rows; no draw game has any, so it is only fed.

The running balances are cumulative sums (numpy), so a batch costs a few statements per pool and
per win: the contributions between two wins are one transfer (``jackpot:in:draw:<round>:<last
play>:<pool>:<segment>``, the excess ``jackpot:over:draw:...``), never one per ticket.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import cast

import numpy as np
from sqlalchemy import Table, select
from sqlalchemy.orm import Session

from croupier.games.jackpot import contribution_of
from croupier.platform.jackpots import (
    Pool,
    account_code,
    ensure_pool,
    has_pools,
    new_level,
    pools_of,
    refill_amounts,
    reserve_code,
    win_event,
    win_key,
)
from croupier.platform.ledger import Ledger, system_code
from croupier.platform.ledger_batch import Move, balances, transfer_many
from croupier.platform.protection import audit
from croupier.platform.protection import hooks as protection
from croupier.store import bulk
from croupier.store.jackpot_models import JackpotPool, JackpotWin
from croupier.store.models import Round, RoundEvent


@dataclass(frozen=True)
class Batch:
    """A batch's bets in play order: ``starts[i]`` is the index of play ``play_ids[i]``'s first
    bet in ``codes``/``stakes``; ``won[i]`` whether that play won its main bet (a bet returned
    more than its stake, as :func:`croupier.platform.jackpots.on_settle` reads a round)."""

    play_ids: Sequence[int]
    starts: np.ndarray
    codes: Sequence[str]
    stakes: np.ndarray
    won: np.ndarray

    def staked(self, bets: Sequence[str]) -> np.ndarray:
        """Each play's stakes on ``bets`` (every bet when empty), exact integers."""
        stakes = self.stakes
        if bets:
            wanted = set(bets)
            stakes = stakes * np.fromiter((c in wanted for c in self.codes), dtype=np.int64,
                                          count=len(self.codes))
        return np.add.reduceat(stakes, self.starts)


def contributions(staked: np.ndarray, rate: Fraction) -> list[int]:
    """Each play's ``contribution_of(stake, rate)`` (floor of stake x rate), exact."""
    if staked.size and int(staked.max()) < 2**62 // max(1, rate.numerator):
        return (staked * rate.numerator // rate.denominator).tolist()  # type: ignore[no-any-return]
    return [contribution_of(int(x), rate) for x in staked.tolist()]


def feed(session: Session, ledger: Ledger, rnd: Round, plays: Batch, owners: Sequence[int], hi: int,
         now: datetime) -> int:
    """Every pool's contributions and wins for the batch's plays (in play order; ``owners[i]``
    the player of ``plays.play_ids[i]``); the amount taken from the stakes into pools and
    reserves (the caller moves only the rest to the house). A fixed number of statements
    whatever the plays and the wins (see :func:`_write`)."""
    if not len(plays.play_ids) or not has_pools(rnd.game, rnd.variant):
        return 0
    cur = rnd.currency
    work = []
    for pool in sorted(pools_of(rnd.game, rnd.variant), key=lambda p: p.code):
        spec = pool.spec
        if not spec.offered_in(cur):
            continue
        amounts = np.asarray(contributions(plays.staked(spec.bets), spec.contribution), dtype=np.int64)
        if spec.kind == "share":
            may = np.zeros(len(amounts), dtype=bool)
        elif spec.award == "contributor":
            may = amounts > 0
        else:
            may = plays.won
        if not amounts.any() and not may.any():
            continue  # no play of the batch feeds or can win the pool: leave it unlocked
        work.append((pool, amounts, may))
    if not work:
        return 0
    states = _lock(session, ledger, [w[0] for w in work], cur, now)
    out = _Out()
    for (_pool, amounts, may), st in zip(work, states, strict=True):
        _run(rnd, st, plays.play_ids, owners, amounts, may, hi, out)
    _write(session, ledger, rnd, states, out, now)
    return out.taken


@dataclass
class _State:
    """A locked pool as the batch runs through it: its row's cycle and level, its balance and its
    reserve's (from the ledger), and whether a win changed the row."""

    pool: Pool
    row_id: int
    cycle: int
    level: int | None
    salt: str | None
    commitment: str | None
    bal: int
    reserve: int
    changed: bool = False


@dataclass
class _Win:
    state: _State
    play_id: int
    player_id: int
    cycle: int
    amount: int
    level: int | None
    salt: str | None
    #: (reserve -> pool, house -> pool) after the win, keyed by the win's id
    refill: tuple[int, int]


@dataclass
class _Out:
    """What the batch writes, in the order single rounds would: the contributions' transfers and
    the wins (each with its refill) as they come."""

    moves: list[Move | _Win] = field(default_factory=list)
    wins: list[_Win] = field(default_factory=list)
    taken: int = 0


def _lock(session: Session, ledger: Ledger, pools: Sequence[Pool], cur: str, now: datetime) -> list[_State]:
    """The pools' rows locked in code order (one statement; a pool used for the first time is
    created and seeded first, once ever) and their balances and reserves (one statement)."""
    codes = [p.code for p in pools]
    q = (select(JackpotPool.code, JackpotPool.id, JackpotPool.cycle, JackpotPool.drop_level,
                JackpotPool.drop_salt, JackpotPool.drop_commitment)
         .where(JackpotPool.code.in_(codes), JackpotPool.currency == cur)
         .order_by(JackpotPool.code).with_for_update())
    rows = {r[0]: r for r in session.execute(q)}
    if len(rows) < len(codes):
        for pool in pools:
            if pool.code not in rows:
                ensure_pool(session, pool, cur, now)
        rows = {r[0]: r for r in session.execute(q.execution_options(populate_existing=True))}
    money = balances(ledger, [c for p in pools for c in (account_code(p.code, cur), reserve_code(p.code, cur))])
    return [_State(p, int(rows[p.code][1]), int(rows[p.code][2]), rows[p.code][3], rows[p.code][4],
                   rows[p.code][5], money[account_code(p.code, cur)], money[reserve_code(p.code, cur)])
            for p in pools]


def _run(rnd: Round, st: _State, play_ids: Sequence[int], owners: Sequence[int], c: np.ndarray,
         m: np.ndarray, hi: int, out: _Out) -> None:
    """One pool through the batch's plays: the contributions between two wins as one transfer
    (and the excess to the reserve), each win as :func:`croupier.platform.jackpots._pay` makes it
    (the whole pool, then the refill and a new level)."""
    pool, spec, cur = st.pool, st.pool.spec, rnd.currency
    acc, res = account_code(pool.code, cur), reserve_code(pool.code, cur)
    stakes = system_code("stakes", cur)
    start, segment = 0, 0
    while start < len(play_ids):
        cum = np.cumsum(c[start:])
        into_cum = np.minimum(cum, max(0, spec.cap[cur] - st.bal))  # the pool stops at its cap
        won = None
        if spec.kind == "drop" and st.level is not None:
            hits = np.flatnonzero(m[start:] & (st.bal + into_cum >= st.level))
            won = int(hits[0]) if hits.size else None
        last = len(cum) - 1 if won is None else won
        into = int(into_cum[last])
        over = 0 if spec.overflow == "house" else int(cum[last]) - into
        key = f"{rnd.id}:{hi}:{st.row_id}:{segment}"
        if into:
            out.moves.append(Move(f"jackpot:in:draw:{key}", stakes, acc, into, "jackpot_in", rnd.id))
        if over:
            out.moves.append(Move(f"jackpot:over:draw:{key}", stakes, res, over, "jackpot_in", rnd.id))
        out.taken += into + over
        st.bal += into
        st.reserve += over
        if won is None:
            break
        start += won
        if st.bal > 0:  # the whole pool is won (a pool standing at 0 pays nothing)
            refill = refill_amounts(pool, cur, 0, st.reserve)
            win = _Win(st, int(play_ids[start]), int(owners[start]), st.cycle, st.bal, st.level,
                       st.salt, refill)
            out.wins.append(win)
            out.moves.append(win)
            st.reserve -= refill[0]
            st.bal = refill[0] + refill[1]
            st.cycle += 1
            if spec.kind == "drop":
                st.level, st.salt, st.commitment = new_level(pool, cur, st.cycle)
            st.changed = True
        start += 1
        segment += 1


def _write(session: Session, ledger: Ledger, rnd: Round, states: Sequence[_State], out: _Out,
           now: datetime) -> None:
    """The batch's jackpot writes, each one statement whatever the wins: the win records
    (their ids key the refills), where each winner's bets came from (001 §6.8.5), every transfer
    (contributions, wins, refills, top-ups) and the winners' balances, the ``jackpot`` round
    events, the pools' rows (cycle, level); one audit ``win`` entry per win."""
    moves = [m for m in out.moves if isinstance(m, Move)]
    if out.wins:
        cur = rnd.currency
        conn = session.connection()
        ids = {(int(p), int(c)): int(i) for i, p, c in bulk.insert_returning(
            conn, cast(Table, JackpotWin.__table__), [
                {"pool_id": w.state.row_id, "cycle": w.cycle, "round_id": rnd.id, "play_id": w.play_id,
                 "player_id": w.player_id, "bet_id": -1, "row": "drop", "amount": w.amount,
                 "pool_before": w.amount, "drop_level": w.level, "drop_salt": w.salt, "created_at": now}
                for w in out.wins], ("id", "pool_id", "cycle"))}
        targets = protection.payout_accounts(session, [(w.play_id, w.player_id) for w in out.wins])
        events = []
        moves = []
        for m in out.moves:
            if isinstance(m, Move):
                moves.append(m)
                continue
            pool = m.state.pool
            acc = account_code(pool.code, cur)
            ref = win_key(m.state.row_id, m.play_id, -1)
            target = targets[m.play_id]
            moves.append(Move(ref, acc, target, m.amount, "jackpot_win", rnd.id, m.play_id))
            audit.append(session, "win", player_id=m.player_id, round_id=rnd.id, play_id=m.play_id,
                         amount=m.amount, currency=cur, account=target.rsplit(":", 1)[-1], ref=ref, now=now)
            events.append({"round_id": rnd.id, "type": "jackpot", "created_at": now,
                           "data": win_event(pool, m.play_id, -1, "drop", m.amount, cur, m.amount)})
            key = f"w{ids[(m.state.row_id, m.cycle)]}"
            take, seed = m.refill
            if take > 0:
                moves.append(Move(f"jackpot:refill:{key}", reserve_code(pool.code, cur), acc, take,
                                  "jackpot_refill"))
            if seed > 0:
                moves.append(Move(f"jackpot:seed:{key}", system_code("house", cur), acc, seed, "jackpot_seed"))
        bulk.insert_rows(conn, cast(Table, RoundEvent.__table__), events)
        changed = [st for st in states if st.changed]
        bulk.update_rows(conn, cast(Table, JackpotPool.__table__), "id", [
            {"id": st.row_id, "cycle": st.cycle, "drop_level": st.level, "drop_salt": st.salt,
             "drop_commitment": st.commitment, "updated_at": now} for st in changed])
        for st in changed:  # a row the session loaded before is stale now
            loaded = session.identity_map.get(session.identity_key(JackpotPool, st.row_id))
            if loaded is not None:
                session.expire(loaded)
    transfer_many(ledger, moves, now)
