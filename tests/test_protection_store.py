"""The protection schema: one Alembic revision on top of the platform's, a single head, the
tables the models describe, on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from croupier.store.db import open_database
from croupier.store.migrate import alembic_config, upgrade
from croupier.store.models import Base
from croupier.store.protection_models import AuditHead
from croupier.store.uow import UnitOfWork
from tests.platform_fixtures import *  # noqa: F403


def test_migrations_have_a_single_head(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'heads.sqlite3'}")
    try:
        script = ScriptDirectory.from_config(alembic_config(db.write))
        heads = script.get_heads()
        assert len(heads) == 1, heads
        revs = {r.revision for r in script.walk_revisions()}
        assert "p7_0001" in revs
    finally:
        db.dispose()


def test_the_protection_tables_match_the_models(db_url: str) -> None:
    db = open_database(db_url)
    try:
        upgrade(db)
        insp = inspect(db.write)
        for name, table in Base.metadata.tables.items():
            if not name.startswith("protection_"):
                continue
            cols = {c["name"] for c in insp.get_columns(name)}
            assert cols == {c.name for c in table.columns}, name
        with UnitOfWork(db, readonly=True) as uow:
            head = uow.session.get(AuditHead, 1)
            assert head is not None and head.seq == 0 and head.hash == "0" * 64
    finally:
        db.dispose()
