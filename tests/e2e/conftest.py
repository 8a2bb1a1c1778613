"""Real-browser fixtures: Playwright for Python driving Debian's chromium.

Playwright never downloads a browser here: it launches ``/usr/bin/chromium`` (the Makefile installs
the ``chromium`` package when it is missing). Without it the browser tests are skipped on a
developer machine and FAIL under ``CI=true``, so CI can never pass without running them.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # containers often have a tiny /dev/shm
]
WEB_ROOT = Path(__file__).resolve().parents[2] / "src" / "croupier" / "web"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI=true and the browser test cannot run: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One chromium per test module. Not per session: the sync Playwright API keeps an asyncio
    loop running in the main thread while it is open, and later tests call ``asyncio.run``."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - dev dependency
        _unavailable("playwright is not installed (pip install -e '.[dev]')")
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        _unavailable("Debian's chromium is not installed (apt-get install -y chromium)")
    path = CHROMIUM if os.path.exists(CHROMIUM) else str(shutil.which("chromium"))
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    yield pg
    ctx.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@pytest.fixture(scope="session")
def static_url() -> Iterator[str]:
    """The web client's files on a loopback port, with no API behind them (preview mode)."""
    handler = functools.partial(_QuietHandler, directory=str(WEB_ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class Server(NamedTuple):
    """A real ``croupier`` server in a subprocess: its base URL and the environment it runs with."""

    base: str
    env: dict[str, str]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def launch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str, dict[str, str]], Server]]:
    """Start the real server (uvicorn, a temporary SQLite file, no Redis) with the given settings;
    every server a module started is stopped when the module ends. One copy for every browser test."""
    running: list[tuple[subprocess.Popen[bytes], IO[str]]] = []

    def start(name: str, settings: dict[str, str], app: str = "croupier.api.app:app_factory") -> Server:
        if importlib.util.find_spec("croupier.api.app") is None:  # pragma: no cover
            _unavailable("the API (croupier.api.app) is not in this tree")
        tmp = tmp_path_factory.mktemp(name)
        port = _free_port()
        env = dict(os.environ)
        env.pop("CROUPIER_REDIS_URL", None)
        env.update({"CROUPIER_DATABASE_URL": f"sqlite:///{tmp / 'croupier.sqlite3'}",
                    "CROUPIER_ARGON2_FAST": "1",
                    "CROUPIER_RATE_LIMITS": "0"})  # many players from one address (api/strict.py)
        env.update(settings)
        log = (tmp / "server.log").open("w")
        proc = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", app, "--factory",
             "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
            env=env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp,
        )
        running.append((proc, log))
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"the server exited ({proc.returncode}):\n{Path(log.name).read_text()}")
            try:
                with urllib.request.urlopen(f"{base}/api/health", timeout=2) as r:
                    if r.status == 200:
                        return Server(base, env)
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not start:\n{Path(log.name).read_text()}")
            time.sleep(0.2)

    yield start
    for proc, log in running:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
