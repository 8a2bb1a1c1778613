"""The double-entry ledger.

Every movement of money is one :class:`~croupier.store.models.Transfer`: ``amount`` (a positive
integer of minor units) leaves the debit account and enters the credit account, so the balances of
all accounts always sum to zero. Each transfer has a unique idempotency key: the same key with the
same payload returns the first transfer unchanged; the same key with a different payload raises
:class:`IdempotencyConflict`.

Accounts, per currency: each player's ``cash`` and ``bonus``; the ``house``; the payment
``provider`` (money held outside the platform: it goes negative as players deposit); ``stakes``
(stakes of bets accepted and not yet settled); ``rake``; ``jackpot`` pools.

A player's balance is a column updated in the same statement that checks it
(``UPDATE ... SET balance = balance - x WHERE balance >= x``), so two concurrent debits can never
take it below zero; a CHECK constraint in the schema backs this up. System accounts are not
updated per transfer (that row would serialise every bet of the casino): their balance is the sum
of their transfers, computed on demand.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from croupier.errors import CurrencyMismatch, InvalidAmount
from croupier.money import check_minor, currency, format_minor
from croupier.platform.clock import utcnow
from croupier.platform.errors import IdempotencyConflict, InsufficientFunds, NotFound
from croupier.store.models import PLAYER_KINDS, Account, Transfer

SYSTEM_KINDS = ("house", "provider", "stakes", "rake", "jackpot")


def system_code(kind: str, cur: str) -> str:
    return f"{kind}:{cur}"


def player_code(player_id: int, kind: str = "cash") -> str:
    return f"player:{player_id}:{kind}"


@dataclass(frozen=True, slots=True)
class AccountRef:
    id: int
    kind: str
    currency: str


@dataclass(frozen=True, slots=True)
class TransferResult:
    id: int
    key: str
    amount: int
    replayed: bool


def payload_hash(debit: str, credit: str, amount: int, cur: str, kind: str) -> str:
    return hashlib.sha256(f"{debit}|{credit}|{amount}|{cur}|{kind}".encode()).hexdigest()


_payload_hash = payload_hash


class Ledger:
    """Ledger operations inside one unit of work's session."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._ids: dict[str, AccountRef] = {}

    # -- accounts ------------------------------------------------------------------------------

    def account(self, code: str) -> AccountRef:
        """An account's fixed facts (id, kind, currency), cached per database connection: they
        never change once the account is committed."""
        acc = self._ids.get(code)
        if acc is not None:
            return acc
        cache: dict[str, AccountRef] = self.session.connection().info.setdefault("accounts", {})
        acc = cache.get(code)
        if acc is None:
            row = self.session.execute(select(Account.id, Account.kind, Account.currency)
                                       .where(Account.code == code)).one_or_none()
            if row is None:
                raise NotFound(f"no ledger account {code!r}")
            acc = AccountRef(int(row[0]), str(row[1]), str(row[2]))
            cache[code] = acc
        self._ids[code] = acc
        return acc

    def know(self, code: str, ref: AccountRef) -> None:
        """Tell this unit of work an account's facts it has just read itself (a batch reads its
        players' cash accounts while locking them), so :meth:`account` need not look them up."""
        self._ids[code] = ref

    def ensure_system_accounts(self, cur: str) -> None:
        for kind in SYSTEM_KINDS:
            code = system_code(kind, cur)
            exists = self.session.scalar(select(Account.id).where(Account.code == code))
            if exists is None:
                self.session.add(Account(code=code, kind=kind, player_id=None, currency=cur, balance=0))
        self.session.flush()

    def open_player_accounts(self, player_id: int, cur: str) -> None:
        for kind in ("cash", "bonus"):
            self.session.add(Account(code=player_code(player_id, kind), kind=f"player_{kind}",
                                     player_id=player_id, currency=cur, balance=0))
        self.session.flush()

    def lock_player(self, player_id: int) -> None:
        """Serialise a player's own commands (one at a time) by locking their cash row."""
        self.session.execute(
            select(Account.id).where(Account.code == player_code(player_id)).with_for_update()
        )

    def balance(self, code: str) -> int:
        acc = self.account(code)
        if acc.kind in PLAYER_KINDS:
            value = self.session.scalar(select(Account.balance).where(Account.id == acc.id))
            return int(value or 0)
        return self.derived_balance(acc.id)

    def derived_balance(self, account_id: int) -> int:
        """Credits minus debits of an account, from its transfers."""
        credits = self.session.scalar(
            select(func.coalesce(func.sum(Transfer.amount), 0)).where(
                Transfer.credit_account_id == account_id)
        )
        debits = self.session.scalar(
            select(func.coalesce(func.sum(Transfer.amount), 0)).where(
                Transfer.debit_account_id == account_id)
        )
        return int(credits or 0) - int(debits or 0)

    # -- transfers -----------------------------------------------------------------------------

    def transfer(
        self,
        key: str,
        debit: str,
        credit: str,
        amount: int,
        kind: str,
        *,
        round_id: int | None = None,
        play_id: int | None = None,
        now: datetime | None = None,
    ) -> TransferResult:
        """Move ``amount`` from ``debit`` to ``credit`` exactly once under ``key``."""
        amount = check_minor(amount)
        if amount <= 0:
            raise InvalidAmount(f"a transfer moves a positive amount, got {amount}")
        if not key or len(key) > 120:
            raise ValueError("a transfer needs an idempotency key of 1 to 120 characters")
        if debit == credit:
            raise ValueError("a transfer moves money between two different accounts")
        src = self.account(debit)
        dst = self.account(credit)
        if src.currency != dst.currency:
            raise CurrencyMismatch(f"cannot move {src.currency} into a {dst.currency} account")
        digest = _payload_hash(debit, credit, amount, src.currency, kind)
        # Claim the key first: a concurrent transfer with the same key waits here for the first
        # to commit, then finds it. A refused debit below rolls the claim back with the rest.
        insert = pg_insert if self.session.get_bind().dialect.name == "postgresql" else sqlite_insert
        stmt = (
            insert(Transfer)
            .values(idempotency_key=key, payload_hash=digest, debit_account_id=src.id,
                    credit_account_id=dst.id, amount=amount, currency=src.currency, kind=kind,
                    round_id=round_id, play_id=play_id, created_at=now or utcnow())
            .on_conflict_do_nothing(index_elements=["idempotency_key"])
            .returning(Transfer.id)
        )
        new_id = self.session.execute(stmt).scalar_one_or_none()
        if new_id is None:
            existing = self.session.execute(
                select(Transfer.id, Transfer.payload_hash, Transfer.amount)
                .where(Transfer.idempotency_key == key)
            ).one()
            if existing[1] != digest:
                raise IdempotencyConflict(
                    f"transfer key {key!r} was already used for a different transfer"
                )
            return TransferResult(int(existing[0]), key, int(existing[2]), True)
        if src.kind in PLAYER_KINDS:
            res = self.session.execute(
                update(Account)
                .where(Account.id == src.id, Account.balance >= amount)
                .values(balance=Account.balance - amount)
                .execution_options(synchronize_session=False)
            )
            if getattr(res, "rowcount", 0) != 1:
                have = self.balance(debit)
                cur = currency(src.currency)
                raise InsufficientFunds(
                    f"{format_minor(amount, cur)} needed but the balance is {format_minor(have, cur)}"
                )
        if dst.kind in PLAYER_KINDS:
            self.session.execute(
                update(Account)
                .where(Account.id == dst.id)
                .values(balance=Account.balance + amount)
                .execution_options(synchronize_session=False)
            )
        return TransferResult(int(new_id), key, amount, False)


@dataclass(frozen=True, slots=True)
class LedgerAudit:
    """The ledger's invariants, computed from the transfers alone."""

    total: int  # sum of every account's derived balance: always 0
    mismatched: tuple[str, ...]  # player accounts whose balance column differs from its transfers
    negative_players: tuple[str, ...]


def audit(session: Session) -> LedgerAudit:
    credits = dict(
        session.execute(
            select(Transfer.credit_account_id, func.sum(Transfer.amount)).group_by(
                Transfer.credit_account_id)
        ).all()
    )
    debits = dict(
        session.execute(
            select(Transfer.debit_account_id, func.sum(Transfer.amount)).group_by(
                Transfer.debit_account_id)
        ).all()
    )
    total = 0
    mismatched: list[str] = []
    negative: list[str] = []
    for acc in session.scalars(select(Account).execution_options(populate_existing=True)).all():
        derived = int(credits.get(acc.id, 0) or 0) - int(debits.get(acc.id, 0) or 0)
        total += derived
        if acc.kind in PLAYER_KINDS:
            if derived != acc.balance:
                mismatched.append(acc.code)
            if acc.balance < 0 or derived < 0:
                negative.append(acc.code)
    return LedgerAudit(total, tuple(mismatched), tuple(negative))
