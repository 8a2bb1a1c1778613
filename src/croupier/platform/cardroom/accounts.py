"""The card room's ledger accounts (docs/pvp_poker.md "Card room: money").

* ``stack:<table>:<player>`` (kind ``table_stack``): the chips a player has on a table - an
  escrow: the buy-in moves cash into it, the cash-out moves it all back; its balance always
  equals the seat's ``stack``.
* ``pot:<table>`` (kind ``table_pot``): a hand's losers pay into it, its winners and the
  ``rake:<CUR>`` account are paid from it; it is back to zero after every hand.
* ``tourney:<id>`` (kind ``tournament_pool``): a sit-and-go's prize pool (buy-ins in, prizes out);
  the entry fee goes to ``house:<CUR>``.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.ledger import Ledger, player_code
from croupier.store.models import Account


def stack_code(table_id: str, player_id: int) -> str:
    return f"stack:{table_id}:{player_id}"


def pot_code(table_id: str) -> str:
    return f"pot:{table_id}"


def pool_code(tournament_id: int) -> str:
    return f"tourney:{tournament_id}"


def ensure_account(session: Session, code: str, kind: str, cur: str, player_id: int | None = None) -> None:
    if session.scalar(select(Account.id).where(Account.code == code)) is None:
        session.add(Account(code=code, kind=kind, player_id=player_id, currency=cur, balance=0))
        session.flush()


def stack_to_cash(session: Session, key: str, stack: str, player_id: int, amount: int,
                  now: datetime) -> int:
    """Move ``amount`` (a whole stack, if any) from the player's escrow account ``stack`` (a
    table's ``stack:`` or a Rush pool's ``rush:`` account) back to the player's cash, under the
    idempotency key ``key:<random>``."""
    if amount > 0:
        Ledger(session).transfer(f"{key}:{uuid.uuid4().hex[:12]}", stack, player_code(player_id),
                                 amount, "poker_cash_out", now=now)
    return amount
