"""The database handle: SQLite (a file in WAL mode) by default, PostgreSQL by URL.

``CROUPIER_DATABASE_URL`` selects the store, e.g. ``postgresql+psycopg://postgres@127.0.0.1/croupier``;
without it the store is ``sqlite:///var/croupier.sqlite3`` (relative to the working directory).

SQLite write transactions start with ``BEGIN IMMEDIATE``: writers queue on the file lock at the
start of the transaction, so a read-then-write (check a balance, then debit) can never be overtaken
by another writer. Read-only units of work use a second engine with plain deferred ``BEGIN``.

``CROUPIER_REPLICA_URL`` (issue 24 point 4, PostgreSQL only) adds a third engine, ``replica``: a
hot standby in streaming replication, for the reads that may be served off the primary (Games
History, recall, reports: ``store/replica.py`` decides per read). Nothing that moves money ever
reads or writes through it.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import InvalidatePoolError

from croupier.errors import CroupierError

DEFAULT_SQLITE = "var/croupier.sqlite3"


def default_url() -> str:
    return os.environ.get("CROUPIER_DATABASE_URL") or f"sqlite:///{DEFAULT_SQLITE}"


def default_replica_url() -> str | None:
    return os.environ.get("CROUPIER_REPLICA_URL") or None


class ReplicaNeedsPostgres(CroupierError, ValueError):
    """A replica configured for a store that is not PostgreSQL (an SQLite file has none)."""

    code = "replica_needs_postgresql"


def _sqlite_engine(url: str, immediate: bool) -> Engine:
    eng = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                        pool_size=8, max_overflow=16, pool_use_lifo=True)

    @event.listens_for(eng, "connect")
    def _connect(dbapi_conn: Any, _rec: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    @event.listens_for(eng, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return eng


@dataclass
class Database:
    """A pair of engines: ``write`` for units of work that change data, ``read`` for queries."""

    url: str
    write: Engine
    read: Engine
    #: SQLite: writers of this process queue on this lock before ``BEGIN IMMEDIATE``, instead of
    #: polling the file lock (SQLite's busy handler sleeps and is unfair under load).
    write_lock: threading.Lock = field(default_factory=threading.Lock)
    #: issue 24: a PostgreSQL hot standby of ``write`` (``CROUPIER_REPLICA_URL``), or None
    replica: Engine | None = None

    @property
    def dialect(self) -> str:
        return self.write.dialect.name

    @property
    def is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    def dispose(self) -> None:
        self.write.dispose()
        if self.read is not self.write:
            self.read.dispose()
        if self.replica is not None:
            self.replica.dispose()


def open_database(url: str | None = None, replica_url: str | None = None) -> Database:
    url = url or default_url()
    parsed = make_url(url)
    if replica_url and parsed.get_backend_name() != "postgresql":
        raise ReplicaNeedsPostgres("CROUPIER_REPLICA_URL: a replica is a PostgreSQL standby of a "
                                   f"PostgreSQL primary; the store is {parsed.get_backend_name()}")
    if replica_url and make_url(replica_url).get_backend_name() != "postgresql":
        raise ReplicaNeedsPostgres(f"CROUPIER_REPLICA_URL: {make_url(replica_url).drivername} is "
                                   "not PostgreSQL")
    if parsed.get_backend_name() == "sqlite":
        db_path = parsed.database
        if db_path and db_path != ":memory:":
            Path(db_path).parent.mkdir(parents=True, exist_ok=True)
        return Database(url, _forget_on_rollback(_sqlite_engine(url, True)),
                        _forget_on_rollback(_sqlite_engine(url, False)))
    # LIFO: a busy worker keeps reusing the same few connections, whose caches stay warm (the
    # driver prepares a statement on a connection after a few executions; the ledger caches
    # account ids per connection). FIFO hands out every pooled connection in turn.
    eng = create_engine(url, pool_size=20, max_overflow=20, pool_use_lifo=True)
    _ping_when_idle(eng)
    replica = None
    if replica_url:
        replica = create_engine(replica_url, pool_size=10, max_overflow=10, pool_use_lifo=True)
        _ping_when_idle(replica)
    return Database(url, _forget_on_rollback(eng), eng, replica=replica)


def _forget_on_rollback(eng: Engine) -> Engine:
    """Drop what a connection caches of the rows it has read (the ledger's account ids) when its
    transaction rolls back: an account created by the rolled-back work never existed."""

    @event.listens_for(eng, "rollback")
    def _forget(conn: Any) -> None:
        if not conn.invalidated:  # an invalidated connection is discarded with what it cached
            conn.info.pop("accounts", None)

    return eng


#: a pooled connection idle for longer than this is pinged before it is handed out
PING_AFTER_IDLE_SECONDS = 1.0


def _ping_when_idle(eng: Engine) -> None:
    """SQLAlchemy's ``pool_pre_ping``, but only for a connection that has been idle a while.

    The pre-ping finds the connections a database restart (or a network cut) has killed before a
    unit of work runs on one. Pinging at every checkout cost one round trip per bet batch (a
    tenth of the writer's time under load) for connections used a few milliseconds before. A
    connection that dies in the last second before its use fails its unit of work once with a
    disconnect error, which makes SQLAlchemy invalidate every pooled connection, as the
    pre-ping's failure does."""

    @event.listens_for(eng, "connect")
    def _fresh(_dbapi_conn: Any, rec: Any) -> None:
        rec.info["idle_since"] = time.monotonic()

    @event.listens_for(eng, "checkin")
    def _idle(_dbapi_conn: Any, rec: Any) -> None:
        rec.info["idle_since"] = time.monotonic()

    @event.listens_for(eng, "checkout")
    def _ping(dbapi_conn: Any, rec: Any, _proxy: Any) -> None:
        if time.monotonic() - rec.info.get("idle_since", 0.0) <= PING_AFTER_IDLE_SECONDS:
            return
        try:
            eng.dialect.do_ping(dbapi_conn)
        except Exception as exc:  # noqa: BLE001 - any failure: this connection is gone
            raise InvalidatePoolError("a pooled connection failed its ping") from exc
