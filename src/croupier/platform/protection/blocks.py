"""Blocking a Personal Account for a reason of 001 §5.1.4.

A blocked account cannot bet or deposit (checked at the start of both); its money stays on its
ledger accounts untouched, withdrawals follow the usual rules (verification, 001 §5.2.13), rounds
already under way settle, and lifting the block restores play.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.clock import iso
from croupier.platform.errors import NotFound
from croupier.platform.protection.errors import AccountBlocked, InvalidLimit, ProtectionStateError
from croupier.store.models import Player
from croupier.store.protection_models import AccountBlock

#: 001 §5.1.4, each reason as written
REASONS: dict[str, str] = {
    "unverified": "has not passed verification",
    "false_information": "provided false information",
    "third_party_card": "used a third-party payment card to deposit or to receive a payout",
    "several_accounts": "created several Personal Accounts used by them alone",
    "influencing_software": "used programs, objects or algorithms that can influence results",
    "duties_not_fulfilled": "does not fulfil the player's duties",
    "law_violation": "violated the law (including AML/CFT), the T&C or these Rules",
}


def active_blocks(session: Session, player_id: int) -> list[AccountBlock]:
    return list(session.scalars(select(AccountBlock).where(
        AccountBlock.player_id == player_id, AccountBlock.lifted_at.is_(None))
        .order_by(AccountBlock.id)))


def check_not_blocked(session: Session, player_id: int, action: str) -> None:
    blocks = active_blocks(session, player_id)
    if blocks:
        why = "; ".join(REASONS.get(b.reason, b.reason) for b in blocks)
        raise AccountBlocked(
            f"your account is blocked (001 §5.1.4: {why}): {action} refused. Your balance is "
            "preserved; contact support"
        )


def block(session: Session, player_id: int, reason: str, note: str, operator_id: int | None,
          now: datetime) -> AccountBlock:
    if reason not in REASONS:
        raise InvalidLimit(f"a block's reason is one of {', '.join(REASONS)} (001 §5.1.4)")
    if session.get(Player, player_id) is None:
        raise NotFound(f"no player {player_id}")
    row = AccountBlock(player_id=player_id, reason=reason, note=note.strip(), created_at=now,
                       created_by=operator_id, lifted_at=None, lifted_by=None, lift_note=None)
    session.add(row)
    session.flush()
    return row


def lift(session: Session, block_id: int, note: str, operator_id: int, now: datetime) -> AccountBlock:
    row = session.get(AccountBlock, block_id)
    if row is None:
        raise NotFound(f"no block {block_id}")
    if row.lifted_at is not None:
        raise ProtectionStateError(f"block {block_id} was already lifted")
    row.lifted_at, row.lifted_by, row.lift_note = now, operator_id, note.strip()
    return row


def block_dict(b: AccountBlock) -> dict[str, Any]:
    return {"id": b.id, "player_id": b.player_id, "reason": b.reason,
            "reason_text": REASONS.get(b.reason, b.reason), "note": b.note,
            "created_at": iso(b.created_at), "lifted_at": iso(b.lifted_at),
            "lift_note": b.lift_note}
