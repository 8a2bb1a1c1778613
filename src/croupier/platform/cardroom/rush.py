"""Rush & Cash pools (000 §12.12.3): a pool is the set of tables of one blind level (their
``cardroom_tables.pool``); a player joins the pool, not a table, and each fast fold moves him to
a new hand at once. Not built yet: :func:`join` refuses with :class:`NotBuilt`."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from croupier.errors import CroupierError
from croupier.store.models import Player


class NotBuilt(CroupierError):
    code = "not_implemented"


def join(session: Session, player: Player, pool: str, buy_in: int, now: datetime) -> dict[str, Any]:
    raise NotBuilt("Rush & Cash pools are not built yet (issue 21): play a Rush table's seat "
                   "through POST /api/cardroom/tables/{id}/seats")
