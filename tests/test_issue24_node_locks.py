"""Issue 24 point 1: how N nodes share the tables (``CROUPIER_NODE=i/N``, ``platform/runner.py``)
and how quickly a runner lock is known lost (``platform/locks.py``): the lock connection's
keepalives and name, and :meth:`PgAdvisoryLock.alive` once its session is gone."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from croupier.platform.config import InvalidNodeConfig, node_place
from croupier.platform.locks import KEEPALIVE, PgAdvisoryLock, runner_name
from croupier.platform.runner import own_table
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES, make_platform


def test_issue24_1_node_place_is_i_of_n() -> None:
    assert node_place("1/3") == (1, 3)
    assert node_place(None) is None and node_place(" ") is None
    for bad in ("3/3", "1", "a/3", "-1/3", "1/0"):
        with pytest.raises(InvalidNodeConfig):
            node_place(bad)


def test_issue24_1_every_table_is_exactly_one_nodes_own() -> None:
    for count in (1, 2, 3, 5):
        for lock_id in range(1, 40):
            owners = [i for i in range(count) if own_table((i, count), lock_id)]
            assert len(owners) == 1
    # three nodes, nine tables: three each
    assert [sum(own_table((i, 3), lid) for lid in range(1, 10)) for i in range(3)] == [3, 3, 3]
    assert own_table(None, 7)  # no place: every table is the node's own


def test_issue24_1_a_lock_whose_session_died_is_known_lost_and_free_for_another_node(
        pg_url: str) -> None:
    p: Platform = make_platform(pg_url)
    table = TEST_TABLES[0].id
    held = PgAdvisoryLock(p.db, table)
    other = PgAdvisoryLock(p.db, table)
    try:
        assert held.acquire() and held.alive()
        assert not other.acquire()
        with p.db.write.connect() as conn:
            row = conn.execute(text(
                "SELECT pid, application_name FROM pg_stat_activity WHERE application_name = :n"),
                {"n": runner_name()}).one()
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": row.pid})
            conn.commit()
        assert not held.alive()  # the node learns it lost the table
        assert other.acquire()  # and another node can take it at once
    finally:
        held.release()
        other.release()
        p.db.dispose()


def test_issue24_1_the_lock_connection_asks_for_short_keepalives(pg_url: str) -> None:
    p: Platform = make_platform(pg_url)
    lock = PgAdvisoryLock(p.db, TEST_TABLES[0].id)
    try:
        assert lock.acquire()
        got = {name: int(lock._conn.exec_driver_sql(f"SHOW {name}").scalar())  # noqa: SLF001
               for name in KEEPALIVE}
        # over a Unix socket PostgreSQL reports 0 (no TCP); over TCP, what was asked
        assert got == KEEPALIVE or set(got.values()) == {0}
    finally:
        lock.release()
        p.db.dispose()
