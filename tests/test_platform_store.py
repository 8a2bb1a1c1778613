"""Storage and the multi-worker machinery: migrations, one runner per table, event fan-out."""

from __future__ import annotations

import asyncio
import os
import uuid
import zlib
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from croupier.platform.config import TableConfig
from croupier.platform.events import Connection, Hub, LocalBroker, RedisBroker, table_message
from croupier.platform.locks import lock_keys, table_lock
from croupier.platform.tables import ensure_tables
from croupier.store.db import open_database
from croupier.store.migrate import upgrade
from croupier.store.models import Base
from croupier.store.uow import UnitOfWork
from tests.platform_fixtures import *  # noqa: F403


def test_migrations_build_exactly_the_models_schema(db_url: str) -> None:
    db = open_database(db_url)
    upgrade(db)
    upgrade(db)  # idempotent
    with db.write.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []
    db.dispose()


def test_sqlite_store_runs_in_wal_mode(tmp_path: Any) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with db.write.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    db.dispose()


def _tables(url: str, *ids: str) -> None:
    """Register roulette tables ``ids`` (a runner lock belongs to a registered table)."""
    db = open_database(url)
    upgrade(db)
    with UnitOfWork(db) as uow:
        ensure_tables(uow.session, [TableConfig(i, i, "roulette", "european", "EUR") for i in ids])
        uow.commit()
    db.dispose()


def test_exactly_one_runner_per_table(db_url: str) -> None:
    """Two workers on the same database: only one holds a table's lock; the other takes over
    when it is released (PostgreSQL advisory lock; a file lock on SQLite)."""
    _tables(db_url, "t-eur", "t-amd")
    db1, db2 = open_database(db_url), open_database(db_url)
    first, second = table_lock(db1, "t-eur"), table_lock(db2, "t-eur")
    other = table_lock(db2, "t-amd")
    try:
        assert first.acquire()
        assert not second.acquire()
        assert other.acquire()  # another table is independent
        first.release()
        assert second.acquire()
    finally:
        for lock in (first, second, other):
            lock.release()
        db1.dispose()
        db2.dispose()


def test_issue_13_6_tables_whose_names_collided_have_their_own_runner_locks(db_url: str) -> None:
    """Issue 13 point 6: "table-448" and "table-2000" shared the advisory key ``crc32 & 0xFFFF``
    of the old ``lock_key``; each table now locks its own unique ``lock_id``, so both run."""
    a, b = "table-448", "table-2000"
    assert zlib.crc32(f"table:{a}".encode()) & 0xFFFF == zlib.crc32(f"table:{b}".encode()) & 0xFFFF
    _tables(db_url, a, b)
    db1, db2 = open_database(db_url), open_database(db_url)
    first, second = table_lock(db1, a), table_lock(db2, b)
    try:
        assert first.acquire()
        assert second.acquire()  # a collision would refuse the second table its runner
    finally:
        first.release()
        second.release()
        db1.dispose()
        db2.dispose()


def test_issue_13_6_every_table_has_a_distinct_lock_id(db_url: str) -> None:
    ids = [f"table-{i}" for i in range(40)]
    _tables(db_url, *ids)
    _tables(db_url, *ids)  # registering again keeps each table's number
    db = open_database(db_url)
    with db.write.connect() as conn:
        keys = [lock_keys(conn, t) for t in ids]
    db.dispose()
    assert len(set(keys)) == len(ids)


def _deliveries(broker_factory: Any) -> list[dict[str, Any]]:
    async def run() -> list[dict[str, Any]]:
        hub_a, hub_b = Hub(), Hub()
        a, b = broker_factory(), broker_factory()
        await a.start(hub_a.deliver)
        await b.start(hub_b.deliver)
        conn = Connection(player_id=7, table_id="t-eur")
        hub_b.add(conn)  # the client is on worker B; the table runs on worker A
        await asyncio.sleep(0.2)
        await a.publish(table_message("t-eur", {"type": "result"}, {"7": {"you": {"net_minor": 5}}}))
        got = [await asyncio.wait_for(conn.queue.get(), timeout=5)]
        await a.stop()
        await b.stop()
        return got

    return asyncio.run(run())


def test_events_fan_out_across_workers_through_redis() -> None:
    url = os.environ.get("CROUPIER_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    try:
        import redis

        redis.Redis.from_url(url).ping()
    except Exception as exc:  # noqa: BLE001
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"Redis not reachable: {exc}")
    channel = f"croupier:test:{uuid.uuid4().hex}"
    got = _deliveries(lambda: RedisBroker(url, channel))
    # private part merged for player 7; issue 24: the table's event number
    assert got == [{"type": "result", "you": {"net_minor": 5}, "seq": 1}]


def test_local_broker_delivers_in_process() -> None:
    async def run() -> dict[str, Any]:
        hub = Hub()
        broker = LocalBroker()
        await broker.start(hub.deliver)
        conn = Connection(player_id=1, table_id="t")
        hub.add(conn)
        await broker.publish(table_message("t", {"type": "no_more_bets"}, {"2": {"you": {}}}))
        return await conn.queue.get()

    # another player's private part stays private; issue 24: the table's event number
    assert asyncio.run(run()) == {"type": "no_more_bets", "seq": 1}


def test_a_pooled_connection_killed_while_idle_is_replaced_before_use(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection PostgreSQL dropped (a restart, a cut) while it sat idle in the pool is pinged
    when it is checked out, found dead and replaced: the unit of work never sees it. A connection
    used within the last second is not pinged (one round trip less per bet batch): if it died
    meanwhile, its first use fails with a disconnect, and the pool then replaces its
    connections."""
    from sqlalchemy import create_engine, func, select, text
    from sqlalchemy.exc import OperationalError

    from croupier.store import db as store_db

    def pooled_backend(database: Any) -> int:
        with database.write.connect() as c:
            return int(c.execute(select(func.pg_backend_pid())).scalar_one())

    def kill(pid: int) -> None:
        admin = create_engine(pg_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            assert c.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid}).scalar()
        admin.dispose()

    database = store_db.open_database(pg_url)
    try:
        # idle longer than the threshold (0 s here): pinged, replaced, the use succeeds
        monkeypatch.setattr(store_db, "PING_AFTER_IDLE_SECONDS", 0.0)
        first = pooled_backend(database)
        kill(first)
        assert pooled_backend(database) != first
        # used just now (threshold 1 h): not pinged, so the first use fails; the next succeeds
        monkeypatch.setattr(store_db, "PING_AFTER_IDLE_SECONDS", 3600.0)
        second = pooled_backend(database)
        kill(second)
        with pytest.raises(OperationalError), database.write.connect() as c:
            c.execute(select(1))
        assert pooled_backend(database) not in (first, second)
    finally:
        database.dispose()
