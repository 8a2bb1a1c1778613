"""The request id of the HTTP request being served (issue 24 point 3), in one context variable.

The request front (``api/ops.py``) sets it for each request; the JSON log lines (``api/logs.py``)
and the monitoring record (``platform/protection/audit.py``) read it. A command that the group
commit runs on a writer thread carries the id it was submitted with (``platform/groupcommit.py``
binds it again around the command). Outside a request (a table runner settling a round, a CLI)
there is none.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

REQUEST_ID: ContextVar[str | None] = ContextVar("croupier_request_id", default=None)


def current() -> str | None:
    """The id of the request being served, or None outside a request."""
    return REQUEST_ID.get()


@contextmanager
def bound(request_id: str | None) -> Iterator[None]:
    """``request_id`` is the current request's id inside the block (a writer thread running a
    command submitted by a request)."""
    token = REQUEST_ID.set(request_id)
    try:
        yield
    finally:
        REQUEST_ID.reset(token)
