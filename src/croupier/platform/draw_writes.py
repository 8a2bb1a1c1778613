"""The set-based writes of a draw's settlement and refund (issue 20, docs/draws.md "Settlement in
batches"): a fixed number of statements for any number of plays.

On PostgreSQL every statement takes its rows as a few arrays (``unnest``), sent as array text built
by one C-speed ``join`` (no per-value driver work, no per-row Python object), and the server
builds the rest: a payout's or refund's transfer row (key, payload hash, accounts) and the
player's cash balance come from the plays' ids and amounts by one statement. Only the rows that
differ are sent: a losing bet is one id in an array, a losing play is caught by the batch's
blanket update (:func:`croupier.platform.draw_settlement.settle_chunk`).

Elsewhere (SQLite, the embedded store of ``make run``: in-process, no round trips) the same rows
go through ``executemany`` and the ledger's own transfer rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.orm import Session

from croupier.platform.errors import RoundStateError
from croupier.platform.ledger import Ledger, payload_hash, player_code
from croupier.platform.protection import audit
from croupier.store import bulk
from croupier.store.models import Account, Bet, Play, Transfer

#: SQLite's limit of bound values per statement, with room to spare
_IN_CHUNK = 10_000


def ints(values: Sequence[int]) -> str:
    """A PostgreSQL array literal of integers (one C-speed join; no per-value driver work)."""
    return "{" + ",".join(map(str, values)) + "}"


def _words(values: Sequence[str]) -> str:
    """A PostgreSQL array literal of plain words (outcome labels: letters only, no quoting)."""
    return "{" + ",".join(values) + "}"


# Each update also bounds the rows by the lowest and highest id it writes (implied by the ids, so
# it changes nothing written): the server then reads only that range of the table's primary key
# instead of hashing the whole table (every bet or play ever placed) to find a batch's rows - the
# plan it took without the bound, about half of these statements' time on a table of 100,000
# rows (``make bench``), and more as the table grows.
_BETS_PG = ("UPDATE bets AS t SET returned = u.r, outcome = u.o "
            "FROM unnest(%(ids)s::integer[], %(r)s::bigint[], %(o)s::varchar[]) AS u(id, r, o) "
            "WHERE t.id = u.id AND t.id BETWEEN %(lo)s AND %(hi)s")
_BETS_LOST_PG = ("UPDATE bets SET returned = 0, outcome = 'lose' "
                 "WHERE id = ANY(%(ids)s::integer[]) AND id BETWEEN %(lo)s AND %(hi)s")
_PLAYS_PG = ("UPDATE plays AS t SET status = %(status)s, settled_at = %(now)s, returned_total = u.r "
             "FROM unnest(%(ids)s::integer[], %(r)s::bigint[]) AS u(id, r) "
             "WHERE t.id = u.id AND t.id BETWEEN %(lo)s AND %(hi)s")


def write_bets(conn: Any, ids: Sequence[int], returned: Sequence[int], labels: Sequence[str]) -> None:
    """Bets' returns and outcomes: one statement (PostgreSQL: arrays sent as text)."""
    if not ids:
        return
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(_BETS_PG, {"ids": ints(ids), "r": ints(returned), "o": _words(labels),
                                        "lo": min(ids), "hi": max(ids)})
        return
    conn.execute(update(Bet).where(Bet.id == bindparam("k")).values(
        returned=bindparam("r"), outcome=bindparam("o")),
        [{"k": i, "r": r, "o": o} for i, r, o in zip(ids, returned, labels, strict=True)])


def write_lost_bets(conn: Any, ids: Sequence[int]) -> None:
    """Bets that returned nothing (``returned`` 0, outcome ``lose``): one statement, their ids only."""
    if not ids:
        return
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(_BETS_LOST_PG, {"ids": ints(ids), "lo": min(ids), "hi": max(ids)})
        return
    conn.execute(update(Bet).where(Bet.id == bindparam("k")).values(returned=0, outcome="lose"),
                 [{"k": i} for i in ids])


def write_plays(conn: Any, ids: Sequence[int], returned: Sequence[int], now: datetime,
                status: str = "settled") -> None:
    """Plays closed (``status``) with their returns: one statement."""
    if not ids:
        return
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(_PLAYS_PG, {"ids": ints(ids), "r": ints(returned), "now": now,
                                         "status": status, "lo": min(ids), "hi": max(ids)})
        return
    conn.execute(update(Play).where(Play.id == bindparam("k")).values(
        status=status, settled_at=now, returned_total=bindparam("r")),
        [{"k": i, "r": r} for i, r in zip(ids, returned, strict=True)])


