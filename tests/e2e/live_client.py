"""The HTTP client the live-table browser tests share: a JSON call, a person (registered, logged
in, optionally granted a staff role through the CLI), their cash, and a poll."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if method != "GET":
        req.add_header("Idempotency-Key", str(uuid.uuid4()))
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read() or b"null")


def person(base: str, env: dict[str, str], role: str | None = None) -> dict[str, Any]:
    login = f"lv_{secrets.token_hex(4)}"
    call(base, "POST", "/api/players", {"login": login, "password": "password123",
                                        "date_of_birth": "1980-01-01", "currency": "EUR",
                                        "document_number": f"E2E{secrets.token_hex(5)}"})
    session = call(base, "POST", "/api/sessions", {"login": login, "password": "password123"})
    if role is not None:
        subprocess.run([sys.executable, "-m", "croupier.cli", "operator", "grant", login,
                        "--role", role, "--database", env["CROUPIER_DATABASE_URL"]], check=True,
                       env=env, capture_output=True,
                       cwd=Path(env["CROUPIER_DATABASE_URL"].removeprefix("sqlite:///")).parent)
    return {"token": session["token"], "player": session["player"]}


def cash(base: str, who: dict[str, Any]) -> int:
    return int(call(base, "GET", "/api/wallet", token=who["token"])["cash_minor"])


def wait_until(fn: Any, what: str, tries: int = 600) -> None:
    for _ in range(tries):
        if fn():
            return
        time.sleep(0.05)
    raise AssertionError(what)


def funded(base: str, amount: str = "100.00") -> dict[str, Any]:
    """A new player with a confirmed deposit of ``amount`` (EUR; the server confirms quickly)."""
    who = person(base, {})
    call(base, "POST", "/api/deposits", {"amount": amount}, who["token"])
    minor = int(amount.replace(".", ""))
    wait_until(lambda: cash(base, who) == minor, "the deposit was not confirmed")
    return who


def signed_in_page(browser: Any, who: dict[str, Any]) -> Any:
    """A desktop-sized page of a new browser context, signed in as ``who``, collecting the page's
    script errors in ``page.errors``."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    ctx.add_init_script(
        f"localStorage.setItem('croupier.token', {json.dumps(who['token'])});"
        f"localStorage.setItem('croupier.player', {json.dumps(json.dumps(who['player']))});")
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.set_default_timeout(20_000)
    return page
