"""Issue 13 point 1: accounts and sessions as GLI-19 asks: login throttling (2.5.4) with the
failures in the monitoring record (2.8.8) and an operator unlock, re-authentication after 30
minutes idle (2.5.3), a new token at every login, other sessions revoked on a password change.
The clock is injected: nothing sleeps."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from croupier.api.app import create_app
from croupier.platform import throttle
from croupier.platform.errors import LoginLocked, WrongCredentials
from croupier.platform.players import IDLE
from croupier.platform.protection import audit, roles
from croupier.platform.service import Platform
from croupier.store.models import Player
from croupier.store.protection_models import AuditEntry
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings
from tests.test_platform_api import problem


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kw: float) -> None:
        self.now += timedelta(**kw)


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


class World:
    def __init__(self, client: TestClient, platform: Platform, clock: FakeClock) -> None:
        self.c, self.p, self.clock = client, platform, clock

    def register(self, login: str, password: str = "password123") -> None:
        r = self.c.post("/api/players", headers=key(), json={
            "login": login, "password": password, "date_of_birth": "1985-03-04",
            "document_number": f"D{uuid.uuid4().hex[:10]}", "currency": "EUR"})
        assert r.status_code == 201, r.text

    def login(self, login: str, password: str = "password123") -> Any:
        return self.c.post("/api/sessions", headers=key(), json={"login": login, "password": password})

    def bearer(self, login: str, password: str = "password123") -> dict[str, str]:
        r = self.login(login, password)
        assert r.status_code == 201, r.text
        return {"Authorization": f"Bearer {r.json()['token']}"}


@pytest.fixture
def world(db_url: str) -> Iterator[World]:
    clock = FakeClock()
    settings = make_settings(db_url, deposit_confirm_seconds=0.0)
    platform = Platform(settings, clock=clock)
    with TestClient(create_app(settings, platform=platform)) as client:
        yield World(client, platform, clock)
    platform.db.dispose()


def test_gli19_2_5_4_repeated_failures_lock_the_login_even_for_the_right_password(world: World) -> None:
    world.register("alice")
    for _ in range(throttle.MAX_FAILURES):
        problem(world.login("alice", "wrong-password"), 401, "unauthorized")
    locked = world.login("alice")  # the right password, at once: refused
    body = problem(locked, 429, "login_locked")
    assert int(locked.headers["Retry-After"]) == body["retry_after"] == throttle.LOCK.total_seconds()
    world.clock.advance(seconds=throttle.LOCK.total_seconds() - 1)
    problem(world.login("alice"), 429, "login_locked")
    world.clock.advance(seconds=1)  # the lock ends by itself
    assert world.login("alice").status_code == 201


def test_gli19_2_5_4_failures_outside_the_window_do_not_add_up(world: World) -> None:
    world.register("bob")
    for _ in range(throttle.MAX_FAILURES - 1):
        problem(world.login("bob", "wrong-password"), 401, "unauthorized")
    world.clock.advance(seconds=throttle.WINDOW.total_seconds())
    problem(world.login("bob", "wrong-password"), 401, "unauthorized")  # a new window: 1 failure
    assert world.login("bob").status_code == 201  # and a success clears the count
    for _ in range(throttle.MAX_FAILURES - 1):
        problem(world.login("bob", "wrong-password"), 401, "unauthorized")
    assert world.login("bob").status_code == 201


def test_gli19_2_5_4_an_unknown_login_gets_the_same_answers_as_a_wrong_password(world: World) -> None:
    """No enumeration: the same statuses, codes and texts, the same lock, for a login that does
    not exist as for one that does."""
    world.register("carol")
    seen = {}
    for name in ("carol", "nobody-here"):
        answers = [world.login(name, "wrong-password") for _ in range(throttle.MAX_FAILURES + 1)]
        seen[name] = [(r.status_code, r.json()["code"], r.json()["detail"]) for r in answers]
    assert seen["carol"] == seen["nobody-here"]
    assert [s for s, _, _ in seen["carol"]] == [401] * throttle.MAX_FAILURES + [429]


def test_gli19_2_8_8_each_failed_login_is_in_the_monitoring_record_with_its_address(world: World) -> None:
    world.register("dave")
    problem(world.login("dave", "wrong-password"), 401, "unauthorized")
    problem(world.login("ghost", "wrong-password"), 401, "unauthorized")

    def entries(s: Any) -> list[AuditEntry]:
        return list(s.scalars(select(AuditEntry).where(AuditEntry.kind == "login_failed")
                              .order_by(AuditEntry.seq)))

    rows = world.p.read(entries)
    assert [(r.player_id > 0, r.ref) for r in rows] == [
        (True, "from testclient as dave"), (False, "from testclient as ghost")]
    assert world.p.read(audit.verify_session).ok  # the chain holds


def test_gli19_2_5_4_an_operator_unlocks_a_locked_login(world: World) -> None:
    world.register("erin")
    world.register("boss")
    world.p.run(lambda s: roles.grant(s, "boss", world.clock()))
    op = world.bearer("boss")
    for _ in range(throttle.MAX_FAILURES):
        world.login("erin", "wrong-password")
    problem(world.login("erin"), 429, "login_locked")
    erin_id = world.p.read(lambda s: s.scalar(select(Player.id).where(Player.login == "erin")))
    status = world.c.get(f"/api/backoffice/players/{erin_id}", headers=op).json()
    assert status["login_lock"]["locked_until"] is not None
    r = world.c.post(f"/api/backoffice/players/{erin_id}/login-unlock", headers={**op, **key()})
    assert r.status_code == 200, r.text
    assert r.json() == {"player_id": erin_id, "login": "erin", "was_locked": True}
    assert world.login("erin").status_code == 201
    kinds = world.p.read(lambda s: list(s.scalars(select(AuditEntry.kind).order_by(AuditEntry.seq))))
    assert kinds[-1] == "login_unlock"


def test_gli19_2_5_4_only_an_operator_may_unlock(world: World) -> None:
    world.register("frank")
    h = world.bearer("frank")
    r = world.c.post("/api/backoffice/players/1/login-unlock", headers={**h, **key()})
    problem(r, 403, "operator_only")


def test_gli19_2_5_3_a_session_idle_for_30_minutes_must_log_in_again(world: World) -> None:
    world.register("gina")
    h = world.bearer("gina")
    for _ in range(4):  # activity keeps the session alive well past 30 minutes
        world.clock.advance(seconds=IDLE.total_seconds() - 60)
        assert world.c.get("/api/me", headers=h).status_code == 200
    world.clock.advance(seconds=IDLE.total_seconds())
    problem(world.c.get("/api/me", headers=h), 401, "unauthorized")


def test_gli19_2_5_3_an_idle_session_cannot_bet(world: World) -> None:
    world.register("hank")
    h = world.bearer("hank")
    assert world.c.post("/api/deposits", headers={**h, **key()}, json={"amount": "10.00"}).status_code == 202
    world.p.confirm_due_deposits()  # the simulated provider, now (the clock does not move)
    bets = {"game": "roulette", "variant": "european",
            "bets": [{"code": "red", "stake": "1.00", "target": []}]}
    assert world.c.post("/api/rounds", headers={**h, **key()}, json=bets).status_code == 201
    world.clock.advance(seconds=IDLE.total_seconds() - 60)
    assert world.c.post("/api/rounds", headers={**h, **key()}, json=bets).status_code == 201
    world.clock.advance(seconds=IDLE.total_seconds() - 60)  # the bet moved the deadline
    assert world.c.post("/api/rounds", headers={**h, **key()}, json=bets).status_code == 201
    world.clock.advance(seconds=IDLE.total_seconds() + 1)
    problem(world.c.post("/api/rounds", headers={**h, **key()}, json=bets), 401, "unauthorized")


def test_gli19_2_5_3_activity_never_extends_a_session_past_its_hard_end(world: World) -> None:
    world.register("ivy")
    r = world.login("ivy")
    h = {"Authorization": f"Bearer {r.json()['token']}"}
    hours = world.p.settings.session_hours
    steps = int(hours * 60 / 20)  # the last step lands on the hard end
    for _ in range(steps - 1):
        world.clock.advance(minutes=20)
        assert world.c.get("/api/me", headers=h).status_code == 200
    world.clock.advance(minutes=20)
    problem(world.c.get("/api/me", headers=h), 401, "unauthorized")


def test_issue_13_1_every_login_gets_a_new_token(world: World) -> None:
    world.register("jack")
    tokens = {world.login("jack").json()["token"] for _ in range(3)}
    assert len(tokens) == 3


def test_issue_13_1_a_password_change_revokes_the_other_sessions(world: World) -> None:
    world.register("kate")
    mine, other = world.bearer("kate"), world.bearer("kate")
    r = world.c.put("/api/me/password", headers={**mine, **key()},
                    json={"current_password": "password123", "new_password": "another-secret"})
    assert r.status_code == 200, r.text
    assert r.json() == {"revoked_sessions": 1}
    assert world.c.get("/api/me", headers=mine).status_code == 200
    problem(world.c.get("/api/me", headers=other), 401, "unauthorized")
    problem(world.login("kate"), 401, "unauthorized")
    assert world.login("kate", "another-secret").status_code == 201


def test_issue_13_1_a_password_change_needs_the_current_password(world: World) -> None:
    world.register("liam")
    h = world.bearer("liam")
    r = world.c.put("/api/me/password", headers={**h, **key()},
                    json={"current_password": "wrong-password", "new_password": "another-secret"})
    problem(r, 401, "unauthorized")
    assert world.login("liam").status_code == 201


def test_issue_13_1_a_logged_out_token_replayed_is_refused_everywhere(world: World) -> None:
    """A replayed token after logout: refused by the routes, the fast lane (whose identity
    cache still knows it: the transaction checks the session row) and the table WebSocket."""
    from starlette.websockets import WebSocketDisconnect

    world.register("mona")
    h = world.bearer("mona")
    world.c.post("/api/deposits", headers={**h, **key()}, json={"amount": "10.00"})
    world.p.confirm_due_deposits()
    bets = {"game": "roulette", "variant": "european",
            "bets": [{"code": "red", "stake": "1.00", "target": []}]}
    assert world.c.post("/api/rounds", headers={**h, **key()}, json=bets).status_code == 201
    assert world.c.delete("/api/sessions/current", headers={**h, **key()}).status_code == 204
    problem(world.c.get("/api/me", headers=h), 401, "unauthorized")
    problem(world.c.post("/api/rounds", headers={**h, **key()}, json=bets), 401, "unauthorized")
    with world.c.websocket_connect("/api/tables/t-eur/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "auth", "token": h["Authorization"].split()[1]})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4401


def test_issue_13_1_no_session_fixation_the_server_mints_every_token(world: World) -> None:
    """A token the client made up is nobody's; a login while holding a token gets a new one and
    the old one stays what it was (the server never adopts a token the client brings)."""
    world.register("nina")
    problem(world.c.get("/api/me", headers={"Authorization": "Bearer chosen-by-attacker"}),
            401, "unauthorized")
    first = world.bearer("nina")
    r = world.c.post("/api/sessions", headers={**first, **key()},
                     json={"login": "nina", "password": "password123"})
    assert r.status_code == 201 and f"Bearer {r.json()['token']}" != first["Authorization"]


@given(steps=st.lists(st.tuples(st.integers(min_value=0, max_value=1200), st.booleans()),
                      min_size=1, max_size=20))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_gli19_2_5_4_a_login_is_locked_exactly_when_the_rule_says(
        world: World, steps: list[tuple[int, bool]]) -> None:
    """For any sequence of attempts (seconds since the previous one, right password or not): an
    attempt is refused as locked exactly when MAX_FAILURES failures fell within one WINDOW and
    the last of them is less than LOCK ago; a success forgets the failures."""
    login = f"p{uuid.uuid4().hex[:10]}"
    world.p.register(login, "password123", datetime(1980, 1, 1).date(), f"D{uuid.uuid4().hex[:12]}")
    failures: list[datetime] = []
    locked_until: datetime | None = None
    for seconds, right in steps:
        world.clock.advance(seconds=seconds)
        now = world.clock()
        expected_locked = locked_until is not None and now < locked_until
        try:
            world.p.login(login, "password123" if right else "wrong-password")
            outcome = "ok"
        except LoginLocked:
            outcome = "locked"
        except WrongCredentials:
            world.p.login_failed(login, "203.0.113.9")
            outcome = "wrong"
        assert outcome == ("locked" if expected_locked else "ok" if right else "wrong")
        if outcome == "ok":
            failures, locked_until = [], None
        elif outcome == "wrong":
            failures.append(now)
            if sum(1 for f in failures if f > now - throttle.WINDOW) >= throttle.MAX_FAILURES:
                locked_until = now + throttle.LOCK