# The payouts (or refunds) of many plays: each one transfer row keyed ``<kind>:<play>`` from the
# debit account to the player's cash account, with the very payload hash the ledger computes
# (:func:`croupier.platform.ledger.payload_hash`), and the cash balances raised; the counts tell
# a play whose player has no cash account (the batch is then refused whole). The cash accounts
# are looked up by the players' ids (their index) rather than joined to the whole table, which the
# server did by hashing every account of the casino (a fifth of the statement's time with 200,000
# accounts: ``make bench``).
_CREDIT_PG = """
WITH w AS (
  SELECT u.play_id, u.amount, a.id AS cash_id, a.player_id
  FROM unnest(%(plays)s::integer[], %(players)s::integer[], %(amounts)s::bigint[])
       AS u(play_id, player_id, amount)
  JOIN (SELECT id, player_id FROM accounts
        WHERE player_id = ANY(%(players)s::integer[]) AND kind = 'player_cash') a
    ON a.player_id = u.player_id
), t AS (
  INSERT INTO transfers (idempotency_key, payload_hash, debit_account_id, credit_account_id,
                         amount, currency, kind, round_id, play_id, created_at)
  SELECT %(prefix)s || w.play_id,
         encode(sha256(convert_to(%(debit)s || '|player:' || w.player_id || ':cash|' || w.amount
                                  || '|' || %(cur)s || '|' || %(kind)s, 'UTF8')), 'hex'),
         %(debit_id)s, w.cash_id, w.amount, %(cur)s, %(kind)s, %(round)s, w.play_id, %(now)s
  FROM w
  RETURNING 1
), c AS (
  UPDATE accounts AS a SET balance = a.balance + w.amount FROM w WHERE a.id = w.cash_id
  RETURNING 1
)
SELECT (SELECT count(*) FROM t), (SELECT count(*) FROM c)
"""


def credit_players(session: Session, round_id: int, cur: str, kind: str, debit: str,
                   credits: Sequence[tuple[int, int, int]], now: datetime) -> None:
    """Pay ``credits`` ((play, player, amount) each, amounts positive, one play per player) from
    the system account ``debit`` into each player's cash account: one ledger transfer each,
    keyed ``<kind>:<play>`` (a key used before refuses the whole batch: nothing is paid twice),
    the cash balances raised, and one protection audit entry each (``win`` for a payout,
    ``refund`` for a refund). PostgreSQL: one statement."""
    if not credits:
        return
    ledger = Ledger(session)
    debit_ref = ledger.account(debit)
    conn = session.connection()
    audit_kind = "win" if kind == "payout" else kind
    audit.append_many(session, audit_kind, ((player_id, round_id, play_id, amount, cur, "cash", f"{kind}:{play_id}")
                                            for play_id, player_id, amount in credits), now)
    if conn.dialect.name == "postgresql":
        plays, players, amounts = zip(*credits, strict=True)
        made, raised = conn.exec_driver_sql(_CREDIT_PG, {
            "plays": ints(plays), "players": ints(players), "amounts": ints(amounts),
            "prefix": f"{kind}:", "debit": debit,
            "cur": cur, "kind": kind, "debit_id": debit_ref.id, "round": round_id, "now": now}).one()
        if made != len(credits) or raised != len(credits):
            raise RoundStateError(f"round {round_id}: {len(credits)} {kind}s, but {made} transfers "
                                  f"and {raised} cash accounts (a player without a cash account)")
        return
    cash = _cash_accounts(conn, [p for _pl, p, _a in credits])
    bulk.insert_rows(conn, cast(Table, Transfer.__table__), [
        {"idempotency_key": f"{kind}:{play_id}",
         "payload_hash": payload_hash(debit, player_code(player_id), amount, cur, kind),
         "debit_account_id": debit_ref.id, "credit_account_id": cash[player_id], "amount": amount,
         "currency": cur, "kind": kind, "round_id": round_id, "play_id": play_id, "created_at": now}
        for play_id, player_id, amount in credits])
    bulk.update_rows(conn, cast(Table, Account.__table__), "id",
                     [{"id": cash[player_id], "balance": amount} for _p, player_id, amount in credits],
                     op="add")


def _cash_accounts(conn: Any, players: Sequence[int]) -> dict[int, int]:
    """Each player's cash account id (in chunks of bound values)."""
    out: dict[int, int] = {}
    for i in range(0, len(players), _IN_CHUNK):
        part = players[i:i + _IN_CHUNK]
        out.update((int(p), int(a)) for p, a in conn.execute(
            select(Account.player_id, Account.id).where(Account.kind == "player_cash",
                                                        Account.player_id.in_(part))))
    missing = [p for p in players if p not in out]
    if missing:
        raise RoundStateError(f"players without a cash account: {missing[:5]}")
    return out
