"""The platform's Prometheus metrics (issue 24 point 3), served at ``/metrics`` (``api/ops.py``).

Each quantity is counted in one place:

* HTTP requests and their latency by route template and status: the request front
  (``api/ops.py``), around everything else (fast lane, strict checks, routes);
* bets accepted and refused (by problem code): ``api/app.submit``, the one place the bet-path
  commands (table bets, single rounds; route and fast lane) are submitted;
* group-commit batch sizes: :class:`~croupier.platform.groupcommit.GroupCommit`, per batch;
* table phases: the table runners' published events (:func:`observe_event`);
* runner lock acquisitions and takeovers, and the tables a process runs now:
  :func:`~croupier.platform.runner.supervise`;
* WebSocket connections: the table socket (``api/app.table_ws``);
* the ledger audit's last result: :meth:`~croupier.platform.service.Platform.audit`;
* reads that may use the replica, by who served them (issue 24 point 4):
  :meth:`~croupier.platform.service.Platform.read_replica`.

Several worker processes (``croupier serve --workers N``): when ``PROMETHEUS_MULTIPROC_DIR`` is
set before the workers start (``croupier serve`` sets it to a fresh directory), prometheus-client
keeps every process's values in files there and ``/metrics`` sums them (:func:`exposition`).
"""

from __future__ import annotations

import os
import time
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

#: the phases a table runner announces (the events it publishes), in the order of a round
PHASES = ("betting_open", "no_more_bets", "result", "settled", "voided")

HTTP_REQUESTS = Counter("croupier_http_requests", "HTTP requests answered",
                        ["method", "route", "status"])
HTTP_LATENCY = Histogram("croupier_http_request_duration_seconds",
                         "time to answer an HTTP request", ["method", "route"],
                         buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                                  2.5, 5.0, 10.0))
BETS_ACCEPTED = Counter("croupier_bets_accepted", "bet-path commands accepted", ["kind"])
BETS_REFUSED = Counter("croupier_bets_refused", "bet-path commands refused, by problem code",
                       ["kind", "reason"])
BATCH_SIZE = Histogram("croupier_group_commit_batch_size", "commands per group-commit batch",
                       buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256, 512))
TABLE_PHASE = Gauge("croupier_table_phase", "1 for the phase a table is in, 0 for the others",
                    ["table", "phase"], multiprocess_mode="mostrecent")
RUNNER_LOCKS = Counter("croupier_runner_lock_acquired", "table-runner locks this process took",
                       ["table"])
RUNNER_TAKEOVERS = Counter("croupier_runner_takeovers",
                           "table-runner locks taken after another process held them",
                           ["table"])
RUNNING = Gauge("croupier_table_running", "1 while this process runs the table (holds its lock)",
                ["table"], multiprocess_mode="livesum")
WEBSOCKETS = Gauge("croupier_websocket_connections", "open table WebSockets",
                   multiprocess_mode="livesum")
AUDIT_OK = Gauge("croupier_ledger_audit_ok", "1 if the last ledger audit held, 0 if not",
                 multiprocess_mode="mostrecent")
AUDIT_PROBLEMS = Gauge("croupier_ledger_audit_problems",
                       "accounts the last ledger audit found wrong (mismatched or negative)",
                       multiprocess_mode="mostrecent")
REPLICA_READS = Counter("croupier_replica_reads",
                        "reads that may be served off the primary (history, recall, reports), by "
                        "who served them: replica, or the primary because the replica was "
                        "lagging, unavailable or not a standby", ["served_by"])
AUDIT_TIME = Gauge("croupier_ledger_audit_timestamp_seconds", "when the last ledger audit ran",
                   multiprocess_mode="mostrecent")


def bet_accepted(kind: str) -> None:
    BETS_ACCEPTED.labels(kind).inc()


def bet_refused(kind: str, reason: str) -> None:
    BETS_REFUSED.labels(kind, reason).inc()


def replica_read(served_by: str) -> None:
    REPLICA_READS.labels(served_by).inc()


def batch(size: int) -> None:
    BATCH_SIZE.observe(size)


def observe_event(msg: dict[str, Any]) -> None:
    """A published event: a table message whose type is a phase sets that table's phase."""
    if msg.get("scope") != "table":
        return
    kind = (msg.get("message") or {}).get("type")
    if kind not in PHASES:
        return
    table = str(msg.get("table_id"))
    for phase in PHASES:
        TABLE_PHASE.labels(table, phase).set(1 if phase == kind else 0)


def lock_acquired(table: str, after_waiting: bool) -> None:
    RUNNER_LOCKS.labels(table).inc()
    if after_waiting:
        RUNNER_TAKEOVERS.labels(table).inc()


def websocket_opened() -> None:
    WEBSOCKETS.inc()


def websocket_closed() -> None:
    WEBSOCKETS.dec()


def audited(total: int, mismatched: int, negative: int) -> None:
    """The ledger audit's result: it holds when the total is 0 and no account is wrong."""
    AUDIT_OK.set(1 if total == 0 and not mismatched and not negative else 0)
    AUDIT_PROBLEMS.set(mismatched + negative + (1 if total else 0))
    AUDIT_TIME.set(time.time())


def exposition() -> tuple[bytes, str]:
    """The text exposition of every metric (summed over the worker processes in multiprocess
    mode) and its content type."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST


def table_running(table: str, running: bool) -> None:
    """Whether this process runs ``table`` now (issue 24: which node runs which table)."""
    RUNNING.labels(table).set(1 if running else 0)
