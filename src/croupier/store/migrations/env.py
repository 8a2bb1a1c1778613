"""Alembic environment: run by :func:`croupier.store.migrate.upgrade` (and ``croupier migrate``)."""

from __future__ import annotations

from alembic import context

from croupier.store import autoplay_models  # noqa: F401 - its table in the metadata
from croupier.store.models import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run migrations through croupier.store.migrate.upgrade")
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


run()
