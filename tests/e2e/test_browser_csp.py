"""End to end in a real browser (issue 13): every page of the web client loads under the
server's Content-Security-Policy without a violation (no inline script, style or handler, nothing
from another origin), and a logged-in table page follows its WebSocket with the token sent as the
first message, never in the URL."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from croupier.api.app import WEB_DIR

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(launch: Any) -> str:
    return str(launch("e2e_csp", {"CROUPIER_BETTING_SECONDS": "5", "CROUPIER_RESULT_SECONDS": "1"}).base)


def _watch(page: Any) -> tuple[list[str], list[str]]:
    violations: list[str] = []
    sockets: list[str] = []
    page.on("console", lambda m: violations.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    page.on("websocket", lambda ws: sockets.append(ws.url))
    return violations, sockets


@pytest.mark.parametrize("name", sorted(p.name for p in WEB_DIR.glob("*.html")))
def test_issue_13_5_every_page_loads_without_a_csp_violation(page: Any, server: str, name: str) -> None:
    violations, _ = _watch(page)
    page.goto(f"{server}/{name}")
    page.wait_for_load_state("networkidle")
    assert violations == [], violations
    assert page.errors == []


def test_issue_13_5_a_logged_in_table_socket_carries_no_token_in_its_url(page: Any, server: str) -> None:
    violations, sockets = _watch(page)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(str(payload))))
    login = f"csp_{secrets.token_hex(4)}"
    page.goto(f"{server}/account.html#register")
    form = page.get_by_role("tabpanel", name="Register")
    form.get_by_label("Login").fill(login)
    form.get_by_label("Password").fill("correct horse battery")
    form.get_by_label("Date of birth").fill("1988-02-03")
    form.get_by_label("Passport or ID number").fill(f"E2E{secrets.token_hex(5).upper()}")
    form.get_by_role("button", name="Register", exact=True).click()
    page.wait_for_selector("#member:not([hidden])")
    token = page.evaluate("() => localStorage.getItem('croupier.token')")
    assert token
    page.goto(f"{server}/table.html?id=european-eur")
    for _ in range(100):  # until the socket has sent its first message
        if frames:
            break
        page.wait_for_timeout(100)
    assert sockets and all(token not in url and "token=" not in url for url in sockets), sockets
    assert '"type":"auth"' in frames[0].replace(" ", "") and token in frames[0]
    assert violations == [], violations
