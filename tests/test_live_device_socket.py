"""The reader devices' WebSocket (issue 16, part 1; api/live_devices.py): authenticated by the
first message as a device of the table, readings with the HTTP route's validation, answers and
idempotency; every refusal a precise code with nothing stored or moved."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from croupier.api.app import create_app
from croupier.platform import live
from croupier.platform.config import TableConfig
from croupier.platform.live_service import LiveOps
from croupier.platform.service import Platform
from croupier.store.models import Round
from tests.live_helpers import LIVE_TABLES, assert_books_balance, cash
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import make_settings, new_player, slip

T = "live-eur"
B = "live-bac"
LIVE_BAC = TableConfig(B, "Live Baccarat (EUR)", "baccarat", "live_004", "EUR", "live")


@pytest.fixture
def env(db_url: str) -> Iterator[tuple[TestClient, Platform]]:
    p = Platform(make_settings(db_url, tables=(*LIVE_TABLES, LIVE_BAC)))
    p.migrate()
    with TestClient(create_app(p.settings, platform=p)) as client:
        yield client, p
    p.db.dispose()


#: the socket's own checks, on SQLite only (the reading's unit of work is the HTTP route's, run
#: on both databases by test_live_api.py and by the first test here): the suite's time budget
SQLITE_ONLY = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def url(table: str) -> str:
    return f"/api/live/tables/{table}/device"


def reading(**kw: Any) -> dict[str, Any]:
    return {"type": "reading", "key": str(uuid.uuid4()), **kw}


def funded(p: Platform, deposit: str = "50.00") -> Any:
    """A player with ``deposit`` confirmed (by this test, or by the app's provider, which runs
    alongside and may confirm it first: new_player's own confirmation would race it)."""
    pl = new_player(p)
    dep = p.run(lambda s: p.deposit_in(s, pl, deposit))
    p.confirm_deposit(int(dep["id"]))
    assert cash(p, pl) == int(deposit.replace(".", ""))
    return pl


def closed_round(p: Platform, table: str, code: str = "straight", target: tuple[Any, ...] = (11,)
                 ) -> tuple[int, Any]:
    rid = int(p.open_round(table)["round_id"])
    pl = funded(p)
    p.bet(pl, table, slip((code, "2.00", target)))
    p.close_round(rid)
    return rid, pl


def events(p: Platform, rid: int) -> int:
    from sqlalchemy import func, select

    from croupier.store.models import RoundEvent

    return int(p.read(lambda s: s.scalar(select(func.count()).select_from(RoundEvent)
                                         .where(RoundEvent.round_id == rid))) or 0)


def refused_at_auth(client: TestClient, table: str, first: Any) -> dict[str, Any]:
    with client.websocket_connect(url(table)) as ws:
        ws.send_json(first) if isinstance(first, dict) else ws.send_text(first)
        answer = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4401
    return dict(answer)


def test_004_1_18_a_device_reports_the_pocket_over_its_socket_and_the_round_settles(
        env: tuple[TestClient, Platform]) -> None:
    client, p = env
    token, dev_id = LiveOps(p).add_device(T, "wheel reader 1")
    rid, pl = closed_round(p, T)
    with client.websocket_connect(url(T)) as ws:
        ws.send_json({"type": "auth", "token": token})
        assert ws.receive_json() == {"type": "auth", "ok": True, "device_id": dev_id, "table_id": T}
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong"}
        msg = reading(pocket=11, round_id=rid)
        ws.send_json(msg)
        first = ws.receive_json()
        assert first["ok"] and first["key"] == msg["key"] and not first["replayed"]
        assert (first["round_id"], first["read"], first["state"]) == (rid, "11", "resulted")
        after = events(p, rid)
        ws.send_json(msg)  # the same key again: the stored answer, nothing read twice
        again = ws.receive_json()
        assert again["replayed"] and again["state"] == "resulted"
        assert {k: v for k, v in again.items() if k != "replayed"} == \
            {k: v for k, v in first.items() if k != "replayed"}
    assert events(p, rid) == after
    p.settle_round(rid)
    assert cash(p, pl) == 5000 - 200 + 36 * 200  # straight 35:1 with the stake (004 §1.12)
    assert_books_balance(p)


@SQLITE_ONLY
def test_004_1_18_a_result_from_an_unknown_device_is_refused_and_nothing_moves(
        env: tuple[TestClient, Platform]) -> None:
    client, p = env
    rid, pl = closed_round(p, T)
    before = events(p, rid)
    for first in ({"type": "auth", "token": "dev_forged"}, {"type": "auth"},
                  {"type": "reading", "pocket": 11},  # a reading before authenticating
                  "not json"):
        answer = refused_at_auth(client, T, first)
        assert answer["type"] == "error" and answer["code"] == "unknown_device", first
        assert answer["status"] == 401 and answer["detail"]
    ops = LiveOps(p)
    other, _ = ops.add_device(B, "card scanner")  # a device of another table
    assert refused_at_auth(client, T, {"type": "auth", "token": other})["code"] == "unknown_device"
    token, dev_id = ops.add_device(T, "old reader")
    p.run(lambda s: live.revoke_device(s, dev_id, p.clock()))  # a revoked device
    assert refused_at_auth(client, T, {"type": "auth", "token": token})["code"] == "unknown_device"
    assert events(p, rid) == before
    assert p.read(lambda s: s.get_one(Round, rid).state) == "closed"
    assert cash(p, pl) == 5000 - 200
    assert_books_balance(p, held=200)
    # a table that does not exist: the socket is closed before it is accepted
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url("nope")) as ws:
        ws.receive_json()
    assert closed.value.code == 4404


