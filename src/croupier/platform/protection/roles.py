"""Back-office roles: an account with the ``operator`` role may use the back office."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.platform.errors import NotFound
from croupier.platform.protection.errors import OperatorOnly
from croupier.store.models import Player
from croupier.store.protection_models import Role

OPERATOR = "operator"


def grant(session: Session, login: str, now: datetime, role: str = OPERATOR) -> Player:
    player = session.scalars(select(Player).where(Player.login == login.strip().lower())).one_or_none()
    if player is None:
        raise NotFound(f"no account {login!r}")
    row = session.get(Role, player.id)
    if row is None:
        session.add(Role(player_id=player.id, role=role, granted_at=now))
    else:
        row.role = role
    session.flush()
    return player


def is_operator(session: Session, player_id: int) -> bool:
    row = session.get(Role, player_id)
    return row is not None and row.role == OPERATOR


def require_operator(session: Session, player_id: int) -> None:
    if not is_operator(session, player_id):
        raise OperatorOnly("this is a back-office action: an operator account is required")
