"""Issue 13 over HTTP: strict JSON on every route (the fast lane too), strict amounts, body size
and rate limits, security headers, the table WebSocket without a token in its URL."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from croupier.api.app import create_app
from croupier.api.strict import MAX_BODY, RATE_LIMITS, duplicate_key
from croupier.errors import InvalidAmount
from croupier.money import currency, parse_amount_text
from croupier.platform.service import Platform
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_api import Api, key, problem


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw: float) -> None:
        self.now += timedelta(**kw)


@pytest.fixture
def api(db_url: str) -> Iterator[Api]:
    app = create_app(make_settings(db_url, deposit_confirm_seconds=0.0))
    with TestClient(app) as client:
        yield Api(client)


DUPLICATE = b'{"amount": "1.00", "amount": "100000.00"}'


def _concrete(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "1", path)


def test_issue_13_2_a_duplicate_key_is_refused_on_every_route(api: Api) -> None:
    h = api.player(deposit="10.00")
    paths = api.c.get("/openapi.json").json()["paths"]
    routes = [(m.upper(), p) for p, ops in paths.items() for m in ops]
    assert len(routes) > 30
    for method, path in routes:
        r = api.c.request(method, _concrete(path), content=DUPLICATE,
                          headers={**h, **key(), "Content-Type": "application/json"})
        problem(r, 400, "duplicate_key")
    assert api.c.get("/api/wallet", headers=h).json()["cash_minor"] == 1000


def test_issue_13_2_the_fast_lane_refuses_a_duplicate_key_too(api: Api) -> None:
    """The bet routes served by api/fastlane.py: a duplicated stake never becomes a bet."""
    h = api.player(deposit="10.00")
    platform = api.c.app.state.croupier.platform  # type: ignore[attr-defined]
    ok = api.play(h, [{"code": "red", "stake": "1.00", "target": []}])  # caches the identity
    assert ok.status_code == 201
    platform.open_round("t-eur")
    before = api.c.get("/api/wallet", headers=h).json()["cash_minor"]
    bets = (b'{"bets": [{"code": "red", "stake": "1.00", "stake": "9.00", "target": []}]}')
    for path, body in (("/api/tables/t-eur/bets", bets),
                       ("/api/rounds", b'{"game": "roulette", "variant": "european", ' + bets[1:])):
        r = api.c.post(path, content=body, headers={**h, **key(), "Content-Type": "application/json"})
        problem(r, 400, "duplicate_key")
    assert api.c.get("/api/wallet", headers=h).json()["cash_minor"] == before


@given(st.recursive(st.none() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.text(max_size=3), inner, max_size=3), max_leaves=8))
def test_issue_13_2_a_json_document_without_repeated_keys_passes(doc: Any) -> None:
    import json

    assert duplicate_key(json.dumps(doc).encode()) is None


@pytest.mark.parametrize("text", ["١٠", "10 ", " 10", "1e3", "+1", "-1", "1.", ".5", "1,00",
                                  "1.001", "0x10", "１０", "1.00\n", "NaN", ""])
def test_issue_13_2_an_amount_is_ascii_digits_within_the_currency_precision(text: str) -> None:
    with pytest.raises(InvalidAmount):
        parse_amount_text(text, currency("EUR"))


@given(st.integers(min_value=0, max_value=10**12), st.integers(min_value=0, max_value=99))
def test_issue_13_2_a_plain_amount_parses_exactly(units: int, cents: int) -> None:
    eur = currency("EUR")
    assert parse_amount_text(str(units), eur) == units * 100
    assert parse_amount_text(f"{units}.{cents:02d}", eur) == units * 100 + cents
    assert parse_amount_text(f"{units}.{cents // 10}", eur) == units * 100 + cents // 10 * 10


def test_issue_13_2_a_deposit_in_foreign_digits_or_with_spaces_is_refused(api: Api) -> None:
    h = api.player()
    for amount in ("١٠", " 10.00", "10.00 ", "10.001"):
        problem(api.c.post("/api/deposits", headers={**h, **key()}, json={"amount": amount}),
                400, "invalid_amount")


def test_issue_13_5_a_body_over_the_limit_is_refused(api: Api) -> None:
    big = b'{"login": "' + b"x" * MAX_BODY + b'"}'
    problem(api.c.post("/api/sessions", content=big, headers={**key(), "Content-Type": "application/json"}),
            413, "body_too_large")


def test_issue_13_5_every_answer_carries_the_content_security_policy(api: Api) -> None:
    for path in ("/", "/api/health", "/js/api.js", "/api/nowhere"):
        csp = api.c.get(path).headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp


def test_issue_13_5_the_web_pages_have_no_inline_script_style_or_handler() -> None:
    from croupier.api.app import WEB_DIR

    pages = sorted(WEB_DIR.glob("*.html"))
    assert pages
    for page in pages:
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page.name
        assert not re.search(r"<style\b", html), page.name
        assert not re.search(r"\son[a-z]+\s*=", html), page.name
        assert not re.search(r"\sstyle\s*=", html), page.name
        assert "javascript:" not in html, page.name


def _limited_app(db_url: str, clock: FakeClock) -> TestClient:
    settings = make_settings(db_url, deposit_confirm_seconds=0.0, rate_limits=True)
    platform = Platform(settings, clock=clock)
    return TestClient(create_app(settings, platform=platform))


@pytest.mark.parametrize("route", sorted(RATE_LIMITS))
def test_issue_13_5_registration_login_and_deposits_are_rate_limited_per_address(
        db_url: str, route: tuple[str, str]) -> None:
    clock = FakeClock()
    rate = RATE_LIMITS[route]
    method, path = route
    with _limited_app(db_url, clock) as client:
        for _ in range(rate.requests):  # refused or not, each request counts
            r = client.request(method, path, json={}, headers=key())
            assert r.status_code != 429
        over = client.request(method, path, json={}, headers=key())
        body = problem(over, 429, "rate_limited")
        assert int(over.headers["Retry-After"]) == body["retry_after"] > 0
        other = client.get("/api/health")
        assert other.status_code == 200  # other routes are not limited
        clock.advance(seconds=rate.seconds)
        assert client.request(method, path, json={}, headers=key()).status_code != 429


def test_issue_13_5_the_table_websocket_takes_its_token_as_the_first_message(api: Api) -> None:
    """No session token in any URL: the socket opens bare, then authenticates."""
    h = api.player(deposit="10.00")
    token = h["Authorization"].split()[1]
    with api.c.websocket_connect("/api/tables/t-eur/ws") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        ws.send_json({"type": "auth", "token": token})
        assert ws.receive_json() == {"type": "auth", "ok": True}
        platform = api.c.app.state.croupier.platform  # type: ignore[attr-defined]
        platform.open_round("t-eur")
        r = api.c.post("/api/tables/t-eur/bets", headers={**h, **key()},
                       json={"bets": [{"code": "red", "stake": "1.00", "target": []}]})
        assert r.status_code == 201
        kinds = {ws.receive_json()["type"] for _ in range(2)}
        assert kinds == {"bet_accepted", "balance"}  # the player's own messages reach it


def test_issue_13_5_a_token_in_the_websocket_url_is_not_a_login(api: Api) -> None:
    from starlette.websockets import WebSocketDisconnect

    h = api.player(deposit="10.00")
    token = h["Authorization"].split()[1]
    with api.c.websocket_connect(f"/api/tables/t-eur/ws?token={token}") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "auth", "token": token})  # too late: not the first message
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4401


def test_issue_13_5_the_web_client_never_puts_the_token_in_a_url() -> None:
    from croupier.api.app import WEB_DIR

    js = "\n".join(p.read_text() for p in (WEB_DIR / "js").rglob("*.js"))
    assert "?token=" not in js and "token=${" not in js
    api_js = (WEB_DIR / "js" / "api.js").read_text()
    assert 'type: "auth", token' in api_js


_SLIP = [{"code": "red", "stake": "1.00", "target": []}]


@pytest.mark.parametrize(("method", "path", "body"), [
    ("post", "/api/deposits", {"amount": "1.00"}), ("post", "/api/withdrawals", {"amount": "1.00"}),
    ("post", "/api/rounds", {"game": "roulette", "variant": "european", "bets": _SLIP}),
    ("post", "/api/tables/{table_id}/bets", {"bets": _SLIP}),
    ("post", "/api/interactive/{round_id}/actions", {"action": "stand"})])
def test_issue_13_3_the_contract_declares_the_idempotency_key_it_requires(
        api: Api, method: str, path: str, body: dict[str, Any]) -> None:
    op = api.c.get("/openapi.json").json()["paths"][path][method]
    header = [p for p in op["parameters"] if p["name"] == "Idempotency-Key"]
    assert header and header[0]["in"] == "header" and header[0]["required"] is True
    assert op["security"] == [{"bearer": []}]
    for status in ("400", "401", "413", "422", "428"):
        assert "application/problem+json" in op["responses"][status]["content"]
    r = api.c.request(method.upper(), _concrete(path), json=body, headers=api.player())
    problem(r, 428, "idempotency_key_missing")  # what the contract says is what the server does


def test_issue_13_3_the_contract_declares_the_rate_limits(api: Api) -> None:
    paths = api.c.get("/openapi.json").json()["paths"]
    for method, path in RATE_LIMITS:
        answer = paths[path][method.lower()]["responses"]["429"]
        assert "Retry-After" in answer["headers"]
