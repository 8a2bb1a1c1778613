"""Deposits through a simulated payment provider, withdrawals split into refund and winnings.

* A deposit starts ``pending``; the provider confirms it later (:func:`confirm_due_deposits`), and
  only then does the money move provider -> player cash (000 §10: the player bets within the
  balance once the payment system confirms the transfer).
* A withdrawal moves player cash -> provider at once and is split per 001 §4.4 (ASSUMPTION in the
  extract): ``refund = min(W, deposited - refunds already paid)``, ``winnings = W - refund``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from croupier.errors import InvalidAmount
from croupier.money import currency, format_minor, parse_amount_text
from croupier.platform.clock import iso
from croupier.platform.errors import InsufficientFunds, NotFound
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.protection import hooks as protection  # protection (issue 7)
from croupier.store.models import Account, Deposit, Player, Withdrawal

#: one deposit or withdrawal moves at most this many major units (ASSUMPTION: a sanity cap)
MAX_MOVE_MAJOR = 1_000_000
#: no amount anywhere may exceed this many minor units (keeps every sum inside 64 bits)
MAX_MINOR = 10**13


def parse_amount(value: object, cur_code: str) -> int:
    """A positive request amount in major units (decimal text) -> minor units."""
    cur = currency(cur_code)
    if not isinstance(value, str):
        raise InvalidAmount(f"amounts are given as decimal text such as \"1.50\", not {value!r}")
    minor = parse_amount_text(value, cur)
    if minor <= 0:
        raise InvalidAmount(f"the amount must be positive, got {value}")
    if minor > MAX_MINOR:
        raise InvalidAmount(f"{value} {cur.code} is too large")
    return minor


@dataclass(frozen=True, slots=True)
class BalanceView:
    currency: str
    cash: int
    bonus: int
    pending: int
    deposited: int
    refunded: int
    winnings_paid: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "currency": self.currency, "currency_exponent": currency(self.currency).exponent,
            "cash_minor": self.cash, "bonus_minor": self.bonus,
            "pending_deposits_minor": self.pending, "withdrawable_minor": self.cash,
            "deposited_minor": self.deposited, "refunded_minor": self.refunded,
            "winnings_paid_minor": self.winnings_paid,
        }


def balance(session: Session, player: Player) -> BalanceView:
    """The player's wallet in one statement (cash and bonus from the ledger's balance columns)."""
    def acc(kind: str) -> Any:
        return select(Account.balance).where(Account.code == player_code(player.id, kind)).scalar_subquery()

    def total(col: Any, *where: Any) -> Any:
        return select(func.coalesce(func.sum(col), 0)).where(*where).scalar_subquery()

    row = session.execute(select(
        acc("cash"), acc("bonus"),
        total(Deposit.amount, Deposit.player_id == player.id, Deposit.status == "pending"),
        total(Deposit.amount, Deposit.player_id == player.id, Deposit.status == "confirmed"),
        total(Withdrawal.refund_part, Withdrawal.player_id == player.id),
        total(Withdrawal.winnings_part, Withdrawal.player_id == player.id),
    )).one()
    cash, bonus, pending, deposited, refunded, winnings = (int(x or 0) for x in row)
    return BalanceView(player.currency, cash, bonus, pending, deposited, refunded, winnings)


def deposit_dict(d: Deposit) -> dict[str, Any]:
    return {"id": d.id, "amount_minor": d.amount, "currency": d.currency, "status": d.status,
            "created_at": iso(d.created_at), "confirmed_at": iso(d.confirmed_at)}


def withdrawal_dict(w: Withdrawal) -> dict[str, Any]:
    return {"id": w.id, "amount_minor": w.amount, "refund_minor": w.refund_part,
            "winnings_minor": w.winnings_part, "currency": w.currency, "status": w.status,
            "created_at": iso(w.created_at)}


def request_deposit(session: Session, player: Player, amount_text: object, now: datetime) -> Deposit:
    amount = parse_amount(amount_text, player.currency)
    cur = currency(player.currency)
    if amount > MAX_MOVE_MAJOR * cur.scale:
        raise InvalidAmount(f"a deposit is at most {format_minor(MAX_MOVE_MAJOR * cur.scale, cur)}")
    protection.check_deposit(session, player, amount, now)  # protection (issue 7): 001 §5.1.4, §10.1
    dep = Deposit(player_id=player.id, amount=amount, currency=player.currency, status="pending",
                  provider_ref=secrets.token_hex(12), created_at=now, confirmed_at=None)
    session.add(dep)
    session.flush()
    return dep


def confirm_deposit(session: Session, deposit_id: int, now: datetime) -> Deposit | None:
    """The provider's confirmation: exactly once (the state change and the transfer key guard it)."""
    res = session.execute(
        update(Deposit).where(Deposit.id == deposit_id, Deposit.status == "pending")
        .values(status="confirmed", confirmed_at=now).execution_options(synchronize_session=False)
    )
    if getattr(res, "rowcount", 0) != 1:
        return None
    dep = session.scalars(select(Deposit).where(Deposit.id == deposit_id)
                          .execution_options(populate_existing=True)).one()
    Ledger(session).transfer(f"deposit:{dep.id}", system_code("provider", dep.currency),
                             player_code(dep.player_id), dep.amount, "deposit", now=now)
    return dep


def due_deposits(session: Session, now: datetime, delay: float) -> list[int]:
    cutoff = now - timedelta(seconds=delay)
    return list(session.scalars(select(Deposit.id).where(
        Deposit.status == "pending", Deposit.created_at <= cutoff).order_by(Deposit.id).limit(200)))


def get_deposit(session: Session, player: Player, deposit_id: int) -> Deposit:
    dep = session.get(Deposit, deposit_id)
    if dep is None or dep.player_id != player.id:
        raise NotFound(f"no deposit {deposit_id}")
    return dep


def list_deposits(session: Session, player: Player) -> list[Deposit]:
    return list(session.scalars(select(Deposit).where(Deposit.player_id == player.id)
                                .order_by(Deposit.id.desc()).limit(100)))


def list_withdrawals(session: Session, player: Player) -> list[Withdrawal]:
    return list(session.scalars(select(Withdrawal).where(Withdrawal.player_id == player.id)
                                .order_by(Withdrawal.id.desc()).limit(100)))


def split_withdrawal(amount: int, deposited: int, refunds_paid: int) -> tuple[int, int]:
    """001 §4.4: the refund part may not exceed deposits less refunds already paid; the rest is
    winnings."""
    refund = min(amount, max(0, deposited - refunds_paid))
    return refund, amount - refund


def withdraw(session: Session, player: Player, amount_text: object, now: datetime) -> Withdrawal:
    amount = parse_amount(amount_text, player.currency)
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    protection.check_withdrawal(session, player, amount, now)  # protection (issue 7): 001 §5.2.13
    view = balance(session, player)
    if amount > view.cash:
        cur = currency(player.currency)
        raise InsufficientFunds(
            f"withdrawing {format_minor(amount, cur)} but the balance is {format_minor(view.cash, cur)}"
        )
    refund, winnings = split_withdrawal(amount, view.deposited, view.refunded)
    w = Withdrawal(player_id=player.id, amount=amount, refund_part=refund, winnings_part=winnings,
                   currency=player.currency, status="paid", created_at=now)
    session.add(w)
    session.flush()
    ledger.transfer(f"withdrawal:{w.id}", player_code(player.id), system_code("provider", w.currency),
                    amount, "withdrawal", now=now)
    return w