BAD_READINGS: list[tuple[Any, str]] = [
    (reading(pocket=37), "unknown_pocket"),  # 004 §1.1: a European wheel has 0-36
    (reading(pocket="00"), "unknown_pocket"),
    (reading(pocket="seventeen"), "unknown_pocket"),
    (reading(card="Ah"), "bad_reading"),  # a card for a wheel
    (reading(pocket=True), "bad_reading"),
    (reading(pocket=5, round_id="7"), "bad_reading"),
    (reading(pocket=5, colour="red"), "bad_reading"),
    ({"type": "reading", "pocket": 5}, "idempotency_key_missing"),
    ({"type": "spin", "key": "k1"}, "bad_reading"),
    ('{"type": "reading", "type": "reading"}', "bad_reading"),  # a repeated key
]


@SQLITE_ONLY
def test_004_1_1_a_bad_reading_over_the_socket_is_a_precise_error_and_nothing_moves(
        env: tuple[TestClient, Platform]) -> None:
    client, p = env
    token, _ = LiveOps(p).add_device(T, "wheel reader")
    rid, pl = closed_round(p, T)
    before = events(p, rid)
    with client.websocket_connect(url(T)) as ws:
        ws.send_json({"type": "auth", "token": token})
        assert ws.receive_json()["ok"]
        for msg, code in BAD_READINGS:
            ws.send_json(msg) if isinstance(msg, dict) else ws.send_text(msg)
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["code"] == code, (msg, answer)
            assert answer["detail"]
            assert answer.get("key") == (msg.get("key") if isinstance(msg, dict) else None)
        assert events(p, rid) == before and cash(p, pl) == 5000 - 200
        ws.send_json(reading(pocket=11))  # the socket stays usable
        assert ws.receive_json()["state"] == "resulted"
    assert events(p, rid) == before + 2  # the reading and the result, nothing from the refusals


@SQLITE_ONLY
def test_004_3_a_card_not_in_the_shoe_over_the_socket_is_refused_and_nothing_moves(
        env: tuple[TestClient, Platform]) -> None:
    client, p = env
    token, _ = LiveOps(p).add_device(B, "card scanner")
    rid, pl = closed_round(p, B, "player", ())
    before = events(p, rid)
    with client.websocket_connect(url(B)) as ws:
        ws.send_json({"type": "auth", "token": token})
        assert ws.receive_json()["ok"]
        for bad in ("Zz", "1h", "Jk"):  # not a card; not a rank; a joker (no joker in baccarat)
            ws.send_json(reading(card=bad))
            answer = ws.receive_json()
            assert (answer["code"], answer["status"]) == ("card_not_in_shoe", 422), answer
        ws.send_json(reading(pocket=3))
        assert ws.receive_json()["code"] == "bad_reading"  # a pocket for a card table
        ws.send_json(reading(card="9h"))
        ok = ws.receive_json()
        assert ok["ok"] and ok["read"] and ok["state"] == "closed" and ok["waiting_for"] == "card"
    assert events(p, rid) == before + 1
    assert cash(p, pl) == 5000 - 200
    assert_books_balance(p, held=200)


@SQLITE_ONLY
def test_004_1_6_a_reading_while_betting_is_open_is_refused_over_the_socket(
        env: tuple[TestClient, Platform]) -> None:
    client, p = env
    token, _ = LiveOps(p).add_device(T, "wheel reader")
    rid = int(p.open_round(T)["round_id"])
    with client.websocket_connect(url(T)) as ws:
        ws.send_json({"type": "auth", "token": token})
        ws.receive_json()
        ws.send_json(reading(pocket=4))
        answer = ws.receive_json()
        assert (answer["code"], answer["status"]) == ("round_finished", 409)
    assert events(p, rid) == 1  # betting_open only


class _TestSocket:
    """The TestClient's socket with the two calls of ``websockets``' sync client."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    def send(self, message: str) -> None:
        self.ws.send_text(message)

    def recv(self) -> str:
        return str(self.ws.receive_text())


@SQLITE_ONLY
def test_004_1_18_croupier_scanner_simulate_reports_over_the_socket(
        env: tuple[TestClient, Platform]) -> None:
    import io

    from croupier.live_cli import Scanner, socket_transport

    client, p = env
    token, _ = LiveOps(p).add_device(T, "simulated wheel reader")

    def http(method: str, path: str, body: dict[str, Any] | None, bearer: str | None
             ) -> tuple[int, Any]:
        assert not path.endswith("/readings"), "readings go over the socket"
        r = client.request(method, path, json=body)
        return r.status_code, r.json()

    rid, pl = closed_round(p, T, "red", ())
    out = io.StringIO()
    with client.websocket_connect(url(T)) as ws:
        send = socket_transport(http, T, token, _TestSocket(ws))
        assert Scanner(send, T, token).run(1, iter([{"pocket": 99}]), 5.0, out) == 1
        assert "refused (422)" in out.getvalue() and "not a pocket" in out.getvalue()
        assert Scanner(send, T, token).run(1, iter([{"pocket": 23}]), 5.0, out) == 0
    assert f"round {rid}: read 23 -> resulted" in out.getvalue()
    p.settle_round(rid)
    assert cash(p, pl) == 5000 - 200 + 2 * 200  # 23 is red (004 §1.12: 1:1)
    with client.websocket_connect(url(T)) as ws, pytest.raises(RuntimeError, match="refused"):
        socket_transport(http, T, "dev_forged", _TestSocket(ws))
