"""Exactly one runner per table across workers.

PostgreSQL: a session-level advisory lock held on a dedicated connection for as long as the
worker runs the table; if the worker dies its connection closes, the lock is released and another
worker takes over (and runs recovery first). SQLite: an exclusive ``flock`` on a file beside the
database, which only protects processes on one machine — SQLite deployments are one process.
"""

from __future__ import annotations

import fcntl
import os
import zlib
from typing import Any, Protocol

from sqlalchemy.engine import make_url

from croupier.store.db import Database


class TableLock(Protocol):
    def acquire(self) -> bool: ...

    def release(self) -> None: ...


def lock_key(name: str) -> int:
    return 0x43520000 + (zlib.crc32(name.encode()) & 0xFFFF)


class PgAdvisoryLock:
    def __init__(self, db: Database, name: str) -> None:
        self.db = db
        self.key = lock_key(name)
        self._conn: Any = None

    def acquire(self) -> bool:
        if self._conn is not None:
            return True
        conn = self.db.write.connect()
        got = bool(conn.exec_driver_sql(f"SELECT pg_try_advisory_lock({self.key})").scalar())
        conn.commit()
        if got:
            self._conn = conn
        else:
            conn.close()
        return got

    def release(self) -> None:
        if self._conn is not None:
            try:
                self._conn.exec_driver_sql(f"SELECT pg_advisory_unlock({self.key})")
                self._conn.commit()
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


def table_lock(db: Database, table_id: str) -> TableLock:
    if db.dialect == "postgresql":
        return PgAdvisoryLock(db, f"table:{table_id}")
    path = make_url(db.url).database or "croupier"
    if path == ":memory:":
        path = "/tmp/croupier-memory"
    return FileLock(f"{path}.{table_id}.lock")
