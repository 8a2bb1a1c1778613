"""Player protection over HTTP: the player's own routes, and the back office behind the operator
role (problem details with stable codes)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from croupier.api.app import create_app
from croupier.platform.protection import roles
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.protection_fixtures import *  # noqa: F403


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


class Client:
    def __init__(self, c: TestClient, p: Platform) -> None:
        self.c = c
        self.p = p

    def player(self, cur: str = "UAH", operator: bool = False, doc: str | None = None) -> tuple[dict[str, str], str]:
        login = f"h{uuid.uuid4().hex[:8]}"
        r = self.c.post("/api/players", headers=key(), json={
            "login": login, "password": "password123", "date_of_birth": "1985-03-04",
            "document_number": doc or f"D{uuid.uuid4().hex[:10]}", "currency": cur})
        assert r.status_code == 201, r.text
        if operator:
            self.p.run(lambda s: roles.grant(s, login, self.p.clock()))
        return self.login(login), login

    def login(self, login: str) -> dict[str, str]:
        r = self.c.post("/api/sessions", headers=key(), json={"login": login, "password": "password123"})
        assert r.status_code == 201, r.text
        return {"Authorization": f"Bearer {r.json()['token']}"}

    def post(self, path: str, h: dict[str, str], body: Any = None) -> Any:
        return self.c.post(path, headers={**h, **key()}, json=body if body is not None else {})

    def put(self, path: str, h: dict[str, str], body: Any) -> Any:
        return self.c.put(path, headers={**h, **key()}, json=body)


@pytest.fixture
def api(db_url: str) -> Iterator[Client]:
    p = Platform(make_settings(db_url))
    app = create_app(platform=p)
    with TestClient(app) as client:
        yield Client(client, p)
    p.db.dispose()


def problem(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["code"] == code and body["detail"], body
    return body


def test_001_10_1_deposit_limit_over_http(api: Client) -> None:
    h, _ = api.player()
    problem(api.put("/api/protection/limits/deposit/day", h, {"amount": "99.99"}), 422, "invalid_limit")
    r = api.put("/api/protection/limits/deposit/day", h, {"amount": "150.00"})
    assert r.status_code == 200 and r.json()["immediate"], r.text
    assert api.post("/api/deposits", h, {"amount": "100.00"}).status_code == 202
    body = problem(api.post("/api/deposits", h, {"amount": "50.01"}), 409, "deposit_limit_exceeded")
    assert "001 §10.1" in body["detail"]
    limits = api.c.get("/api/protection/limits", headers=h).json()
    assert limits["deposit"]["day"]["value"] == 15000 and limits["deposit"]["day"]["used_minor"] == 10000
    assert api.put("/api/protection/limits/deposit/day", h, {"amount": "140.00"}).status_code == 200
    problem(api.put("/api/protection/limits/deposit/day", h, {"amount": "120.00"}), 409,
            "limit_change_refused")  # once per calendar month
    r = api.put("/api/protection/limits/time/day", h, {"hours": 2})
    assert r.status_code == 200
    assert api.c.get("/api/protection/reality-check", headers=h).json()["due"] is False


def test_back_office_needs_the_operator_role(api: Client) -> None:
    h, _ = api.player()
    for path in ("/api/backoffice/players", "/api/backoffice/complaints", "/api/backoffice/register",
                 "/api/backoffice/verifications", "/api/backoffice/audit/verify"):
        problem(api.c.get(path, headers=h), 403, "operator_only")
    problem(api.post("/api/backoffice/players/1/blocks", h, {"reason": "unverified"}), 403, "operator_only")
    problem(api.c.get("/api/backoffice/players"), 401, "unauthorized")


def test_back_office_verification_block_complaint_register_and_payout(api: Client) -> None:
    op, _ = api.player(operator=True)
    doc = f"D{uuid.uuid4().hex[:10]}"
    h, login = api.player(cur="EUR", doc=doc)
    pid = api.c.get("/api/protection/status", headers=h).json()["player_id"]
    assert api.post("/api/deposits", h, {"amount": "30.00"}).status_code == 202
    api.p.confirm_due_deposits()
    # KYC: withdrawal refused until verified (001 §5.2.13)
    problem(api.post("/api/withdrawals", h, {"amount": "1.00"}), 403, "verification_required")
    assert api.post("/api/protection/verification", h, {"documents": "passport p1"}).status_code == 201
    pending = api.c.get("/api/backoffice/verifications", headers=op).json()["items"]
    assert [x["player_id"] for x in pending] == [pid]
    r = api.post(f"/api/backoffice/players/{pid}/verification", op, {"decision": "verified", "note": "ok"})
    assert r.status_code == 200 and r.json()["state"] == "verified"
    assert api.post("/api/withdrawals", h, {"amount": "1.00"}).status_code == 201
    # a round and a complaint about it
    rnd = api.post("/api/rounds", h, {"game": "roulette", "variant": "european",
                                      "bets": [{"code": "red", "stake": "1.00", "target": []}]})
    assert rnd.status_code == 201, rnd.text
    rid = rnd.json()["round_id"]
    c = api.post("/api/protection/complaints", h, {"round_id": rid, "text": "I dispute this spin."})
    assert c.status_code == 201, c.text
    cid = c.json()["id"]
    r = api.post(f"/api/backoffice/complaints/{cid}/resolution", op,
                 {"outcome": "rejected", "decision": "the draws are verified"})
    assert r.status_code == 200 and r.json()["state"] == "rejected"
    problem(api.post(f"/api/backoffice/complaints/{cid}/resolution", op,
                     {"outcome": "upheld", "decision": "x"}), 409, "protection_state")
    # a block: bets refused, money kept
    r = api.post(f"/api/backoffice/players/{pid}/blocks", op, {"reason": "several_accounts", "note": "dup"})
    assert r.status_code == 201
    bid = r.json()["id"]
    problem(api.post("/api/rounds", h, {"bets": [{"code": "red", "stake": "1.00", "target": []}]}),
            403, "account_blocked")
    st = api.c.get(f"/api/backoffice/players/{pid}", headers=op).json()
    assert st["blocks"][0]["reason"] == "several_accounts"
    cash = st["balance"]["cash_minor"]
    assert api.post(f"/api/backoffice/blocks/{bid}/lift", op, {"note": "cleared"}).status_code == 200
    # the register: login refused; the operator pays the balance out to the player
    r = api.post("/api/backoffice/register", op, {"document_number": doc, "reason": "state register"})
    assert r.status_code == 201
    problem(api.c.post("/api/sessions", headers=key(), json={"login": login, "password": "password123"}),
            403, "restricted_person")
    amount = f"{cash // 100}.{cash % 100:02d}"
    r = api.post(f"/api/backoffice/players/{pid}/payout", op, {"amount": amount})
    assert r.status_code == 201, r.text
    assert api.c.get(f"/api/backoffice/players/{pid}", headers=op).json()["balance"]["cash_minor"] == 0
    v = api.c.get("/api/backoffice/audit/verify", headers=op).json()
    assert v["ok"] and v["entries"] >= 1
    assert api.p.audit().total == 0


def test_001_2_1_self_exclusion_over_http(api: Client) -> None:
    h, login = api.player()
    problem(api.post("/api/protection/self-exclusion", h, {"months": 6, "confirm": False}), 422,
            "invalid_limit")
    r = api.post("/api/protection/self-exclusion", h, {"months": 6, "confirm": True})
    assert r.status_code == 201 and "001 §2.1" in r.json()["message"]
    problem(api.c.post("/api/sessions", headers=key(), json={"login": login, "password": "password123"}),
            403, "restricted_person")
