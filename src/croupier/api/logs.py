"""Structured logs (issue 24 point 3): one JSON object per line, each carrying the request id of
the request it was written for (``api/ops.py`` sets it; docs/operations.md)."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

# the request id of the request being served: log lines written meanwhile carry it (``-`` outside
# a request); the same variable stamps the monitoring record (platform/request_id.py)
from croupier.platform.request_id import REQUEST_ID, current

__all__ = ["REQUEST_ID", "JsonFormatter", "RequestIdFilter", "configure_logging"]


class RequestIdFilter(logging.Filter):
    """Stamps each record with the request id of the request it was written for (when the
    record is made, in the thread that serves the request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = current() or "-"
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request_id (and route, status,
    duration_ms on access lines; the traceback as ``exc``)."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or current() or "-",
        }
        for key in ("route", "status", "duration_ms"):
            if hasattr(record, key):
                out[key] = getattr(record, key)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def configure_logging(fmt: str) -> None:
    """``json``: every log line of the process (the platform's and uvicorn's) as JSON, the
    access lines from :class:`OpsFront` (uvicorn's own access log off). ``text``: unchanged."""
    if fmt != "json":
        return
    root = logging.getLogger()
    if any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        return  # done already (``croupier serve`` does it before uvicorn starts)
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RequestIdFilter())
    root.handlers = [handler]
    root.setLevel(logging.INFO)
    for name in ("uvicorn", "uvicorn.error"):
        lg = logging.getLogger(name)
        lg.handlers = []
        lg.propagate = True
    logging.getLogger("uvicorn.access").disabled = True
