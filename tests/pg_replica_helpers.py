"""A throwaway PostgreSQL primary and a hot standby streaming from it (issue 24 point 4 tests).

Both clusters live in a fresh temporary folder owned by ``postgres``, listen on free ports of
127.0.0.1 (and a Unix socket in that folder only), and are stopped and removed afterwards. The
PostgreSQL 15 server binaries are required: without them the test fails (it is not skipped).
``initdb``, ``pg_ctl`` and ``pg_basebackup`` run as ``postgres`` (``runuser``) when the tests run
as root, as PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text

BIN = Path(os.environ.get("CROUPIER_TEST_PG_BIN", "/usr/lib/postgresql/15/bin"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_postgres(*cmd: str) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else list(cmd)


def _run(*cmd: str) -> None:
    done = subprocess.run(_as_postgres(*cmd), capture_output=True, text=True, timeout=60,
                          check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}): "
                           f"{done.stdout[-2000:]}{done.stderr[-2000:]}")


@dataclass(frozen=True)
class Pair:
    primary_port: int
    standby_port: int

    def url(self, port: int, db: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{db}"

    def primary(self, db: str = "postgres") -> str:
        return self.url(self.primary_port, db)

    def standby(self, db: str = "postgres") -> str:
        return self.url(self.standby_port, db)


def _start(data: Path, port: int, folder: Path) -> None:
    _run(str(BIN / "pg_ctl"), "-D", str(data), "-l", str(folder / f"{data.name}.log"), "-w",
         "-t", "30", "-o", f"-p {port} -k {folder} -c listen_addresses=127.0.0.1", "start")


def wait_replayed(pair: Pair, timeout: float = 20.0) -> None:
    """Until the standby has replayed everything the primary had written when called."""
    prim = create_engine(pair.primary(), isolation_level="AUTOCOMMIT")
    stby = create_engine(pair.standby(), isolation_level="AUTOCOMMIT")
    try:
        with prim.connect() as c:
            target = c.execute(text("SELECT pg_current_wal_lsn()::text")).scalar_one()
        deadline = time.monotonic() + timeout
        with stby.connect() as c:
            while not c.execute(text("SELECT pg_last_wal_replay_lsn() >= CAST(:t AS pg_lsn)"),
                                {"t": target}).scalar_one():
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the standby did not replay up to {target}")
                time.sleep(0.01)
    finally:
        prim.dispose()
        stby.dispose()


@contextmanager
def primary_and_standby() -> Iterator[Pair]:
    folder = Path(tempfile.mkdtemp(prefix="croupier-replica-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    pair = Pair(_free_port(), _free_port())
    primary, standby = folder / "primary", folder / "standby"
    started: list[Path] = []
    try:
        _run(str(BIN / "initdb"), "-D", str(primary), "-U", "postgres", "-A", "trust", "-N",
             "--no-instructions")
        with open(primary / "postgresql.conf", "a", encoding="utf-8") as conf:
            # throwaway and fast: no fsync; streaming replication needs wal_level replica and
            # WAL senders (both defaults, stated here); initdb's pg_hba trusts local replication
            conf.write("\nfsync = off\nsynchronous_commit = on\nfull_page_writes = off\n"
                       "wal_level = replica\nmax_wal_senders = 4\nshared_buffers = 16MB\n")
        _start(primary, pair.primary_port, folder)
        started.append(primary)
        # -R: standby.signal and primary_conninfo; -X stream: the WAL during the copy too
        _run(str(BIN / "pg_basebackup"), "-h", "127.0.0.1", "-p", str(pair.primary_port), "-U",
             "postgres", "-D", str(standby), "-R", "-X", "stream", "-c", "fast")
        _start(standby, pair.standby_port, folder)
        started.append(standby)
        yield pair
    finally:
        for data in reversed(started):
            subprocess.run(_as_postgres(str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                        "-w", "stop"), capture_output=True, timeout=60,
                           check=False)
        shutil.rmtree(folder, ignore_errors=True)
