"""Live roles (issue 16), held in the back office's role table (one role per account, granted by
``croupier operator grant LOGIN --role ROLE``).

Ranks: ``dealer`` < ``floor_manager`` < ``operator``. ASSUMPTION (004 names the floor manager as
the one who stops a game, removes cards and calls voids; it is silent on the back office): an
operator may do everything a floor manager may, and a floor manager everything a dealer may.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from croupier.platform.live_errors import RoleRequired
from croupier.platform.protection.roles import OPERATOR
from croupier.store.protection_models import Role

DEALER = "dealer"
FLOOR_MANAGER = "floor_manager"
RANK = {DEALER: 1, FLOOR_MANAGER: 2, OPERATOR: 3}
ROLES = tuple(RANK)


def role_of(session: Session, player_id: int) -> str | None:
    row = session.get(Role, player_id)
    return row.role if row is not None and row.role in RANK else None


def require(session: Session, player_id: int, minimum: str) -> str:
    """The account's role when it ranks at least ``minimum``; else :class:`RoleRequired`."""
    role = role_of(session, player_id)
    if role is None or RANK[role] < RANK[minimum]:
        held = role or "no live role"
        raise RoleRequired(f"this needs the {minimum.replace('_', ' ')} role (or higher); "
                           f"this account has {held.replace('_', ' ')}")
    return role
