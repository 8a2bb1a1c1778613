"""Rush & Cash in Chromium (000 §12.12.3): a browser player joins a pool (a blind level, not a
table) from cardroom.html?pool=..., is dealt into a hand with bots, presses Fast Fold and is at
once in a new hand (new hand id, his new hole cards) while the hand he left goes on without him;
his history of that hand shows the fast fold and what he lost (tests/e2e/rush_server.py)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from tests.e2e.live_client import call, cash, person, wait_until
from tests.e2e.rush_server import POOL

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(launch: Any) -> tuple[str, dict[str, str]]:
    srv = launch("e2e_rush", {"PYTHONPATH": str(ROOT), "CROUPIER_DEPOSIT_CONFIRM_SECONDS": "0.1"},
                 app="tests.e2e.rush_server:app_factory")
    return srv.base, srv.env


def test_000_12_12_3_rush_browser_player_fast_folds_into_a_new_hand(browser: Any, server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    me = person(base, env)
    call(base, "POST", "/api/deposits", {"amount": "50.00"}, me["token"])
    wait_until(lambda: cash(base, me) == 5000, "the deposit was not confirmed")
    ctx = browser.new_context(viewport={"width": 1366, "height": 900})
    ctx.add_init_script(
        f"localStorage.setItem('croupier.token', {json.dumps(me['token'])});"
        f"localStorage.setItem('croupier.player', {json.dumps(json.dumps(me['player']))});")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(30_000)
    page.goto(f"{base}/")  # the lobby lists the pool (joined as a blind level, not a table)
    page.click(f"a[href='/cardroom.html?pool={POOL}']")
    page.wait_for_url(f"**/cardroom.html?pool={POOL}")
    page.wait_for_selector("#buyin:not([hidden])")
    page.fill("#buyin-amount", "20.00")
    page.click("#sit-down")
    page.wait_for_selector("#buyin", state="hidden")
    assert cash(base, me) == 3000  # 20.00 went to the pool stack
    # dealt into a hand (the bots are in the pool): the Fast Fold button is there, out of turn too
    page.wait_for_selector("#actions button[data-action='fast_fold']", timeout=60_000)
    first = page.get_attribute("body", "data-hand")
    assert first
    t0 = time.monotonic()
    page.click("#actions button[data-action='fast_fold']")
    # a new hand at once (someone was waiting, or the next hand to end frees them)
    page.wait_for_selector(f"body[data-hand]:not([data-hand='{first}']):not([data-hand=''])", state="attached",
                           timeout=20_000)
    moved = time.monotonic() - t0
    second = page.get_attribute("body", "data-hand")
    assert second and int(second) > int(first)
    page.wait_for_selector("#actions button[data-action='fast_fold']")
    state = call(base, "GET", f"/api/cardroom/rush/{POOL}/me", token=me["token"])
    assert state["hand"]["hand"]["hand_id"] == int(second) and len(state["hand"]["you"]["hole"]) == 2
    # the hand he left goes on without him; once over, his history shows the fast fold
    deadline = time.monotonic() + 60
    while True:
        items = call(base, "GET", "/api/cardroom/hands?limit=20", token=me["token"])["items"]
        old = next((i for i in items if i["hand_id"] == int(first)), None)
        if old is not None and old["state"] == "settled":
            break
        assert time.monotonic() < deadline, f"hand {first} never ended: {items}"
        time.sleep(0.3)
    assert old["returned_minor"] == 0
    view = call(base, "GET", f"/api/cardroom/hands/{first}", token=me["token"])
    folds = [e for e in view["events"] if e["type"] == "decision" and e["data"]["name"] == "fast_fold"]
    assert [f["data"]["args"]["seat"] for f in folds] == [view["your_seat"]]
    assert errors == [], errors
    assert moved < 20
