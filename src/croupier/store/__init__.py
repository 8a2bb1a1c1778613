"""Storage: SQLAlchemy 2 models, the database handle and unit of work, Alembic migrations."""

from croupier.store.db import Database, default_url, open_database
from croupier.store.uow import UnitOfWork

__all__ = ["Database", "UnitOfWork", "default_url", "open_database"]
