"""A draw's settlement in batches (issue 20, docs/draws.md "Settlement in batches"): set-based,
a fixed number of statements per batch of plays whatever the number of tickets.

Per batch (:func:`settle_chunk`, the ``limit`` oldest open plays of a resulted draw):

1. one read of the batch's bets (targets as JSON text, parsed by one ``json.loads``);
2. every bet's return by the engine's :meth:`~croupier.games.draws.ticket.TicketEngine.bet_returns`
   (the very ``bet_return`` a single round settles with, vectorised where the game allows);
3. the jackpot pools' contributions and wins (:mod:`.draw_jackpots`, as a single round's);
4. writes: every bet (returned, outcome) and every play (settled, returned) by one statement
   each (``UPDATE ... FROM json_to_recordset`` on PostgreSQL, ``executemany`` on SQLite); one
   ``draw-stakes:<round>:<last play>`` transfer stakes -> house; the winners' payout transfers
   (``payout:<play>``) by one INSERT and their cash balances by one UPDATE.

Each play is settled exactly once: the batch holds the round's row lock, reads only open plays,
and its writes commit together (a crash mid-batch leaves the batch open and the next pass settles
it again from scratch; the ledger keys are unique).
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

import numpy as np
from sqlalchemy import String, Table, bindparam, func, select, update
from sqlalchemy import cast as sql_cast
from sqlalchemy.orm import Session

from croupier.games.base import outcome_label
from croupier.games.draws.ticket import PlacedBet, TicketEngine
from croupier.platform import draw_jackpots
from croupier.platform.errors import RoundStateError
from croupier.platform.ledger import Ledger, payload_hash, player_code, system_code
from croupier.platform.protection import audit
from croupier.platform.rounds import add_event, resolve_game
from croupier.store import bulk
from croupier.store.models import Account, Bet, Play, Round, Transfer

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
    conn = session.connection()
    open_plays = (Play.round_id == rnd.id, Play.status == "open")
    batch = select(Play.id).where(*open_plays).order_by(Play.id).limit(limit).subquery()
    hi = conn.execute(select(func.max(batch.c.id))).scalar()
    report = SettledChunk(rnd.id, rnd.table_id or "", int(rnd.number or 0), 0, False)
    if hi is not None:
        with _gc_paused():
            _settle_plays(session, engine, variant, outcome, rnd, int(hi), now, report)
    left = session.scalar(select(Play.id).where(*open_plays).limit(1))
    if left is None:
        rnd.state = "settled"
        rnd.settled_at = now
        add_event(session, rnd.id, "settled", {}, now)
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
                  rnd: Round, hi: int, now: datetime, report: SettledChunk) -> None:
    conn = session.connection()
    in_batch = (Play.round_id == rnd.id, Play.status == "open", Play.id <= hi)
    rows = conn.execute(select(Play.id, Bet.id, Bet.code, sql_cast(Bet.target, String), Bet.stake,
                               Play.player_id, Account.id)
                        .join(Bet, Bet.play_id == Play.id)
                        .join(Account, (Account.player_id == Play.player_id)
                              & (Account.kind == "player_cash"))
                        .where(*in_batch).order_by(Play.id)).all()
    # a play of the batch without bets (buy_ticket makes none) is settled with nothing staked
    blanket = update(Play).where(*in_batch).values(status="settled", returned_total=0, settled_at=now)
    if not rows:
        conn.execute(blanket)
        return
    play_col, bet_ids, codes, texts, stake_col, player_col, cash_col = (
        list(c) for c in zip(*rows, strict=True))
    targets = json.loads("[" + ",".join(texts) + "]")
    placed = [PlacedBet(0, c, st, tuple(t)) for c, st, t in zip(codes, stake_col, targets, strict=True)]
    returned = engine.bet_returns(variant, placed, outcome, variant.limits_for(rnd.currency))
    # per play (the rows come in play order): where each play's bets start, its totals
    plays = np.asarray(play_col, dtype=np.int64)
    starts = np.flatnonzero(np.r_[True, plays[1:] != plays[:-1]])
    stakes = np.asarray(stake_col, dtype=np.int64)
    rets = np.asarray(returned, dtype=np.int64)
    first = starts.tolist()
    play_ids = [play_col[i] for i in first]
    owners = [(player_col[i], cash_col[i]) for i in first]
    staked = np.add.reduceat(stakes, starts)
    paid = np.add.reduceat(rets, starts)
    won = np.maximum.reduceat(rets > stakes, starts)
    labels = [outcome_label(st, r) for st, r in zip(stake_col, returned, strict=True)]
    cur = rnd.currency
    ledger = Ledger(session)
    pooled = draw_jackpots.feed(session, ledger, rnd, draw_jackpots.Batch(
        play_ids, starts, codes, stakes, won), hi, now)
    total = int(stakes.sum())
    if total - pooled:
        ledger.transfer(f"draw-stakes:{rnd.id}:{hi}", system_code("stakes", cur),
                        system_code("house", cur), total - pooled, "stake", round_id=rnd.id, now=now)
    paid_list = paid.tolist()
    _pay(session, ledger, rnd, [(pid, *who, r) for pid, who, r in zip(play_ids, owners, paid_list, strict=True)
                                if r > 0], now)
    _write_bets(conn, bet_ids, returned, labels)
    _write_plays(conn, play_ids, paid_list, now)
    conn.execute(blanket)
    report.plays = len(play_ids)
    report.players = {who[0]: {"stake_minor": s, "returned_minor": r}
                      for who, s, r in zip(owners, staked.tolist(), paid_list, strict=True)}


def _ints(values: Sequence[int]) -> str:
    """A PostgreSQL array literal of integers (one C-speed join; no per-value driver work)."""
    return "{" + ",".join(map(str, values)) + "}"


_BETS_PG = ("UPDATE bets AS t SET returned = u.r, outcome = u.o "
            "FROM unnest(%(ids)s::integer[], %(r)s::bigint[], %(o)s::varchar[]) AS u(id, r, o) "
            "WHERE t.id = u.id")
_PLAYS_PG = ("UPDATE plays AS t SET status = 'settled', settled_at = %(now)s, returned_total = u.r "
             "FROM unnest(%(ids)s::integer[], %(r)s::bigint[]) AS u(id, r) WHERE t.id = u.id")


def _write_bets(conn: Any, ids: Sequence[int], returned: Sequence[int], labels: Sequence[str]) -> None:
    """Every bet's return and outcome: one statement (PostgreSQL: arrays sent as text)."""
    if not ids:
        return
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(_BETS_PG, {"ids": _ints(ids), "r": _ints(returned),
                                        "o": "{" + ",".join(labels) + "}"})
        return
    conn.execute(update(Bet).where(Bet.id == bindparam("k")).values(
        returned=bindparam("r"), outcome=bindparam("o")),
        [{"k": i, "r": r, "o": o} for i, r, o in zip(ids, returned, labels, strict=True)])


