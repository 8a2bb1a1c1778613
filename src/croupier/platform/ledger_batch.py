"""Ledger operations on many accounts or transfers at once (issue 20: a draw's settlement in a
fixed number of statements), with the rules of :class:`croupier.platform.ledger.Ledger`:

* :func:`accounts` - the fixed facts of many accounts, one statement for those not yet known;
* :func:`balances` - the derived balances of many system accounts, one statement;
* :func:`transfer_many` - many transfers, each exactly once under its own idempotency key with
  the ledger's payload hash (the same key with the same payload is a replay and moves nothing; a
  different payload raises :class:`~croupier.platform.errors.IdempotencyConflict`), and the
  credited player balances raised: two statements whatever the number of transfers (a third to
  read the earlier payloads when a key was used before). Only system accounts are debited here
  (a player's debit is conditional on the balance: :meth:`Ledger.transfer`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, func, literal_column, select, union_all
from sqlalchemy.orm import Session

from croupier.errors import CurrencyMismatch, InvalidAmount
from croupier.money import check_minor
from croupier.platform.errors import IdempotencyConflict, NotFound
from croupier.platform.ledger import AccountRef, Ledger, payload_hash
from croupier.store import bulk
from croupier.store.models import PLAYER_KINDS, Account, Transfer


@dataclass(frozen=True, slots=True)
class Move:
    """One transfer of :func:`transfer_many` (the arguments of :meth:`Ledger.transfer`)."""

    key: str
    debit: str
    credit: str
    amount: int
    kind: str
    round_id: int | None = None
    play_id: int | None = None


def accounts(ledger: Ledger, codes: Iterable[str]) -> dict[str, AccountRef]:
    """The accounts of ``codes`` (cached as :meth:`Ledger.account` caches them); one statement
    for the codes not known yet, none when all are."""
    wanted = list(dict.fromkeys(codes))
    cache: dict[str, AccountRef] = ledger.session.connection().info.setdefault("accounts", {})
    missing = [c for c in wanted if c not in cache]
    if missing:
        for code, acc_id, kind, cur in ledger.session.execute(
                select(Account.code, Account.id, Account.kind, Account.currency)
                .where(Account.code.in_(missing))):
            cache[str(code)] = AccountRef(int(acc_id), str(kind), str(cur))
    out = {}
    for code in wanted:
        ref = cache.get(code)
        if ref is None:
            raise NotFound(f"no ledger account {code!r}")
        ledger.know(code, ref)
        out[code] = ref
    return out


def balances(ledger: Ledger, codes: Sequence[str]) -> dict[str, int]:
    """The balances of system accounts ``codes`` (credits minus debits of their transfers, as
    :meth:`Ledger.derived_balance`): one statement (and one to look up unknown accounts)."""
    refs = accounts(ledger, codes)
    if any(r.kind in PLAYER_KINDS for r in refs.values()):
        raise ValueError("balances() reads system accounts; a player's balance is its column")
    ids = [r.id for r in refs.values()]
    t = Transfer.__table__.c
    moves = union_all(
        select(t.credit_account_id.label("acc"), t.amount.label("x")).where(t.credit_account_id.in_(ids)),
        select(t.debit_account_id.label("acc"), (-t.amount).label("x")).where(t.debit_account_id.in_(ids)),
    ).subquery()
    sums = {int(a): int(x) for a, x in ledger.session.execute(
        select(moves.c.acc, func.coalesce(func.sum(moves.c.x), literal_column("0")))
        .group_by(moves.c.acc))}
    return {code: sums.get(ref.id, 0) for code, ref in refs.items()}


def transfer_many(ledger: Ledger, moves: Sequence[Move], now: datetime) -> int:
    """Make ``moves`` (see the module docstring), in their order; the number of new transfers."""
    if not moves:
        return 0
    refs = accounts(ledger, [c for m in moves for c in (m.debit, m.credit)])
    rows: list[dict[str, Any]] = []
    keys = set()
    for m in moves:
        amount = check_minor(m.amount)
        if amount <= 0:
            raise InvalidAmount(f"a transfer moves a positive amount, got {amount}")
        if not m.key or len(m.key) > 120:
            raise ValueError("a transfer needs an idempotency key of 1 to 120 characters")
        if m.key in keys:
            raise ValueError(f"transfer key {m.key!r} twice in one batch")
        keys.add(m.key)
        if m.debit == m.credit:
            raise ValueError("a transfer moves money between two different accounts")
        src, dst = refs[m.debit], refs[m.credit]
        if src.kind in PLAYER_KINDS:
            raise ValueError(f"transfer_many debits system accounts only, not {m.debit!r}")
        if src.currency != dst.currency:
            raise CurrencyMismatch(f"cannot move {src.currency} into a {dst.currency} account")
        rows.append({"idempotency_key": m.key,
                     "payload_hash": payload_hash(m.debit, m.credit, amount, src.currency, m.kind),
                     "debit_account_id": src.id, "credit_account_id": dst.id, "amount": amount,
                     "currency": src.currency, "kind": m.kind, "round_id": m.round_id,
                     "play_id": m.play_id, "created_at": now})
    conn = ledger.session.connection()
    made = {str(r[0]) for r in bulk.insert_returning(conn, cast(Table, Transfer.__table__), rows,
                                                     ("idempotency_key",), ("idempotency_key",))}
    if len(made) < len(rows):
        _check_replays(ledger.session, {r["idempotency_key"]: r["payload_hash"] for r in rows
                                        if r["idempotency_key"] not in made})
    raised: dict[int, int] = {}
    for m, r in zip(moves, rows, strict=True):
        if m.key in made and refs[m.credit].kind in PLAYER_KINDS:
            raised[r["credit_account_id"]] = raised.get(r["credit_account_id"], 0) + r["amount"]
    bulk.update_rows(conn, cast(Table, Account.__table__), "id",
                     [{"id": a, "balance": x} for a, x in raised.items()], op="add")
    return len(made)


def _check_replays(session: Session, hashes: dict[str, str]) -> None:
    """Keys used before: a replay when the payload is the same, a conflict otherwise."""
    found = dict(session.execute(select(Transfer.idempotency_key, Transfer.payload_hash)
                                 .where(Transfer.idempotency_key.in_(list(hashes)))).tuples())
    for key, digest in hashes.items():
        if found.get(key) != digest:
            raise IdempotencyConflict(f"transfer key {key!r} was already used for a different transfer")
