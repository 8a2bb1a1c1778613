"""End to end in a real browser (issue 7): a player sets a daily deposit limit on the
responsible-gaming page and is refused a deposit over it, with the reason (001 §10.1); the money
already deposited stays. Then the operator's back office verifies the player (001 §5.2.13).

The real server runs in a subprocess (uvicorn, a temporary SQLite file); headless Debian chromium
(``/usr/bin/chromium``, see ``conftest.py``) drives the web client as a player would.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e



@pytest.fixture(scope="module")
def server(launch: Any) -> tuple[str, dict[str, str]]:
    srv = launch("e2e_protection", {
        "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.3",
        "CROUPIER_RUN_TABLES": "0",
    })
    return srv.base, srv.env


def _register(page: Any, base: str, login: str, currency: str) -> None:
    page.goto(f"{base}/account.html#register")
    form = page.get_by_role("tabpanel", name="Register")
    form.get_by_label("Login").fill(login)
    form.get_by_label("Password").fill("correct horse battery")
    form.get_by_label("Date of birth").fill("1988-02-03")
    form.get_by_label("Passport or ID number").fill(f"E2E{secrets.token_hex(5).upper()}")
    form.get_by_label("Currency").select_option(currency)
    form.get_by_role("button", name="Register", exact=True).click()
    page.wait_for_selector("#member:not([hidden])")


def test_001_10_1_set_a_deposit_limit_and_be_refused_a_deposit_over_it(
        page: Any, server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    page.set_default_timeout(20_000)
    _register(page, base, f"lim_{secrets.token_hex(4)}", "UAH")
    page.wait_for_function("() => document.querySelector('#cash').dataset.minor === '0'")

    # -- the responsible-gaming page: a daily deposit limit of 150.00 UAH (001 §10.1)
    page.get_by_role("link", name="Responsible gaming").click()
    page.wait_for_selector("#member:not([hidden])")
    page.wait_for_function("() => document.querySelector('#deposit-min').textContent.includes('100.00')")
    page.get_by_label("Period").first.select_option("day")
    page.get_by_label("Limit (UAH)").fill("150.00")
    page.get_by_role("button", name="Set limit").first.click()
    page.wait_for_selector("#deposit-limit-status.ok")
    assert "applies now" in page.text_content("#deposit-limit-status")
    page.wait_for_selector("#deposit-limits tr[data-period='day'][data-value='15000']")

    # -- the account page: 100.00 goes through, 60.00 more would pass the limit and is refused
    page.goto(f"{base}/account.html")
    page.get_by_label("Deposit amount (UAH)").fill("100.00")
    page.get_by_role("button", name="Deposit", exact=True).click()
    page.wait_for_selector("#deposit-status[data-state='confirmed']")
    page.wait_for_function("() => document.querySelector('#cash').dataset.minor === '10000'")
    page.get_by_label("Deposit amount (UAH)").fill("60.00")
    page.get_by_role("button", name="Deposit", exact=True).click()
    page.wait_for_selector("#deposit-status.error")
    refusal = page.text_content("#deposit-status")
    assert "daily limit of 150.00" in refusal and "001 §10.1" in refusal, refusal
    assert "50.00" in refusal  # what can still be deposited today
    page.wait_for_timeout(600)  # longer than the provider's confirmation delay
    page.reload()
    page.wait_for_function("() => document.querySelector('#cash').dataset.minor === '10000'")

    # -- exactly up to the limit is accepted
    page.get_by_label("Deposit amount (UAH)").fill("50.00")
    page.get_by_role("button", name="Deposit", exact=True).click()
    page.wait_for_selector("#deposit-status[data-state='confirmed']")
    page.wait_for_function("() => document.querySelector('#cash').dataset.minor === '15000'")
    assert page.errors == []


def test_issue7_back_office_verifies_a_player(page: Any, server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    page.set_default_timeout(20_000)
    player = f"kyc_{secrets.token_hex(4)}"
    _register(page, base, player, "EUR")
    page.goto(f"{base}/limits.html")
    page.get_by_label("Documents you submit").fill("passport, pages 1-2")
    page.get_by_role("button", name="Submit for verification").click()
    page.wait_for_function("() => document.querySelector('#kyc-state').textContent === 'pending'")
    page.get_by_role("button", name="Log out").click()
    page.wait_for_selector("#guest-note:not([hidden])")

    op = f"op_{secrets.token_hex(4)}"
    _register(page, base, op, "EUR")
    subprocess.run([sys.executable, "-m", "croupier.cli", "operator", "grant", op,
                    "--database", env["CROUPIER_DATABASE_URL"]], check=True, env=env,
                   capture_output=True, cwd=Path(env["CROUPIER_DATABASE_URL"].removeprefix("sqlite:///")).parent)
    page.goto(f"{base}/backoffice.html")
    page.wait_for_selector("#bo:not([hidden])")
    row = page.locator("#ver-body tr", has_text=player)
    row.get_by_role("button", name="Verify").click()
    page.wait_for_function(f"() => ![...document.querySelectorAll('#ver-body tr')].some(r => r.textContent.includes('{player}'))")
    page.get_by_role("button", name="Verify the chain").click()
    page.wait_for_selector("#audit-status.ok")
    assert page.errors == []
