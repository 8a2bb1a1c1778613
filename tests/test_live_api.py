"""Live-dealer routes (issue 16): devices, the dealer console, incidents and table status over
HTTP, with precise problem codes for bad input and nothing moved."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform.live_roles import DEALER, FLOOR_MANAGER
from croupier.platform.live_service import LiveOps
from croupier.platform.protection import roles
from croupier.platform.service import Platform
from tests.live_helpers import LIVE_TABLES, assert_books_balance
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings, new_player, slip

T = "live-eur"


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


class Live:
    def __init__(self, client: TestClient, p: Platform) -> None:
        self.c, self.p, self.ops = client, p, LiveOps(p)

    def person(self, role: str | None = None) -> dict[str, str]:
        login = f"s{uuid.uuid4().hex[:10]}"
        r = self.c.post("/api/players", headers=key(), json={
            "login": login, "password": "password123", "date_of_birth": "1980-01-01",
            "document_number": f"D{uuid.uuid4().hex[:10]}", "currency": "EUR"})
        assert r.status_code == 201, r.text
        r = self.c.post("/api/sessions", headers=key(), json={"login": login, "password": "password123"})
        if role is not None:
            self.p.run(lambda s: roles.grant(s, login, self.p.clock(), role))
        return {"Authorization": f"Bearer {r.json()['token']}"}

    def closed_round(self) -> tuple[int, Any]:
        rid = int(self.p.open_round(T)["round_id"])
        pl = new_player(self.p, deposit="50.00")
        self.p.bet(pl, T, slip(("straight", "2.00", (11,))))
        self.p.close_round(rid)
        return rid, pl


@pytest.fixture
def lv(db_url: str) -> Iterator[Live]:
    p = Platform(make_settings(db_url, tables=LIVE_TABLES))
    p.migrate()
    app = create_app(p.settings, platform=p)
    with TestClient(app) as client:
        yield Live(client, p)
    p.db.dispose()


def problem(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == code and r.json()["detail"]


def test_004_1_18_a_device_reports_the_pocket_over_http(lv: Live) -> None:
    token, _ = lv.ops.add_device(T, "wheel reader")
    rid, pl = lv.closed_round()
    url = f"/api/live/tables/{T}/readings"
    problem(lv.c.post(url, headers=key(), json={"pocket": 11}), 401, "unknown_device")
    problem(lv.c.post(url, headers={**key(), "Authorization": "Bearer dev_forged"},
                      json={"pocket": 11}), 401, "unknown_device")
    dev = {"Authorization": f"Bearer {token}"}
    problem(lv.c.post(url, headers={**dev, **key()}, json={"pocket": 99}), 422, "unknown_pocket")
    problem(lv.c.post(url, headers={**dev, **key()}, json={"card": "Ah"}), 422, "bad_reading")
    r = lv.c.post(url, headers={**dev, **key()}, json={"pocket": 11})
    assert r.status_code == 200 and r.json()["state"] == "resulted"
    lv.p.settle_round(rid)
    assert lv.p.balance(pl)["cash_minor"] == 5000 - 200 + 7200
    problem(lv.c.post(url, headers={**dev, **key()}, json={"pocket": 11}), 409, "round_finished")
    assert_books_balance(lv.p)


def test_the_console_is_for_live_staff(lv: Live) -> None:
    lv.closed_round()
    url = f"/api/live/tables/{T}/console"
    problem(lv.c.get(url, headers=lv.person()), 403, "role_required")
    view = lv.c.get(url, headers=lv.person(DEALER)).json()
    assert view["waiting_for"] == "ball" and view["round"]["state"] == "closed"
    assert {r["code"] for r in view["rules"]} >= {"no_spin", "reader_failure", "wrong_number"}
    problem(lv.c.get("/api/live/tables/t-eur/console", headers=lv.person(DEALER)), 409,
            "not_live_table")


def test_004_1_18_a_void_over_http_is_idempotent_and_a_second_is_refused(lv: Live) -> None:
    fm = lv.person(FLOOR_MANAGER)
    rid, pl = lv.closed_round()
    k = key()
    body = {"code": "reader_failure", "reason": "reader offline", "evidence": "cam1 10:00:03"}
    r1 = lv.c.post(f"/api/live/rounds/{rid}/incidents", headers={**fm, **k}, json=body)
    assert r1.status_code == 201, r1.text
    assert r1.json()["round"]["state"] == "voided"
    r2 = lv.c.post(f"/api/live/rounds/{rid}/incidents", headers={**fm, **k}, json=body)
    assert r2.json() == r1.json() and r2.headers.get("idempotent-replayed") == "true"
    problem(lv.c.post(f"/api/live/rounds/{rid}/incidents", headers={**fm, **key()}, json=body),
            409, "round_finished")
    assert lv.p.balance(pl)["cash_minor"] == 5000
    assert_books_balance(lv.p)


def test_004_1_20_2_same_operator_cannot_approve_over_http(lv: Live) -> None:
    fm1, fm2 = lv.person(FLOOR_MANAGER), lv.person(FLOOR_MANAGER)
    rid, pl = lv.closed_round()
    r = lv.c.post(f"/api/live/rounds/{rid}/incidents", headers={**fm1, **key()}, json={
        "code": "provider_fault_known", "reason": "stream down", "evidence": "cam2 10:01:00",
        "data": {"readings": [{"pocket": 11}]}})
    assert r.status_code == 201, r.text
    iid = r.json()["incident"]["id"]
    problem(lv.c.post(f"/api/live/incidents/{iid}/approve", headers={**fm1, **key()}), 403,
            "same_operator")
    assert lv.p.balance(pl)["cash_minor"] == 5000 - 200
    r = lv.c.post(f"/api/live/incidents/{iid}/approve", headers={**fm2, **key()})
    assert r.status_code == 200 and r.json()["round"]["state"] == "settled"
    assert lv.p.balance(pl)["cash_minor"] == 5000 - 200 + 7200
    assert_books_balance(lv.p)


def test_gli19_4_15_a_paused_table_shows_its_reason_and_opens_no_round(lv: Live) -> None:
    fm, dealer = lv.person(FLOOR_MANAGER), lv.person(DEALER)
    url = f"/api/live/tables/{T}/status"
    problem(lv.c.post(url, headers={**dealer, **key()}, json={"status": "paused", "reason": "x"}),
            403, "role_required")
    problem(lv.c.post(url, headers={**fm, **key()}, json={"status": "paused"}), 422, "bad_incident")
    r = lv.c.post(url, headers={**fm, **key()}, json={"status": "paused", "reason": "dealer change"})
    assert r.status_code == 200
    view = lv.c.get(f"/api/tables/{T}").json()
    assert view["status"] == "paused" and view["status_reason"] == "dealer change"
    assert not lv.ops.can_open(T)
    lv.c.post(url, headers={**fm, **key()}, json={"status": "open"})
    assert lv.ops.can_open(T)


def test_the_dealer_console_page_has_no_inline_script(lv: Live) -> None:
    r = lv.c.get("/dealer.html")
    assert r.status_code == 200
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", r.text, flags=re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(r"\son[a-z]+=", r.text)  # no inline handlers
    for path in re.findall(r'src="([^"]+)"', r.text):
        assert lv.c.get("/" + path.lstrip("/")).status_code == 200


def test_004_1_6_the_dealer_closes_betting_over_http(lv: Live) -> None:
    dealer = lv.person(DEALER)
    rid = int(lv.p.open_round(T)["round_id"])
    url = f"/api/live/tables/{T}/close-betting"
    problem(lv.c.post(url, headers={**lv.person(), **key()}), 403, "role_required")
    r = lv.c.post(url, headers={**dealer, **key()})
    assert r.status_code == 200 and r.json() == {"round_id": rid, "state": "closed"}
    problem(lv.c.post(url, headers={**dealer, **key()}), 409, "round_finished")
    view = lv.c.get(f"/api/live/tables/{T}/console", headers=dealer).json()
    assert view["round"]["state"] == "closed" and view["waiting_for"] == "ball"
