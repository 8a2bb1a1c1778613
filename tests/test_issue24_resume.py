"""Issue 24 point 1: table events carry the table's sequence number, and a WebSocket reconnecting
with ``since=N`` gets every event it missed (with its player's private fields), then the live
ones, none twice (``platform/event_log.py``, ``api/resume.py``; one process here: the numbers
and the log in memory; the Redis Stream is the three-node test's, tests/test_issue24_nodes.py)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from croupier.platform.event_log import MemoryEventLog
from croupier.platform.events import table_message
from tests.platform_fixtures import *  # noqa: F403
from tests.platform_fixtures import TEST_TABLES
from tests.test_platform_api import Api, api  # noqa: F401

TABLE = TEST_TABLES[0].id


def _publish(client: Api, message: dict[str, Any]) -> None:
    st = client.c.app.state.croupier  # type: ignore[attr-defined]
    client.c.portal.call(st.broker.publish, message)  # type: ignore[attr-defined]


def _me(client: Api, h: dict[str, str]) -> int:
    return int(client.c.get("/api/me", headers=h).json()["player"]["id"])


def test_issue24_1_events_are_numbered_and_since_replays_what_was_missed_then_live(
        api: Api) -> None:  # noqa: F811
    h = api.player()
    pid = _me(api, h)
    with api.c.websocket_connect(f"/api/tables/{TABLE}/ws") as ws:
        base = ws.receive_json()["seq"]  # the snapshot: the table's latest number
    for n in range(1, 4):  # three events while the player is away; the second pays it
        private = {str(pid): {"you": {"net_minor": 35}}} if n == 2 else None
        _publish(api, table_message(TABLE, {"type": "settled", "round_id": n}, private))
    with api.c.websocket_connect(f"/api/tables/{TABLE}/ws?since={base + 1}") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        ws.send_json({"type": "auth", "token": h["Authorization"].split()[1]})
        assert ws.receive_json() == {"type": "auth", "ok": True}
        missed = [ws.receive_json(), ws.receive_json()]
        assert missed == [
            {"type": "settled", "round_id": 2, "you": {"net_minor": 35}, "seq": base + 2},
            {"type": "settled", "round_id": 3, "seq": base + 3}]
        _publish(api, table_message(TABLE, {"type": "betting_open", "round_id": 4}))
        assert ws.receive_json() == {"type": "betting_open", "round_id": 4, "seq": base + 4}


def test_issue24_1_a_guest_resumes_after_its_first_message(api: Api) -> None:  # noqa: F811
    with api.c.websocket_connect(f"/api/tables/{TABLE}/ws") as ws:
        base = ws.receive_json()["seq"]
    _publish(api, table_message(TABLE, {"type": "no_more_bets", "round_id": 9},
                                {"1": {"you": {"net_minor": 1}}}))
    with api.c.websocket_connect(f"/api/tables/{TABLE}/ws?since={base}") as ws:
        assert ws.receive_json()["seq"] == base + 1  # the snapshot
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong"}
        # another player's private part stays private in the replay too
        assert ws.receive_json() == {"type": "no_more_bets", "round_id": 9, "seq": base + 1}


def test_issue24_1_since_must_be_a_whole_number(api: Api) -> None:  # noqa: F811
    with pytest.raises(WebSocketDisconnect) as exc:
        with api.c.websocket_connect(f"/api/tables/{TABLE}/ws?since=-3") as ws:
            ws.receive_json()
    assert exc.value.code == 4400


def test_issue24_1_events_older_than_those_kept_are_reported_as_a_gap() -> None:
    log = MemoryEventLog(keep=3)
    for n in range(5):
        log.append(table_message("t", {"type": "settled", "round_id": n}))
    found = log.since("t", 0)
    assert [e["seq"] for e in found.envelopes] == [3, 4, 5]
    assert found.missing == (1, 2) and found.last == 5
    assert log.since("t", 3).missing is None
    # a number beyond the table's latest: the numbering started again (an expired log)
    assert log.since("t", 9).restarted
