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
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

import numpy as np
from sqlalchemy.orm import Session

from croupier.games.jackpot import contribution_of
from croupier.platform.jackpots import (
    Pool,
    _pay,
    account_code,
    ensure_pool,
    has_pools,
    pools_of,
    reserve_code,
)
from croupier.platform.ledger import Ledger, system_code
from croupier.store.jackpot_models import JackpotPool
from croupier.store.models import Play, Round


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


def feed(session: Session, ledger: Ledger, rnd: Round, plays: Batch, hi: int, now: datetime) -> int:
    """Every pool's contributions and wins for the batch's plays (in play order); the amount
    taken from the stakes into pools and reserves (the caller moves only the rest to the house)."""
    if not len(plays.play_ids) or not has_pools(rnd.game, rnd.variant):
        return 0
    cur = rnd.currency
    taken = 0
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
        row = ensure_pool(session, pool, cur, now, lock=True)
        taken += _run(session, ledger, rnd, pool, row, plays.play_ids, amounts, may, hi, now)
    return taken


def _run(session: Session, ledger: Ledger, rnd: Round, pool: Pool, row: JackpotPool,
         play_ids: Sequence[int], c: np.ndarray, m: np.ndarray, hi: int, now: datetime) -> int:
    spec, cur = pool.spec, row.currency
    acc, res = account_code(pool.code, cur), reserve_code(pool.code, cur)
    stakes = system_code("stakes", cur)
    start, segment, taken = 0, 0, 0
    while start < len(play_ids):
        bal = ledger.balance(acc)
        cum = np.cumsum(c[start:])
        into_cum = np.minimum(cum, max(0, spec.cap[cur] - bal))  # the pool stops at its cap
        won = None
        if spec.kind == "drop" and row.drop_level is not None:
            hits = np.flatnonzero(m[start:] & (bal + into_cum >= row.drop_level))
            won = int(hits[0]) if hits.size else None
        last = len(cum) - 1 if won is None else won
        into = int(into_cum[last])
        over = 0 if spec.overflow == "house" else int(cum[last]) - into
        key = f"{rnd.id}:{hi}:{row.id}:{segment}"
        if into:
            ledger.transfer(f"jackpot:in:draw:{key}", stakes, acc, into, "jackpot_in",
                            round_id=rnd.id, now=now)
        if over:
            ledger.transfer(f"jackpot:over:draw:{key}", stakes, res, over, "jackpot_in",
                            round_id=rnd.id, now=now)
        taken += into + over
        if won is None:
            break
        play = session.get(Play, int(play_ids[start + won]))
        if play is None:  # pragma: no cover - the batch's own play
            raise LookupError(f"play {play_ids[start + won]} vanished")
        amount = ledger.balance(acc)
        _pay(session, ledger, pool, row, rnd, play, -1, "drop", amount, amount, now)
        start += won + 1
        segment += 1
    return taken
