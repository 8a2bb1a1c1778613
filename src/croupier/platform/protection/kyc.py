"""Verification (KYC): unverified -> pending -> verified | rejected (001 §5.1.1-5.1.3, §5.2.13).

A player submits their documents (pending); the back office verifies or rejects them with a note
(a rejected player may submit again). The back office may also verify directly, for instance
after a video conference (001 §5.1.3). Withdrawals need ``verified`` (001 §5.2.13).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from croupier.platform.clock import iso
from croupier.platform.errors import NotFound
from croupier.platform.protection.errors import InvalidLimit, ProtectionStateError
from croupier.store.models import Player
from croupier.store.protection_models import Verification

STATES = ("unverified", "pending", "verified", "rejected")


def state(session: Session, player_id: int) -> str:
    row = session.get(Verification, player_id)
    return "unverified" if row is None else row.state


def submit(session: Session, player: Player, documents: str, now: datetime) -> Verification:
    if not documents.strip():
        raise InvalidLimit("describe the documents you submit (e.g. passport scan reference)")
    row = session.get(Verification, player.id)
    if row is not None and row.state in ("pending", "verified"):
        raise ProtectionStateError(f"your verification is already {row.state}")
    if row is None:
        row = Verification(player_id=player.id, state="pending")
        session.add(row)
    row.state, row.submitted_at, row.documents = "pending", now, documents.strip()[:2000]
    row.reviewed_at, row.reviewed_by, row.note = None, None, None
    session.flush()
    return row


def review(session: Session, player_id: int, decision: str, note: str, operator_id: int | None,
           now: datetime) -> Verification:
    if decision not in ("verified", "rejected"):
        raise InvalidLimit("a verification decision is verified or rejected")
    if session.get(Player, player_id) is None:
        raise NotFound(f"no player {player_id}")
    row = session.get(Verification, player_id)
    if row is None:
        row = Verification(player_id=player_id, state="unverified", submitted_at=None, documents=None)
        session.add(row)
    if row.state == decision:
        raise ProtectionStateError(f"player {player_id} is already {decision}")
    if decision == "rejected" and not note.strip():
        raise InvalidLimit("a rejection needs its reason")
    row.state, row.reviewed_at, row.reviewed_by, row.note = decision, now, operator_id, note.strip()
    session.flush()
    return row


def kyc_dict(session: Session, player_id: int) -> dict[str, Any]:
    row = session.get(Verification, player_id)
    if row is None:
        return {"player_id": player_id, "state": "unverified", "submitted_at": None,
                "documents": None, "reviewed_at": None, "note": None}
    return {"player_id": player_id, "state": row.state, "submitted_at": iso(row.submitted_at),
            "documents": row.documents, "reviewed_at": iso(row.reviewed_at), "note": row.note}