def _write_plays(conn: Any, ids: Sequence[int], returned: Sequence[int], now: datetime) -> None:
    """Every play settled with its return: one statement."""
    if not ids:
        return
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(_PLAYS_PG, {"ids": _ints(ids), "r": _ints(returned), "now": now})
        return
    conn.execute(update(Play).where(Play.id == bindparam("k")).values(
        status="settled", settled_at=now, returned_total=bindparam("r")),
        [{"k": i, "r": r} for i, r in zip(ids, returned, strict=True)])


def _pay(session: Session, ledger: Ledger, rnd: Round, winners: Sequence[tuple[int, int, int, int]],
         now: datetime) -> None:
    """The winners' payouts ((play, player, cash account, returned) each): one transfer row each
    (key ``payout:<play>``), inserted in one statement, and their cash balances raised in one."""
    if not winners:
        return
    cur = rnd.currency
    house = system_code("house", cur)
    house_id = ledger.account(house).id
    transfers = []
    credits = []
    for pid, player_id, cash_id, returned in winners:
        transfers.append({"idempotency_key": f"payout:{pid}",
                          "payload_hash": payload_hash(house, player_code(player_id), returned,
                                                       cur, "payout"),
                          "debit_account_id": house_id, "credit_account_id": cash_id,
                          "amount": returned, "currency": cur, "kind": "payout",
                          "round_id": rnd.id, "play_id": pid, "created_at": now})
        credits.append({"id": cash_id, "balance": returned})
        audit.append(session, "win", player_id=player_id, round_id=rnd.id, play_id=pid,
                     amount=returned, currency=cur, account="cash", ref=f"payout:{pid}", now=now)
    conn = session.connection()
    bulk.insert_rows(conn, cast(Table, Transfer.__table__), transfers)
    bulk.update_rows(conn, cast(Table, Account.__table__), "id", credits, op="add")
