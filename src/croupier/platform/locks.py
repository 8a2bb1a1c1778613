"""Exactly one runner per table across workers.

PostgreSQL: a session-level advisory lock held on a dedicated connection for as long as the
worker runs the table; if the worker dies its connection closes, the lock is released and another
worker takes over (and runs recovery first). The lock is the two-key form
``pg_try_advisory_lock(NAMESPACE, lock_id)``: ``lock_id`` is the table's own unique number
(``game_tables.lock_id``), so two tables never share a lock (a hash of the name, as before issue
13, put two of a few hundred tables on one key and one of them stopped running). SQLite: an exclusive ``flock`` on a file beside the
database, which only protects processes on one machine — SQLite deployments are one process.

Issue 24 (several nodes): the lock is only as quick to come free as PostgreSQL is to see its
holder gone. A process that dies on a machine that lives (kill -9, a crash) has its socket closed
by the kernel: the backend ends at once and the lock is free. A machine that dies or drops off the
network sends nothing: the lock connection therefore turns on the server's TCP keepalives
(:data:`KEEPALIVE`: silent peer declared dead after about idle + interval x count = 5 + 2 x 3 = 11
seconds, instead of the kernel's two hours) and names itself (``application_name``
``croupier-runner pid=<pid> host=<host>``, seen in ``pg_stat_activity``, so an operator, and the
failover test, can tell which node runs which table). The holder checks its lock connection
(:meth:`PgAdvisoryLock.alive`) and stops the table when it is gone, so a node cut off from the
database does not go on running a table that another node took.
"""

from __future__ import annotations

import fcntl
import os
import socket
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.engine import make_url

from croupier.platform.errors import UnknownTable
from croupier.store.db import Database
from croupier.store.models import GameTable

#: the first key of every table runner's advisory lock ("CR"); other advisory locks of the
#: platform use the one-key form (a different key space in PostgreSQL)
NAMESPACE = 0x4352

#: the server-side TCP keepalive of a runner's lock connection (PostgreSQL settings a session may
#: set): a silent holder is found dead after about 5 + 2 x 3 seconds (ASSUMPTION: short enough for
#: "within a few seconds" plus the pollers' second; long enough not to drop a busy link)
KEEPALIVE = {"tcp_keepalives_idle": 5, "tcp_keepalives_interval": 2, "tcp_keepalives_count": 3}


def runner_name() -> str:
    """The ``application_name`` of this process's lock connections."""
    return f"croupier-runner pid={os.getpid()} host={socket.gethostname()}"[:63]


class TableLock(Protocol):
    def acquire(self) -> bool: ...

    def release(self) -> None: ...

    def alive(self) -> bool:
        """Whether the lock is still held (its connection still answers)."""


def lock_keys(conn: Any, table_id: str) -> tuple[int, int]:
    """The two keys of a table's runner lock: (NAMESPACE, the table's unique ``lock_id``)."""
    lock_id = conn.execute(select(GameTable.lock_id).where(GameTable.id == table_id)).scalar()
    if lock_id is None:
        raise UnknownTable(f"no table {table_id!r} with a lock id (run the migrations)")
    return NAMESPACE, int(lock_id)


class PgAdvisoryLock:
    def __init__(self, db: Database, table_id: str) -> None:
        self.db = db
        self.table_id = table_id
        self.keys: tuple[int, int] | None = None
        self._conn: Any = None

    def acquire(self) -> bool:
        if self._conn is not None:
            return True
        conn = self.db.write.connect()
        try:
            ns, key = self.keys = lock_keys(conn, self.table_id)
            conn.commit()
        except BaseException:
            conn.close()
            raise
        got = bool(conn.exec_driver_sql(f"SELECT pg_try_advisory_lock({ns}, {key})").scalar())
        conn.commit()
        if got:
            for name, value in KEEPALIVE.items():
                conn.exec_driver_sql(f"SET {name} = {int(value)}")
            conn.exec_driver_sql("SELECT set_config('application_name', %(n)s, false)",
                                 {"n": runner_name()})
            conn.commit()
            self._conn = conn
        else:
            conn.close()
        return got

    def alive(self) -> bool:
        if self._conn is None:
            return False
        try:
            self._conn.exec_driver_sql("SELECT 1")
            self._conn.commit()
        except Exception:  # noqa: BLE001 - any failure: the lock is gone with its connection
            return False
        return True

    def release(self) -> None:
        if self._conn is not None and self.keys is not None:
            ns, key = self.keys
            try:
                self._conn.exec_driver_sql(f"SELECT pg_advisory_unlock({ns}, {key})")
                self._conn.commit()
            except Exception:  # noqa: BLE001 - a dead connection: its lock went with it
                self._conn.invalidate()
            finally:
                self._conn.close()
                self._conn = None


class FileLock:
    def __init__(self, path: str) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self) -> bool:
        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def alive(self) -> bool:
        return self._fd is not None


def table_lock(db: Database, table_id: str) -> TableLock:
    if db.dialect == "postgresql":
        return PgAdvisoryLock(db, table_id)
    path = make_url(db.url).database or "croupier"
    if path == ":memory:":
        path = "/tmp/croupier-memory"
    return FileLock(f"{path}.{table_id}.lock")
