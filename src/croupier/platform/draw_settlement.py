"""A draw's settlement in batches (issue 20, docs/draws.md "Settlement in batches"): set-based,
a fixed number of statements per batch of plays whatever the number of tickets.

Per batch (:func:`settle_chunk`, the ``limit`` oldest open plays of a resulted draw):

1. one read of the batch's plays and their bets (targets as JSON text, parsed by one
   ``json.loads``);
2. every bet's return by the engine's :meth:`~croupier.games.draws.ticket.TicketEngine.bet_returns`
   (the very ``bet_return`` a single round settles with, vectorised where the game allows); the
   plays' totals by numpy;
3. the jackpot pools' contributions and wins (:mod:`.draw_jackpots`, as a single round's);
4. writes (:mod:`.draw_writes`), each one statement whatever the tickets: the bets that returned
   something (returned, outcome), the ids of those that lost; the winning plays (settled,
   returned); one ``draw-stakes:<round>:<last play>`` transfer stakes -> house; the winners'
   payout transfers (``payout:<play>``, house -> cash) with their cash balances; then the
   batch's other plays (all lost) settled with nothing returned by one range update.

Each play is settled exactly once: the batch holds the round's row lock, reads only open plays,
and its writes commit together (a crash mid-batch leaves the batch open and the next pass settles
it again from scratch; the ledger keys are unique).
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

import numpy as np
from sqlalchemy import String, and_, func, select, update
from sqlalchemy import cast as sql_cast
from sqlalchemy.orm import Session

from croupier.games.base import outcome_label
from croupier.games.draws.ticket import PlacedBet, TicketEngine
from croupier.platform import accumulator_settle, draw_jackpots
from croupier.platform.draw_writes import credit_players, write_bets, write_lost_bets, write_plays
from croupier.platform.errors import RoundStateError
from croupier.platform.ledger import Ledger, system_code
from croupier.platform.rounds import add_event, resolve_game
from croupier.store.models import Bet, Play, Round

#: plays settled per batch (one transaction)
CHUNK = 20_000


@dataclass
class SettledChunk:
    round_id: int
    table_id: str
    number: int
    plays: int
    done: bool
    #: player id -> what their tickets on this draw staked and returned
    players: dict[int, dict[str, Any]] = field(default_factory=dict)


def settle_chunk(session: Session, round_id: int, now: datetime, limit: int = CHUNK) -> SettledChunk:
    """Settle the ``limit`` oldest open plays of a resulted draw (see the module docstring). The
    draw is settled when no play is left open.

    The bets' targets are the selections the engine returned when the ticket was bought
    (:func:`croupier.platform.draws.buy_ticket` stores them), so they are settled as stored."""
    rnd = session.scalars(select(Round).where(Round.id == round_id).with_for_update()
                          .execution_options(populate_existing=True)).one()
    if rnd.state != "resulted" or rnd.outcome is None:
        raise RoundStateError(f"draw round {round_id} is {rnd.state}, not resulted")
    spec, variant = resolve_game(rnd.game, rnd.variant)
    engine = cast(TicketEngine, spec.engine)
    outcome = engine.outcome(variant, [int(b) for b in rnd.outcome.get("balls", [])],
                             [(str(k), int(v)) for k, v in rnd.outcome.get("extras", [])])
    open_plays = (Play.round_id == rnd.id, Play.status == "open")
    report = SettledChunk(rnd.id, rnd.table_id or "", int(rnd.number or 0), 0, False)
    with _gc_paused():
        hi = _settle_plays(session, engine, variant, outcome, rnd, limit, now, report)
    # the batch settled every open play of the draw up to its last: any play left comes after
    after = () if hi is None else (Play.id > hi,)
    left = session.scalar(select(Play.id).where(*open_plays, *after).limit(1))
    if left is None:
        rnd.state = "settled"
        rnd.settled_at = now
        add_event(session, rnd.id, "settled", {}, now)
        accumulator_settle.round_decided(session, rnd, now)  # the accumulators' legs on it (issue 23)
        report.done = True
    session.flush()
    return report


@contextmanager
def _gc_paused() -> Iterator[None]:
    """A batch allocates some ten objects per ticket that all live until it ends, so the cyclic
    garbage collector would scan them again and again (about 40% of the batch's Python CPU time,
    measured by ``make bench``); it is paused for the batch and resumed after if it was on."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _settle_plays(session: Session, engine: TicketEngine, variant: Any, outcome: Any,
                  rnd: Round, limit: int, now: datetime, report: SettledChunk) -> int | None:
    """The batch (see the module docstring); the id of its last play (None: no play was open)."""
    conn = session.connection()
    batch = (select(Play.id, Play.player_id).where(Play.round_id == rnd.id, Play.status == "open")
             .order_by(Play.id).limit(limit).cte("batch"))
    # the bets are read within the batch's range of play ids (implied by the join; it lets the
    # server read that range of the bets' play index instead of hashing every bet ever placed)
    first, last = (select(f(batch.c.id)).scalar_subquery() for f in (func.min, func.max))
    rows = conn.execute(select(batch.c.id, batch.c.player_id, Bet.id, Bet.code,
                               sql_cast(Bet.target, String), Bet.stake)
                        .select_from(batch.outerjoin(Bet, and_(Bet.play_id == batch.c.id,
                                                              Bet.play_id >= first, Bet.play_id <= last)))
                        .order_by(batch.c.id)).all()
    if not rows:
        return None
    lo, hi = int(rows[0][0]), int(rows[-1][0])  # the rows come in play order
    # a play of the batch without bets (buy_ticket makes none) is settled with nothing staked
    # by the blanket update at the end, with every play of the batch that won nothing (no open
    # play of the draw comes before the batch's first: the bounds only spare the server a scan
    # of the draw's plays settled before)
    blanket = update(Play).where(Play.round_id == rnd.id, Play.status == "open", Play.id >= lo,
                                 Play.id <= hi).values(status="settled", returned_total=0, settled_at=now)
    rows = [r for r in rows if r[2] is not None]
    if not rows:
        conn.execute(blanket)
        return hi
    play_col, player_col, bet_ids, codes, texts, stake_col = (list(c) for c in zip(*rows, strict=True))
    targets = json.loads("[" + ",".join(texts) + "]")
    placed = [PlacedBet(0, c, st, tuple(t)) for c, st, t in zip(codes, stake_col, targets, strict=True)]
    returned = engine.bet_returns(variant, placed, outcome, variant.limits_for(rnd.currency))
    # per play (the rows come in play order): where each play's bets start, its totals
    plays = np.asarray(play_col, dtype=np.int64)
    starts = np.flatnonzero(np.r_[True, plays[1:] != plays[:-1]])
    stakes = np.asarray(stake_col, dtype=np.int64)
    rets = np.asarray(returned, dtype=np.int64)
    play_ids = plays[starts]
    owners = np.asarray(player_col, dtype=np.int64)[starts]
    staked = np.add.reduceat(stakes, starts)
    paid = np.add.reduceat(rets, starts)
    won = np.maximum.reduceat(rets > stakes, starts)
    cur = rnd.currency
    ledger = Ledger(session)
    pooled = draw_jackpots.feed(session, ledger, rnd, draw_jackpots.Batch(
        play_ids.tolist(), starts, codes, stakes, won), owners.tolist(), hi, now)
    total = int(stakes.sum())
    if total - pooled:
        ledger.transfer(f"draw-stakes:{rnd.id}:{hi}", system_code("stakes", cur),
                        system_code("house", cur), total - pooled, "stake", round_id=rnd.id, now=now)
    # the bets: those that returned something with their values, the lost ones by id
    back = np.flatnonzero(rets)
    ids = np.asarray(bet_ids, dtype=np.int64)
    write_bets(conn, ids[back].tolist(), rets[back].tolist(),
               [outcome_label(int(st), int(r)) for st, r in zip(stakes[back].tolist(), rets[back].tolist(),
                                                                 strict=True)])
    write_lost_bets(conn, ids[rets == 0].tolist())
    winners = np.flatnonzero(paid)
    win_plays, win_paid = play_ids[winners].tolist(), paid[winners].tolist()
    credit_players(session, rnd.id, cur, "payout", system_code("house", cur),
                   list(zip(win_plays, owners[winners].tolist(), win_paid, strict=True)), now)
    write_plays(conn, win_plays, win_paid, now)
    conn.execute(blanket)  # the batch's other plays: all lost
    report.plays = len(play_ids)
    report.players = {who: {"stake_minor": s, "returned_minor": r}
                      for who, s, r in zip(owners.tolist(), staked.tolist(), paid.tolist(), strict=True)}
    return hi
