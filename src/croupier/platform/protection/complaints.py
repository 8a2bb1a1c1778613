"""Complaints about a round (000 §11; 001 §5.2.16).

A complaint is a written application (10 to 5000 characters) about one of the player's rounds,
accepted within 15 days of the actual end of the game (the round's settlement or void); later ones
are refused with the reason. ASSUMPTION: a complaint about a round not yet ended is accepted (its
window has not started). 000 §10: a player who registered with fraudulent or inaccurate data loses
the review of disputed issues, so a player blocked for false information cannot file. The back
office resolves each complaint once, as upheld or rejected, with its written decision.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.clock import aware, iso
from croupier.platform.errors import NotFound
from croupier.platform.protection.blocks import active_blocks
from croupier.platform.protection.config import settings
from croupier.platform.protection.errors import (
    ComplaintRefused,
    InvalidLimit,
    ProtectionStateError,
)
from croupier.platform.protection.periods import local_text
from croupier.store.models import Play, Player, Round
from croupier.store.protection_models import Complaint

OUTCOMES = ("upheld", "rejected")


def file(session: Session, player: Player, round_id: int, text: str, now: datetime) -> Complaint:
    body = text.strip()
    if not 10 <= len(body) <= 5000:
        raise InvalidLimit("a complaint is a written statement of 10 to 5000 characters")
    rnd = session.get(Round, round_id)
    play = session.scalars(select(Play).where(Play.round_id == round_id,
                                              Play.player_id == player.id)).one_or_none()
    if rnd is None or play is None:
        raise NotFound(f"no round {round_id} in your games history")
    if any(b.reason == "false_information" for b in active_blocks(session, player.id)):
        raise ComplaintRefused(
            "an account registered with false or inaccurate data loses the review of disputed "
            "issues (000 §10)"
        )
    ended = rnd.settled_at if rnd.state in ("settled", "voided") else None
    if ended is not None:
        cfg = settings()
        deadline = aware(ended) + cfg.complaint_window
        if now > deadline:
            days = cfg.complaint_window.days
            raise ComplaintRefused(
                f"complaints are accepted within {days} days of the actual end of the game "
                f"(000 §11): round {round_id} ended on {local_text(ended, cfg.tz)} and the "
                f"{days} days ran out on {local_text(deadline, cfg.tz)}"
            )
    row = Complaint(player_id=player.id, round_id=round_id, text=body, filed_at=now,
                    round_ended_at=ended, state="open", decision=None, resolved_at=None,
                    resolved_by=None)
    session.add(row)
    session.flush()
    return row


def resolve(session: Session, complaint_id: int, outcome: str, decision: str, operator_id: int,
            now: datetime) -> Complaint:
    if outcome not in OUTCOMES:
        raise InvalidLimit("a complaint is resolved as upheld or rejected")
    if not decision.strip():
        raise InvalidLimit("a resolution records its decision in writing")
    row = session.get(Complaint, complaint_id)
    if row is None:
        raise NotFound(f"no complaint {complaint_id}")
    if row.state != "open":
        raise ProtectionStateError(f"complaint {complaint_id} was already resolved ({row.state})")
    row.state, row.decision, row.resolved_at, row.resolved_by = outcome, decision.strip(), now, operator_id
    session.flush()
    return row


def complaint_dict(c: Complaint) -> dict[str, Any]:
    return {"id": c.id, "player_id": c.player_id, "round_id": c.round_id, "text": c.text,
            "filed_at": iso(c.filed_at), "round_ended_at": iso(c.round_ended_at),
            "state": c.state, "decision": c.decision, "resolved_at": iso(c.resolved_at)}


def list_for(session: Session, player_id: int | None = None, state: str | None = None) -> list[Complaint]:
    q = select(Complaint)
    if player_id is not None:
        q = q.where(Complaint.player_id == player_id)
    if state is not None:
        q = q.where(Complaint.state == state)
    return list(session.scalars(q.order_by(Complaint.id.desc()).limit(500)))
