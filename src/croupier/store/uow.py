"""The unit of work: one transaction per command (cosmicpython's pattern).

``with UnitOfWork(db) as uow: ...; uow.commit()`` — leaving the block without ``commit()`` rolls
everything back, so a bet's debit, its round record and its payout commit together or not at all.
"""

from __future__ import annotations

from types import TracebackType

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from croupier.store.db import Database


class UnitOfWork:
    def __init__(self, db: Database, readonly: bool = False, bind: Engine | None = None) -> None:
        """``bind``: a read-only unit of work on another engine than ``db.read`` (the replica,
        issue 24 point 4: ``store/replica.py``)."""
        if bind is not None and not readonly:
            raise ValueError("only a read-only unit of work runs on another engine")
        self.db = db
        self.readonly = readonly
        self.bind = bind
        self._session: Session | None = None
        self._locked = False

    @property
    def session(self) -> Session:
        if self._session is None:
            raise RuntimeError("the unit of work is not open")
        return self._session

    def __enter__(self) -> UnitOfWork:
        engine = self.bind or (self.db.read if self.readonly else self.db.write)
        self._locked = not self.readonly and self.db.is_sqlite
        if self._locked:
            self.db.write_lock.acquire()
        try:
            self._session = Session(bind=engine, expire_on_commit=False, autoflush=True)
            self._session.begin()
        except BaseException:
            if self._locked:
                self.db.write_lock.release()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        session = self.session
        try:
            session.expunge_all()  # results stay readable (not expired) after the unit ends
            if session.in_transaction():
                session.rollback()
        finally:
            session.close()
            self._session = None
            if self._locked:
                self._locked = False
                self.db.write_lock.release()

    def commit(self) -> None:
        self.session.commit()

    def rollback(self) -> None:
        self.session.rollback()
