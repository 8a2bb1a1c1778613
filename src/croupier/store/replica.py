"""Reads off the primary (issue 24 point 4): which engine serves a read that may use the replica.

**The lag rule** (docs/operations.md): a read is served by the replica only when the replica has
replayed the primary's WAL up to the position the primary had reached when the read began
(``pg_current_wal_lsn()`` on the primary, ``pg_last_wal_replay_lsn()`` on the standby). Every
transaction committed before the read began (a player's just-settled round, a bet accepted a
moment ago) is then visible on the replica, so a read off the replica never shows less than the
same read on the primary would have shown at its start. The replica is given ``wait`` seconds to
reach that position (polled every few milliseconds); if it has not, the read goes to the primary
(``lagging``). It also goes to the primary when the replica cannot be reached or fails the read
(``unavailable``), or is not a standby at all (``not_standby``: a misconfiguration).

ASSUMPTION: the primary runs with ``synchronous_commit`` on (PostgreSQL's default, which the
ledger's durability needs anyway): a transaction is visible only once its commit record is
flushed, so its commit position is at or before the primary's write position.

Only :meth:`croupier.platform.service.Platform.read_replica` calls this; nothing that moves money
does.
"""

from __future__ import annotations

import time
from typing import Literal

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from croupier.store.db import Database

Served = Literal["replica", "lagging", "unavailable", "not_standby", "no_replica"]

#: how often the replica's replay position is asked for while a read waits for it
POLL_SECONDS = 0.002

_PRIMARY_LSN = "SELECT pg_current_wal_lsn()::text"
#: NULL: not in recovery (not a standby); else whether it replayed up to the primary's position
_REPLAYED = "SELECT pg_last_wal_replay_lsn() >= CAST(%(target)s AS pg_lsn)"


def choose(db: Database, wait: float) -> tuple[Engine, Served]:
    """The engine that serves a replica-eligible read now, and why (see the module's rule)."""
    if db.replica is None:
        return db.read, "no_replica"
    with db.write.connect() as conn:  # one tiny query on the primary: where its WAL is
        target = conn.exec_driver_sql(_PRIMARY_LSN).scalar_one()
    deadline = time.monotonic() + wait
    try:
        with db.replica.connect() as conn:
            while True:
                replayed = conn.exec_driver_sql(_REPLAYED, {"target": target}).scalar_one()
                if replayed is None:
                    return db.read, "not_standby"
                if replayed:
                    return db.replica, "replica"
                if time.monotonic() >= deadline:
                    return db.read, "lagging"
                time.sleep(POLL_SECONDS)
    except DBAPIError:
        return db.read, "unavailable"
