"""Run the Alembic migrations (on server start and by ``croupier migrate``)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

from croupier.store.db import Database


def alembic_config(engine: Engine) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", "croupier.store:migrations")
    cfg.attributes["engine"] = engine
    return cfg


def upgrade(db: Database, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (idempotent; concurrent workers serialise on PostgreSQL
    with an advisory lock, on SQLite with the write lock of ``BEGIN IMMEDIATE``)."""
    with db.write.connect() as conn:
        if db.dialect == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_lock(774411)")
            conn.commit()
        try:
            cfg = alembic_config(db.write)
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
            conn.commit()
        finally:
            if db.dialect == "postgresql":
                conn.exec_driver_sql("SELECT pg_advisory_unlock(774411)")
                conn.commit()
