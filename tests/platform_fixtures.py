"""Fixtures of the platform tests: a fresh database of each kind per test.

* SQLite: a new file in the test's temporary folder, migrated.
* PostgreSQL (127.0.0.1:5432, trust auth): a template database migrated once per run, then a new
  database per test created from it (``CREATE DATABASE ... TEMPLATE``), dropped afterwards, so
  runs and tests never see each other's data. Without PostgreSQL the PostgreSQL cases skip, except
  under ``CI=true`` where they fail.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from croupier.platform.config import Settings, TableConfig
from croupier.platform.rounds import SlipBet
from croupier.platform.service import Platform
from croupier.store.db import open_database
from croupier.store.migrate import upgrade
from croupier.store.models import Deposit, Player

__all__ = ["_pg_cleanup", "db_url", "pg_url", "platform", "make_platform", "make_settings",
           "new_player", "slip", "TEST_TABLES"]

PG_ADMIN = os.environ.get("CROUPIER_TEST_PG_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
RUN = uuid.uuid4().hex[:8]
_template: dict[str, str] = {}

TEST_TABLES = (
    TableConfig("t-eur", "Test table EUR", "roulette", "european", "EUR"),
    TableConfig("t-amd", "Test table AMD", "roulette", "european", "AMD"),
)


def _pg_url(dbname: str) -> str:
    base = PG_ADMIN.rsplit("/", 1)[0]
    return f"{base}/{dbname}"


def _admin() -> Any:
    return create_engine(PG_ADMIN, isolation_level="AUTOCOMMIT")


def _pg_available() -> str | None:
    try:
        eng = _admin()
        with eng.connect() as c:
            c.execute(text("SELECT 1"))
        eng.dispose()
        return None
    except Exception as exc:  # noqa: BLE001
        return str(exc)


def _pg_template() -> str:
    if "name" not in _template:
        name = f"croupier_tmpl_{RUN}"
        eng = _admin()
        with eng.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            c.execute(text(f'CREATE DATABASE "{name}"'))
        eng.dispose()
        db = open_database(_pg_url(name))
        upgrade(db)
        db.dispose()
        _template["name"] = name
    return _template["name"]


def _drop_pg(name: str) -> None:
    eng = _admin()
    with eng.connect() as c:
        c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    eng.dispose()


def new_pg_database() -> str:
    problem = _pg_available()
    if problem is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL is required under CI=true and is not reachable: {problem}")
        pytest.skip(f"PostgreSQL not reachable: {problem}")
    tmpl = _pg_template()
    name = f"croupier_t_{RUN}_{uuid.uuid4().hex[:8]}"
    eng = _admin()
    with eng.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{tmpl}"'))
    eng.dispose()
    return name


@pytest.fixture(scope="session", autouse=False)
def _pg_cleanup() -> Iterator[None]:
    yield
    if "name" in _template:
        _drop_pg(_template["name"])


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any, _pg_cleanup: None) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'croupier.sqlite3'}"
        return
    name = new_pg_database()
    try:
        yield _pg_url(name)
    finally:
        _drop_pg(name)


@pytest.fixture
def pg_url(tmp_path: Any, _pg_cleanup: None) -> Iterator[str]:
    name = new_pg_database()
    try:
        yield _pg_url(name)
    finally:
        _drop_pg(name)


def make_settings(url: str, **kw: Any) -> Settings:
    base: dict[str, Any] = {"database_url": url, "betting_seconds": 60.0, "result_seconds": 0.2,
                            "deposit_confirm_seconds": 0.0, "argon2_fast": True,
                            "tables": TEST_TABLES, "run_tables": False,
                            "rate_limits": False}  # api/strict.py: tests register many players
    base.update(kw)
    return Settings(**base)


def make_platform(url: str, **kw: Any) -> Platform:
    p = Platform(make_settings(url, **kw))
    p.migrate()
    return p


@pytest.fixture
def platform(db_url: str) -> Iterator[Platform]:
    p = make_platform(db_url)
    yield p
    p.db.dispose()


_doc = iter(range(10**6))


def new_player(p: Platform, cur: str = "EUR", deposit: str | None = None,
               login: str | None = None) -> Player:
    """Register (over 21), log in, and optionally deposit and confirm ``deposit``."""
    n = next(_doc)
    name = login or f"p{n}_{uuid.uuid4().hex[:6]}"
    p.register(name, "password123", date(1980, 1, 1), f"DOC{n}X{uuid.uuid4().hex[:8]}", cur)
    token = p.login(name, "password123")["token"]
    player = p.authenticate(token)
    if deposit is not None:
        dep = p.run(lambda s: p.deposit_in(s, player, deposit))
        # The provider confirms exactly once: here, or already by a running app's confirmer
        # (000 §10's simulated provider), which races this call when a TestClient is open.
        confirmed_by_us = p.confirm_deposit(dep["id"])
        assert confirmed_by_us in (player.id, None)
        status = p.read(lambda s: s.get(Deposit, dep["id"]).status)  # type: ignore[union-attr]
        assert status == "confirmed"
    return player


def slip(*bets: tuple[str, str, tuple[int | str, ...]]) -> list[SlipBet]:
    return [SlipBet(c, s, t) for c, s, t in bets]
